import ApolloCore
import ApolloWebSocketCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Queries, mutations and subscriptions over one `graphql-ws` (subscriptions-transport-ws) WebSocket, with 0.33's
/// behaviour.
///
/// The rules it keeps, in 0.33's order:
/// - **Connecting.** `init` creates the socket through ``provider`` with `Sec-WebSocket-Protocol: graphql-ws` and the
///   client-awareness headers, and connects at once. On every open connection it sends `connection_init` (with
///   ``updateConnectingPayload(_:)``'s payload), then tells the delegate "connected" the first time and "reconnected"
///   every later time, after which it re-sends every stored subscription's `start`.
/// - **The queue.** A message goes out only while the socket is connected and the server has acknowledged
///   (`connection_init` needs only the connection); otherwise it waits, in order, until `connection_ack`. A `ka`
///   flushes the queue too but does not acknowledge, so what still cannot go waits again.
/// - **Routing.** `data` and `error` go to the operation's handler as a result (an `error` payload too, 0.33's quirk);
///   `complete` forgets the handler of a query or mutation, never a subscription's. A message that cannot be routed
///   (not JSON, unknown `type`, unknown id, `connection_error`, `complete` without id) reaches **every** handler as a
///   ``WebSocketError`` of kind ``WebSocketError/ErrorKind/unprocessedMessage(_:)``; the socket stays open.
/// - **Disconnects.** When the connection ends with an error, every handler gets the socket's error, the delegate a
///   ``WebSocketError`` wrapping it, and ``send(operation:completionHandler:)`` fails at once with that error until
///   the next connection. Handlers stay; with `reconnect`, the socket connects again after `reconnectionInterval`,
///   as often as it takes, and subscriptions resume. A query or mutation is not sent again.
///
/// Threads: the delegate and every completion handler run on the transport's serial processing queue
/// (`com.apollographql.WebSocketTransport`), which is also the socket's callback queue; events from a socket that
/// calls back elsewhere (a test's scripted socket) are moved there first. The public methods can be called from any
/// thread.
///
/// Differences from 0.33 (MIGRATION.md lists them): reconnections are scheduled on the processing queue instead of
/// the main queue (the same order of events, and they happen in processes whose main thread runs no run loop); a
/// scheduled reconnection holds the transport weakly and is dropped when reconnection was turned off meanwhile (a
/// pause), where 0.33's closure kept the transport alive and connected anyway; the reconnection of a header or payload
/// update schedules no second one; the socket's callback queue is set before it connects; an operation needing its persisted-query identifier without one fails with
/// `RequestBodyError` instead of stopping the process; TLS and SOCKS settings (`security`, `enableSOCKSProxy`) do not
/// exist (see ``ApolloWebSocket``).
public final class WebSocketTransport: @unchecked Sendable {
  // @unchecked Sendable: every mutable member lives in `state`, read and written only under its lock; the handlers
  // it holds are called on `processingQueue` only. `websocket` is called from the caller's thread (connect, isConnected,
  // headers, pause, resume) and from `processingQueue`, as in 0.33: a socket must take calls from any thread, as
  // ``ApolloWebSocket`` does.

  /// The socket type `init(request:…)` creates: ``ApolloWebSocket`` unless changed. Set it before creating a
  /// transport (a test's scripted socket, say).
  public static var provider: any ApolloWebSocketClient.Type {
    get { providerStorage.withLock { $0 } }
    set { providerStorage.withLock { $0 = newValue } }
  }

  // nonisolated(unsafe): the Mutex serializes every read and write; a metatype is immutable, it is only not Sendable
  // because the protocol does not require Sendable (0.x sockets are plain classes).
  nonisolated(unsafe) private static let providerStorage = Mutex<any ApolloWebSocketClient.Type>(ApolloWebSocket.self)

  /// One operation's handler.
  private struct Handler {
    let call: (Result<JSON.Object, any Error>) -> Void
  }

  private struct State {
    weak var delegate: (any WebSocketTransportDelegate)?
    var clientName: String
    var clientVersion: String
    var reconnect: Bool
    /// While header or payload updates have their own reconnection under way (reconnection off until each one's
    /// disconnect event is handled), the setting to put back after the last of them; an explicit change (a pause, a
    /// resume, a close) changes this instead, so that it holds once the updates are done.
    var reconnectAfterUpdates: Bool?
    var updatesUnderway = 0

    /// An explicit change of the reconnection setting: now, and after any updates under way.
    mutating func setReconnect(_ value: Bool) {
      reconnect = value
      if updatesUnderway > 0 { reconnectAfterUpdates = value }
    }
    var connectingPayload: GraphQLMap?
    /// The error of the last disconnect, until the next connection.
    var error: WebSocketError?
    var acked = false
    var hasConnected = false
    /// Messages waiting for the connection and its ack, sent in key order.
    var queue: [Int: String] = [:]
    /// The largest key in ``queue`` (0 when it is empty): the next message queues after it, as 0.33 queued after
    /// the largest key, without looking through every queued key for each message.
    var queueLastKey = 0

    /// Empties the queue; the next message queued is the first.
    mutating func clearQueue() {
      queue.removeAll()
      queueLastKey = 0
    }
    /// The `start` message of each live subscription, re-sent on every reconnection.
    var subscriptions: [String: String] = [:]
    var handlers: [String: Handler] = [:]
    var operationCounter = 0
  }

  /// The socket (0.33 kept it internal too).
  let websocket: any ApolloWebSocketClient
  private let sendOperationIdentifiers: Bool
  private let reconnectionInterval: TimeInterval
  private let allowSendingDuplicates: Bool
  private let requestCreator: any RequestCreator
  let processingQueue = DispatchQueue(label: "com.apollographql.WebSocketTransport")
  private let onProcessingQueue = DispatchSpecificKey<Bool>()
  private let state: Mutex<State>

  /// Told of connections and disconnections; held weakly.
  public var delegate: (any WebSocketTransportDelegate)? {
    get { state.withLock { $0.delegate } }
    set { state.withLock { $0.delegate = newValue } }
  }

  /// Sent as `apollographql-client-name` in the upgrade request; a change applies to the next connection.
  public var clientName: String {
    get { state.withLock { $0.clientName } }
    set {
      state.withLock { $0.clientName = newValue }
      applyClientHeaders()
    }
  }

  /// Sent as `apollographql-client-version` in the upgrade request; a change applies to the next connection.
  public var clientVersion: String {
    get { state.withLock { $0.clientVersion } }
    set {
      state.withLock { $0.clientVersion = newValue }
      applyClientHeaders()
    }
  }

  /// Creates the socket with ``provider`` for `request` and connects it at once.
  ///
  /// - Parameters:
  ///   - request: the upgrade request; its headers are sent with each connection.
  ///   - clientName: sent as `apollographql-client-name`.
  ///   - clientVersion: sent as `apollographql-client-version`.
  ///   - sendOperationIdentifiers: add `id` (the persisted-query identifier) to each `start` payload; the document is
  ///     always sent.
  ///   - reconnect: connect again after a lost connection.
  ///   - reconnectionInterval: seconds before each reconnection attempt (no limit, no backoff, as 0.33).
  ///   - allowSendingDuplicates: when `false`, a subscription re-sent on reconnection replaces an identical message
  ///     still waiting in the queue instead of being queued twice.
  ///   - connectingPayload: the `connection_init` payload; `nil` sends none.
  ///   - requestCreator: builds each `start` payload (always with the document, never with APQ).
  public convenience init(request: URLRequest,
                          clientName: String = WebSocketTransport.defaultClientName,
                          clientVersion: String = WebSocketTransport.defaultClientVersion,
                          sendOperationIdentifiers: Bool = false,
                          reconnect: Bool = true,
                          reconnectionInterval: TimeInterval = 0.5,
                          allowSendingDuplicates: Bool = true,
                          connectingPayload: GraphQLMap? = [:],
                          requestCreator: any RequestCreator = ApolloRequestCreator()) {
    self.init(websocket: Self.provider.init(request: request, protocols: ["graphql-ws"]), clientName: clientName,
              clientVersion: clientVersion, sendOperationIdentifiers: sendOperationIdentifiers, reconnect: reconnect,
              reconnectionInterval: reconnectionInterval, allowSendingDuplicates: allowSendingDuplicates,
              connectingPayload: connectingPayload, requestCreator: requestCreator)
  }

  /// The same over a socket you made (not in 0.33, where only ``provider`` chose it): for example
  /// `ApolloWebSocket(request: request, protocols: ["graphql-ws"], session: session)` on a session of your own.
  /// Create it with `protocols: ["graphql-ws"]`; the transport adds the client headers, becomes its delegate and
  /// connects it.
  public init(websocket: any ApolloWebSocketClient,
              clientName: String = WebSocketTransport.defaultClientName,
              clientVersion: String = WebSocketTransport.defaultClientVersion,
              sendOperationIdentifiers: Bool = false,
              reconnect: Bool = true,
              reconnectionInterval: TimeInterval = 0.5,
              allowSendingDuplicates: Bool = true,
              connectingPayload: GraphQLMap? = [:],
              requestCreator: any RequestCreator = ApolloRequestCreator()) {
    self.websocket = websocket
    self.sendOperationIdentifiers = sendOperationIdentifiers
    self.reconnectionInterval = reconnectionInterval
    self.allowSendingDuplicates = allowSendingDuplicates
    self.requestCreator = requestCreator
    self.state = Mutex(State(clientName: clientName, clientVersion: clientVersion, reconnect: reconnect,
                             connectingPayload: connectingPayload))
    processingQueue.setSpecific(key: onProcessingQueue, value: true)
    applyClientHeaders()
    websocket.delegate = self
    // 0.33 connected first and moved the callbacks afterwards, counting on the handshake to take longer; here the
    // queue is set first, so a fast handshake cannot report to the main queue (which a process may never run).
    websocket.callbackQueue = processingQueue
    websocket.connect()
  }

  deinit {
    websocket.disconnect()
    websocket.delegate = nil
  }

  // MARK: Controls

  /// Whether the socket is connected (acknowledged or not).
  public func isConnected() -> Bool {
    websocket.isConnected
  }

  /// Sends a WebSocket ping with `data`; `completionHandler` runs on the processing queue when the socket reports
  /// it done (``ApolloWebSocket``: when the pong arrives).
  public func ping(data: Data, completionHandler: (() -> Void)? = nil) {
    websocket.write(ping: data, completion: completionHandler)
  }

  /// Sends `connection_init` with the current connecting payload and waits for a new `connection_ack` before
  /// anything else goes out. The transport calls it on every connection.
  public func initServer() {
    onQueue { $0.sendConnectionInit() }
  }

  /// Sends `connection_terminate` and forgets the queue and the stored subscriptions; turns reconnection off. As in
  /// 0.33 the socket is not closed here (the server closes it) and the handlers stay.
  public func closeConnection() {
    state.withLock { $0.setReconnect(false) }
    processingQueue.async { [self] in
      write(OperationMessageEnvelope(type: "connection_terminate").text)
      state.withLock { state in
        state.clearQueue()
        state.subscriptions.removeAll()
      }
    }
  }

  /// Sends `stop` for the operation `subscriptionId` and forgets its handler and stored subscription.
  public func unsubscribe(_ subscriptionId: String) {
    processingQueue.async { [self] in
      write(OperationMessageEnvelope(type: "stop", id: subscriptionId).text)
      state.withLock { state in
        state.handlers[subscriptionId] = nil
        state.subscriptions[subscriptionId] = nil
      }
    }
  }

  /// Sets (or, with `nil`, removes) upgrade-request headers, then disconnects and connects again so they apply.
  /// Handlers get the disconnect's error; subscriptions resume on the new connection.
  public func updateHeaderValues(_ values: [String: String?]) {
    var request = websocket.request
    for (name, value) in values { request.setValue(value, forHTTPHeaderField: name) }
    websocket.request = request
    reconnectWebSocket()
  }

  /// Replaces the `connection_init` payload, then disconnects and connects again so the server gets it.
  public func updateConnectingPayload(_ payload: GraphQLMap) {
    state.withLock { $0.connectingPayload = payload }
    reconnectWebSocket()
  }

  /// Turns reconnection off and disconnects; subscriptions are kept and resume on
  /// ``resumeWebSocketConnection(autoReconnect:)``. Until then, subscribers have the disconnect error and
  /// ``send(operation:completionHandler:)`` fails at once.
  public func pauseWebSocketConnection() {
    state.withLock { $0.setReconnect(false) }
    websocket.disconnect()
  }

  /// Sets reconnection to `autoReconnect` and connects; the delegate hears "reconnected" and the subscriptions are
  /// re-sent after the ack.
  public func resumeWebSocketConnection(autoReconnect: Bool = true) {
    state.withLock { $0.setReconnect(autoReconnect) }
    websocket.connect()
  }

  /// Unavailable: TLS trust evaluation was Starscream's (see ``ApolloWebSocket``).
  @available(*, unavailable, message: "Starscream's TLS settings do not exist here: Apple platforms evaluate trust in URLSession (use ApolloWebSocket(request:protocols:session:) with your own session); Linux has no wss://")
  public var security: Never? { nil }

  /// Unavailable: SOCKS proxies were Starscream's (see ``ApolloWebSocket``).
  @available(*, unavailable, message: "SOCKS proxies are not available without Starscream")
  public var enableSOCKSProxy: Bool { false }

  // MARK: Sending

  /// Registers `resultHandler` under a new id and sends the operation's `start` (queued until the ack); returns the
  /// id. A subscription's `start` is kept for re-sending after reconnections.
  func sendHelper<Operation: GraphQLOperation>(operation: Operation,
                                               resultHandler: @escaping (Result<JSON.Object, any Error>) -> Void) throws -> String {
    if sendOperationIdentifiers && operation.operationIdentifier == nil {
      throw RequestBodyError.missingOperationIdentifier(operationName: operation.operationName)
    }
    let body = requestCreator.requestBody(for: operation, sendOperationIdentifiers: sendOperationIdentifiers,
                                          sendQueryDocument: true, autoPersistQuery: false)
    let isSubscription = Operation.operationType == .subscription
    let id = state.withLock { state -> String in
      state.operationCounter += 1
      let id = String(state.operationCounter)
      state.handlers[id] = Handler(call: resultHandler)
      return id
    }
    let message = OperationMessageEnvelope(type: "start", id: id, payload: .object(body)).text
    processingQueue.async { [self] in
      write(message)
      if isSubscription { state.withLock { $0.subscriptions[id] = message } }
    }
    return id
  }

  /// Writes now when connected and acknowledged (or `force`d past the ack); otherwise queues under `key`, or after
  /// the last queued message. Runs on the processing queue.
  private func write(_ message: String, force: Bool = false, key: Int? = nil) {
    let acked = state.withLock { $0.acked }
    if websocket.isConnected && (acked || force) {
      websocket.write(string: message)
      return
    }
    state.withLock { state in
      let queuedKey = key ?? state.queueLastKey + 1
      state.queue[queuedKey] = message
      state.queueLastKey = max(state.queueLastKey, queuedKey)
    }
  }

  /// Tries every queued message again, in key order (what cannot go yet waits again under its key).
  private func flushQueue() {
    let pending = state.withLock { state -> [(key: Int, value: String)] in
      defer { state.clearQueue() }
      return state.queue.sorted { $0.key < $1.key }
    }
    for (key, message) in pending { write(message, key: key) }
  }

  private func sendConnectionInit() {
    let payload = state.withLock { state -> GraphQLMap? in
      state.acked = false
      return state.connectingPayload
    }
    write(OperationMessageEnvelope(type: "connection_init", payload: payload.map(JSON.object)).text, force: true)
  }

  /// 0.33's reconnectWebSocket: disconnect and connect with reconnection off, then put it back. It is put back on the
  /// processing queue, after the disconnect event the socket reported meanwhile, so that event schedules no second
  /// reconnection (in 0.33 the flag came back first, and the scheduled `connect()` hit a connected socket).
  /// Updates that follow one another (headers, then the payload) or a pause, resume or close right after one keep the
  /// setting they should: the value before the first update, or the explicit change (`State.setReconnect`).
  private func reconnectWebSocket() {
    state.withLock { state in
      if state.updatesUnderway == 0 { state.reconnectAfterUpdates = state.reconnect }
      state.updatesUnderway += 1
      state.reconnect = false
    }
    websocket.disconnect()
    websocket.connect()
    processingQueue.async { [self] in
      state.withLock { state in
        state.updatesUnderway -= 1
        guard state.updatesUnderway == 0, let setting = state.reconnectAfterUpdates else { return }
        state.reconnect = setting
        state.reconnectAfterUpdates = nil
      }
    }
  }

  private func applyClientHeaders() {
    var request = websocket.request
    addApolloClientHeaders(to: &request)
    websocket.request = request
  }

  /// Runs `body` now when on the processing queue, else there, in order.
  private func onQueue(_ body: @escaping @Sendable (WebSocketTransport) -> Void) {
    if DispatchQueue.getSpecific(key: onProcessingQueue) == true {
      body(self)
    } else {
      processingQueue.async { [self] in body(self) }
    }
  }

  // MARK: Receiving (on the processing queue)

  private func handleConnect() {
    state.withLock { $0.error = nil }
    sendConnectionInit()
    let (wasConnected, delegate) = state.withLock { state in
      defer { state.hasConnected = true }
      return (state.hasConnected, state.delegate)
    }
    guard wasConnected else {
      delegate?.webSocketTransportDidConnect(self)
      return
    }
    delegate?.webSocketTransportDidReconnect(self)
    // In id order (0.33 walked a dictionary); they wait for the ack, as acked is false now.
    // Where each message already waits, looked up once rather than by a scan of the queue per subscription.
    let queuedKeys = allowSendingDuplicates ? [:] : state.withLock { QueuedMessageKeys.of($0.queue) }
    for message in Self.inIDOrder(state.withLock { $0.subscriptions }) {
      if allowSendingDuplicates {
        write(message)
      } else {
        write(message, key: queuedKeys[message])
      }
    }
  }

  private func handleDisconnect(_ error: (any Error)?) {
    let wrapped = error.map { WebSocketError(error: $0, kind: .networkError) }
    let (handlers, delegate, reconnect) = state.withLock { state in
      state.error = wrapped
      return (state.handlers, state.delegate, state.reconnect)
    }
    if let error {
      for handler in Self.inIDOrder(handlers) { handler.call(.failure(error)) }
    }
    delegate?.webSocketTransport(self, didDisconnectWithError: wrapped)
    state.withLock { $0.acked = false }
    guard reconnect else { return }
    processingQueue.asyncAfter(deadline: .now() + reconnectionInterval) { [weak self] in
      guard let self, state.withLock({ $0.reconnect }) else { return }
      websocket.connect()
    }
  }

  private func handleMessage(_ text: String) {
    let message: OperationMessageEnvelope
    do {
      message = try OperationMessageEnvelope(parsing: text)
    } catch {
      failAll(WebSocketError(error: error, kind: .unprocessedMessage(text)))
      return
    }
    switch message.type {
    case "data", "error":
      guard let id = message.id, let handler = state.withLock({ $0.handlers[id] }) else {
        failAll(WebSocketError(payload: message.objectPayload, kind: .unprocessedMessage(text)))
        return
      }
      if let payload = message.objectPayload {
        handler.call(.success(payload))
      } else {
        handler.call(.failure(WebSocketError(kind: .neitherErrorNorPayloadReceived)))
      }
    case "complete":
      guard let id = message.id else {
        failAll(WebSocketError(payload: message.objectPayload, kind: .unprocessedMessage(text)))
        return
      }
      // "Not a subscription" is read from the stored subscriptions, as 0.33 did: once `closeConnection()`
      // cleared them, a subscription's `complete` forgets its handler too.
      state.withLock { state in
        if state.subscriptions[id] == nil { state.handlers[id] = nil }
      }
    case "connection_ack":
      state.withLock { $0.acked = true }
      flushQueue()
    case "ka":
      flushQueue()
    default:
      // connection_error, a client message type, an unknown or missing type.
      failAll(WebSocketError(payload: message.objectPayload, kind: .unprocessedMessage(text)))
    }
  }

  private func failAll(_ error: WebSocketError) {
    let handlers = state.withLock { $0.handlers }
    for handler in Self.inIDOrder(handlers) { handler.call(.failure(error)) }
  }

  /// The values in numeric id order, so every handler hears of a shared event in the order the operations started
  /// (0.33 walked a dictionary).
  private static func inIDOrder<Value>(_ byID: [String: Value]) -> [Value] {
    byID.sorted { (Int($0.key) ?? 0, $0.key) < (Int($1.key) ?? 0, $1.key) }.map(\.value)
  }
}

extension WebSocketTransport: NetworkTransport {
  /// Sends `operation` as a `start` message; `completionHandler` runs on the processing queue for each `data` or
  /// `error` message of the operation (many times for a subscription), or with an error. Queries and mutations go over
  /// the socket too. Fails at once, returning an `EmptyCancellable`, while the last disconnect's error stands.
  public func send<Operation: GraphQLOperation>(
    operation: Operation,
    completionHandler: @escaping (_ result: Result<GraphQLResponse<Operation.Data>, any Error>) -> Void
  ) -> any Cancellable {
    if let error = state.withLock({ $0.error }) {
      completionHandler(.failure(error))
      return EmptyCancellable()
    }
    do {
      let id = try sendHelper(operation: operation) { result in
        completionHandler(result.map { GraphQLResponse(operation: operation, body: $0) })
      }
      return WebSocketOperationTask(transport: self, id: id)
    } catch {
      completionHandler(.failure(error))
      return EmptyCancellable()
    }
  }
}

extension WebSocketTransport: WebSocketDelegate {
  /// Clears the stored error, sends `connection_init`, tells the delegate, and on a reconnection re-sends the stored
  /// subscriptions (queued until the ack).
  public func websocketDidConnect(socket: any WebSocketClient) {
    onQueue { $0.handleConnect() }
  }

  /// Gives every handler `error` (when there is one), stores it for ``send(operation:completionHandler:)``, tells the
  /// delegate, and schedules a reconnection when reconnection is on.
  public func websocketDidDisconnect(socket: any WebSocketClient, error: (any Error)?) {
    onQueue { $0.handleDisconnect(error) }
  }

  /// Routes one `graphql-ws` server message (see the type's comment).
  public func websocketDidReceiveMessage(socket: any WebSocketClient, text: String) {
    onQueue { $0.handleMessage(text) }
  }

  /// Ignores binary messages, as 0.33 did (`graphql-ws` sends text).
  public func websocketDidReceiveData(socket: any WebSocketClient, data: Data) {}
}
