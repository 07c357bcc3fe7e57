import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a ``WebSocketTransport`` tells its delegate. Every method runs on the transport's actor and has an
/// empty default implementation.
public protocol WebSocketTransportDelegate: AnyObject {
  /// Called when the first `connection_ack` arrives; later acks (after a reconnect, a ``WebSocketTransport/resume()``
  /// or a header change) call ``webSocketTransportDidReconnect(_:)`` instead.
  func webSocketTransportDidConnect(_ webSocketTransport: isolated WebSocketTransport)
  /// Called on every `connection_ack` after the first: an automatic reconnect, ``WebSocketTransport/resume()`` after a
  /// pause, or a reconnect asked for by `updateHeaderValues(_:reconnectIfConnected:)`. Surviving subscriptions have
  /// already been re-sent with their old ids.
  func webSocketTransportDidReconnect(_ webSocketTransport: isolated WebSocketTransport)
  /// Called when the current connection ends while not paused; `error` is `nil` for a clean close (a close frame,
  /// `ENOTCONN`, `ECONNRESET` or a cancelled task). Not called for ``WebSocketTransport/pause()`` or a header-change
  /// reconnect. Queries and mutations in flight have failed by then; subscriptions may still be reconnected.
  func webSocketTransport(_ webSocketTransport: isolated WebSocketTransport, didDisconnectWithError error: (any Error)?)
  /// Called for each server `ping`, after the transport has answered with a `pong` without payload (the ping's payload
  /// is not echoed).
  func webSocketTransport(_ webSocketTransport: isolated WebSocketTransport, didReceivePingWithPayload payload: JSON.Object?)
  /// Called for each server `pong`, the answer to a client ping sent every ``WebSocketTransport/Configuration/pingInterval``.
  func webSocketTransport(_ webSocketTransport: isolated WebSocketTransport, didReceivePongWithPayload payload: JSON.Object?)
}

extension WebSocketTransportDelegate {
  /// Does nothing; implement it to learn of the first connection.
  public func webSocketTransportDidConnect(_ webSocketTransport: isolated WebSocketTransport) {}
  /// Does nothing; implement it to learn of reconnections.
  public func webSocketTransportDidReconnect(_ webSocketTransport: isolated WebSocketTransport) {}
  /// Does nothing; implement it to learn of lost connections.
  public func webSocketTransport(_ webSocketTransport: isolated WebSocketTransport, didDisconnectWithError error: (any Error)?) {}
  /// Does nothing; the transport answers pings itself.
  public func webSocketTransport(_ webSocketTransport: isolated WebSocketTransport, didReceivePingWithPayload payload: JSON.Object?) {}
  /// Does nothing; implement it to watch keep-alive round trips.
  public func webSocketTransport(_ webSocketTransport: isolated WebSocketTransport, didReceivePongWithPayload payload: JSON.Object?) {}
}

/// Queries, mutations and subscriptions over one `graphql-transport-ws` WebSocket.
public actor WebSocketTransport: SubscriptionNetworkTransport, NetworkTransport {
  /// How an operation on the socket fails, besides the socket's own errors and `CancellationError`. As upstream 2.x,
  /// neither `Equatable` nor `LocalizedError`.
  public enum Error: Swift.Error {
    /// A message that is not a valid `graphql-transport-ws` server message.
    case unrecognizedMessage
    /// The connection ended before the operation did.
    case connectionClosed
    /// The server answered the operation with an `error` message.
    case graphQLErrors([GraphQLError])
  }

  /// The transport's settings, fixed at init except the connecting payload (see
  /// ``WebSocketTransport/updateConnectingPayload(_:reconnectIfConnected:)``). Defaults as upstream 2.x: no reconnection,
  /// no pings, sequential ids.
  public struct Configuration: Sendable {
    /// Seconds before the single reconnection attempt; `0` is immediate, a negative value disables reconnection.
    public var reconnectionInterval: TimeInterval
    /// Whether a lost connection is retried once: `true` when ``reconnectionInterval`` is zero or more.
    public var isReconnectEnabled: Bool { reconnectionInterval >= 0 }
    /// Builds each `subscribe` message's payload; always called with the query document and without APQ, for
    /// queries and mutations as well as subscriptions.
    public var requestBodyCreator: any JSONRequestBodyCreator
    /// The `payload` of `connection_init`; `nil` sends none. Upstream's type: `["authToken": token]` with a
    /// `String` variable is one.
    public var connectingPayload: JSONEncodableDictionary?
    /// Gives each operation its `id` on the socket; queries and mutations consume ids too.
    public var operationMessageIdCreator: any OperationMessageIdCreator
    /// Seconds between client pings once acknowledged; `nil` or a non-positive value sends none.
    public var pingInterval: TimeInterval?
    /// The client name and version sent as handshake headers, and the `clientLibrary` request extension.
    public var clientAwarenessMetadata: ClientAwarenessMetadata

    /// Every parameter defaults to upstream 2.x's default: reconnection disabled (`-1`), ``DefaultRequestBodyCreator``,
    /// no `connection_init` payload, ids from `1`, no pings.
    public init(
      reconnectionInterval: TimeInterval = -1, requestBodyCreator: any JSONRequestBodyCreator = DefaultRequestBodyCreator(),
      connectingPayload: JSONEncodableDictionary? = nil,
      operationMessageIdCreator: any OperationMessageIdCreator = ApolloSequencedOperationMessageIdCreator(),
      pingInterval: TimeInterval? = nil, clientAwarenessMetadata: ClientAwarenessMetadata = ClientAwarenessMetadata()
    ) {
      self.reconnectionInterval = reconnectionInterval
      self.requestBodyCreator = requestBodyCreator
      self.connectingPayload = connectingPayload
      self.operationMessageIdCreator = operationMessageIdCreator
      self.pingInterval = pingInterval
      self.clientAwarenessMetadata = clientAwarenessMetadata
    }
  }

  enum ConnectionState: Sendable, Equatable {
    case notStarted, connecting, connected, disconnected, paused
  }

  private struct Record {
    let order: Int
    let isSubscription: Bool
    var isSubscribed = false
    var body: JSON.Object
    let continuation: AsyncThrowingStream<JSON.Object, any Swift.Error>.Continuation
    let state: SubscriptionStateStorage?
  }

  /// Told of connects, reconnects, disconnects, pings and pongs; held weakly. Set it from outside the actor with
  /// ``setDelegate(_:)``.
  public weak var delegate: (any WebSocketTransportDelegate)?
  /// Creates a new ``WebSocketTask`` for each connection (the first one at init).
  public nonisolated let urlSession: any WebSocketURLSession
  /// Where cache-reading fetch behaviours read, and where results are published when the request configuration writes
  /// to the cache. The transport uses no interceptors: it calls the store directly.
  public nonisolated let store: ApolloStore
  /// The settings given at init; only the connecting payload changes afterwards.
  public private(set) var configuration: Configuration

  private var request: URLRequest
  private var task: any WebSocketTask
  private var connectionID = 0
  private var isReconnectAttempt = false
  private var hasBeenConnected = false
  private(set) var connectionState: ConnectionState = .notStarted
  private var records: [String: Record] = [:]
  private var recordCounter = 0
  /// Operations waiting for `connection_ack`, and whether each is a subscription (which a pause keeps waiting).
  private var ackWaiters: [Int: (continuation: CheckedContinuation<Void, any Swift.Error>, isSubscription: Bool)] = [:]
  private var waiterCounter = 0
  private var outgoing: AsyncStream<String>.Continuation?
  private var receiveTask: Task<Void, Never>?
  private var pingTask: Task<Void, Never>?

  /// How many operations are registered (subscriptions, queries and mutations in flight).
  var subscriberCount: Int { records.count }

  /// A transport for `endpointURL`. It does not throw, as upstream's has not since 2.3: with a scheme other than
  /// `ws`, `wss`, `http` or `https` no session is asked for a socket (`URLSession` raises an exception for one)
  /// and each operation fails with `URLError(.unsupportedURL)`.
  public init(urlSession: any WebSocketURLSession, store: ApolloStore, endpointURL: URL,
              configuration: Configuration = Configuration()) {
    var request = URLRequest(url: endpointURL)
    request.setValue("graphql-transport-ws", forHTTPHeaderField: "Sec-WebSocket-Protocol")
    configuration.clientAwarenessMetadata.applyHeaders(to: &request)
    self.urlSession = urlSession
    self.store = store
    self.configuration = configuration
    self.request = request
    // As upstream, the first task is created right away and resumed on first use.
    self.task = Self.makeTask(urlSession, request)
  }

  /// A transport on the platform's working WebSocket client (``DefaultWebSocketURLSession/platformDefault``).
  public init(store: ApolloStore, endpointURL: URL, configuration: Configuration = Configuration()) {
    self.init(urlSession: DefaultWebSocketURLSession.platformDefault, store: store, endpointURL: endpointURL,
              configuration: configuration)
  }

  deinit {
    receiveTask?.cancel()
    pingTask?.cancel()
    outgoing?.finish()
    task.cancel(with: .goingAway, reason: nil)
  }

  /// Sets ``delegate`` from outside the actor (the property itself is actor-isolated). Held weakly.
  public func setDelegate(_ delegate: (any WebSocketTransportDelegate)?) {
    self.delegate = delegate
  }

  // MARK: Public controls

  /// Sets (or with `nil` removes) handshake headers. They apply to the next connection; with
  /// `reconnectIfConnected` and a live connection, that one is closed first and a new one opened.
  public func updateHeaderValues(_ headerValues: [String: String?], reconnectIfConnected: Bool = false) async {
    for (name, value) in headerValues { request.setValue(value, forHTTPHeaderField: name) }
    if reconnectIfConnected && connectionState == .connected { await disconnectAndReconnect() }
  }

  /// Replaces the `connection_init` payload for the next connection (see ``updateHeaderValues(_:reconnectIfConnected:)``).
  public func updateConnectingPayload(_ payload: JSONEncodableDictionary?, reconnectIfConnected: Bool = false) async {
    configuration.connectingPayload = payload
    if reconnectIfConnected && connectionState == .connected { await disconnectAndReconnect() }
  }

  /// Closes the connection and keeps the subscriptions, which resume after ``resume()``. Queries and
  /// mutations in flight fail with ``Error/connectionClosed``.
  public func pause() {
    guard connectionState != .notStarted && connectionState != .paused else { return }
    connectionState = .paused
    stopPing()
    failNonSubscriptions(Error.connectionClosed)
    for record in records.values where record.isSubscription { record.state?.value = .paused }
    outgoing?.finish()
    outgoing = nil
    task.cancel(with: .goingAway, reason: nil)
  }

  /// Connects now (eagerly) when not started, paused or disconnected; does not wait for the ack.
  public func resume() {
    switch connectionState {
    case .notStarted: openConnection(newTask: false)
    case .paused, .disconnected: openConnection(newTask: true)
    case .connecting, .connected: break
    }
  }

  // MARK: NetworkTransport

  /// Runs a query as a `subscribe` message on the socket, reading the cache first when `fetchBehavior` says so. The
  /// stream starts at once, connects lazily, and fails with ``Error/connectionClosed`` (or the socket error) when the
  /// connection ends; queries are never replayed after a reconnect.
  nonisolated public func send<Query: GraphQLQuery>(
    query: Query, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration
  ) throws -> AsyncThrowingStream<GraphQLResponse<Query>, any Swift.Error> {
    execute(query, fetchBehavior: fetchBehavior, requestConfiguration: requestConfiguration, state: nil)
  }

  /// Runs a mutation as a `subscribe` message, network only. Like a query, it fails when the connection ends and is
  /// never replayed.
  nonisolated public func send<Mutation: GraphQLMutation>(
    mutation: Mutation, requestConfiguration: RequestConfiguration
  ) throws -> AsyncThrowingStream<GraphQLResponse<Mutation>, any Swift.Error> {
    execute(mutation, fetchBehavior: .NetworkOnly, requestConfiguration: requestConfiguration, state: nil)
  }

  /// Starts a subscription whose ``SubscriptionStream/state`` follows the connection (pending, active, paused,
  /// reconnecting, finished). It survives a pause and, with reconnection enabled, one lost connection, re-subscribing
  /// with the same id; cancelling the stream sends `complete`.
  nonisolated public func send<Subscription: GraphQLSubscription>(
    subscription: Subscription, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration
  ) throws -> SubscriptionStream<GraphQLResponse<Subscription>> {
    let state = SubscriptionStateStorage()
    let stream = execute(subscription, fetchBehavior: fetchBehavior, requestConfiguration: requestConfiguration,
                         state: state)
    return SubscriptionStream(stream: stream, stateProvider: { state.value })
  }

  // MARK: Operations

  nonisolated private func execute<Operation: GraphQLOperation>(
    _ operation: Operation, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration,
    state: SubscriptionStateStorage?
  ) -> AsyncThrowingStream<GraphQLResponse<Operation>, any Swift.Error> {
    AsyncThrowingStream { continuation in
      // Task {} inherits TaskLocals, so the body sees the client-awareness metadata ApolloClient bound
      // (the clientLibrary extension).
      let work = Task {
        await self.run(operation, fetchBehavior: fetchBehavior, requestConfiguration: requestConfiguration,
                       state: state, continuation: continuation)
      }
      continuation.onTermination = { termination in
        if case .cancelled = termination, let state {
          if case .finished = state.value {} else { state.value = .finished(.cancelled) }
        }
        work.cancel()
      }
    }
  }

  nonisolated private func run<Operation: GraphQLOperation>(
    _ operation: Operation, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration,
    state: SubscriptionStateStorage?, continuation: AsyncThrowingStream<GraphQLResponse<Operation>, any Swift.Error>.Continuation
  ) async {
    // Step 1: the cache, before the network.
    var yieldedFromCache = false
    if fetchBehavior.cacheRead == .beforeNetworkFetch {
      do {
        if let cached = try await store.load(operation) {
          continuation.yield(cached)
          yieldedFromCache = true
        }
      } catch {
        if fetchBehavior.networkFetch == .never {
          state?.value = .finished(.error(error))
          continuation.finish(throwing: error)
          return
        }
      }
    }
    let needsNetwork = fetchBehavior.networkFetch == .always || (fetchBehavior.networkFetch == .onCacheMiss && !yieldedFromCache)
    guard needsNetwork else {
      state?.value = .finished(.completed)
      continuation.finish()
      return
    }

    // Step 2: the socket.
    let body = await configuration.requestBodyCreator.jsonBody(
      for: operation, sendQueryDocument: true, autoPersistQuery: false)
    let (operationID, payloads) = await register(isSubscription: state != nil, body: body, state: state)
    do {
      try await ensureConnected(isSubscription: state != nil)
      try Task.checkCancellation()
      await markSubscribed(operationID)
      for try await payload in payloads {
        let response = GraphQLResponseBody(payload)
        var data: Operation.Data?
        if let json = response.data {
          let parsed = try store.normalizer.execute(
            operation, data: json, normalizing: requestConfiguration.writeResultsToCache)
          data = parsed.data
          if let records = parsed.records { try await store.publish(records: records) }
        }
        continuation.yield(GraphQLResponse(data: data, extensionsJSON: response.extensions, errors: response.errors,
                                           source: .server, dependentKeySource: nil))
      }
      if Task.isCancelled {
        await cancelOperation(operationID)
        state?.value = .finished(.cancelled)
      } else {
        state?.value = .finished(.completed)
      }
      continuation.finish()
    } catch {
      var isGraphQLError = false
      if case Error.graphQLErrors? = error as? Error { isGraphQLError = true }
      if fetchBehavior.cacheRead == .onNetworkFailure, !isGraphQLError, !(error is CancellationError),
        let cached = try? await store.load(operation)
      {
        // Ended here, as on a cancel: a subscription the server still serves hears `complete`.
        await cancelOperation(operationID)
        continuation.yield(cached)
        state?.value = .finished(.completed)
        continuation.finish()
        return
      }
      await cancelOperation(operationID)
      state?.value = .finished(error is CancellationError ? .cancelled : .error(error))
      continuation.finish(throwing: error)
    }
  }

  /// One operation's record: its message id, and the order it was registered in, which tells it apart from a
  /// later operation given the same id by a custom ``OperationMessageIdCreator``.
  private struct OperationID {
    let id: String
    let order: Int
  }

  private func register(isSubscription: Bool, body: JSON.Object, state: SubscriptionStateStorage?)
    -> (OperationID, AsyncThrowingStream<JSON.Object, any Swift.Error>)
  {
    let id = configuration.operationMessageIdCreator.requestId()
    let (payloads, continuation) = AsyncThrowingStream<JSON.Object, any Swift.Error>.makeStream()
    recordCounter += 1
    // A duplicate custom id replaces the earlier record (as upstream); the earlier stream ends instead of hanging.
    // The server must forget the id before it sees it again: a second `subscribe` for an id it is still serving
    // is closed with 4409.
    if let replaced = records[id] {
      if replaced.isSubscribed && connectionState == .connected { send(.complete(id: id)) }
      replaced.continuation.finish(throwing: Error.connectionClosed)
    }
    records[id] = Record(order: recordCounter, isSubscription: isSubscription, body: body, continuation: continuation,
                         state: state)
    return (OperationID(id: id, order: recordCounter), payloads)
  }

  /// The record of `operation`, unless a later operation with the same id replaced it.
  private func record(of operation: OperationID) -> Record? {
    guard let record = records[operation.id], record.order == operation.order else { return nil }
    return record
  }

  /// Sends `subscribe` when connected. When the connection was lost (or paused) since the ack, the record is
  /// still marked subscribed, so that the next ack sends it instead of leaving it waiting forever.
  private func markSubscribed(_ operation: OperationID) {
    guard let record = record(of: operation) else { return }
    let id = operation.id
    records[id]?.isSubscribed = true
    switch connectionState {
    case .connected:
      send(.subscribe(id: id, payload: record.body))
      record.state?.value = .active
    case .paused:
      record.state?.value = .paused
    case .disconnected, .connecting:
      record.state?.value = .reconnecting
    case .notStarted:
      break
    }
  }

  /// Removes the record and sends `complete` when the server knows the id.
  private func cancelOperation(_ operation: OperationID) {
    guard let record = record(of: operation) else { return }
    records[operation.id] = nil
    if record.isSubscribed && connectionState == .connected { send(.complete(id: operation.id)) }
    record.continuation.finish()
  }

  private func failNonSubscriptions(_ error: any Swift.Error) {
    for (id, record) in records where !record.isSubscription {
      records[id] = nil
      record.continuation.finish(throwing: error)
    }
    // A query or mutation still waiting for the ack ends too: it would otherwise wait for a connection that may
    // never come (a pause the app never resumes).
    for (id, waiter) in ackWaiters where !waiter.isSubscription {
      ackWaiters[id] = nil
      waiter.continuation.resume(throwing: error)
    }
  }

  // MARK: Connection

  private func ensureConnected(isSubscription: Bool) async throws {
    switch connectionState {
    case .connected: return
    case .notStarted: openConnection(newTask: false)
    case .disconnected: openConnection(newTask: true)
    case .connecting, .paused: break
    }
    let waiterID = waiterCounter
    waiterCounter += 1
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Swift.Error>) in
        if Task.isCancelled {
          continuation.resume(throwing: CancellationError())
        } else {
          ackWaiters[waiterID] = (continuation, isSubscription)
        }
      }
    } onCancel: {
      Task { await self.cancelWaiter(waiterID) }
    }
  }

  private func cancelWaiter(_ waiterID: Int) {
    ackWaiters.removeValue(forKey: waiterID)?.continuation.resume(throwing: CancellationError())
  }

  private func openConnection(newTask: Bool) {
    if newTask { task = Self.makeTask(urlSession, request) }
    connectionID += 1
    let connection = connectionID
    let task = self.task
    connectionState = .connecting
    task.resume()

    // One sender per connection: messages go out in order. A failed send closes the connection.
    outgoing?.finish()
    let (messages, outgoing) = AsyncStream<String>.makeStream()
    self.outgoing = outgoing
    Task {
      for await text in messages {
        do { try await task.send(.string(text)) } catch {
          task.cancel(with: .goingAway, reason: nil)
          return
        }
      }
    }
    send(.connectionInit(payload: configuration.connectingPayload.map(Self.json(of:))))

    receiveTask = Task { [weak self] in
      while true {
        let data: Data
        do {
          switch try await task.receive() {
          case .string(let text): data = Data(text.utf8)
          case .data(let bytes): data = bytes
          @unknown default: data = Data()
          }
        } catch {
          await self?.connectionEnded(connection, error: Self.isCleanEnd(error) ? nil : error)
          return
        }
        guard let self else {
          task.cancel(with: .goingAway, reason: nil)
          return
        }
        await self.handle(data, connection: connection)
      }
    }
  }

  static func isCleanEnd(_ error: any Swift.Error) -> Bool {
    if let error = error as? RFC6455Error {
      // Upstream 2.4 ended on a reset as on a close (URLSession's ECONNRESET/ENOTCONN): kept for the RFC 6455 client's.
      if case .socketError(let code) = error { return code == ECONNRESET || code == ENOTCONN }
      return error == .cancelled || error == .connectionClosed
    }
    if let error = error as? URLError { return error.code == .cancelled }
    if let error = error as? POSIXError { return error.code == .ENOTCONN || error.code == .ECONNRESET }
    let nsError = error as NSError
    return nsError.domain == NSPOSIXErrorDomain && (nsError.code == Int(ENOTCONN) || nsError.code == Int(ECONNRESET))
  }

  private func send(_ message: ClientMessage) {
    outgoing?.yield(message.text)
  }

  private func handle(_ data: Data, connection: Int) {
    guard connection == connectionID, connectionState != .paused else { return }  // a stale connection
    let message: ServerMessage
    do {
      message = try ServerMessage(data: data)
    } catch {
      // As upstream: every operation fails, the socket stays open. Unlike upstream, the server hears that each
      // operation it serves is over: it would go on streaming to an id nobody reads, and a custom id creator that
      // hands the id out again would have its next `subscribe` closed with 4409.
      for (id, record) in records {
        if record.isSubscribed && connectionState == .connected { send(.complete(id: id)) }
        record.continuation.finish(throwing: Error.unrecognizedMessage)
      }
      records = [:]
      return
    }
    switch message {
    case .connectionAck:
      guard connectionState != .connected else { return }  // a duplicate ack re-subscribes nothing
      connectionState = .connected
      isReconnectAttempt = false
      let reconnected = hasBeenConnected
      hasBeenConnected = true
      let waiters = ackWaiters
      ackWaiters = [:]
      for waiter in waiters.values { waiter.continuation.resume() }
      for (id, record) in records.sorted(by: { $0.value.order < $1.value.order }) where record.isSubscribed {
        send(.subscribe(id: id, payload: record.body))
        record.state?.value = .active
      }
      startPing(connection: connection)
      if reconnected { delegate?.webSocketTransportDidReconnect(self) } else { delegate?.webSocketTransportDidConnect(self) }
    case .next(let id, let payload):
      records[id]?.continuation.yield(payload)
    case .error(let id, let errors):
      records.removeValue(forKey: id)?.continuation.finish(throwing: Error.graphQLErrors(errors))
    case .complete(let id):
      records.removeValue(forKey: id)?.continuation.finish()
    case .ping(let payload):
      send(.pong(payload: nil))
      delegate?.webSocketTransport(self, didReceivePingWithPayload: payload)
    case .pong(let payload):
      delegate?.webSocketTransport(self, didReceivePongWithPayload: payload)
    }
  }

  private func connectionEnded(_ connection: Int, error: (any Swift.Error)?) {
    guard connection == connectionID, connectionState != .paused else { return }
    let wasConnected = connectionState == .connected
    connectionState = .disconnected
    stopPing()
    outgoing?.finish()
    outgoing = nil
    delegate?.webSocketTransport(self, didDisconnectWithError: error)
    failNonSubscriptions(error ?? Error.connectionClosed)

    if wasConnected && !records.isEmpty && configuration.isReconnectEnabled {
      for record in records.values where record.isSubscribed { record.state?.value = .reconnecting }
      let interval = configuration.reconnectionInterval
      Task { [weak self] in
        if interval > 0 {
          do { try await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000)) } catch {
            await self?.finishAll(error: CancellationError())
            return
          }
        }
        await self?.reconnect(after: connection)
      }
      return
    }
    // A reconnection attempt that ends before its ack always surfaces as an error: the automatic one, and one made
    // by `resume()` or a header or payload update after an earlier connection was acknowledged (the delegate
    // hears of each as a reconnection).
    let endedBeforeItsAck = !wasConnected && (isReconnectAttempt || hasBeenConnected)
    let failure: (any Swift.Error)? = error ?? (endedBeforeItsAck ? Error.connectionClosed : nil)
    isReconnectAttempt = false
    let waiters = ackWaiters
    ackWaiters = [:]
    for waiter in waiters.values { waiter.continuation.resume(throwing: error ?? Error.connectionClosed) }
    finishAll(error: failure)
  }

  private func finishAll(error: (any Swift.Error)?) {
    let finishing = records
    records = [:]
    for record in finishing.values {
      if let error { record.continuation.finish(throwing: error) } else { record.continuation.finish() }
    }
  }

  private func reconnect(after connection: Int) {
    guard connection == connectionID, connectionState == .disconnected, !records.isEmpty else { return }
    isReconnectAttempt = true
    openConnection(newTask: true)
  }

  /// Closes the current connection fully, then opens a new one with the current headers and payload.
  /// Queries and mutations in flight fail with ``Error/connectionClosed``; they are never replayed.
  private func disconnectAndReconnect() async {
    let oldTask = task
    let oldLoop = receiveTask
    connectionID += 1  // the old loop's end is ignored
    let reconnection = connectionID
    connectionState = .connecting
    stopPing()
    outgoing?.finish()
    outgoing = nil
    failNonSubscriptions(Error.connectionClosed)
    oldTask.cancel(with: .goingAway, reason: nil)
    await oldLoop?.value
    // Paused meanwhile, or paused and resumed (which opened a connection of its own): nothing to open.
    guard connectionState == .connecting, connectionID == reconnection else { return }
    openConnection(newTask: true)
  }

  private func startPing(connection: Int) {
    pingTask?.cancel()
    guard let interval = configuration.pingInterval, interval > 0 else { return }
    pingTask = Task { [weak self] in
      while !Task.isCancelled {
        try? await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
        guard !Task.isCancelled, let self else { return }
        await self.sendPing(connection: connection)
      }
    }
  }

  private func sendPing(connection: Int) {
    guard connection == connectionID, connectionState == .connected else { return }
    send(.ping(payload: nil))
  }

  private func stopPing() {
    pingTask?.cancel()
    pingTask = nil
  }
}

extension WebSocketTransport {
  /// The payload as the core's JSON; a value with no JSON form (a custom scalar whose `_jsonValue` is a `Date`)
  /// goes out as `null`.
  static func json(of payload: JSONEncodableDictionary) -> JSON.Object {
    payload.mapValues { JSON(apiValue: $0) ?? .null }
  }
}

extension WebSocketTransport {
  /// The session's task for `request`, or, for an endpoint no WebSocket can reach, one that fails every operation.
  static func makeTask(_ session: any WebSocketURLSession, _ request: URLRequest) -> any WebSocketTask {
    guard let scheme = request.url?.scheme?.lowercased(), ["ws", "wss", "http", "https"].contains(scheme) else {
      return UnreachableEndpointTask(error: URLError(.unsupportedURL))
    }
    return session.webSocketTask(with: request)
  }
}

/// The socket of an endpoint no WebSocket can reach: every send and receive fails with `error`.
struct UnreachableEndpointTask: WebSocketTask {
  let error: URLError
  func resume() {}
  func send(_ message: URLSessionWebSocketTask.Message) async throws { throw error }
  func receive() async throws -> URLSessionWebSocketTask.Message { throw error }
  func cancel(with closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?) {}
}
