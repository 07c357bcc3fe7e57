import ApolloTestSupport
import ApolloCallbackWebSocket
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 1.x socket (`ApolloCallbackWebSocket`) against TestServer, once per sub-protocol: `graphql-ws`
/// (subscriptions-transport-ws) and `graphql-transport-ws`, over the platform's default session (the RFC 6455 client
/// on Linux) wrapped in a recorder.
final class CallbackWebSocketIntegrationTests: IntegrationTestCase {
  private let results = DispatchQueue(label: "CallbackWebSocketIntegrationTests.results")

  /// A connected transport on `pathAndQuery`, with its delegate recorder and the session's recorder.
  private func connect(_ wsProtocol: WebSocket.WSProtocol, _ pathAndQuery: String = "/graphql",
                       reconnect: Bool = true, connectingPayload: JSONEncodableDictionary? = [:],
                       waitForConnection: Bool = true) async throws
    -> (WebSocketTransport, CallbackSocketEvents, RecordingWebSocketSession) {
    let session = RecordingWebSocketSession()
    let socket = WebSocket(request: URLRequest(url: webSocketURL(TestServer.baseURL, pathAndQuery)), protocol: wsProtocol,
                           session: session)
    let transport = WebSocketTransport(
      websocket: socket,
      config: .init(reconnect: reconnect, reconnectionInterval: 0.1, connectOnInit: false, connectingPayload: connectingPayload))
    let events = CallbackSocketEvents()
    transport.delegate = events
    transport.resumeWebSocketConnection(autoReconnect: reconnect)
    if waitForConnection {
      let connected = await eventually { events.events.contains("connect") }
      XCTAssertTrue(connected, "the transport did not connect")
    }
    return (transport, events, session)
  }

  private func send<Operation: GraphQLOperation>(_ operation: Operation, on transport: WebSocketTransport,
                                                 into collected: Delivered<Result<GraphQLResult<Operation.Data>, any Error>>)
    -> any Cancellable {
    transport.send(operation: operation, cachePolicy: .fetchIgnoringCacheData, contextIdentifier: nil, context: nil,
                   callbackQueue: results) { collected.append($0) }
  }

  private static func countdowns(_ values: [Result<GraphQLResult<CountdownSubscription.Data>, any Error>]) -> [Int] {
    values.compactMap { try? $0.get().data?.countdown }
  }

  // MARK: Subscriptions, queries, mutations

  private func checkSubscriptionDeliversEveryEvent(_ wsProtocol: WebSocket.WSProtocol) async throws {
    let (transport, _, session) = try await connect(wsProtocol)
    let deliveries = Delivered<Result<GraphQLResult<CountdownSubscription.Data>, any Error>>()
    _ = send(CountdownSubscription(from: 3, intervalMs: 10), on: transport, into: deliveries)
    let done = await eventually { Self.countdowns(deliveries.values) == [3, 2, 1, 0] }
    XCTAssertTrue(done, "got \(deliveries.values)")
    let started = session.tasks.first?.sent(type: wsProtocol == .graphql_ws ? "start" : "subscribe") ?? []
    XCTAssertEqual(started.count, 1)
    transport.closeConnection()
  }

  func test_graphQLWSSubscription_deliversEveryEvent() async throws {
    try await checkSubscriptionDeliversEveryEvent(.graphql_ws)
  }

  func test_graphQLTransportWSSubscription_deliversEveryEvent() async throws {
    try await checkSubscriptionDeliversEveryEvent(.graphql_transport_ws)
  }

  private func checkQueryAndMutation(_ wsProtocol: WebSocket.WSProtocol) async throws {
    let (transport, _, _) = try await connect(wsProtocol)
    let hero = Delivered<Result<GraphQLResult<HeroNameQuery.Data>, any Error>>()
    _ = send(HeroNameQuery(episode: .none), on: transport, into: hero)
    let review = Delivered<Result<GraphQLResult<CreateReviewMutation.Data>, any Error>>()
    _ = send(CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 4, commentary: "ws")), on: transport,
             into: review)
    let done = await eventually { hero.values.count == 1 && review.values.count == 1 }
    XCTAssertTrue(done)
    XCTAssertEqual(try hero.values.first?.get().data?.hero?.name, "R2-D2")
    XCTAssertEqual(try review.values.first?.get().data?.createReview?.stars, 4)
    XCTAssertEqual(try review.values.first?.get().data?.createReview?.commentary, "ws")
    transport.closeConnection()
  }

  func test_graphQLWSQueryAndMutation_eachDeliverOneResult() async throws {
    try await checkQueryAndMutation(.graphql_ws)
  }

  func test_graphQLTransportWSQueryAndMutation_eachDeliverOneResult() async throws {
    try await checkQueryAndMutation(.graphql_transport_ws)
  }

  /// `WebSocket(url:protocol:)` with no session argument: the platform's default (the RFC 6455 client on Linux).
  private func checkDefaultSession(_ wsProtocol: WebSocket.WSProtocol) async throws {
    let socket = WebSocket(url: webSocketURL(TestServer.baseURL), protocol: wsProtocol)
    let transport = WebSocketTransport(websocket: socket)
    let hero = Delivered<Result<GraphQLResult<HeroNameQuery.Data>, any Error>>()
    _ = send(HeroNameQuery(episode: .init(.EMPIRE)), on: transport, into: hero)
    let done = await eventually { hero.values.count == 1 }
    XCTAssertTrue(done)
    XCTAssertEqual(try hero.values.first?.get().data?.hero?.name, "Luke Skywalker")
    XCTAssertTrue(transport.isConnected())
    transport.closeConnection()
  }

  func test_graphQLWSDefaultSession_answersAQuery() async throws {
    try await checkDefaultSession(.graphql_ws)
  }

  func test_graphQLTransportWSDefaultSession_answersAQuery() async throws {
    try await checkDefaultSession(.graphql_transport_ws)
  }

  private func checkFieldErrors(_ wsProtocol: WebSocket.WSProtocol) async throws {
    let (transport, _, _) = try await connect(wsProtocol)
    let deliveries = Delivered<Result<GraphQLResult<ErrorFieldQuery.Data>, any Error>>()
    _ = send(ErrorFieldQuery(), on: transport, into: deliveries)
    let done = await eventually { deliveries.values.count == 1 }
    XCTAssertTrue(done)
    XCTAssertEqual(try deliveries.values.first?.get().errors?.first?.message, "errorField failed")
    transport.closeConnection()
  }

  func test_graphQLWSFieldError_arrivesAsGraphQLErrors() async throws {
    try await checkFieldErrors(.graphql_ws)
  }

  func test_graphQLTransportWSFieldError_arrivesAsGraphQLErrors() async throws {
    try await checkFieldErrors(.graphql_transport_ws)
  }

  private func checkServerError(_ wsProtocol: WebSocket.WSProtocol) async throws {
    let (transport, _, _) = try await connect(wsProtocol)
    let deliveries = Delivered<Result<GraphQLResult<ErroringCountdownSubscription.Data>, any Error>>()
    _ = send(ErroringCountdownSubscription(from: 2), on: transport, into: deliveries)
    let done = await eventually { deliveries.values.count == 3 }
    XCTAssertTrue(done, "\(deliveries.values)")
    XCTAssertEqual(deliveries.values.prefix(2).compactMap { try? $0.get().data?.erroringCountdown }, [2, 1])
    guard case .failure(let error)? = deliveries.values.last, let webSocketError = error as? WebSocketError,
          case .errorResponse = webSocketError.kind else {
      return XCTFail("the server's error message should fail the operation: \(deliveries.values)")
    }
    // graphql-ws sends the first error as the payload; graphql-transport-ws sends the list, kept as `errors`.
    let message: String? = wsProtocol == .graphql_ws
      ? webSocketError.payload?["message"] as? String
      : ((webSocketError.payload?["errors"] as? JSONList)?.elements.first as? JSONObjectValue)?.fields["message"] as? String
    XCTAssertEqual(message, "erroringCountdown failed")
    XCTAssertTrue(transport.isConnected(), "an error message leaves the socket open")
    transport.closeConnection()
  }

  func test_graphQLWSServerErrorMessage_failsTheOperationWithErrorResponse() async throws {
    try await checkServerError(.graphql_ws)
  }

  func test_graphQLTransportWSServerErrorMessage_failsTheOperationWithErrorResponse() async throws {
    try await checkServerError(.graphql_transport_ws)
  }

  // MARK: Connection payload and headers

  private func checkPayloadAndHeaderUpdates(_ wsProtocol: WebSocket.WSProtocol) async throws {
    let (transport, events, session) = try await connect(wsProtocol, connectingPayload: ["token": "first"])
    let first = Delivered<Result<GraphQLResult<ConnectionParamQuery.Data>, any Error>>()
    _ = send(ConnectionParamQuery(name: "token"), on: transport, into: first)
    let gotFirst = await eventually { first.values.count == 1 }
    XCTAssertTrue(gotFirst)
    XCTAssertEqual(try first.values.first?.get().data?.connectionParam, "first")

    transport.updateHeaderValues(["X-Socket-Test": "updated"])
    let reconnectedForHeader = await eventually { events.events.filter { $0 == "reconnect" }.count == 1 }
    XCTAssertTrue(reconnectedForHeader, "the header update reconnects: \(events.events)")
    let header = Delivered<Result<GraphQLResult<RequestHeaderQuery.Data>, any Error>>()
    _ = send(RequestHeaderQuery(name: "X-Socket-Test"), on: transport, into: header)
    let gotHeader = await eventually { header.values.count == 1 }
    XCTAssertTrue(gotHeader)
    XCTAssertEqual(try header.values.first?.get().data?.requestHeader, "updated")

    transport.updateConnectingPayload(["token": "second"])
    let reconnectedForPayload = await eventually { events.events.filter { $0 == "reconnect" }.count == 2 }
    XCTAssertTrue(reconnectedForPayload, "the payload update reconnects: \(events.events)")
    let second = Delivered<Result<GraphQLResult<ConnectionParamQuery.Data>, any Error>>()
    _ = send(ConnectionParamQuery(name: "token"), on: transport, into: second)
    let gotSecond = await eventually { second.values.count == 1 }
    XCTAssertTrue(gotSecond)
    XCTAssertEqual(try second.values.first?.get().data?.connectionParam, "second")
    XCTAssertEqual(session.openedSockets, 3)
    transport.closeConnection()
  }

  func test_graphQLWSPayloadAndHeaderUpdates_reachTheServerAfterReconnecting() async throws {
    try await checkPayloadAndHeaderUpdates(.graphql_ws)
  }

  func test_graphQLTransportWSPayloadAndHeaderUpdates_reachTheServerAfterReconnecting() async throws {
    try await checkPayloadAndHeaderUpdates(.graphql_transport_ws)
  }

  // MARK: A 1.x client over SplitNetworkTransport

  /// scripts/doc-snippets/ApolloDocs1xWebSocket.swift's setup, run: the 1.x `ApolloClient` over a
  /// `SplitNetworkTransport`, subscriptions over the socket, the mutation that triggers an event over HTTP.
  private func checkClientOverSplitTransport(_ wsProtocol: WebSocket.WSProtocol) async throws {
    let store = ApolloStore()
    let (webSocketTransport, _, session) = try await connect(wsProtocol)
    let httpTransport = RequestChainNetworkTransport(interceptorProvider: DefaultInterceptorProvider(store: store),
                                                     endpointURL: TestServer.url("/graphql"))
    let client = ApolloClient(
      networkTransport: SplitNetworkTransport(uploadingNetworkTransport: httpTransport,
                                              webSocketNetworkTransport: webSocketTransport),
      store: store)
    let reviews = Delivered<Result<GraphQLResult<ReviewAddedSubscription.Data>, any Error>>()
    let subscription = client.subscribe(subscription: ReviewAddedSubscription(), queue: results) { reviews.append($0) }
    let subscribed = await eventually {
      !(session.tasks.first?.sent(type: wsProtocol == .graphql_ws ? "start" : "subscribe").isEmpty ?? true)
    }
    XCTAssertTrue(subscribed)
    try await Task.sleep(nanoseconds: 100_000_000)  // the server registers the listener after the subscribe
    let created = Delivered<Result<GraphQLResult<CreateReviewMutation.Data>, any Error>>()
    _ = client.perform(mutation: CreateReviewMutation(episode: .init(.NEWHOPE), review: ReviewInput(stars: 3)),
                       queue: results) { created.append($0) }
    let delivered = await eventually { created.values.count == 1 && reviews.values.count == 1 }
    XCTAssertTrue(delivered, "mutation \(created.values), events \(reviews.values)")
    XCTAssertEqual(try reviews.values.first?.get().data?.reviewAdded?.stars, 3)
    let httpMutations = try await TestServer.requests(path: "/graphql").filter { $0.operationName == "CreateReview" }
    XCTAssertEqual(httpMutations.count, 1, "the mutation went over HTTP")
    let running = try await TestServer.stats()["webSocketOperations"]?.intValue
    XCTAssertEqual(running, 1, "the subscription runs on the server until it is cancelled")
    subscription.cancel()
    let stopped = await eventually { !(session.tasks.first?.sent(type: wsProtocol == .graphql_ws ? "stop" : "complete").isEmpty ?? true) }
    XCTAssertTrue(stopped)
    let ended = try await eventually { try await TestServer.stats()["webSocketOperations"]?.intValue == 0 }
    XCTAssertTrue(ended, "the cancelled subscription ended on the server")
    webSocketTransport.closeConnection()
  }

  func test_graphQLWSClientOverSplitTransport_subscribesOverTheSocketAndMutatesOverHTTP() async throws {
    try await checkClientOverSplitTransport(.graphql_ws)
  }

  func test_graphQLTransportWSClientOverSplitTransport_subscribesOverTheSocketAndMutatesOverHTTP() async throws {
    try await checkClientOverSplitTransport(.graphql_transport_ws)
  }

  // MARK: Faults

  private func checkReconnectAfterDrop(_ wsProtocol: WebSocket.WSProtocol) async throws {
    // Every connection is reset without a close frame after its second result message.
    let (transport, events, session) = try await connect(wsProtocol, "/graphql?dropAfter=2")
    let deliveries = Delivered<Result<GraphQLResult<CountdownSubscription.Data>, any Error>>()
    _ = send(CountdownSubscription(from: 30, intervalMs: 20), on: transport, into: deliveries)
    let resumed = await eventually(within: 10) {
      Self.countdowns(deliveries.values).filter { $0 == 30 }.count >= 2
    }
    XCTAssertTrue(resumed, "the subscription starts again on the new connection: \(deliveries.values)")
    XCTAssertTrue(deliveries.values.contains { if case .failure = $0 { return true } else { return false } },
                  "the drop is reported to the subscription")
    XCTAssertTrue(events.events.starts(with: ["connect", "disconnect", "reconnect"]), "\(events.events)")
    XCTAssertGreaterThanOrEqual(session.openedSockets, 2)
    transport.pauseWebSocketConnection()
  }

  func test_graphQLWSDrop_reconnectsAndResubscribes() async throws {
    try await checkReconnectAfterDrop(.graphql_ws)
  }

  func test_graphQLTransportWSDrop_reconnectsAndResubscribes() async throws {
    try await checkReconnectAfterDrop(.graphql_transport_ws)
  }

  private func checkMutationIsNotReplayed(_ wsProtocol: WebSocket.WSProtocol) async throws {
    let (transport, events, session) = try await connect(wsProtocol)
    let review = Delivered<Result<GraphQLResult<CreateReviewMutation.Data>, any Error>>()
    _ = send(CreateReviewMutation(episode: .init(.EMPIRE), review: ReviewInput(stars: 2)), on: transport, into: review)
    let answered = await eventually { review.values.count == 1 }
    XCTAssertTrue(answered)
    _ = try await TestServer.json("POST", "/_test/ws/close-all?code=1011")
    let reconnected = await eventually { events.events.contains("reconnect") && session.tasks.count >= 2 }
    XCTAssertTrue(reconnected, "\(events.events)")
    try await Task.sleep(nanoseconds: 200_000_000)
    let replayed = session.tasks.dropFirst().flatMap { $0.sent(type: wsProtocol == .graphql_ws ? "start" : "subscribe") }
    XCTAssertTrue(replayed.isEmpty, "the mutation is not sent again: \(replayed)")
    XCTAssertEqual(review.values.count, 1)
    transport.closeConnection()
  }

  func test_graphQLWSServerClose_doesNotReplayAMutation() async throws {
    try await checkMutationIsNotReplayed(.graphql_ws)
  }

  func test_graphQLTransportWSServerClose_doesNotReplayAMutation() async throws {
    try await checkMutationIsNotReplayed(.graphql_transport_ws)
  }

  private func checkPauseAndResume(_ wsProtocol: WebSocket.WSProtocol) async throws {
    let (transport, events, _) = try await connect(wsProtocol)
    let deliveries = Delivered<Result<GraphQLResult<CountdownSubscription.Data>, any Error>>()
    _ = send(CountdownSubscription(from: 1000, intervalMs: 20), on: transport, into: deliveries)
    let flowing = await eventually { !Self.countdowns(deliveries.values).isEmpty }
    XCTAssertTrue(flowing)
    transport.pauseWebSocketConnection()
    let paused = await eventually { events.events.contains("disconnect") }
    XCTAssertTrue(paused)
    let pauseError = deliveries.values.compactMap { result -> WebSocket.WSError? in
      if case .failure(let error) = result { return error as? WebSocket.WSError }
      return nil
    }.first
    XCTAssertEqual(pauseError?.code, 1000)
    try await Task.sleep(nanoseconds: 300_000_000)
    XCTAssertFalse(transport.isConnected(), "a paused transport does not reconnect")
    let countBeforeResume = deliveries.values.count
    transport.resumeWebSocketConnection()
    let resumed = await eventually { Self.countdowns(Array(deliveries.values.dropFirst(countBeforeResume))).contains(1000) }
    XCTAssertTrue(resumed, "the subscription is sent again after resuming")
    transport.closeConnection()
  }

  func test_graphQLWSPauseAndResume_resubscribes() async throws {
    try await checkPauseAndResume(.graphql_ws)
  }

  func test_graphQLTransportWSPauseAndResume_resubscribes() async throws {
    try await checkPauseAndResume(.graphql_transport_ws)
  }

  private func checkRefusedUpgrade(_ wsProtocol: WebSocket.WSProtocol) async throws {
    let (transport, events, _) = try await connect(wsProtocol, "/graphql?refuse=403", reconnect: false,
                                                   waitForConnection: false)
    let disconnected = await eventually { events.events.contains("disconnect") }
    XCTAssertTrue(disconnected)
    XCTAssertFalse(events.events.contains("connect"))
    let error = events.errors.first.flatMap { $0 } as? WebSocketError
    let upgrade = error?.error as? WebSocket.WSError
    XCTAssertEqual(upgrade?.type, .upgradeError)
    XCTAssertEqual(upgrade?.code, 403)
    // Operations sent now fail at once with that error.
    let deliveries = Delivered<Result<GraphQLResult<HeroNameQuery.Data>, any Error>>()
    _ = send(HeroNameQuery(episode: .none), on: transport, into: deliveries)
    let failed = await eventually { deliveries.values.count == 1 }
    XCTAssertTrue(failed)
  }

  func test_graphQLWSRefusedUpgrade_reportsAnUpgradeError() async throws {
    try await checkRefusedUpgrade(.graphql_ws)
  }

  func test_graphQLTransportWSRefusedUpgrade_reportsAnUpgradeError() async throws {
    try await checkRefusedUpgrade(.graphql_transport_ws)
  }

  // MARK: The event log

  /// A countdown through the 1.x socket on a logging `URLSession.shared`: the frames in order, normalized.
  private func checkEventLog(_ wsProtocol: WebSocket.WSProtocol, expected: [String]) async throws {
    let logging = LoggingWebSocketSession(wrapping: URLSession.shared)
    let socket = WebSocket(request: URLRequest(url: webSocketURL(TestServer.baseURL)), protocol: wsProtocol, session: logging)
    let transport = WebSocketTransport(websocket: socket)
    let deliveries = Delivered<Result<GraphQLResult<CountdownSubscription.Data>, any Error>>()
    _ = send(CountdownSubscription(from: 2, intervalMs: 10), on: transport, into: deliveries)
    let done = await eventually {
      Self.countdowns(deliveries.values) == [2, 1, 0]
        && logging.log.events.contains { if case .received(.text(let text)) = $0.kind { text.contains("complete") } else { false } }
    }
    XCTAssertTrue(done, "\(deliveries.values)")
    let log = logging.log.normalized()
    let outline = log.events.compactMap { event -> String? in
      switch event.kind {
      case .created(_, let subprotocol): return "created \(subprotocol ?? "-")"
      case .resumed: return "resumed"
      case .sent(.text(let text)): return "sent " + text
      case .received(.text(let text)): return "received " + text
      default: return nil
      }
    }
    XCTAssertEqual(outline, expected, log.description)
    transport.closeConnection()
  }

  /// The frames a countdown from 2 exchanges in `wsProtocol`, as the normalized log writes them.
  private static func countdownFrames(_ wsProtocol: WebSocket.WSProtocol) -> [String] {
    let legacy = wsProtocol == .graphql_ws
    let payload: JSON = .object([
      "operationName": "Countdown",
      "query": .string(CountdownSubscription.operationDocument.definition?.queryDocument ?? ""),
      "variables": .object(["from": 2, "intervalMs": 10]),
    ])
    let event = { (value: Int) -> JSON in
      .object(["id": "#1", "type": .string(legacy ? "data" : "next"), "payload": .object(["data": .object(["countdown": .int(value)])])])
    }
    let frames: [(String, JSON)] = [
      ("sent", .object(["type": "connection_init", "payload": .object([:])])),
      ("received", .object(["type": "connection_ack"])),
      ("sent", .object(["id": "#1", "type": .string(legacy ? "start" : "subscribe"), "payload": payload])),
      ("received", event(2)), ("received", event(1)), ("received", event(0)),
      ("received", .object(["id": "#1", "type": "complete"])),
    ]
    return ["created \(wsProtocol)", "resumed"] + frames.map { "\($0.0) \(JSONSerializer.string($0.1))" }
  }

  func test_graphQLWSEventLog_recordsTheProtocolsFramesInOrder() async throws {
    try await checkEventLog(.graphql_ws, expected: Self.countdownFrames(.graphql_ws))
  }

  func test_graphQLTransportWSEventLog_recordsTheProtocolsFramesInOrder() async throws {
    try await checkEventLog(.graphql_transport_ws, expected: Self.countdownFrames(.graphql_transport_ws))
  }

  // MARK: Keep-alive

  func test_graphQLWSKeepAlive_keepsTheSubscriptionRunning() async throws {
    let (transport, events, _) = try await connect(.graphql_ws, "/graphql?serverPing=30")
    let deliveries = Delivered<Result<GraphQLResult<CountdownSubscription.Data>, any Error>>()
    _ = send(CountdownSubscription(from: 5, intervalMs: 30), on: transport, into: deliveries)
    let done = await eventually { Self.countdowns(deliveries.values) == [5, 4, 3, 2, 1, 0] }
    XCTAssertTrue(done, "ka messages are neither results nor errors: \(deliveries.values)")
    XCTAssertEqual(events.events, ["connect"])
    transport.closeConnection()
  }

  func test_graphQLTransportWSServerPing_isAnsweredAndReported() async throws {
    let (transport, events, session) = try await connect(.graphql_transport_ws, "/graphql?serverPing=30")
    let pinged = await eventually { events.events.filter { $0 == "ping" }.count >= 2 }
    XCTAssertTrue(pinged)
    XCTAssertFalse(session.tasks.first?.sent(type: "pong").isEmpty ?? true)
    transport.closeConnection()
  }

  private func checkPingFrame(_ wsProtocol: WebSocket.WSProtocol) async throws {
    let (transport, _, _) = try await connect(wsProtocol)
    let ponged = Delivered<Bool>()
    transport.ping(data: Data("are you there".utf8)) { ponged.append(true) }
    let done = await eventually { ponged.values == [true] }
    XCTAssertTrue(done, "the server's pong completes the ping")
    transport.closeConnection()
  }

  func test_graphQLWSPingFrame_completesWhenThePongArrives() async throws {
    try await checkPingFrame(.graphql_ws)
  }

  func test_graphQLTransportWSPingFrame_completesWhenThePongArrives() async throws {
    try await checkPingFrame(.graphql_transport_ws)
  }
}

// The recorder forwards the opening handshake and pings, so the 1.x `WebSocket` over it reports a refused upgrade as
// one and can ping (a wrapping session that does not forward them is taken as open at once and cannot ping).
extension RecordingWebSocketTask: WebSocketTaskControl {
  func waitForOpen() async throws {
    try await (base as? any WebSocketTaskControl)?.waitForOpen()
  }

  func sendPing(payload: Data) async throws {
    guard let control = base as? any WebSocketTaskControl else { throw URLError(.unsupportedURL) }
    try await control.sendPing(payload: payload)
  }
}

/// Values delivered on other threads.
private final class Delivered<Value>: @unchecked Sendable {  // `_values` is behind `lock`
  private let lock = NSLock()
  private var _values: [Value] = []
  var values: [Value] { lock.withLock { _values } }
  func append(_ value: Value) { lock.withLock { _values.append(value) } }
}

/// Records the 1.x transport delegate's calls.
private final class CallbackSocketEvents: WebSocketTransportDelegate, @unchecked Sendable {  // fields behind `lock`
  private let lock = NSLock()
  private var _events: [String] = []
  private var _errors: [(any Error)?] = []
  var events: [String] { lock.withLock { _events } }
  var errors: [(any Error)?] { lock.withLock { _errors } }

  func webSocketTransportDidConnect(_ webSocketTransport: WebSocketTransport) { lock.withLock { _events.append("connect") } }
  func webSocketTransportDidReconnect(_ webSocketTransport: WebSocketTransport) {
    lock.withLock { _events.append("reconnect") }
  }
  func webSocketTransport(_ webSocketTransport: WebSocketTransport, didDisconnectWithError error: (any Error)?) {
    lock.withLock {
      _events.append("disconnect")
      _errors.append(error)
    }
  }
  func webSocketTransport(_ webSocketTransport: WebSocketTransport, didReceivePingData: Data?) {
    lock.withLock { _events.append("ping") }
  }
  func webSocketTransport(_ webSocketTransport: WebSocketTransport, didReceivePongData: Data?) {
    lock.withLock { _events.append("pong") }
  }
}
