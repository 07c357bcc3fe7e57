import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default ``ApolloWebSocketClient`` (0.33's Starscream-based `ApolloWebSocket`), on a ``WebSocketTask`` from a
/// ``WebSocketURLSession``: `URLSessionWebSocketTask` on Apple platforms, the dependency-free RFC 6455 client on Linux
/// (``DefaultWebSocketURLSession/platformDefault``), or any session given to ``init(request:protocols:session:)``.
///
/// Each ``connect()`` opens a new task for the current ``request``; a second `connect()` while one is connecting or
/// open does nothing. The delegates run on ``callbackQueue`` (main until changed; ``WebSocketTransport`` sets its own
/// serial queue), in the order the events happened: `websocketDidConnect` once the handshake is done (a session
/// whose tasks cannot tell counts a resumed task as open), each message, then one `websocketDidDisconnect`.
///
/// How a connection's end is reported, as Starscream 3 did: ``disconnect(forceTimeout:closeCode:)`` reports at once
/// with `WSError(code: closeCode)`; a close frame from the server with `WSError(code: <its code>)` (an empty one
/// `1000`); a TCP close without a close frame with `nil`; anything else (a reset connection, refused, handshake
/// failed, broken framing) with the session's own error (`RFC6455Error` on Linux).
///
/// Not available without Starscream: TLS settings (pinning through `security`, client certificates, cipher suites,
/// `disableSSLCertValidation`), SOCKS proxies, compression, the `forceTimeout` of a disconnect, and sending pongs
/// by hand (both clients answer pings themselves). ``write(ping:completion:)`` works where the task can ping
/// (the RFC 6455 client, `URLSessionWebSocketTask`), and does nothing for other tasks.
public final class ApolloWebSocket: ApolloWebSocketClient, @unchecked Sendable {
  // @unchecked Sendable: every mutable member lives in `state`, read and written only under its lock; `session` and
  // `protocols` are immutable. Completion closures cross to `callbackQueue` in `CallbackBox`es (see there).

  private struct Connection {
    let id: Int
    let task: any WebSocketTask
    let outgoing: AsyncStream<Outgoing>.Continuation
    var isOpen = false
  }

  private enum Outgoing: Sendable {
    case message(URLSessionWebSocketTask.Message, CallbackBox?)
    case ping(Data, CallbackBox?)
  }

  private struct State {
    var request: URLRequest
    var callbackQueue: DispatchQueue = .main
    weak var delegate: (any WebSocketDelegate)?
    weak var pongDelegate: (any WebSocketPongDelegate)?
    var connection: Connection?
    var connectionCounter = 0
  }

  private let session: any WebSocketURLSession
  private let protocols: [String]?
  private let state: Mutex<State>

  /// A socket for `request` on the platform's WebSocket client (``DefaultWebSocketURLSession/platformDefault``),
  /// offering `protocols` as `Sec-WebSocket-Protocol`. It connects on ``connect()``.
  public convenience init(request: URLRequest, protocols: [String]? = nil) {
    self.init(request: request, protocols: protocols, session: DefaultWebSocketURLSession.platformDefault)
  }

  /// A socket whose connections are tasks of `session` (not in 0.33): a recording or scripted session in tests, or
  /// a session with its own timeouts.
  public init(request: URLRequest, protocols: [String]? = nil, session: any WebSocketURLSession) {
    self.session = session
    self.protocols = protocols
    self.state = Mutex(State(request: request))
  }

  deinit {
    let connection = state.withLock { $0.connection }
    connection?.outgoing.finish()
    connection?.task.cancel(with: .goingAway, reason: nil)
  }

  // MARK: ApolloWebSocketClient

  /// The upgrade request; a change applies to the next ``connect()``.
  public var request: URLRequest {
    get { state.withLock { $0.request } }
    set { state.withLock { $0.request = newValue } }
  }

  /// Where the delegates are called; read when each event is delivered.
  public var callbackQueue: DispatchQueue {
    get { state.withLock { $0.callbackQueue } }
    set { state.withLock { $0.callbackQueue = newValue } }
  }

  /// Receives the connection's events; held weakly.
  public var delegate: (any WebSocketDelegate)? {
    get { state.withLock { $0.delegate } }
    set { state.withLock { $0.delegate = newValue } }
  }

  /// Receives pongs; held weakly.
  public var pongDelegate: (any WebSocketPongDelegate)? {
    get { state.withLock { $0.pongDelegate } }
    set { state.withLock { $0.pongDelegate = newValue } }
  }

  /// Whether the handshake of the current connection is done and it has not ended.
  public var isConnected: Bool { state.withLock { $0.connection?.isOpen ?? false } }

  /// Opens a new connection for ``request``, unless one is connecting or open.
  public func connect() {
    let started = state.withLock { state -> (Int, any WebSocketTask, AsyncStream<Outgoing>)? in
      guard state.connection == nil else { return nil }
      var request = state.request
      if let protocols, !protocols.isEmpty {
        request.setValue(protocols.joined(separator: ", "), forHTTPHeaderField: "Sec-WebSocket-Protocol")
      }
      state.connectionCounter += 1
      let task = session.webSocketTask(with: request)
      let (messages, outgoing) = AsyncStream<Outgoing>.makeStream()
      state.connection = Connection(id: state.connectionCounter, task: task, outgoing: outgoing)
      return (state.connectionCounter, task, messages)
    }
    guard let (id, task, messages) = started else { return }
    task.resume()
    let socket = WeakSocketReference(self)
    Task { await Self.run(id: id, task: task, messages: messages, socket: socket) }
  }

  /// Closes the current connection with `closeCode` and reports `WSError(code: closeCode)` to the delegate at once;
  /// does nothing without a connection. A connection still opening is cancelled without a report: the delegate never
  /// heard it was connected (Starscream 3 reported nothing either, for a socket that was not connected), so a transport
  /// that updates its headers while connecting does not take it for a lost connection. `forceTimeout` is not used.
  public func disconnect(forceTimeout: TimeInterval?, closeCode: UInt16) {
    guard let connection = state.withLock({ state -> Connection? in
      defer { state.connection = nil }
      return state.connection
    }) else { return }
    connection.outgoing.finish()
    connection.task.cancel(closeCode: Int(closeCode), reason: nil)
    guard connection.isOpen else { return }
    let error = WSError(type: .protocolError, message: "connection closed by client", code: Int(closeCode))
    deliver { socket, delegate, _ in delegate?.websocketDidDisconnect(socket: socket, error: error) }
  }

  /// Sends `string` after the messages written before it; `completion` runs on ``callbackQueue`` once it is sent.
  /// Dropped when not connected, as Starscream did.
  public func write(string: String, completion: (() -> Void)?) {
    enqueue(.message(.string(string), completion.map(CallbackBox.init)))
  }

  /// Sends `data` as a binary message (see ``write(string:completion:)``).
  public func write(data: Data, completion: (() -> Void)?) {
    enqueue(.message(.data(data), completion.map(CallbackBox.init)))
  }

  /// Sends a ping with `ping` (at most 125 bytes); when its pong arrives, `completion` runs and then the
  /// ``pongDelegate`` is told, both on ``callbackQueue``. Needs a task that can ping (see the type's comment).
  public func write(ping: Data, completion: (() -> Void)?) {
    enqueue(.ping(ping, completion.map(CallbackBox.init)))
  }

  /// Does nothing: the WebSocket clients under this socket answer pings themselves.
  public func write(pong: Data, completion: (() -> Void)?) {}

  // MARK: Connection

  private func enqueue(_ item: Outgoing) {
    let outgoing = state.withLock { state in state.connection.flatMap { $0.isOpen ? $0.outgoing : nil } }
    outgoing?.yield(item)
  }

  /// One connection's life: handshake, the sender, the reader. It holds the socket weakly, so a socket nobody holds
  /// closes its connection.
  private static func run(id: Int, task: any WebSocketTask, messages: AsyncStream<Outgoing>, socket: WeakSocketReference<ApolloWebSocket>) async {
    do {
      try await task.waitForHandshake()
    } catch {
      socket.value?.ended(id: id, task: task, error: error)
      return
    }
    guard socket.value?.opened(id: id) == true else {
      task.cancel(with: .goingAway, reason: nil)
      return
    }
    Task { await send(messages, on: task, id: id, socket: socket) }
    while true {
      let message: URLSessionWebSocketTask.Message
      do {
        message = try await task.receive()
      } catch {
        socket.value?.ended(id: id, task: task, error: error)
        return
      }
      guard let current = socket.value else {
        task.cancel(with: .goingAway, reason: nil)
        return
      }
      guard current.isCurrent(id) else { return }
      switch message {
      case .string(let text):
        current.deliver { socket, delegate, _ in delegate?.websocketDidReceiveMessage(socket: socket, text: text) }
      case .data(let data):
        current.deliver { socket, delegate, _ in delegate?.websocketDidReceiveData(socket: socket, data: data) }
      @unknown default:
        break
      }
    }
  }

  /// Writes in order; a failed write ends the connection with Starscream 3's write error (as the 1.x socket does).
  private static func send(_ messages: AsyncStream<Outgoing>, on task: any WebSocketTask, id: Int,
                           socket: WeakSocketReference<ApolloWebSocket>) async {
    for await item in messages {
      do {
        switch item {
        case .message(let message, let completion):
          try await task.send(message)
          if let completion { socket.value?.deliver { _, _, _ in completion.body() } }
        case .ping(let payload, let completion):
          // A task that cannot ping (a custom session's, or a logged one wrapping such a task) drops it, as before.
          guard let control = task.pingControl else { continue }
          // The pong is awaited beside the writes: a later message does not wait a round trip (or, when no
          // pong comes, forever) behind the ping.
          Task {
            do {
              try await control.sendPing(payload: payload)
            } catch {
              control.cancel(with: .goingAway, reason: nil)
              return
            }
            socket.value?.deliver { socket, _, pongDelegate in
              completion?.body()
              pongDelegate?.websocketDidReceivePong(socket: socket, data: payload)
            }
          }
        }
      } catch {
        // Reported before the cancel, so the reader's end (a cancelled receive) is not what the delegate hears.
        socket.value?.ended(id: id, task: task, error: WSError(
          type: .outputStreamWriteError, message: "output stream had an error during write: \(error)", code: 0))
        task.cancel(with: .goingAway, reason: nil)
        return
      }
    }
  }

  private func isCurrent(_ id: Int) -> Bool {
    state.withLock { $0.connection?.id == id }
  }

  private func opened(id: Int) -> Bool {
    let isCurrent = state.withLock { state -> Bool in
      guard state.connection?.id == id else { return false }
      state.connection?.isOpen = true
      return true
    }
    if isCurrent { deliver { socket, delegate, _ in delegate?.websocketDidConnect(socket: socket) } }
    return isCurrent
  }

  private func ended(id: Int, task: any WebSocketTask, error: any Error) {
    let connection = state.withLock { state -> Connection? in
      guard state.connection?.id == id else { return nil }  // disconnect() has reported it
      defer { state.connection = nil }
      return state.connection
    }
    guard let connection else { return }
    connection.outgoing.finish()
    let reported = Self.disconnectError(error, task: task)
    deliver { socket, delegate, _ in delegate?.websocketDidDisconnect(socket: socket, error: reported) }
  }

  /// Starscream 3's view of an ended connection: a close frame is a `WSError` with its code, an end without one is
  /// `nil`, anything else (a reset connection too) is the session's error.
  static func disconnectError(_ error: any Error, task: any WebSocketTask) -> (any Error)? {
    switch StarscreamDisconnect(error, task: task) {
    case .closeFrame(let code, let reason):
      return WSError(type: .protocolError, message: reason.isEmpty ? "connection closed by server" : reason, code: code)
    case .endOfStream:
      return nil
    case .failure(let error):
      return error
    }
  }

  /// Runs `event` on the callback queue with the delegates as they are then.
  private func deliver(_ event: @escaping @Sendable (ApolloWebSocket, (any WebSocketDelegate)?, (any WebSocketPongDelegate)?) -> Void) {
    let queue = state.withLock { $0.callbackQueue }
    queue.async { [self] in
      let (delegate, pongDelegate) = state.withLock { ($0.delegate, $0.pongDelegate) }
      event(self, delegate, pongDelegate)
    }
  }
}

/// A 0.x write completion on its way to the callback queue.
private final class CallbackBox: @unchecked Sendable {
  // @unchecked Sendable: `body` is immutable and called once, on the socket's callback queue, which is where 0.x
  // (Starscream) called write completions; the caller's closure may capture non-Sendable state, as 0.x allowed.
  let body: () -> Void
  init(_ body: @escaping () -> Void) { self.body = body }
}
