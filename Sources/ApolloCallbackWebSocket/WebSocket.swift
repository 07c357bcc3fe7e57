import ApolloWebSocketCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The bundled WebSocket client (1.x's Starscream-derived `WebSocket`), over a ``WebSocketTask`` from a
/// ``WebSocketURLSession``: by default the platform's (``DefaultWebSocketURLSession/platformDefault``, the
/// dependency-free RFC 6455 client on Linux).
///
/// It keeps 1.x's contract: ``connect()`` works in the background and reports through ``delegate`` and the `on…`
/// closures on ``callbackQueue`` (the main queue unless set; ``WebSocketTransport`` sets its own); ``write(string:)``
/// before the connection is open is dropped; ``disconnect(forceTimeout:)`` with `nil` or a positive timeout ends
/// with a ``WSError`` of code 1000 (Starscream reported the server's answer to its close frame that way), with zero
/// at once and without an error; a server that closes ends with a ``WSError`` carrying its close code.
///
/// What Starscream had and this client cannot (MIGRATION.md, "The 1.x WebSocket"): certificate pinning
/// (`security`), client certificates and cipher suites, a SOCKS proxy, `permessage-deflate` compression, and
/// turning off the automatic pong. Their properties that compile without Apple's Security framework are kept and
/// have no effect; TLS (`wss://`) is the session's: Apple's `URLSession` has it, the RFC 6455 client does not.
public final class WebSocket: WebSocketClient, SOCKSProxyable, @unchecked Sendable {
  // @unchecked Sendable: every mutable field lives in `state`, a Mutex; the delegate and the `on…` closures are
  // read under it and called only on `callbackQueue`.

  /// The GraphQL-over-WebSocket sub-protocols, sent as `Sec-WebSocket-Protocol`.
  public enum WSProtocol: CustomStringConvertible, Sendable {
    /// `graphql-ws`, from subscriptions-transport-ws (and AWS AppSync): `start`, `data`, `stop`, `ka`.
    case graphql_ws
    /// `graphql-transport-ws`, from the graphql-ws library: `subscribe`, `next`, `complete`, `ping`/`pong`.
    case graphql_transport_ws

    /// The header value: `graphql-ws` or `graphql-transport-ws`.
    public var description: String {
      switch self {
      case .graphql_ws: return "graphql-ws"
      case .graphql_transport_ws: return "graphql-transport-ws"
      }
    }
  }

  /// Why the connection ended, as Starscream reported it.
  public struct WSError: Swift.Error, Sendable {
    /// The kind of failure.
    public enum ErrorType: Sendable {
      /// A frame could not be written.
      case outputStreamWriteError
      /// The server's certificate was refused (never raised here: pinning is not available).
      case invalidSSLError
      /// Writing timed out.
      case writeTimeoutError
      /// The server broke the framing rules or closed the connection; ``WSError/code`` is the close code.
      case protocolError
      /// The server did not switch protocols; ``WSError/code`` is its HTTP status (or -1 when it sent none).
      case upgradeError
      /// Not produced here: an end without a close frame is reported as `nil`, as the vendored Starscream did. Kept
      /// for code that switches over the type.
      case closeError
    }

    /// The kind of failure.
    public let type: ErrorType
    /// A description for people.
    public let message: String
    /// The close code, or the HTTP status for ``ErrorType/upgradeError``.
    public let code: Int

    /// An error of `type` with `message` and `code`.
    public init(type: ErrorType, message: String, code: Int) {
      self.type = type
      self.message = message
      self.code = code
    }
  }

  enum Constants {
    static let headerWSProtocolName = "Sec-WebSocket-Protocol"
    static let headerOriginName = "Origin"
    static let normalClosure = 1000
  }

  private enum Phase { case idle, connecting, connected }

  /// A frame to write and what to call once it is written.
  private enum Outgoing: Sendable {
    case text(String, Transfer<(() -> Void)?>)
    case binary(Data, Transfer<(() -> Void)?>)
  }

  private struct State {
    var request: URLRequest
    weak var delegate: (any WebSocketClientDelegate)?
    var callbackQueue = DispatchQueue.main
    var onConnect: (() -> Void)?
    var onDisconnect: (((any Error)?) -> Void)?
    var onText: ((String) -> Void)?
    var onData: ((Data) -> Void)?
    var onPong: ((Data?) -> Void)?
    var onHttpResponseHeaders: (([String: String]) -> Void)?
    var disableSSLCertValidation = false
    var overrideTrustHostname = false
    var desiredTrustHostname: String?
    var enableCompression = true
    var enableSOCKSProxy = false
    var respondToPingWithPong = true
    var phase = Phase.idle
    /// Bumped by every connect and disconnect, so the events of an older connection are dropped.
    var generation = 0
    var task: (any WebSocketTask)?
    var writer: AsyncStream<Outgoing>.Continuation?
  }

  private let session: any WebSocketURLSession
  private let state: Mutex<State>

  /// A client for `request` speaking `protocol`, over the platform's default session. Sets `Origin` (from the URL)
  /// unless the request has one, and `Sec-WebSocket-Protocol`. Where the default is the RFC 6455 client (Linux), the
  /// request's `timeoutInterval` bounds connecting and the handshake, as it bounded Starscream's connect.
  public convenience init(request: URLRequest, protocol: WSProtocol) {
    self.init(request: request, protocol: `protocol`, session: Self.defaultSession(for: request))
  }

  private static func defaultSession(for request: URLRequest) -> any WebSocketURLSession {
    let session = DefaultWebSocketURLSession.platformDefault
    guard session is RFC6455WebSocketSession, request.timeoutInterval > 0 else { return session }
    return RFC6455WebSocketSession(connectTimeout: request.timeoutInterval, handshakeTimeout: request.timeoutInterval)
  }

  /// A client for `request` speaking `protocol` over `session`'s tasks: for tests, and for a session that wraps
  /// another (to record frames, say). Not in 1.x, whose socket owned its stream.
  public init(request: URLRequest, protocol: WSProtocol, session: any WebSocketURLSession) {
    var request = request
    if request.value(forHTTPHeaderField: Constants.headerOriginName) == nil, let url = request.url {
      request.setValue(Self.origin(of: url), forHTTPHeaderField: Constants.headerOriginName)
    }
    request.setValue(`protocol`.description, forHTTPHeaderField: Constants.headerWSProtocolName)
    self.session = session
    self.state = Mutex(State(request: request))
  }

  /// A client for `url` speaking `protocol`; the request's timeout is 5 seconds, as 1.x's.
  public convenience init(url: URL, protocol: WSProtocol) {
    var request = URLRequest(url: url)
    request.timeoutInterval = 5
    self.init(request: request, protocol: `protocol`)
  }

  /// 1.x's initializer with a quality of service for its write queue; writes here are ordered per connection and
  /// run on the session's own threads, so `writeQueueQOS` is not used.
  public convenience init(url: URL, writeQueueQOS: QualityOfService, protocol: WSProtocol) {
    self.init(url: url, protocol: `protocol`)
  }

  deinit {
    let (task, writer) = state.withLock { ($0.task, $0.writer) }
    writer?.finish()
    task?.cancel(with: .goingAway, reason: nil)
  }

  // MARK: Properties

  private subscript<Value>(_ keyPath: WritableKeyPath<State, Value>) -> Value {
    get { state.withLock { $0[keyPath: keyPath] } }
    set { state.withLock { $0[keyPath: keyPath] = newValue } }
  }

  /// Receives the connection's events (held weakly).
  public var delegate: (any WebSocketClientDelegate)? {
    get { self[\.delegate] }
    set { self[\.delegate] = newValue }
  }
  /// Where the delegate and the `on…` closures are called; the main queue unless set.
  public var callbackQueue: DispatchQueue {
    get { self[\.callbackQueue] }
    set { self[\.callbackQueue] = newValue }
  }
  /// Called when the connection is open, before the delegate.
  public var onConnect: (() -> Void)? {
    get { self[\.onConnect] }
    set { self[\.onConnect] = newValue }
  }
  /// Called when the connection ended, before the delegate.
  public var onDisconnect: (((any Error)?) -> Void)? {
    get { self[\.onDisconnect] }
    set { self[\.onDisconnect] = newValue }
  }
  /// Called for each text frame, before the delegate.
  public var onText: ((String) -> Void)? {
    get { self[\.onText] }
    set { self[\.onText] = newValue }
  }
  /// Called for each binary frame, before the delegate.
  public var onData: ((Data) -> Void)? {
    get { self[\.onData] }
    set { self[\.onData] = newValue }
  }
  /// Called when the pong for a ``write(ping:completion:)`` arrives, with the ping's payload (`nil` when empty).
  public var onPong: ((Data?) -> Void)? {
    get { self[\.onPong] }
    set { self[\.onPong] = newValue }
  }
  /// 1.x called it with the upgrade response's headers; the session seam does not expose them, so it is not called.
  public var onHttpResponseHeaders: (([String: String]) -> Void)? {
    get { self[\.onHttpResponseHeaders] }
    set { self[\.onHttpResponseHeaders] = newValue }
  }
  /// Kept for source compatibility; certificate validation is the session's (see the type's notes).
  public var disableSSLCertValidation: Bool {
    get { self[\.disableSSLCertValidation] }
    set { self[\.disableSSLCertValidation] = newValue }
  }
  /// Kept for source compatibility; certificate validation is the session's (see the type's notes).
  public var overrideTrustHostname: Bool {
    get { self[\.overrideTrustHostname] }
    set { self[\.overrideTrustHostname] = newValue }
  }
  /// Kept for source compatibility; certificate validation is the session's (see the type's notes).
  public var desiredTrustHostname: String? {
    get { self[\.desiredTrustHostname] }
    set { self[\.desiredTrustHostname] = newValue }
  }
  /// Kept for source compatibility; no `permessage-deflate` is offered whatever its value.
  public var enableCompression: Bool {
    get { self[\.enableCompression] }
    set { self[\.enableCompression] = newValue }
  }
  /// Kept for source compatibility; connections never go through a SOCKS proxy.
  public var enableSOCKSProxy: Bool {
    get { self[\.enableSOCKSProxy] }
    set { self[\.enableSOCKSProxy] = newValue }
  }
  /// Kept for source compatibility; the session always answers a ping with a pong, as RFC 6455 requires.
  public var respondToPingWithPong: Bool {
    get { self[\.respondToPingWithPong] }
    set { self[\.respondToPingWithPong] = newValue }
  }
  /// Whether the connection is open.
  public var isConnected: Bool { state.withLock { $0.phase == .connected } }
  /// The upgrade request; header changes apply from the next ``connect()``.
  public var request: URLRequest {
    get { self[\.request] }
    set { self[\.request] = newValue }
  }
  /// The request's URL (a `file:///` URL if the app removed it; 1.x crashed there).
  public var currentURL: URL { request.url ?? URL(fileURLWithPath: "/") }

  // MARK: Connecting

  /// Opens the connection in the background; does nothing while one is open or opening.
  public func connect() {
    let start = state.withLock { state -> (URLRequest, Int)? in
      guard state.phase == .idle else { return nil }
      state.phase = .connecting
      state.generation += 1
      return (state.request, state.generation)
    }
    guard let (request, generation) = start else { return }
    let task = session.webSocketTask(with: request)
    let (outgoing, writer) = AsyncStream<Outgoing>.makeStream()
    let current = state.withLock { state -> Bool in
      guard state.generation == generation else { return false }
      state.task = task
      state.writer = writer
      return true
    }
    guard current else {
      writer.finish()
      return
    }
    task.resume()
    let transfer = Transfer(outgoing)
    let socket = WeakSocketReference(self)
    Task { await Self.run(task, generation: generation, outgoing: transfer.value, socket: socket) }
  }

  /// Closes the connection: `nil` or a positive `forceTimeout` sends a normal close frame and reports a
  /// ``WSError`` with code 1000; zero or less reports no error. Does nothing when there is no connection.
  public func disconnect(forceTimeout: TimeInterval? = nil) {
    disconnect(forceTimeout: forceTimeout, closeCode: UInt16(Constants.normalClosure))
  }

  /// ``disconnect(forceTimeout:)`` with the close code to send.
  public func disconnect(forceTimeout: TimeInterval? = nil, closeCode: UInt16) {
    let taken = state.withLock { state -> ((any WebSocketTask)?, AsyncStream<Outgoing>.Continuation?)? in
      guard state.phase != .idle else { return nil }
      state.phase = .idle
      state.generation += 1
      defer { state.task = nil; state.writer = nil }
      return (state.task, state.writer)
    }
    guard let (task, writer) = taken else { return }
    writer?.finish()
    task?.cancel(closeCode: Int(closeCode), reason: nil)
    let error: (any Error)? = (forceTimeout ?? 1) > 0
      ? WSError(type: .protocolError, message: "connection closed by server", code: Int(closeCode))
      : nil
    reportDisconnect(error)
  }

  // MARK: Writing

  /// Sends a text frame; dropped when the connection is not open.
  public func write(string: String) {
    write(string: string, completion: nil)
  }

  /// Sends a text frame and calls `completion` on ``callbackQueue`` once it was written; dropped (and `completion`
  /// never called) when the connection is not open.
  public func write(string: String, completion: (() -> Void)?) {
    enqueue(.text(string, Transfer(completion)))
  }

  /// Sends a binary frame; see ``write(string:completion:)``.
  public func write(data: Data, completion: (() -> Void)? = nil) {
    enqueue(.binary(data, Transfer(completion)))
  }

  /// Sends a ping frame carrying `ping` (at most 125 bytes are sent); `completion` and ``onPong`` run on
  /// ``callbackQueue`` when the pong arrives. Dropped when the connection is not open, or when the session's task
  /// cannot ping (one that is not a ``WebSocketTaskControl``).
  public func write(ping: Data, completion: (() -> Void)? = nil) {
    let target = state.withLock { state -> (any WebSocketTask, Int)? in
      guard state.phase == .connected, let task = state.task else { return nil }
      return (task, state.generation)
    }
    guard let (task, generation) = target else { return }
    let transfer = Transfer(completion)
    // Held weakly while the pong is awaited, as the reader and writer hold it: a socket the app lets go of without
    // `disconnect()` goes (and closes its connection) even when the server never answers the ping.
    let weakSocket = WeakSocketReference(self)
    Task {
      do {
        try await Self.ping(task, payload: Data(ping.prefix(125)))
      } catch {
        return
      }
      guard let socket = weakSocket.value, socket.isCurrent(generation) else { return }
      let pong: Data? = ping.isEmpty ? nil : Data(ping.prefix(125))
      socket.dispatch { socket in
        transfer.value?()
        socket.state.withLock { $0.onPong }?(pong)
      }
    }
  }

  /// 1.x could send an unsolicited pong; the session seam has no such frame, so this does nothing.
  public func write(pong: Data, completion: (() -> Void)? = nil) {}

  private static func ping(_ task: any WebSocketTask, payload: Data) async throws {
    // `pingControl`: a logged task pings only when the task it wraps can (the 0.x socket asks the same way).
    guard let control = task.pingControl else {
      throw WSError(type: .outputStreamWriteError, message: "this session's task cannot send pings", code: 0)
    }
    try await control.sendPing(payload: payload)
  }

  private func enqueue(_ item: Outgoing) {
    let writer = state.withLock { $0.phase == .connected ? $0.writer : nil }
    writer?.yield(item)
  }

  // MARK: One connection

  /// One connection's life: handshake, the writer, the reader. It holds the socket weakly between frames, so a socket
  /// the app lets go of without disconnecting closes its connection (its `deinit` runs) rather than living on with it.
  private static func run(
    _ task: any WebSocketTask, generation: Int, outgoing: AsyncStream<Outgoing>, socket weakSocket: WeakSocketReference<WebSocket>
  ) async {
    do {
      try await task.waitForHandshake()
      guard let socket = weakSocket.value else {
        task.cancel(with: .goingAway, reason: nil)
        return
      }
      guard socket.opened(generation) else { return }
      let transfer = Transfer(outgoing)
      Task { await write(transfer.value, to: task, generation: generation, socket: weakSocket) }
    } catch {
      weakSocket.value?.end(generation, task: task, error: disconnectError(for: error, task: task))
      return
    }
    while true {
      let message: URLSessionWebSocketTask.Message
      do {
        message = try await task.receive()
      } catch {
        weakSocket.value?.end(generation, task: task, error: disconnectError(for: error, task: task))
        return
      }
      guard let socket = weakSocket.value else {
        task.cancel(with: .goingAway, reason: nil)
        return
      }
      guard socket.isCurrent(generation) else { return }
      switch message {
      case .string(let text):
        socket.dispatch { socket in
          socket.state.withLock { $0.onText }?(text)
          socket.delegate?.websocketDidReceiveMessage(socket: socket, text: text)
        }
      case .data(let data):
        socket.dispatch { socket in
          socket.state.withLock { $0.onData }?(data)
          socket.delegate?.websocketDidReceiveData(socket: socket, data: data)
        }
      @unknown default:
        continue
      }
    }
  }

  /// The handshake of connection `generation` is done: reports the connection, unless it was replaced or ended.
  private func opened(_ generation: Int) -> Bool {
    let opened = state.withLock { state -> Bool in
      guard state.generation == generation, state.phase == .connecting else { return false }
      state.phase = .connected
      return true
    }
    guard opened else { return false }
    dispatch { socket in
      socket.state.withLock { $0.onConnect }?()
      socket.delegate?.websocketDidConnect(socket: socket)
    }
    return true
  }

  /// Sends the connection's frames in order; a failed send ends the connection.
  private static func write(
    _ outgoing: AsyncStream<Outgoing>, to task: any WebSocketTask, generation: Int, socket weakSocket: WeakSocketReference<WebSocket>
  ) async {
    for await item in outgoing {
      let completion: (() -> Void)?
      do {
        switch item {
        case .text(let text, let done):
          completion = done.value
          try await task.send(.string(text))
        case .binary(let data, let done):
          completion = done.value
          try await task.send(.data(data))
        }
      } catch {
        weakSocket.value?.end(
          generation, task: task,
          error: WSError(type: .outputStreamWriteError, message: "output stream had an error during write: \(error)", code: 0))
        return
      }
      if let completion {
        let transfer = Transfer(completion)
        weakSocket.value?.dispatch { _ in transfer.value() }
      }
    }
  }

  private func end(_ generation: Int, task: any WebSocketTask, error: (any Error)?) {
    let ended = state.withLock { state -> AsyncStream<Outgoing>.Continuation?? in
      guard state.generation == generation, state.phase != .idle else { return .none }
      state.phase = .idle
      defer { state.task = nil; state.writer = nil }
      return .some(state.writer)
    }
    guard case .some(let writer) = ended else { return }
    writer?.finish()
    task.cancel(with: .normalClosure, reason: nil)
    reportDisconnect(error)
  }

  private func reportDisconnect(_ error: (any Error)?) {
    dispatch { socket in
      socket.state.withLock { $0.onDisconnect }?(error)
      socket.delegate?.websocketDidDisconnect(socket: socket, error: error)
    }
  }

  private func isCurrent(_ generation: Int) -> Bool {
    state.withLock { $0.generation == generation && $0.phase == .connected }
  }

  /// Runs `body` on the callback queue (read now, so events keep their order even if the queue is changed later).
  private func dispatch(_ body: @escaping (WebSocket) -> Void) {
    callbackQueue.asyncTransferring { body(self) }
  }

  // MARK: Errors

  /// The error a delegate hears for what ended the connection: Starscream's ``WSError`` where it had one (a close
  /// from the server, a framing violation, a refused upgrade), `nil` for a connection that ended without a close
  /// frame (as the vendored Starscream's stream reported its end), otherwise the session's own error.
  static func disconnectError(for error: any Error, task: any WebSocketTask) -> (any Error)? {
    switch StarscreamDisconnect(error, task: task) {
    case .closeFrame(let code, let reason):
      return WSError(type: .protocolError, message: reason.isEmpty ? "connection closed by server" : reason, code: code)
    case .endOfStream:
      return nil
    case .failure(RFC6455Error.protocolViolation(let reason)):
      return WSError(type: .protocolError, message: reason, code: 1002)
    case .failure(RFC6455Error.handshakeFailed(let reason)):
      return WSError(type: .upgradeError, message: "Invalid HTTP upgrade: \(reason)", code: Self.httpStatus(in: reason))
    case .failure(let error):
      return error
    }
  }

  /// The status in a handshake failure such as `expected status 101, got "HTTP/1.1 403 Forbidden"`; -1 if none.
  private static func httpStatus(in reason: String) -> Int {
    guard let quote = reason.firstIndex(of: "\"") else { return -1 }
    let statusLine = reason[reason.index(after: quote)...]
    let parts = statusLine.split(separator: " ")
    guard parts.count > 1, let status = Int(parts[1]) else { return -1 }
    return status
  }

  private static func origin(of url: URL) -> String {
    guard let root = URL(string: "/", relativeTo: url)?.absoluteString else { return url.absoluteString }
    return root.hasSuffix("/") ? String(root.dropLast()) : root
  }
}
