"""Scripted replies over real HTTP: the parity harness plays a scenario's server conversation here.

POST /_test/script with a JSON list of replies replaces the queue; each request to /scripted (any
method, any query string) takes the next reply. A reply:

    {"status": 200, "headers": {"Content-Type": "application/json"}, "headDelayMs": 0,
     "body": [{"data": "<base64>"} | {"delayMs": 50} | {"drop": true}]}

The head is sent after `headDelayMs`; body events follow in order (a `drop` resets the connection
there). With no `Content-Length` header given the body is chunked, so parts and delays reach the
client as they are written. A request with no reply left gets 500 `no scripted reply left`.
"""

import asyncio
import base64
from typing import Any, Awaitable, Callable, Dict, List

Send = Callable[[Dict[str, Any]], Awaitable[None]]

SCRIPT: List[Dict[str, Any]] = []


def load_script(replies: Any) -> int:
    """Replaces the queue; returns how many replies it holds. Raises ValueError on a malformed script."""
    if not isinstance(replies, list) or not all(isinstance(reply, dict) for reply in replies):
        raise ValueError("a script is a JSON list of reply objects")
    SCRIPT.clear()
    SCRIPT.extend(replies)
    return len(SCRIPT)


def reset_script() -> None:
    SCRIPT.clear()


async def play_next(send: Send, drop_connection: Callable[[Send, str], Awaitable[None]]) -> None:
    if not SCRIPT:
        body = b'{"errors":[{"message":"no scripted reply left"}]}'
        await send({"type": "http.response.start", "status": 500,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body, "more_body": False})
        return
    reply = SCRIPT.pop(0)
    head_delay = reply.get("headDelayMs", 0)
    if head_delay:
        await asyncio.sleep(head_delay / 1000)
    headers = [(str(name).lower().encode("latin-1"), str(value).encode("latin-1"))
               for name, value in (reply.get("headers") or {}).items()]
    await send({"type": "http.response.start", "status": int(reply.get("status", 200)), "headers": headers})
    for event in reply.get("body") or []:
        if "data" in event:
            await send({"type": "http.response.body", "body": base64.b64decode(event["data"]), "more_body": True})
        elif "delayMs" in event:
            await asyncio.sleep(event["delayMs"] / 1000)
        elif event.get("drop"):
            await asyncio.sleep(0.05)  # let the client read what was written first
            await drop_connection(send, "rst")
            return
    await send({"type": "http.response.body", "body": b"", "more_body": False})
