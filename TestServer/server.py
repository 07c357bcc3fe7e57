"""GraphQL test server for the ApolloMigrationKit Swift tests.

A plain ASGI application (no web framework) served by uvicorn. The schema is
declared with strawberry (schema.py) and executed with graphql-core. See
README.md in this folder for the routes and switches.

Run: python server.py [--host 127.0.0.1] [--port 4010]
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import inspect
import json
import os
import secrets
import socket
import struct
import time
from typing import Any, Awaitable, Callable, Dict, List, Optional, Tuple
from urllib.parse import parse_qs

import graphql
from graphql import GraphQLError, OperationType
from graphql.execution import ExecutionContext

import scripted
from incremental import FORMAT_2022, FORMAT_2023, DeferredOperation, document_uses_defer
from schema import GRAPHQL_SCHEMA, STATE, RequestContext
from uploads import UploadError, operations_from_form_data
from ws import REGISTRY as WS_REGISTRY
from ws import GraphQLWebSocket

Receive = Callable[[], Awaitable[Dict[str, Any]]]
Send = Callable[[Dict[str, Any]], Awaitable[None]]

STATIC_TOKEN = os.environ.get("APOLLO_TEST_STATIC_TOKEN", "static-valid-token")
DEFER_BOUNDARY = "-"
SUBSCRIPTION_BOUNDARY = "graphql"
DEFAULT_HEARTBEAT_MS = 5000


def dumps(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


# ---------------------------------------------------------------------------
# Shared server state: request log, APQ cache, tokens
# ---------------------------------------------------------------------------


class TokenStore:
    def __init__(self) -> None:
        self.tokens: Dict[str, Tuple[str, Optional[float]]] = {}
        self.counter = 0

    def mint(self, ttl_ms: Optional[int]) -> Tuple[str, str]:
        self.counter += 1
        user = f"user-{self.counter}"
        token = f"token-{self.counter}-{secrets.token_hex(8)}"
        expires = time.monotonic() + ttl_ms / 1000 if ttl_ms is not None else None
        self.tokens[token] = (user, expires)
        return token, user

    def user_for(self, token: Optional[str]) -> Optional[str]:
        if not token:
            return None
        token = token.strip()
        if token.lower().startswith("bearer "):
            token = token[7:].strip()
        if token == STATIC_TOKEN:
            return "user-0"
        entry = self.tokens.get(token)
        if entry is None:
            return None
        user, expires = entry
        if expires is not None and time.monotonic() >= expires:
            return None
        return user

    def user_for_header(self, authorization: Optional[str]) -> Optional[str]:
        if not authorization:
            return None
        scheme, _, token = authorization.strip().partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            return None
        return self.user_for(token)

    def revoke(self, token: str) -> bool:
        return self.tokens.pop(token, None) is not None

    def revoke_all(self) -> None:
        self.tokens.clear()

    def reset(self) -> None:
        self.tokens.clear()
        self.counter = 0


REQUEST_LOG: List[Dict[str, Any]] = []
ACTIVE_HTTP_SUBSCRIPTIONS = {"count": 0}
# What /fault/endless-part saw last: bytes written after the first part, and whether the client hung up
# (rather than the route reaching its cap).
ENDLESS_PART: Dict[str, Any] = {"bytesSent": 0, "clientDisconnected": False, "finished": False}
APQ_CACHE: Dict[str, str] = {}
TOKENS = TokenStore()


def reset_state() -> None:
    REQUEST_LOG.clear()
    scripted.reset_script()
    APQ_CACHE.clear()
    STATE.reset()
    TOKENS.reset()
    WS_REGISTRY.last_connection_params = None
    ENDLESS_PART.update(bytesSent=0, clientDisconnected=False, finished=False)


# ---------------------------------------------------------------------------
# HTTP plumbing
# ---------------------------------------------------------------------------


class Request:
    def __init__(self, scope: Dict[str, Any], body: bytes) -> None:
        self.scope = scope
        self.method: str = scope["method"].upper()
        self.path: str = scope["path"]
        self.query_string: str = scope.get("query_string", b"").decode("latin-1")
        self.query: Dict[str, str] = {
            key: values[0]
            for key, values in parse_qs(self.query_string, keep_blank_values=True).items()
        }
        self.headers: Dict[str, str] = {}
        for raw_name, raw_value in scope.get("headers", []):
            name = raw_name.decode("latin-1").lower()
            value = raw_value.decode("latin-1")
            self.headers[name] = f"{self.headers[name]}, {value}" if name in self.headers else value
        self.body = body

    @property
    def content_type(self) -> str:
        return self.headers.get("content-type", "").lower()

    @property
    def accept(self) -> str:
        return self.headers.get("accept", "").lower()


async def read_body(receive: Receive) -> Tuple[bytes, bool]:
    """Returns the whole request body and whether the client went away."""
    chunks = []
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return b"".join(chunks), True
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks), False


async def respond(
    send: Send,
    status: int,
    body: bytes = b"",
    content_type: Optional[str] = "application/json",
    headers: Optional[List[Tuple[str, str]]] = None,
) -> None:
    raw_headers = []
    if content_type is not None:
        raw_headers.append((b"content-type", content_type.encode("latin-1")))
    raw_headers.append((b"content-length", str(len(body)).encode("latin-1")))
    for name, value in headers or []:
        raw_headers.append((name.lower().encode("latin-1"), value.encode("latin-1")))
    await send({"type": "http.response.start", "status": status, "headers": raw_headers})
    await send({"type": "http.response.body", "body": body, "more_body": False})


async def respond_json(send: Send, status: int, value: Any, headers: Optional[List[Tuple[str, str]]] = None) -> None:
    await respond(send, status, dumps(value), "application/json", headers)


def error_body(message: str, code: Optional[str] = None) -> Dict[str, Any]:
    error: Dict[str, Any] = {"message": message}
    if code is not None:
        error["extensions"] = {"code": code}
    return {"errors": [error]}


class Stream:
    """A streamed (chunked) response whose parts are flushed one by one."""

    def __init__(self, send: Send) -> None:
        self.send = send

    async def start(self, status: int, content_type: str) -> None:
        await self.send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", content_type.encode("latin-1")),
                    (b"cache-control", b"no-cache"),
                ],
            }
        )

    async def write(self, data: bytes) -> None:
        await self.send({"type": "http.response.body", "body": data, "more_body": True})

    async def end(self, data: bytes = b"") -> None:
        await self.send({"type": "http.response.body", "body": data, "more_body": False})


async def run_until_disconnect(receive: Receive, producer: Awaitable[None]) -> None:
    """Runs a streaming producer, cancelling it when the client disconnects."""
    producer_task = asyncio.ensure_future(producer)

    async def watch() -> None:
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return

    watcher = asyncio.ensure_future(watch())
    try:
        await asyncio.wait({producer_task, watcher}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        if not producer_task.done():
            producer_task.cancel()
        watcher.cancel()
        for task in (producer_task, watcher):
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass
    if not producer_task.cancelled() and producer_task.exception() is not None:
        raise producer_task.exception()


def transport_of(send: Send) -> Any:
    owner = getattr(send, "__self__", None)
    return getattr(owner, "transport", None)


async def drop_connection(send: Send, mode: str) -> None:
    """Ends the TCP connection without completing the HTTP response.

    mode "rst": reset the connection (SO_LINGER 0), "fin": close it normally.
    """
    transport = transport_of(send)
    if transport is None:
        raise ConnectionAbortedError("fault route: connection aborted on purpose")
    if mode == "fin":
        transport.close()
    else:
        sock = transport.get_extra_info("socket")
        if sock is not None:
            try:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            except OSError:
                pass
        transport.abort()
    # Let the event loop notice the lost connection before the app returns,
    # so uvicorn does not try to finish the response.
    await asyncio.sleep(0.05)


# ---------------------------------------------------------------------------
# GraphQL over HTTP
# ---------------------------------------------------------------------------


class BadRequest(Exception):
    def __init__(self, status: int, body: Dict[str, Any]) -> None:
        super().__init__(body)
        self.status = status
        self.body = body


def _json_param(value: Any, name: str) -> Any:
    if value is None or value == "":
        return None
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError as error:
            raise BadRequest(400, error_body(f"Invalid JSON in '{name}'")) from error
    return value


def extract_params(request: Request) -> Dict[str, Any]:
    """Reads query, operationName, variables and extensions from the request."""
    if request.method == "GET":
        raw: Dict[str, Any] = {
            "query": request.query.get("query"),
            "operationName": request.query.get("operationName"),
            "variables": request.query.get("variables"),
            "extensions": request.query.get("extensions"),
        }
    elif request.method == "POST":
        if request.content_type.startswith("multipart/form-data"):
            try:
                raw = operations_from_form_data(request.body, request.headers.get("content-type", ""))
            except UploadError as error:
                raise BadRequest(400, error_body(str(error))) from error
        else:
            try:
                raw = json.loads(request.body.decode("utf-8")) if request.body else None
            except (ValueError, UnicodeDecodeError) as error:
                raise BadRequest(400, error_body("Request body is not valid JSON")) from error
        if isinstance(raw, list):
            raise BadRequest(400, error_body("Batched operations are not supported"))
        if not isinstance(raw, dict):
            raise BadRequest(400, error_body("Request body must be a JSON object"))
    else:
        raise BadRequest(405, error_body("GraphQL only supports GET and POST requests"))

    query = raw.get("query")
    if query is not None and not isinstance(query, str):
        raise BadRequest(400, error_body("'query' must be a string"))
    operation_name = raw.get("operationName")
    if operation_name is not None and not isinstance(operation_name, str):
        raise BadRequest(400, error_body("'operationName' must be a string"))
    variables = _json_param(raw.get("variables"), "variables")
    if variables is not None and not isinstance(variables, dict):
        raise BadRequest(400, error_body("'variables' must be an object"))
    extensions = _json_param(raw.get("extensions"), "extensions")
    if extensions is not None and not isinstance(extensions, dict):
        raise BadRequest(400, error_body("'extensions' must be an object"))
    return {
        "query": query or None,
        "operationName": operation_name or None,
        "variables": variables,
        "extensions": extensions,
    }


def resolve_query(params: Dict[str, Any], apq_enabled: bool = True) -> Tuple[Optional[str], Optional[Tuple[int, Dict[str, Any]]]]:
    """Applies automatic persisted queries. Returns (query, None) or (None, (status, body))."""
    query = params.get("query")
    extensions = params.get("extensions") or {}
    persisted = extensions.get("persistedQuery") if isinstance(extensions, dict) else None
    if persisted is not None:
        if not apq_enabled:
            return None, (200, error_body("PersistedQueryNotSupported", "PERSISTED_QUERY_NOT_SUPPORTED"))
        if not isinstance(persisted, dict) or persisted.get("version") != 1:
            return None, (400, error_body("Unsupported persisted query version"))
        sha = persisted.get("sha256Hash")
        if not isinstance(sha, str) or not sha:
            return None, (400, error_body("Missing persisted query sha256Hash"))
        sha = sha.lower()
        if query is None:
            stored = APQ_CACHE.get(sha)
            if stored is None:
                return None, (200, error_body("PersistedQueryNotFound", "PERSISTED_QUERY_NOT_FOUND"))
            return stored, None
        if hashlib.sha256(query.encode("utf-8")).hexdigest() != sha:
            return None, (400, error_body("provided sha does not match query"))
        APQ_CACHE[sha] = query
        return query, None
    if query is None:
        return None, (400, error_body("Must provide query string."))
    return query, None


def ws_resolve_query(payload: Dict[str, Any]) -> Tuple[Optional[str], Optional[Dict[str, Any]]]:
    params = {
        "query": payload.get("query") if isinstance(payload.get("query"), str) else None,
        "extensions": payload.get("extensions") if isinstance(payload.get("extensions"), dict) else None,
    }
    query, problem = resolve_query(params)
    return query, (problem[1] if problem is not None else None)


def result_body(data: Any, errors: Optional[List[GraphQLError]]) -> Dict[str, Any]:
    body: Dict[str, Any] = {"data": data}
    if errors:
        body["errors"] = [error.formatted for error in errors]
    return body


def part(boundary: str, content_type: str, payload: Any) -> bytes:
    head = f"\r\n--{boundary}\r\nContent-Type: {content_type}\r\n\r\n".encode("latin-1")
    return head + dumps(payload)


def close_delimiter(boundary: str) -> bytes:
    return f"\r\n--{boundary}--\r\n".encode("latin-1")


async def send_subscription_fatal(send: Send, errors: List[Dict[str, Any]]) -> None:
    body = part(SUBSCRIPTION_BOUNDARY, "application/json", {"payload": None, "errors": errors})
    body += close_delimiter(SUBSCRIPTION_BOUNDARY)
    await respond(send, 200, body, f'multipart/mixed; boundary="{SUBSCRIPTION_BOUNDARY}"; subscriptionSpec=1.0')


async def handle_graphql(
    request: Request,
    receive: Receive,
    send: Send,
    log_entry: Optional[Dict[str, Any]],
    auth_required: bool,
) -> None:
    user = TOKENS.user_for_header(request.headers.get("authorization"))
    if auth_required and user is None:
        await respond_json(
            send,
            401,
            error_body("Unauthorized", "UNAUTHENTICATED"),
            headers=[("www-authenticate", 'Bearer realm="apollo-test-server"')],
        )
        return

    try:
        params = extract_params(request)
    except BadRequest as error:
        await respond_json(send, error.status, error.body)
        return
    if log_entry is not None:
        log_entry.update(
            {
                "operationName": params["operationName"],
                "query": params["query"],
                "variables": _loggable(params["variables"]),
                "extensions": params["extensions"],
            }
        )

    apq_enabled = request.query.get("apq", "on").lower() not in ("off", "false", "0", "disabled")
    query, problem = resolve_query(params, apq_enabled)
    if problem is not None:
        await respond_json(send, problem[0], problem[1])
        return
    assert query is not None

    accept = request.accept
    wants_multipart = "multipart/mixed" in accept
    wants_subscription = wants_multipart and "subscriptionspec" in accept

    async def request_errors(errors: List[Dict[str, Any]]) -> None:
        if wants_subscription:
            await send_subscription_fatal(send, errors)
        else:
            await respond_json(send, 200, {"errors": errors})

    try:
        document = graphql.parse(query)
    except GraphQLError as error:
        await request_errors([error.formatted])
        return
    validation_errors = graphql.validate(GRAPHQL_SCHEMA, document)
    if validation_errors:
        await request_errors([error.formatted for error in validation_errors])
        return

    variables = params["variables"]
    operation_name = params["operationName"]
    context = RequestContext(transport="http", headers=dict(request.headers), user=user)
    built = ExecutionContext.build(
        GRAPHQL_SCHEMA, document, context_value=context, raw_variable_values=variables,
        operation_name=operation_name,
    )
    if isinstance(built, list):
        await request_errors([error.formatted for error in built])
        return
    operation_type = built.operation.operation

    if operation_type == OperationType.MUTATION and request.method == "GET":
        await respond_json(
            send, 405, error_body("Mutations are not allowed over GET"), headers=[("allow", "POST")]
        )
        return

    if operation_type == OperationType.SUBSCRIPTION:
        if not wants_multipart:
            await respond_json(
                send,
                400,
                error_body(
                    "Subscriptions need 'Accept: multipart/mixed;subscriptionSpec=1.0' or a WebSocket"
                ),
            )
            return
        heartbeat_ms = _int_query(request, "heartbeatMs", DEFAULT_HEARTBEAT_MS)
        await run_until_disconnect(
            receive,
            stream_subscription(send, document, variables, operation_name, context, heartbeat_ms),
        )
        return

    if wants_multipart and document_uses_defer(document):
        wire_format = FORMAT_2023 if request.query.get("deferFormat") == "2023" else FORMAT_2022
        deferred = DeferredOperation(document, operation_name, variables, context, wire_format)
        errors = deferred.prepare()
        if errors:
            await respond_json(send, 200, {"errors": errors})
            return
        content_type = f'multipart/mixed; boundary="{DEFER_BOUNDARY}"'
        header_spec = request.query.get("deferSpecHeader", "20220824")
        if header_spec and header_spec.lower() != "none":
            content_type += f"; deferSpec={header_spec}"
        await run_until_disconnect(receive, stream_defer(send, deferred, content_type))
        return

    result = graphql.execute(GRAPHQL_SCHEMA, document, None, context, variables, operation_name)
    if inspect.isawaitable(result):
        result = await result
    await respond_json(send, 200, result_body(result.data, result.errors))


def _loggable(value: Any) -> Any:
    """Makes variables JSON-serialisable for the request log (uploads -> names)."""
    if isinstance(value, dict):
        return {key: _loggable(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_loggable(item) for item in value]
    if hasattr(value, "filename") and hasattr(value, "data"):
        return {"upload": value.filename}
    return value


def _int_query(request: Request, name: str, default: int) -> int:
    try:
        return max(int(request.query[name]), 0)
    except (KeyError, ValueError):
        return default


async def stream_defer(send: Send, deferred: DeferredOperation, content_type: str) -> None:
    stream = Stream(send)
    await stream.start(200, content_type)
    async for payload in deferred.payloads():
        await stream.write(part(DEFER_BOUNDARY, "application/json; charset=utf-8", payload))
    await stream.end(close_delimiter(DEFER_BOUNDARY))


async def stream_subscription(
    send: Send,
    document: Any,
    variables: Optional[Dict[str, Any]],
    operation_name: Optional[str],
    context: RequestContext,
    heartbeat_ms: int,
) -> None:
    stream = Stream(send)
    await stream.start(200, f'multipart/mixed; boundary="{SUBSCRIPTION_BOUNDARY}"; subscriptionSpec=1.0')

    def event_part(value: Any) -> bytes:
        return part(SUBSCRIPTION_BOUNDARY, "application/json", value)

    result = await graphql.subscribe(GRAPHQL_SCHEMA, document, None, context, variables, operation_name)
    if isinstance(result, graphql.ExecutionResult):
        errors = [error.formatted for error in result.errors or []]
        await stream.write(event_part({"payload": None, "errors": errors}))
        await stream.end(close_delimiter(SUBSCRIPTION_BOUNDARY))
        return

    ACTIVE_HTTP_SUBSCRIPTIONS["count"] += 1
    loop = asyncio.get_running_loop()
    interval = heartbeat_ms / 1000
    next_beat = loop.time() + interval
    next_event: Optional[asyncio.Future] = None
    try:
        while True:
            if next_event is None:
                next_event = asyncio.ensure_future(result.__anext__())
            timeout = max(next_beat - loop.time(), 0) if interval > 0 else None
            done, _ = await asyncio.wait({next_event}, timeout=timeout)
            if not done:
                await stream.write(event_part({}))
                next_beat = max(next_beat + interval, loop.time() + interval / 2)
                continue
            finished, next_event = next_event, None
            try:
                event = finished.result()
            except StopAsyncIteration:
                break
            except Exception as error:  # the source failed: fatal transport error
                await stream.write(event_part({"payload": None, "errors": [{"message": str(error)}]}))
                break
            await stream.write(event_part({"payload": result_body(event.data, event.errors)}))
    finally:
        ACTIVE_HTTP_SUBSCRIPTIONS["count"] -= 1
        if next_event is not None:
            next_event.cancel()
        close = getattr(result, "aclose", None)
        if close is not None:
            try:
                await close()
            except Exception:
                pass
    await stream.end(close_delimiter(SUBSCRIPTION_BOUNDARY))


# ---------------------------------------------------------------------------
# Fault routes
# ---------------------------------------------------------------------------


async def handle_fault(request: Request, receive: Receive, send: Send, log_entry: Dict[str, Any]) -> None:
    parts = request.path.strip("/").split("/")  # ["fault", kind, ...]
    kind = parts[1] if len(parts) > 1 else ""
    mode = request.query.get("mode", "")

    if kind == "status" and len(parts) == 3:
        try:
            code = int(parts[2])
        except ValueError:
            code = 0
        if not 200 <= code <= 599:
            await respond_json(send, 400, error_body("status code must be 200...599"))
            return
        body_kind = request.query.get("body", "json")
        if code in (204, 304) or body_kind == "empty":
            await respond(send, code, b"", None)
        elif body_kind == "text":
            await respond(send, code, f"status {code}".encode(), "text/plain; charset=utf-8")
        else:
            await respond_json(send, code, {"errors": [{"message": f"status {code}"}], "data": None})
        return

    if kind == "delay" and len(parts) == 3:
        try:
            delay_ms = max(int(parts[2]), 0)
        except ValueError:
            await respond_json(send, 400, error_body("delay must be an integer (ms)"))
            return
        await asyncio.sleep(delay_ms / 1000)
        await handle_graphql(request, receive, send, log_entry, auth_required=False)
        return

    if kind == "drop" and len(parts) == 2:
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [(b"content-type", b"application/json"), (b"content-length", b"1000")],
            }
        )
        await send({"type": "http.response.body", "body": b'{"data":{"hero":{"na', "more_body": True})
        await asyncio.sleep(0.1)  # let the client read the partial body first
        await drop_connection(send, mode or "rst")
        return

    if kind == "drop-multipart" and len(parts) == 2:
        stream = Stream(send)
        await stream.start(200, f'multipart/mixed; boundary="{DEFER_BOUNDARY}"; deferSpec=20220824')
        first = {"data": {"hero": {"id": "2001", "name": "R2-D2"}}, "hasNext": True}
        await stream.write(part(DEFER_BOUNDARY, "application/json; charset=utf-8", first))
        await stream.write(
            f"\r\n--{DEFER_BOUNDARY}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n".encode()
            + b'{"incremental":[{"data":{"fri'
        )
        await asyncio.sleep(0.1)
        await drop_connection(send, mode or "rst")
        return

    if kind == "endless-part" and len(parts) == 2:
        # One complete part, then a part that never reaches its delimiter: 16 KB every 5 ms until the
        # client hangs up, or 64 MB (then the response ends). A client with a part-size limit must stop
        # the transfer; /_test/stats reports how far it went.
        stream = Stream(send)
        await stream.start(200, f'multipart/mixed; boundary="{DEFER_BOUNDARY}"; deferSpec=20220824')
        ENDLESS_PART.update(bytesSent=0, clientDisconnected=False, finished=False)

        async def produce() -> None:
            first = {"data": {"hero": {"__typename": "Droid", "id": "2001", "name": "R2-D2"}}, "hasNext": True}
            await stream.write(part(DEFER_BOUNDARY, "application/json; charset=utf-8", first))
            await stream.write(f"\r\n--{DEFER_BOUNDARY}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n".encode())
            filler = b"x" * 16384
            while ENDLESS_PART["bytesSent"] < 64 * 1024 * 1024:
                await stream.write(filler)
                ENDLESS_PART["bytesSent"] += len(filler)
                await asyncio.sleep(0.005)
            await stream.end()

        await run_until_disconnect(receive, produce())
        ENDLESS_PART["finished"] = True
        if ENDLESS_PART["bytesSent"] < 64 * 1024 * 1024:
            ENDLESS_PART["clientDisconnected"] = True
        return

    if kind == "malformed" and len(parts) == 2:
        await respond(send, 200, b'{"data": {"hero": ', "application/json")
        return

    if kind == "not-json" and len(parts) == 2:
        await respond(send, 200, b"<html>oops</html>", "application/json")
        return

    if kind == "close-immediately" and len(parts) == 2:
        await drop_connection(send, mode or "fin")
        return

    await respond_json(send, 404, error_body(f"Unknown fault route {request.path}"))


# ---------------------------------------------------------------------------
# Other routes
# ---------------------------------------------------------------------------


async def handle_auth(request: Request, send: Send) -> None:
    if request.method != "POST":
        await respond_json(send, 405, error_body("Use POST"), headers=[("allow", "POST")])
        return
    if request.path == "/auth/token":
        ttl_ms: Optional[int] = None
        try:
            payload = json.loads(request.body.decode("utf-8")) if request.body.strip() else {}
        except (ValueError, UnicodeDecodeError):
            payload = {}
        raw_ttl = payload.get("ttlMs") if isinstance(payload, dict) else None
        if raw_ttl is None:
            raw_ttl = request.query.get("ttlMs")
        if raw_ttl is not None:
            try:
                ttl_ms = max(int(raw_ttl), 0)
            except ValueError:
                ttl_ms = None
        token, user = TOKENS.mint(ttl_ms)
        await respond_json(send, 200, {"token": token, "user": user})
    elif request.path == "/auth/revoke-all":
        TOKENS.revoke_all()
        await respond_json(send, 200, {"revoked": True})
    elif request.path == "/auth/revoke":
        try:
            payload = json.loads(request.body.decode("utf-8")) if request.body.strip() else {}
        except (ValueError, UnicodeDecodeError):
            payload = {}
        token = payload.get("token") if isinstance(payload, dict) else None
        revoked = TOKENS.revoke(token) if isinstance(token, str) else False
        await respond_json(send, 200, {"revoked": revoked})
    else:
        await respond_json(send, 404, error_body("Not found"))


async def handle_test_route(request: Request, send: Send) -> None:
    if request.path == "/_test/requests":
        wanted = request.query.get("path")
        entries = [e for e in REQUEST_LOG if wanted is None or e["path"] == wanted]
        await respond_json(send, 200, entries)
    elif request.path == "/_test/script":
        try:
            count = scripted.load_script(json.loads(request.body.decode("utf-8")))
        except (ValueError, UnicodeDecodeError) as error:
            await respond_json(send, 400, error_body(f"bad script: {error}"))
            return
        REQUEST_LOG[:] = [entry for entry in REQUEST_LOG if entry["path"] != "/scripted"]
        await respond_json(send, 200, {"replies": count})
    elif request.path == "/_test/reset":
        reset_state()
        await respond_json(send, 200, {"reset": True})
    elif request.path == "/_test/last-connection-params":
        await respond_json(send, 200, WS_REGISTRY.last_connection_params)
    elif request.path == "/_test/stats":
        await respond_json(
            send,
            200,
            {
                "requests": len(REQUEST_LOG),
                "persistedQueries": len(APQ_CACHE),
                "reviews": len(STATE.reviews),
                "reviewListeners": len(STATE.review_listeners),
                "httpSubscriptions": ACTIVE_HTTP_SUBSCRIPTIONS["count"],
                "webSockets": len(WS_REGISTRY.connections),
                "webSocketOperations": sum(len(c.operations) for c in WS_REGISTRY.connections),
                "endlessPart": dict(ENDLESS_PART),
            },
        )
    elif request.path == "/_test/ws/close-all":
        code = _int_query(request, "code", 1011)
        reason = request.query.get("reason", "closed by /_test/ws/close-all")
        closed = await WS_REGISTRY.close_all(code, reason)
        await respond_json(send, 200, {"closed": closed})
    else:
        await respond_json(send, 404, error_body("Not found"))


def log_request(request: Request) -> Dict[str, Any]:
    entry: Dict[str, Any] = {
        "method": request.method,
        "path": request.path,
        "queryString": request.query_string,
        "headers": dict(request.headers),
        "body": request.body.decode("utf-8", errors="replace"),
        "operationName": None,
        "query": None,
        "variables": None,
        "extensions": None,
        "timestamp": time.time(),
    }
    REQUEST_LOG.append(entry)
    return entry


async def app(scope: Dict[str, Any], receive: Receive, send: Send) -> None:
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return

    if scope["type"] == "websocket":
        path = scope["path"]
        if path not in ("/graphql", "/graphql-auth"):
            await send({"type": "websocket.close", "code": 4404})
            return
        connection = GraphQLWebSocket(
            scope,
            receive,
            send,
            resolve_query=ws_resolve_query,
            authenticate=TOKENS.user_for,
            auth_required=path == "/graphql-auth",
        )
        await connection.run()
        return

    if scope["type"] != "http":
        return

    body, disconnected = await read_body(receive)
    if disconnected:
        return
    request = Request(scope, body)
    path = request.path

    if path == "/health":
        await respond(send, 200, b"ok", "text/plain; charset=utf-8")
        return

    if path in ("/graphql", "/graphql-auth"):
        entry = log_request(request)
        await handle_graphql(request, receive, send, entry, auth_required=path == "/graphql-auth")
        return

    if path == "/scripted":
        log_request(request)
        await scripted.play_next(send, drop_connection)
        return

    if path.startswith("/fault/"):
        entry = log_request(request)
        await handle_fault(request, receive, send, entry)
        return

    if path.startswith("/auth/"):
        await handle_auth(request, send)
        return

    if path.startswith("/_test/"):
        await handle_test_route(request, send)
        return

    await respond_json(send, 404, error_body(f"Not found: {path}"))


def main() -> None:
    import uvicorn

    parser = argparse.ArgumentParser(description="GraphQL test server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=int(os.environ.get("APOLLO_TEST_SERVER_PORT", "4010")))
    parser.add_argument("--log-level", default="info")
    parser.add_argument("--detach", action="store_true", help="start a new session (used by test-server.sh)")
    arguments = parser.parse_args()
    if arguments.detach:
        try:
            os.setsid()
        except OSError:
            pass
    uvicorn.run(
        app,
        host=arguments.host,
        port=arguments.port,
        http="h11",
        ws="websockets-sansio",
        lifespan="off",
        log_level=arguments.log_level,
        timeout_graceful_shutdown=1,
    )


if __name__ == "__main__":
    main()
