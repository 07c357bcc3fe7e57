"""An independent WebSocket server (the `websockets` package) for the RFC 6455 client's tests.

Usage: python ws_fault_server.py
Prints one line `READY <ws-port> <raw-port>` once both listeners are bound on 127.0.0.1, then serves until
stdin closes (so it never outlives the test process).

WebSocket routes (port 1, served by `websockets`; subprotocols "graphql-transport-ws" and "chat"):
  /echo                 echoes every message (text stays text, binary stays binary)
  /fragmented           sends "alpha-beta-gamma" as three text fragments, then 3 MiB of binary in 64 KiB fragments,
                        then echoes
  /large?bytes=N        sends N bytes of binary (byte i = i % 251), then echoes
  /ping                 pings with payload b"srv", waits for the pong, sends "pong:ok"; answers client pings
  /close?code=C&reason=R closes with that code and reason
  /masked               writes a masked text frame (forbidden for servers)
  /rsv                  writes a text frame with RSV1 set (no extension negotiated)
  /opcode               writes a frame with reserved opcode 0x3
  /bad-utf8             writes a text frame that is not UTF-8
  /big-control          writes a ping frame with a 126-byte payload
  /subprotocol          sends the negotiated subprotocol as text
  /headers              sends the request's headers as a JSON text message
  /oversized?bytes=N    sends N bytes of binary, then waits for the client to close
  /idle                 sends nothing and waits (up to 10 s) for the client to close
  /last-close?key=K     sends, as text, the close code the client sent on the connection opened with
                        `key=K` (the broken-frame routes, /oversized, /idle), or "none" if it has not
                        closed yet, then closes

Raw HTTP routes (port 2, plain asyncio, never a valid WebSocket):
  /bad-accept           answers 101 with a wrong Sec-WebSocket-Accept
  /wrong-protocol       answers 101 choosing a subprotocol that was not offered
  /not-101              answers 200 OK
  /silent               reads the request and never answers
  /reset                reads the request and resets the connection (SO_LINGER 0) without answering
"""

import asyncio
import base64
import hashlib
import json
import socket
import struct
import sys
from urllib.parse import parse_qs, urlparse

from websockets.asyncio.server import serve

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

# Close codes the client sent, by the `key` query parameter of the connection (for /last-close).
received_close_codes: dict[str, int | None] = {}


async def record_client_close(ws, key: str | None, wait: float) -> None:
    """Waits for the connection to end, then remembers the close code the client sent under `key`."""
    try:
        await asyncio.wait_for(ws.wait_closed(), wait)
    except asyncio.TimeoutError:
        pass
    if key:
        frame = ws.protocol.close_rcvd
        received_close_codes[key] = frame.code if frame is not None else None


def raw_frame(first_byte: int, payload: bytes, mask: bytes | None = None) -> bytes:
    length = len(payload)
    second = 0x80 if mask else 0
    if length < 126:
        header = bytes([first_byte, second | length])
    else:
        header = bytes([first_byte, second | 126]) + length.to_bytes(2, "big")
    if mask:
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        header += mask
    return header + payload


async def echo(ws):
    async for message in ws:
        await ws.send(message)


async def handler(ws):
    url = urlparse(ws.request.path)
    query = parse_qs(url.query)
    path = url.path
    if path == "/echo":
        await echo(ws)
    elif path == "/fragmented":
        await ws.send(["alpha-", "beta-", "gamma"])
        chunk = bytes(i % 251 for i in range(65536))
        await ws.send([chunk] * 48)
        await echo(ws)
    elif path == "/large":
        count = int(query.get("bytes", ["4194304"])[0])
        await ws.send(bytes(i % 251 for i in range(count)))
        await echo(ws)
    elif path == "/flood":
        # Numbered binary messages sent as fast as the client takes them (each send waits for the socket).
        count = int(query.get("count", ["256"])[0])
        size = int(query.get("size", ["65536"])[0])
        filler = bytes(size - 4)
        for index in range(count):
            await ws.send(index.to_bytes(4, "big") + filler)
        await echo(ws)
    elif path == "/ping":
        waiter = await ws.ping(b"srv")
        await asyncio.wait_for(waiter, 10)
        await ws.send("pong:ok")
        await echo(ws)
    elif path == "/close":
        code = int(query.get("code", ["1000"])[0])
        reason = query.get("reason", [""])[0]
        await ws.close(code, reason)
    elif path in ("/masked", "/rsv", "/opcode", "/bad-utf8", "/big-control"):
        frames = {
            "/masked": raw_frame(0x81, b"hello", mask=b"\x01\x02\x03\x04"),
            "/rsv": raw_frame(0xC1, b"hello"),
            "/opcode": raw_frame(0x83, b"hello"),
            "/bad-utf8": raw_frame(0x81, b"\xff\xfe\xfd"),
            "/big-control": raw_frame(0x89, b"x" * 126),
        }
        ws.transport.write(frames[path])
        await record_client_close(ws, query.get("key", [None])[0], 5)
    elif path == "/oversized":
        count = int(query.get("bytes", ["4096"])[0])
        await ws.send(bytes(count))
        await record_client_close(ws, query.get("key", [None])[0], 5)
    elif path == "/idle":
        await record_client_close(ws, query.get("key", [None])[0], 10)
    elif path == "/last-close":
        code = received_close_codes.get(query.get("key", [""])[0])
        await ws.send("none" if code is None else str(code))
        await ws.close()
    elif path == "/subprotocol":
        await ws.send(ws.subprotocol or "")
        await echo(ws)
    elif path == "/headers":
        await ws.send(json.dumps({k.lower(): v for k, v in ws.request.headers.raw_items()}))
        await echo(ws)
    else:
        await ws.close(4404, "no such route")


async def raw_handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    path = lines[0].split(" ")[1]
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, value = line.split(":", 1)
            headers[name.strip().lower()] = value.strip()
    accept = base64.b64encode(hashlib.sha1((headers.get("sec-websocket-key", "") + GUID).encode()).digest()).decode()
    base = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    if path == "/bad-accept":
        writer.write((base + "Sec-WebSocket-Accept: AAAAAAAAAAAAAAAAAAAAAAAAAAA=\r\n\r\n").encode())
    elif path == "/wrong-protocol":
        writer.write((base + f"Sec-WebSocket-Accept: {accept}\r\nSec-WebSocket-Protocol: other\r\n\r\n").encode())
    elif path == "/not-101":
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
    elif path == "/silent":
        await asyncio.sleep(30)
    elif path == "/reset":
        sock = writer.get_extra_info("socket")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        writer.transport.abort()
        return
    elif path == "/no-read":
        # Opens, then never reads: the client's writes back up once the socket buffers are full.
        protocol = headers.get("sec-websocket-protocol", "").split(",")[0].strip()
        chosen = f"Sec-WebSocket-Protocol: {protocol}\r\n" if protocol else ""
        writer.write((base + f"Sec-WebSocket-Accept: {accept}\r\n{chosen}\r\n").encode())
        await writer.drain()
        await asyncio.sleep(30)
    await writer.drain()
    await asyncio.sleep(1)
    writer.close()


def select_subprotocol(connection, subprotocols):
    for candidate in ("graphql-transport-ws", "chat"):
        if candidate in subprotocols:
            return candidate
    return None


async def main():
    async with serve(handler, "127.0.0.1", 0, select_subprotocol=select_subprotocol, max_size=None,
                     ping_interval=None) as server:
        raw = await asyncio.start_server(raw_handler, "127.0.0.1", 0)
        ws_port = server.sockets[0].getsockname()[1]
        raw_port = raw.sockets[0].getsockname()[1]
        print(f"READY {ws_port} {raw_port}", flush=True)
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, sys.stdin.read)


if __name__ == "__main__":
    asyncio.run(main())
