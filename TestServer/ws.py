"""Minimal GraphQL-over-WebSocket server over uvicorn's ASGI websocket interface.

Two subprotocols are spoken on the same endpoints:

* ``graphql-transport-ws`` (the graphql-ws library's protocol; the default when
  the client offers no subprotocol),
* ``graphql-ws`` (the legacy subscriptions-transport-ws protocol).

Switches, read from the WebSocket URL's query string:

* ``serverPing=<ms>``: after the ack, send ``{"type":"ping"}`` every <ms>
  (``{"type":"ka"}`` for the legacy protocol),
* ``initTimeoutMs=<ms>``: close with 4408 when no ``connection_init`` arrives
  in time (default 10000, 0 disables).

Fault switches, the same for both subprotocols (also read from the URL):

* ``refuse=<status>``: answer the upgrade with that HTTP status and a JSON
  error body instead of switching protocols,
* ``upgradeDelayMs=<ms>``: wait before answering the upgrade,
* ``ackDelayMs=<ms>``: wait before sending ``connection_ack``,
* ``dropAfter=<n>``: after the n-th result message (``next``/``data``) of the
  socket (0: right after the ack), end the TCP connection without a close
  frame: reset it, or close it normally with ``dropMode=fin``,
* ``closeAfter=<n>``: at the same point, close the socket with
  ``closeCode=<code>`` (default 1011) and ``closeReason=<text>``.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import socket
import struct
from typing import Any, Awaitable, Callable, Dict, Optional, Set
from urllib.parse import parse_qs

import graphql
from graphql import ExecutionResult, GraphQLError, OperationType
from graphql.execution import ExecutionContext

from schema import GRAPHQL_SCHEMA, RequestContext

TRANSPORT_WS = "graphql-transport-ws"
LEGACY_WS = "graphql-ws"

# Filled in by server.py: resolves the GraphQL request (APQ), returns
# (query, error_message). error_message is set when the request cannot run.
QueryResolver = Callable[[Dict[str, Any]], "tuple[Optional[str], Optional[Dict[str, Any]]]"]


class WebSocketRegistry:
    def __init__(self) -> None:
        self.connections: Set["GraphQLWebSocket"] = set()
        self.last_connection_params: Any = None

    async def close_all(self, code: int, reason: str) -> int:
        connections = list(self.connections)
        for connection in connections:
            await connection.close(code, reason)
        return len(connections)


REGISTRY = WebSocketRegistry()


class GraphQLWebSocket:
    def __init__(
        self,
        scope: Dict[str, Any],
        receive: Callable[[], Awaitable[Dict[str, Any]]],
        send: Callable[[Dict[str, Any]], Awaitable[None]],
        resolve_query: QueryResolver,
        authenticate: Callable[[Optional[str]], Optional[str]],
        auth_required: bool,
    ) -> None:
        self.scope = scope
        self.receive = receive
        self.raw_send = send
        self.resolve_query = resolve_query
        self.authenticate = authenticate
        self.auth_required = auth_required
        self.headers: Dict[str, str] = {}
        for raw_name, raw_value in scope.get("headers", []):
            name = raw_name.decode("latin-1").lower()
            value = raw_value.decode("latin-1")
            self.headers[name] = f"{self.headers[name]}, {value}" if name in self.headers else value
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        self.server_ping_ms = _int_param(query, "serverPing", 0)
        self.init_timeout_ms = _int_param(query, "initTimeoutMs", 10000)
        self.refuse_status = _int_param(query, "refuse", 0)
        self.upgrade_delay_ms = _int_param(query, "upgradeDelayMs", 0)
        self.ack_delay_ms = _int_param(query, "ackDelayMs", 0)
        self.drop_after = _optional_int_param(query, "dropAfter")
        self.drop_mode = query.get("dropMode", ["rst"])[0]
        self.close_after = _optional_int_param(query, "closeAfter")
        self.close_code = _int_param(query, "closeCode", 1011)
        self.close_reason = query.get("closeReason", [""])[0]
        self.results_sent = 0
        self.protocol = TRANSPORT_WS
        self.send_lock = asyncio.Lock()
        self.closed = False
        self.init_received = False
        self.acknowledged = False
        self.connection_params: Optional[Dict[str, Any]] = None
        self.user: Optional[str] = None
        self.operations: Dict[str, asyncio.Task] = {}
        self.background: Set[asyncio.Task] = set()

    # -- plumbing -------------------------------------------------------------

    async def send_json(self, message: Dict[str, Any]) -> None:
        if self.closed:
            return
        text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
        async with self.send_lock:
            if self.closed:
                return
            try:
                await self.raw_send({"type": "websocket.send", "text": text})
            except Exception:
                self.closed = True

    async def close(self, code: int, reason: str = "") -> None:
        if self.closed:
            return
        async with self.send_lock:
            if self.closed:
                return
            self.closed = True
            try:
                await self.raw_send({"type": "websocket.close", "code": code, "reason": reason})
            except Exception:
                pass
        self._cancel_all()

    async def _refuse_upgrade(self, status: int) -> None:
        """Answers the upgrade with an HTTP response (ASGI's websocket.http.response extension)."""
        body = json.dumps({"errors": [{"message": f"upgrade refused with {status}"}]}).encode("utf-8")
        await self.raw_send(
            {
                "type": "websocket.http.response.start",
                "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
            }
        )
        await self.raw_send({"type": "websocket.http.response.body", "body": body})

    async def drop(self, mode: str) -> None:
        """Ends the TCP connection without a close frame: a reset, or a normal FIN with mode "fin"."""
        if self.closed:
            return
        self.closed = True
        transport = getattr(getattr(self.raw_send, "__self__", None), "transport", None)
        if transport is not None:
            if mode != "fin":
                sock = transport.get_extra_info("socket")
                if sock is not None:
                    try:
                        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    except OSError:
                        pass
                transport.abort()
            else:
                transport.close()
        self._cancel_all()

    async def _result_sent(self) -> None:
        """Counts a result message (0 for the ack) and plays the dropAfter / closeAfter faults."""
        if self.drop_after is not None and self.results_sent == self.drop_after:
            await self.drop(self.drop_mode)
        elif self.close_after is not None and self.results_sent == self.close_after:
            await self.close(self.close_code, self.close_reason)

    async def _acknowledge(self) -> None:
        if self.ack_delay_ms > 0:
            await asyncio.sleep(self.ack_delay_ms / 1000)
        await self.send_json({"type": "connection_ack"})
        if self.server_ping_ms > 0:
            if self.protocol == LEGACY_WS:
                # subscriptions-transport-ws sends one keep-alive right after the ack, then one per interval.
                await self.send_json({"type": "ka"})
            self._spawn(self._server_pings())
        await self._result_sent()

    def _cancel_all(self) -> None:
        for task in list(self.operations.values()) + list(self.background):
            if task is not asyncio.current_task():
                task.cancel()

    def _spawn(self, coroutine: Awaitable[Any]) -> asyncio.Task:
        task = asyncio.ensure_future(coroutine)
        self.background.add(task)
        task.add_done_callback(self.background.discard)
        return task

    # -- lifecycle ------------------------------------------------------------

    async def run(self) -> None:
        message = await self.receive()
        if message["type"] != "websocket.connect":
            return
        if self.upgrade_delay_ms > 0:
            await asyncio.sleep(self.upgrade_delay_ms / 1000)
        if self.refuse_status > 0:
            await self._refuse_upgrade(self.refuse_status)
            return
        offered = [p.strip() for p in self.scope.get("subprotocols", [])]
        chosen: Optional[str] = None
        if offered:
            for candidate in offered:
                if candidate in (TRANSPORT_WS, LEGACY_WS):
                    chosen = candidate
                    break
            if chosen is None:
                # Rejecting before accepting makes uvicorn answer HTTP 403.
                await self.raw_send({"type": "websocket.close", "code": 4406})
                return
            self.protocol = chosen
        accept: Dict[str, Any] = {"type": "websocket.accept"}
        if chosen is not None:
            accept["subprotocol"] = chosen
        await self.raw_send(accept)
        REGISTRY.connections.add(self)
        if self.init_timeout_ms > 0:
            self._spawn(self._init_timeout())
        try:
            while not self.closed:
                message = await self.receive()
                if message["type"] == "websocket.disconnect":
                    self.closed = True
                    break
                if message["type"] != "websocket.receive":
                    continue
                text = message.get("text")
                if text is None and message.get("bytes") is not None:
                    text = message["bytes"].decode("utf-8", errors="replace")
                await self.handle_text(text or "")
        finally:
            self.closed = True
            REGISTRY.connections.discard(self)
            self._cancel_all()

    async def _init_timeout(self) -> None:
        await asyncio.sleep(self.init_timeout_ms / 1000)
        if not self.init_received:
            await self.close(4408, "Connection initialisation timeout")

    async def _server_pings(self) -> None:
        interval = self.server_ping_ms / 1000
        message = {"type": "ping"} if self.protocol == TRANSPORT_WS else {"type": "ka"}
        while not self.closed:
            await asyncio.sleep(interval)
            await self.send_json(message)

    # -- messages -------------------------------------------------------------

    async def handle_text(self, text: str) -> None:
        try:
            message = json.loads(text)
        except ValueError:
            await self._invalid("Invalid message received: not JSON")
            return
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            await self._invalid("Invalid message received: missing type")
            return
        if self.protocol == TRANSPORT_WS:
            await self._handle_transport_ws(message)
        else:
            await self._handle_legacy(message)

    async def _invalid(self, reason: str) -> None:
        if self.protocol == TRANSPORT_WS:
            await self.close(4400, reason)
        else:
            await self.send_json({"type": "connection_error", "payload": {"message": reason}})

    async def _accept_init(self, payload: Any) -> bool:
        self.init_received = True
        REGISTRY.last_connection_params = payload
        self.connection_params = payload if isinstance(payload, dict) else None
        token = None
        if self.connection_params:
            for key in ("Authorization", "authorization", "authToken", "token"):
                if isinstance(self.connection_params.get(key), str):
                    token = self.connection_params[key]
                    break
        if token is None:
            token = self.headers.get("authorization")
        self.user = self.authenticate(token)
        if self.auth_required and self.user is None:
            if self.protocol == TRANSPORT_WS:
                await self.close(4403, "Forbidden")
            else:
                # As subscriptions-transport-ws does when onConnect refuses: connection_error, then 1011.
                await self.send_json(
                    {"type": "connection_error", "payload": {"message": "Unauthorized"}}
                )
                await self.close(1011, "Unauthorized")
            return False
        self.acknowledged = True
        return True

    async def _handle_transport_ws(self, message: Dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "connection_init":
            if self.init_received:
                await self.close(4429, "Too many initialisation requests")
                return
            payload = message.get("payload")
            if payload is not None and not isinstance(payload, dict):
                await self.close(4400, "Invalid connection_init payload")
                return
            if await self._accept_init(payload):
                await self._acknowledge()
        elif kind == "ping":
            pong: Dict[str, Any] = {"type": "pong"}
            if "payload" in message:
                pong["payload"] = message["payload"]
            await self.send_json(pong)
        elif kind == "pong":
            pass
        elif kind == "subscribe":
            operation_id = message.get("id")
            payload = message.get("payload")
            if not isinstance(operation_id, str) or not operation_id or not isinstance(payload, dict):
                await self.close(4400, "Invalid subscribe message")
                return
            if not self.acknowledged:
                await self.close(4401, "Unauthorized")
                return
            if operation_id in self.operations:
                await self.close(4409, f"Subscriber for {operation_id} already exists")
                return
            self._start_operation(operation_id, payload)
        elif kind == "complete":
            operation_id = message.get("id")
            if not isinstance(operation_id, str):
                await self.close(4400, "Invalid complete message")
                return
            task = self.operations.pop(operation_id, None)
            if task is not None:
                task.cancel()
        else:
            await self.close(4400, f"Unexpected message type {kind!r}")

    async def _handle_legacy(self, message: Dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "connection_init":
            payload = message.get("payload")
            if await self._accept_init(payload if isinstance(payload, dict) else None):
                await self._acknowledge()
        elif kind == "start":
            operation_id = message.get("id")
            payload = message.get("payload")
            if not isinstance(operation_id, str) or not isinstance(payload, dict):
                await self.send_json(
                    {"type": "error", "id": operation_id, "payload": {"message": "Invalid start message"}}
                )
                return
            if not self.acknowledged:
                await self.send_json(
                    {"type": "error", "id": operation_id, "payload": {"message": "Not initialised"}}
                )
                return
            previous = self.operations.pop(operation_id, None)
            if previous is not None:
                previous.cancel()
            self._start_operation(operation_id, payload)
        elif kind == "stop":
            operation_id = message.get("id")
            task = self.operations.pop(operation_id, None) if isinstance(operation_id, str) else None
            if task is not None:
                task.cancel()
                await self.send_json({"type": "complete", "id": operation_id})
        elif kind == "connection_terminate":
            await self.close(1000, "Normal Closure")
        else:
            await self.send_json(
                {"type": "error", "id": message.get("id"), "payload": {"message": f"Unknown type {kind!r}"}}
            )

    # -- operations -----------------------------------------------------------

    def _start_operation(self, operation_id: str, payload: Dict[str, Any]) -> None:
        task = asyncio.ensure_future(self._run_operation(operation_id, payload))
        self.operations[operation_id] = task

        def finished(done: asyncio.Task) -> None:
            if self.operations.get(operation_id) is done:
                del self.operations[operation_id]

        task.add_done_callback(finished)

    async def _send_next(self, operation_id: str, result: ExecutionResult) -> None:
        kind = "next" if self.protocol == TRANSPORT_WS else "data"
        await self.send_json({"id": operation_id, "type": kind, "payload": _result_json(result)})
        self.results_sent += 1
        await self._result_sent()

    async def _send_error(self, operation_id: str, errors: list) -> None:
        if self.protocol == TRANSPORT_WS:
            await self.send_json({"id": operation_id, "type": "error", "payload": errors})
        else:
            await self.send_json({"id": operation_id, "type": "error", "payload": errors[0] if errors else {}})

    async def _send_complete(self, operation_id: str) -> None:
        await self.send_json({"id": operation_id, "type": "complete"})

    async def _run_operation(self, operation_id: str, payload: Dict[str, Any]) -> None:
        query, problem = self.resolve_query(payload)
        if problem is not None:
            await self._send_error(operation_id, problem.get("errors", []))
            return
        try:
            document = graphql.parse(query)
        except GraphQLError as error:
            await self._send_error(operation_id, [error.formatted])
            return
        validation_errors = graphql.validate(GRAPHQL_SCHEMA, document)
        if validation_errors:
            await self._send_error(operation_id, [error.formatted for error in validation_errors])
            return
        variables = payload.get("variables")
        if isinstance(variables, str):
            try:
                variables = json.loads(variables) if variables else None
            except ValueError:
                variables = None
        if not isinstance(variables, dict):
            variables = None
        operation_name = payload.get("operationName")
        if not isinstance(operation_name, str) or not operation_name:
            operation_name = None
        context = RequestContext(
            transport="ws",
            headers=dict(self.headers),
            connection_params=self.connection_params,
            user=self.user,
        )
        build = ExecutionContext.build(
            GRAPHQL_SCHEMA, document, raw_variable_values=variables, operation_name=operation_name
        )
        if isinstance(build, list):
            await self._send_error(operation_id, [error.formatted for error in build])
            return
        if build.operation.operation == OperationType.SUBSCRIPTION:
            result = await graphql.subscribe(
                GRAPHQL_SCHEMA, document, None, context, variables, operation_name
            )
            if isinstance(result, ExecutionResult):
                await self._send_error(operation_id, [e.formatted for e in result.errors or []])
                return
            try:
                async for event in result:
                    await self._send_next(operation_id, event)
                    if self.closed:
                        return
            except asyncio.CancelledError:
                raise
            except Exception as error:
                await self._send_error(operation_id, [{"message": str(error)}])
                return
            finally:
                await _close_iterator(result)
            await self._send_complete(operation_id)
            return
        result = graphql.execute(GRAPHQL_SCHEMA, document, None, context, variables, operation_name)
        if inspect.isawaitable(result):
            result = await result
        await self._send_next(operation_id, result)
        await self._send_complete(operation_id)


async def _close_iterator(iterator: Any) -> None:
    close = getattr(iterator, "aclose", None)
    if close is not None:
        try:
            await close()
        except Exception:
            pass


def _result_json(result: ExecutionResult) -> Dict[str, Any]:
    body: Dict[str, Any] = {"data": result.data}
    if result.errors:
        body["errors"] = [error.formatted for error in result.errors]
    return body


def _optional_int_param(query: Dict[str, list], name: str) -> Optional[int]:
    values = query.get(name)
    if not values:
        return None
    try:
        return max(int(values[0]), 0)
    except ValueError:
        return None


def _int_param(query: Dict[str, list], name: str, default: int) -> int:
    values = query.get(name)
    if not values:
        return default
    try:
        return max(int(values[0]), 0)
    except ValueError:
        return default
