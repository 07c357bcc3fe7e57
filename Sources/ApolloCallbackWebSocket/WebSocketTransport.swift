@_spi(Internal) import ApolloAPI
import ApolloWebSocketCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ``NetworkTransport`` that sends operations over a WebSocket (1.x): subscriptions usually, through
/// ``SplitNetworkTransport``, but queries and mutations too. It speaks the sub-protocol named by the client's
/// `Sec-WebSocket-Protocol` header: `graphql-ws` (`start`/`data`/`stop`) or `graphql-transport-ws`
/// (`subscribe`/`next`/`complete`).
///
/// The rules it keeps, as 1.x:
/// - Everything happens on one serial processing queue, which is also the client's callback queue and where the
///   ``delegate`` is called; result handlers run on the `callbackQueue` given to `send`.
/// - Messages wait in an ordered queue until the server acknowledges `connection_init` (which is sent first on
///   every connection).
/// - A subscription is remembered until it is cancelled (or ``closeConnection()``), and sent again after every
///   reconnection; queries and mutations are not.
/// - A connection that fails reports the client's error to every open operation, which stay registered; while it
///   is down, new operations fail at once with a ``WebSocketError`` (`networkError`) wrapping it. With
///   ``Configuration/reconnect`` the transport connects again after ``Configuration/reconnectionInterval``.
/// - A message that cannot be read, or has no place in the conversation, reports
///   ``WebSocketError/ErrorKind/unprocessedMessage(_:)`` to every open operation and leaves the socket open.
public final class WebSocketTransport: @unchecked Sendable {
  // @unchecked Sendable: the operation tables, the outgoing queue and the flags below are touched only on
  // `processingQueue`; what callers read or set from their own threads (delegate, connection state, last error,
  // configuration) is in Mutexes; the client is itself thread-safe (``WebSocket``) or, for an app's own client,
  // used as 1.x did.

  private struct WeakDelegate {
    weak var value: (any WebSocketTransportDelegate)?
  }
  private let delegateBox = Mutex(WeakDelegate())

  /// Hears connection events, on the processing queue (held weakly).
  public var delegate: (any WebSocketTransportDelegate)? {
    get { delegateBox.withLock { $0.value } }
    set { delegateBox.withLock { $0.value = newValue } }
  }

  let websocket: any WebSocketClient
  let store: ApolloStore?
  private let configuration: Mutex<Configuration>
  private let reconnectFlag: Atomic<Bool>
  private let lastError = Mutex<(any Error)?>(nil)

  /// Whether the client is connected; non-private for tests, as 1.x.
  enum SocketConnectionState {
    case disconnected
    case connected
    case failed

    var isConnected: Bool { self == .connected }
  }
  private let connectionState = Mutex(SocketConnectionState.disconnected)

  // Processing queue only.
  private var acked = false
  private var queue: [Int: String] = [:]
  /// The largest key in `queue` (0 when it is empty), kept as messages are queued: what 1.x's `keys.max()` found,
  /// without reading every key for each message.
  private var queueLastKey = 0
  private var subscribers: [String: (Result<JSON.Object, any Error>) -> Void] = [:]
  private var subscriptions: [String: String] = [:]
  private var reconnected = false

  /// The serial queue the transport works on.
  let processingQueue = DispatchQueue(label: "com.apollographql.WebSocketTransport")

  /// The options of a ``WebSocketTransport`` (1.25's fields and defaults).
  public struct Configuration {
    /// The `apollographql-client-name` header on the upgrade request. Defaults to the transport's default name.
    public fileprivate(set) var clientName: String
    /// The `apollographql-client-version` header on the upgrade request. Defaults to the transport's default version.
    public fileprivate(set) var clientVersion: String
    /// Whether to connect again after the connection drops. Defaults to `true`; change it with `$reconnect.mutate`.
    @Atomic public var reconnect: Bool
    /// How long to wait before connecting again. Defaults to half a second.
    public let reconnectionInterval: TimeInterval
    /// Whether a subscription sent while disconnected may go out twice after reconnecting (once from the outgoing
    /// queue, once as a live subscription). Defaults to `true`; `false` sends it once.
    public let allowSendingDuplicates: Bool
    /// Whether to connect when the transport is created; if `false`, call
    /// ``WebSocketTransport/resumeWebSocketConnection(autoReconnect:)``. Defaults to `true`.
    public let connectOnInit: Bool
    /// The `connection_init` payload; `nil` sends none. Defaults to an empty object.
    public fileprivate(set) var connectingPayload: JSONEncodableDictionary?
    /// Builds each operation's payload (always with the query document, never as a persisted query).
    public let requestBodyCreator: any RequestBodyCreator
    /// Makes each operation's id. Defaults to ``ApolloSequencedOperationMessageIdCreator``.
    public let operationMessageIdCreator: any OperationMessageIdCreator

    /// The options; every argument has 1.25's default.
    public init(
      clientName: String = WebSocketTransport.defaultClientName,
      clientVersion: String = WebSocketTransport.defaultClientVersion,
      reconnect: Bool = true,
      reconnectionInterval: TimeInterval = 0.5,
      allowSendingDuplicates: Bool = true,
      connectOnInit: Bool = true,
      connectingPayload: JSONEncodableDictionary? = [:],
      requestBodyCreator: any RequestBodyCreator = ApolloRequestBodyCreator(),
      operationMessageIdCreator: any OperationMessageIdCreator = ApolloSequencedOperationMessageIdCreator()
    ) {
      self.clientName = clientName
      self.clientVersion = clientVersion
      self._reconnect = Atomic(wrappedValue: reconnect)
      self.reconnectionInterval = reconnectionInterval
      self.allowSendingDuplicates = allowSendingDuplicates
      self.connectOnInit = connectOnInit
      self.connectingPayload = connectingPayload
      self.requestBodyCreator = requestBodyCreator
      self.operationMessageIdCreator = operationMessageIdCreator
    }
  }

  /// The options in effect (``updateConnectingPayload(_:reconnectIfConnected:)`` and the client name and version
  /// change them).
  var config: Configuration { configuration.withLock { $0 } }

  /// The client name header's value; a change applies from the next connection.
  public var clientName: String {
    get { configuration.withLock { $0.clientName } }
    set {
      configuration.withLock { $0.clientName = newValue }
      addApolloClientHeaders(to: &websocket.request)
    }
  }

  /// The client version header's value; a change applies from the next connection.
  public var clientVersion: String {
    get { configuration.withLock { $0.clientVersion } }
    set {
      configuration.withLock { $0.clientVersion = newValue }
      addApolloClientHeaders(to: &websocket.request)
    }
  }

  /// Whether the client routes through a SOCKS proxy: `false`, and setting it does nothing, for a client that is
  /// not ``SOCKSProxyable``. ``WebSocket`` is, but has no proxy support (see ``SOCKSProxyable``).
  public var enableSOCKSProxy: Bool {
    get { (websocket as? any SOCKSProxyable)?.enableSOCKSProxy ?? false }
    set {
      guard var proxyable = websocket as? any SOCKSProxyable else { return }
      proxyable.enableSOCKSProxy = newValue
    }
  }

  /// A transport over `websocket`, writing results to `store` when given; sets the client-awareness headers, makes
  /// itself the client's delegate with its processing queue as the callback queue, and connects unless
  /// ``Configuration/connectOnInit`` is `false`.
  public init(websocket: any WebSocketClient, store: ApolloStore? = nil, config: Configuration = Configuration()) {
    self.websocket = websocket
    self.store = store
    self.configuration = Mutex(config)
    self.reconnectFlag = config.$reconnect
    addApolloClientHeaders(to: &websocket.request)
    websocket.delegate = self
    // Before connecting, so an early failure is reported on this queue.
    websocket.callbackQueue = processingQueue
    if config.connectOnInit {
      websocket.connect()
    }
  }

  deinit {
    websocket.disconnect(forceTimeout: nil)
    websocket.delegate = nil
  }

  var reconnect: Bool {
    get { reconnectFlag.wrappedValue }
    set { reconnectFlag.mutate { $0 = newValue } }
  }

  var error: (any Error)? { lastError.withLock { $0 } }

  var socketConnectionState: SocketConnectionState { connectionState.withLock { $0 } }

  // MARK: Public controls

  /// Whether the client is connected (acknowledged or not).
  public func isConnected() -> Bool {
    socketConnectionState.isConnected
  }

  /// Sends a WebSocket ping frame; `completionHandler` runs when the client reports it done.
  public func ping(data: Data, completionHandler: (() -> Void)? = nil) {
    websocket.write(ping: data, completion: completionHandler)
  }

  /// Sends `connection_init` with the connecting payload, ahead of anything queued; the transport does this on
  /// every connection.
  public func initServer() {
    processingQueue.async {
      self.acked = false
      let payload = self.configuration.withLock { $0.connectingPayload }
      self.write(OperationMessage.text(.connectionInit, payload: payload.map(Self.jsonObject)), force: true)
    }
  }

  /// Stops reconnecting, sends `connection_terminate` and forgets the queued messages and the subscriptions to
  /// send again; the socket stays open (1.x).
  public func closeConnection() {
    reconnect = false
    processingQueue.async {
      self.write(OperationMessage.text(.connectionTerminate))
      self.queue.removeAll()
      self.queueLastKey = 0
      self.subscriptions.removeAll()
    }
  }

  /// Stops the operation `subscriptionId`: sends `stop` (`graphql-ws`) or `complete` (`graphql-transport-ws`) and
  /// forgets its handler.
  public func unsubscribe(_ subscriptionId: String) {
    let type: OperationMessage.Types = webSocketProtocol == .graphql_transport_ws ? .complete : .stop
    processingQueue.async {
      self.write(OperationMessage.text(type, id: subscriptionId))
      self.subscribers.removeValue(forKey: subscriptionId)
      self.subscriptions.removeValue(forKey: subscriptionId)
    }
  }

  /// Sets (or, for `nil`, removes) headers of the upgrade request; reconnects at once when asked and connected.
  public func updateHeaderValues(_ values: [String: String?], reconnectIfConnected: Bool = true) {
    for (name, value) in values {
      websocket.request.setValue(value, forHTTPHeaderField: name)
    }
    if reconnectIfConnected && isConnected() {
      reconnectWebSocket()
    }
  }

  /// Replaces the `connection_init` payload; reconnects at once when asked and connected.
  public func updateConnectingPayload(_ payload: JSONEncodableDictionary, reconnectIfConnected: Bool = true) {
    configuration.withLock { $0.connectingPayload = payload }
    if reconnectIfConnected && isConnected() {
      reconnectWebSocket()
    }
  }

  /// Closes the connection without reconnecting; subscriptions stay and are sent again after
  /// ``resumeWebSocketConnection(autoReconnect:)``. Open operations get the client's disconnect error (from
  /// ``WebSocket``, a ``WebSocket/WSError`` with code 1000), as in 1.x.
  public func pauseWebSocketConnection() {
    reconnect = false
    websocket.disconnect(forceTimeout: 2.0)
  }

  /// Connects a paused transport; `autoReconnect` sets ``Configuration/reconnect``.
  public func resumeWebSocketConnection(autoReconnect: Bool = true) {
    reconnect = autoReconnect
    websocket.connect()
  }

  private func reconnectWebSocket() {
    let wanted = reconnect
    reconnect = false
    websocket.disconnect(forceTimeout: 0)
    websocket.connect()
    reconnect = wanted
  }

  // MARK: Messages in

  private func processMessage(text: String) {
    let envelope: OperationMessageEnvelope
    do {
      envelope = try OperationMessageEnvelope(parsing: text)
    } catch {
      notifyErrorAllHandlers(WebSocketError(payload: nil, error: error, kind: .unprocessedMessage(text)))
      return
    }
    guard let type = envelope.type.flatMap(OperationMessage.Types.init(rawValue:)) else {
      notifyErrorAllHandlers(unprocessed(text, envelope))
      return
    }
    switch type {
    case .data, .next, .error:
      guard let id = envelope.id else {
        notifyErrorAllHandlers(unprocessed(text, envelope))
        return
      }
      // No handler: the operation was cancelled while this was on its way.
      guard let handler = subscribers[id] else { return }
      if type == .error {
        // Both protocols end an operation with `error` (no `complete` follows): its handler and stored subscription
        // go, so a later failure of the connection does not call the handler a second time, and a reconnection
        // does not start again what the server ended (1.x kept both).
        subscribers.removeValue(forKey: id)
        subscriptions.removeValue(forKey: id)
        handler(.failure(WebSocketError(payload: Self.errorPayload(envelope.payload), error: nil, kind: .errorResponse)))
      } else if let payload = envelope.objectPayload {
        handler(.success(payload))
      } else {
        handler(.failure(WebSocketError(payload: nil, error: nil, kind: .neitherErrorNorPayloadReceived)))
      }
    case .complete:
      guard let id = envelope.id else {
        notifyErrorAllHandlers(unprocessed(text, envelope))
        return
      }
      // 1.x keeps a subscription's handler (and sends it again after a reconnection); others are done.
      if subscriptions[id] == nil {
        subscribers.removeValue(forKey: id)
      }
    case .connectionAck:
      acked = true
      writeQueue()
    case .connectionKeepAlive, .startAck:
      writeQueue()
    case .pong:
      writeQueue()
      delegate?.webSocketTransport(self, didReceivePongData: Self.payloadData(envelope.payload))
    case .ping:
      // Answered at once, acknowledged or not (graphql-transport-ws allows a ping before the ack): 1.x queued the
      // pong behind the ack, so a server that pinged and never acked grew the queue without end.
      write(OperationMessage.text(.pong), force: true)
      writeQueue()
      delegate?.webSocketTransport(self, didReceivePingData: Self.payloadData(envelope.payload))
    case .connectionInit, .connectionTerminate, .subscribe, .start, .stop, .connectionError:
      notifyErrorAllHandlers(unprocessed(text, envelope))
    }
  }

  private func unprocessed(_ text: String, _ envelope: OperationMessageEnvelope) -> WebSocketError {
    WebSocketError(payload: envelope.objectPayload.map(Self.apiObject), error: nil, kind: .unprocessedMessage(text))
  }

  private func notifyErrorAllHandlers(_ error: any Error) {
    for handler in subscribers.values {
      handler(.failure(error))
    }
  }

  // MARK: Messages out

  /// Writes `text` now when connected and acknowledged (or `force`d), otherwise queues it under `id` or after the
  /// last queued message.
  private func write(_ text: String, force: Bool = false, id: Int? = nil) {
    if socketConnectionState.isConnected && (acked || force) {
      websocket.write(string: text)
    } else if let id {
      queue[id] = text
      queueLastKey = max(queueLastKey, id)
    } else {
      queueLastKey += 1
      queue[queueLastKey] = text
    }
  }

  private func writeQueue() {
    // Nothing can be written before the ack: the queue would only be sorted and queued again.
    guard !queue.isEmpty, socketConnectionState.isConnected, acked else { return }
    let pending = queue.sorted { $0.key < $1.key }
    queue.removeAll()
    queueLastKey = 0
    for (id, text) in pending {
      write(text, id: id)
    }
  }

  /// Registers `handler` and sends the operation; returns its id.
  func sendHelper<Operation: GraphQLOperation>(
    operation: Operation,
    resultHandler: @escaping (Result<JSON.Object, any Error>) -> Void
  ) -> String {
    let config = self.config
    let body = config.requestBodyCreator.jsonBody(for: operation, sendQueryDocument: true, autoPersistQuery: false)
    let id = config.operationMessageIdCreator.requestId()
    let type: OperationMessage.Types = webSocketProtocol == .graphql_transport_ws ? .subscribe : .start
    let message = OperationMessage.text(type, id: id, payload: body)
    let isSubscription = Operation.operationType == .subscription
    let handler = Transfer(resultHandler)
    processingQueue.async {
      self.write(message)
      self.subscribers[id] = handler.value
      if isSubscription {
        self.subscriptions[id] = message
      }
    }
    return id
  }

  /// The sub-protocol named by the client's request; `graphql-ws` when it names none (what an app's own client
  /// from before 1.x's protocol choice speaks; 1.x sent nothing and never answered).
  var webSocketProtocol: WebSocket.WSProtocol {
    switch websocket.request.value(forHTTPHeaderField: WebSocket.Constants.headerWSProtocolName) {
    case WebSocket.WSProtocol.graphql_transport_ws.description?: return .graphql_transport_ws
    default: return .graphql_ws
    }
  }

  // MARK: Conversions

  static func jsonObject(_ dictionary: JSONEncodableDictionary) -> JSON.Object {
    var object: JSON.Object = [:]
    for (key, value) in dictionary {
      object[key] = JSON(apiValue: value._jsonValue) ?? .null
    }
    return object
  }

  static func apiObject(_ object: JSON.Object) -> JSONObject {
    (JSON.object(object).apiValue as? JSONObjectValue)?.fields ?? [:]
  }

  /// An `error` message's payload as an object: as sent in `graphql-ws`, `{"errors": [...]}` for the list
  /// `graphql-transport-ws` sends.
  private static func errorPayload(_ payload: JSON?) -> JSONObject? {
    switch payload {
    case .object(let object)?: return apiObject(object)
    case .array(let errors)?: return apiObject(["errors": .array(errors)])
    default: return nil
    }
  }

  private static func payloadData(_ payload: JSON?) -> Data? {
    guard let payload else { return nil }
    return Data(JSONSerializer.string(payload, sortedKeys: true).utf8)
  }
}

// MARK: - The client's events

extension WebSocketTransport: WebSocketClientDelegate {
  /// Marks the connection open and calls ``handleConnection()``.
  public func websocketDidConnect(socket: any WebSocketClient) {
    handleConnection()
  }

  /// Clears the last error, sends `connection_init`, tells the delegate (connect or reconnect) and, after a
  /// reconnection, sends every live subscription again behind it.
  public func handleConnection() {
    lastError.withLock { $0 = nil }
    connectionState.withLock { $0 = .connected }
    initServer()
    if reconnected {
      delegate?.webSocketTransportDidReconnect(self)
      let allowDuplicates = config.allowSendingDuplicates
      // Where each message already waits, looked up once rather than by a scan of the queue per subscription.
      let queuedIDs = allowDuplicates ? [:] : QueuedMessageKeys.of(queue)
      for message in subscriptions.values {
        if allowDuplicates {
          write(message)
        } else {
          write(message, id: queuedIDs[message])
        }
      }
    } else {
      delegate?.webSocketTransportDidConnect(self)
    }
    reconnected = true
  }

  /// Marks the connection closed; an error is reported to every open operation; then reconnects if configured.
  public func websocketDidDisconnect(socket: any WebSocketClient, error: (any Error)?) {
    connectionState.withLock { $0 = .disconnected }
    if let error {
      handleDisconnection(with: error)
    } else {
      lastError.withLock { $0 = nil }
      handleDisconnection()
    }
  }

  /// Hands the text to the message handling.
  public func websocketDidReceiveMessage(socket: any WebSocketClient, text: String) {
    processMessage(text: text)
  }

  /// Binary frames have no meaning in either sub-protocol; 1.x printed and dropped them, this drops them.
  public func websocketDidReceiveData(socket: any WebSocketClient, data: Data) {}

  private func handleDisconnection(with error: any Error) {
    let previous = connectionState.withLock { state -> SocketConnectionState in
      defer { state = .failed }
      return state
    }
    lastError.withLock { $0 = WebSocketError(payload: nil, error: error, kind: .networkError) }
    notifyErrorAllHandlers(error)
    // A client may report several errors in a row; handle the first only (upstream issue 1753).
    if previous != .failed {
      handleDisconnection()
    }
  }

  private func handleDisconnection() {
    delegate?.webSocketTransport(self, didDisconnectWithError: self.error)
    acked = false
    attemptReconnectionIfDesired()
  }

  /// 1.x scheduled this on the main queue; the processing queue does the same job without needing a main run loop
  /// (command-line tools, tests, Linux). Unlike 1.x it checks again when the time comes: a transport paused or
  /// closed meanwhile, or already connected again (``updateHeaderValues(_:reconnectIfConnected:)`` reconnects at
  /// once), does not connect.
  private func attemptReconnectionIfDesired() {
    guard reconnect else { return }
    let interval = config.reconnectionInterval
    processingQueue.asyncAfter(deadline: .now() + interval) { [weak self] in
      guard let self, self.reconnect else { return }
      let connected = self.connectionState.withLock { state -> Bool in
        if state == .failed { state = .disconnected }
        return state == .connected
      }
      guard !connected else { return }
      self.websocket.connect()
    }
  }
}
