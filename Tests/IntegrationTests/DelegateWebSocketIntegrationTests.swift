import ApolloTestSupport
import ApolloDelegateWebSocket
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 0.x ``WebSocketTransport`` (ApolloDelegateWebSocket) against TestServer's legacy `graphql-ws` endpoint, over
/// the platform's WebSocket client (the RFC 6455 client on Linux), as 0.33's live subscription tests did (0.33
/// reference §5 #41–#44).
final class DelegateWebSocketIntegrationTests: IntegrationTestCase {
  /// A transport on `/graphql` (plus `query`) whose sockets go through `session`.
  private func makeTransport(query: String = "", session: RecordingWebSocketSession = RecordingWebSocketSession(),
                             headers: [String: String] = [:], connectingPayload: GraphQLMap? = [:],
                             reconnect: Bool = true) -> WebSocketTransport {
    var request = URLRequest(url: webSocketURL(TestServer.baseURL, "/graphql" + query))
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let socket = ApolloWebSocket(request: request, protocols: ["graphql-ws"], session: session)
    return WebSocketTransport(websocket: socket, clientName: "legacy-it", clientVersion: "0.33", reconnect: reconnect,
                              reconnectionInterval: 0.1, connectingPayload: connectingPayload)
  }

  func test_subscription_deliversEveryEventInOrder() async throws {
    // §5 #41: the handler gets each event; the server's `complete` leaves a subscription's handler in place.
    let transport = makeTransport()
    let deliveries = LegacyDeliveries<CountdownSubscription.Data>()
    _ = transport.send(operation: CountdownSubscription(from: 4, intervalMs: .some(10)), completionHandler: deliveries.handler)
    try await expectEventually("five countdown values", within: 10) { deliveries.values.count == 5 }
    XCTAssertEqual(deliveries.values.map { $0.data?.countdown }, [4, 3, 2, 1, 0])
    XCTAssertEqual(deliveries.errors.count, 0)
  }

  func test_defaultSocket_fromTheProvider_runsASubscription() async throws {
    // The default provider (ApolloWebSocket on DefaultWebSocketURLSession.platformDefault), as a 0.x app builds it.
    let transport = WebSocketTransport(request: URLRequest(url: webSocketURL(TestServer.baseURL)))
    let deliveries = LegacyDeliveries<CountdownSubscription.Data>()
    _ = transport.send(operation: CountdownSubscription(from: 2, intervalMs: .some(10)), completionHandler: deliveries.handler)
    try await expectEventually("three countdown values", within: 10) { deliveries.values.count == 3 }
    XCTAssertEqual(deliveries.values.map { $0.data?.countdown }, [2, 1, 0])
    XCTAssertTrue(transport.isConnected())
  }

  func test_subscription_fiftyEventsReachOneSubscription() async throws {
    // §5 #41.
    let transport = makeTransport()
    let deliveries = LegacyDeliveries<CountdownSubscription.Data>()
    _ = transport.send(operation: CountdownSubscription(from: 49, intervalMs: .some(1)), completionHandler: deliveries.handler)
    try await expectEventually("fifty values", within: 10) { deliveries.values.count == 50 }
    XCTAssertEqual(deliveries.values.map { $0.data?.countdown }, Array((0...49).reversed()))
  }

  func test_subscription_withAnArgument_receivesOnlyMatchingEvents() async throws {
    // §5 #41: filtering by argument; the reviews are created over HTTP with the 0.x HTTP transport.
    let transport = makeTransport()
    let jedi = LegacyDeliveries<ReviewAddedSubscription.Data>(), all = LegacyDeliveries<ReviewAddedSubscription.Data>()
    _ = transport.send(operation: EpisodeReviewAddedSubscription(episode: .JEDI), completionHandler: jedi.handler)
    _ = transport.send(operation: ReviewAddedSubscription(), completionHandler: all.handler)
    try await expectEventually("both listeners on the server", within: 10) { (try await TestServer.stats()["reviewListeners"]?.intValue) == 2 }
    let http = HTTPNetworkTransport(url: TestServer.url("/graphql"))
    for (episode, stars) in [(Episode.EMPIRE, 1), (.JEDI, 2), (.NEWHOPE, 3), (.JEDI, 4)] {
      let created = LegacyDeliveries<CreateReviewMutation.Data>()
      _ = http.send(operation: CreateReviewMutation(episode: .init(episode), review: ReviewInput(stars: Int32(stars))),
                    completionHandler: created.handler)
      try await expectEventually("review \(stars)", within: 10) { created.values.count == 1 }
    }
    try await expectEventually("every event", within: 10) { all.values.count == 4 && jedi.values.count == 2 }
    XCTAssertEqual(all.values.map { $0.data?.reviewAdded?.stars }, [1, 2, 3, 4])
    XCTAssertEqual(jedi.values.map { $0.data?.reviewAdded?.stars }, [2, 4])
  }

  func test_severalSubscriptions_eachGetTheirOwnEvents() async throws {
    // §5 #41: concurrent subscriptions get the right counts.
    let transport = makeTransport()
    let all = (1...4).map { _ in LegacyDeliveries<CountdownSubscription.Data>() }
    for (index, deliveries) in all.enumerated() {
      _ = transport.send(operation: CountdownSubscription(from: Int32(index + 2), intervalMs: .some(5)),
                         completionHandler: deliveries.handler)
    }
    try await expectEventually("every countdown", within: 10) { all.enumerated().allSatisfy { $0.element.values.count == $0.offset + 3 } }
    for (index, deliveries) in all.enumerated() {
      XCTAssertEqual(deliveries.values.last?.data?.countdown, 0)
      XCTAssertEqual(deliveries.values.first?.data?.countdown, index + 2)
    }
  }

  func test_queryAndMutation_overTheSocket_returnDataWithoutErrors() async throws {
    // §5 #44.
    let session = RecordingWebSocketSession()
    let transport = makeTransport(session: session)
    let hero = LegacyDeliveries<HeroNameQuery.Data>()
    _ = transport.send(operation: HeroNameQuery(episode: .init(.EMPIRE)), completionHandler: hero.handler)
    let review = LegacyDeliveries<CreateReviewMutation.Data>()
    _ = transport.send(operation: CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 4, commentary: "0.x")),
                       completionHandler: review.handler)
    try await expectEventually("both answers", within: 10) { hero.values.count == 1 && review.values.count == 1 }
    XCTAssertEqual(hero.values.first?.data?.hero?.name, "Luke Skywalker")
    XCTAssertNil(hero.values.first?.errors)
    XCTAssertEqual(review.values.first?.data?.createReview?.stars, 4)
    XCTAssertNil(review.values.first?.errors)
    XCTAssertEqual(session.openedSockets, 1, "both over one socket")
    XCTAssertEqual(session.tasks.first?.sent(type: "start").count, 2)
  }

  func test_apolloClient_fetchPerformAndSubscribe_overTheSocket() async throws {
    // §5 #44: queries and mutations through ApolloClient.fetch/perform over WebSocketTransport return data without
    // errors; subscribe delivers every event.
    let client = ApolloClient(networkTransport: makeTransport())
    let results = Mutex<[String]>([])
    client.fetch(query: HeroNameQuery(episode: .init(.EMPIRE)), cachePolicy: .fetchIgnoringCacheData, queue: .global()) { result in
      let value = try? result.get()
      results.withLock { $0.append("hero \(value?.data?.hero?.name ?? "?") errors \(value?.errors?.count ?? 0)") }
    }
    client.perform(mutation: CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 5)), queue: .global()) { result in
      let value = try? result.get()
      results.withLock { $0.append("stars \(value?.data?.createReview?.stars ?? -1) errors \(value?.errors?.count ?? 0)") }
    }
    let serial = DispatchQueue(label: "countdown")
    client.subscribe(subscription: CountdownSubscription(from: 2, intervalMs: .some(10)), queue: serial) { result in
      results.withLock { $0.append("countdown \((try? result.get())?.data?.countdown ?? -1)") }
    }
    try await expectEventually("five results", within: 10) { results.withLock { $0.count } == 5 }
    let all = results.withLock { $0 }
    XCTAssertTrue(all.contains("hero Luke Skywalker errors 0"), "\(all)")
    XCTAssertTrue(all.contains("stars 5 errors 0"), "\(all)")
    XCTAssertEqual(all.filter { $0.hasPrefix("countdown") }, ["countdown 2", "countdown 1", "countdown 0"])
  }

  func test_connectingPayload_reachesTheServer() async throws {
    let token = "token-\(Int.random(in: 0..<1_000_000_000))"
    let transport = makeTransport(connectingPayload: ["authToken": .string(token)])
    let answer = LegacyDeliveries<ConnectionParamQuery.Data>()
    _ = transport.send(operation: ConnectionParamQuery(name: "authToken"), completionHandler: answer.handler)
    try await expectEventually("the answer", within: 10) { answer.values.count == 1 }
    XCTAssertEqual(answer.values.first?.data?.connectionParam, token)
  }

  func test_upgradeHeaders_carryTheClientNameAndTheRequestsHeaders() async throws {
    let transport = makeTransport(headers: ["X-Legacy": "zero"])
    let name = LegacyDeliveries<RequestHeaderQuery.Data>(), custom = LegacyDeliveries<RequestHeaderQuery.Data>(),
      protocolHeader = LegacyDeliveries<RequestHeaderQuery.Data>()
    _ = transport.send(operation: RequestHeaderQuery(name: "apollographql-client-name"), completionHandler: name.handler)
    _ = transport.send(operation: RequestHeaderQuery(name: "X-Legacy"), completionHandler: custom.handler)
    _ = transport.send(operation: RequestHeaderQuery(name: "Sec-WebSocket-Protocol"), completionHandler: protocolHeader.handler)
    try await expectEventually("three answers", within: 10) { name.values.count == 1 && custom.values.count == 1 && protocolHeader.values.count == 1 }
    XCTAssertEqual(name.values.first?.data?.requestHeader, "legacy-it")
    XCTAssertEqual(custom.values.first?.data?.requestHeader, "zero")
    XCTAssertEqual(protocolHeader.values.first?.data?.requestHeader, "graphql-ws")
  }

  func test_updateHeaderValues_reconnectsWithTheNewHeader() async throws {
    let session = RecordingWebSocketSession()
    let transport = makeTransport(session: session, headers: ["X-Legacy": "before"])
    let events = LegacyTransportEvents()
    transport.delegate = events
    let first = LegacyDeliveries<RequestHeaderQuery.Data>()
    _ = transport.send(operation: RequestHeaderQuery(name: "X-Legacy"), completionHandler: first.handler)
    try await expectEventually("the first answer", within: 10) { first.values.count == 1 }
    transport.updateHeaderValues(["X-Legacy": "after"])
    try await expectEventually("the reconnection", within: 10) { events.events.contains("reconnect") }
    let second = LegacyDeliveries<RequestHeaderQuery.Data>()
    _ = transport.send(operation: RequestHeaderQuery(name: "X-Legacy"), completionHandler: second.handler)
    try await expectEventually("the second answer", within: 10) { second.values.count == 1 }
    XCTAssertEqual(first.values.first?.data?.requestHeader, "before")
    XCTAssertEqual(second.values.first?.data?.requestHeader, "after")
    XCTAssertEqual(session.openedSockets, 2)
  }

  func test_updateConnectingPayload_reconnectsWithTheNewPayload() async throws {
    let transport = makeTransport(connectingPayload: ["authToken": "old"])
    let events = LegacyTransportEvents()
    transport.delegate = events
    let first = LegacyDeliveries<ConnectionParamQuery.Data>()
    _ = transport.send(operation: ConnectionParamQuery(name: "authToken"), completionHandler: first.handler)
    try await expectEventually("the first answer", within: 10) { first.values.count == 1 }
    transport.updateConnectingPayload(["authToken": "new"])
    try await expectEventually("the reconnection", within: 10) { events.events.contains("reconnect") }
    let second = LegacyDeliveries<ConnectionParamQuery.Data>()
    _ = transport.send(operation: ConnectionParamQuery(name: "authToken"), completionHandler: second.handler)
    try await expectEventually("the second answer", within: 10) { second.values.count == 1 }
    XCTAssertEqual(first.values.first?.data?.connectionParam, "old")
    XCTAssertEqual(second.values.first?.data?.connectionParam, "new")
  }

  func test_serverErrorMessage_isDeliveredAsAResultWithoutDataOrErrors() async throws {
    // Q15: a subscription source that fails gives an `error` message; 0.x delivers its payload as a result.
    let transport = makeTransport()
    let deliveries = LegacyDeliveries<CountdownSubscription.Data>()
    _ = transport.send(operation: ErroringCountdownAsCountdownSubscription(from: 2), completionHandler: deliveries.handler)
    try await expectEventually("two values and the error", within: 10) { deliveries.values.count == 3 }
    XCTAssertEqual(deliveries.values.prefix(2).map { $0.data?.countdown }, [2, 1])
    XCTAssertNil(deliveries.values.last?.data)
    XCTAssertNil(deliveries.values.last?.errors)
    XCTAssertEqual(deliveries.bodies.last?["message"], "erroringCountdown failed")
    XCTAssertEqual(deliveries.errors.count, 0)
  }

  func test_cancel_sendsStopAndTheServerEndsTheOperation() async throws {
    // §5 #41: after cancel() no more callbacks arrive.
    let session = RecordingWebSocketSession()
    let transport = makeTransport(session: session)
    let deliveries = LegacyDeliveries<CountdownSubscription.Data>()
    let task = transport.send(operation: CountdownSubscription(from: 1000, intervalMs: .some(20)), completionHandler: deliveries.handler)
    try await expectEventually("a first value", within: 10) { deliveries.values.count >= 1 }
    task.cancel()
    try await expectEventually("the server's operation to end", within: 10) {
      (try await TestServer.stats()["webSocketOperations"]?.intValue) == 0
    }
    let count = deliveries.values.count
    try await Task.sleep(nanoseconds: 200_000_000)
    XCTAssertEqual(deliveries.values.count, count)
    XCTAssertEqual(session.tasks.first?.sent(type: "stop").first?["id"], "1")
  }

  func test_serverClose_reconnectsAndTheSubscriptionResumes() async throws {
    let session = RecordingWebSocketSession()
    let transport = makeTransport(session: session)
    let events = LegacyTransportEvents()
    transport.delegate = events
    let deliveries = LegacyDeliveries<CountdownSubscription.Data>()
    _ = transport.send(operation: CountdownSubscription(from: 1000, intervalMs: .some(20)), completionHandler: deliveries.handler)
    try await expectEventually("a first value", within: 10) { deliveries.values.count >= 1 }
    _ = try await TestServer.json("POST", "/_test/ws/close-all?code=1011")
    try await expectEventually("the reconnection", within: 10) { events.events.contains("reconnect") }
    let before = deliveries.values.count
    try await expectEventually("events after the reconnection", within: 10) { deliveries.values.count > before + 2 }
    // The first "connect" may come before the delegate was set (init connects at once, as 0.33's did).
    XCTAssertEqual(Array(events.events.drop { $0 == "connect" }.prefix(2)), ["disconnect(networkError)", "reconnect"])
    XCTAssertEqual((deliveries.errors.first as? WSError)?.code, 1011, "the handler got the socket's own error")
    XCTAssertEqual(session.openedSockets, 2)
    XCTAssertEqual(session.tasks.last?.sent(type: "start").first?["id"], "1", "the same subscription, re-sent")
    XCTAssertEqual(deliveries.values.last.flatMap { $0.data?.countdown }.map { $0 > 990 }, true,
                   "the re-sent start counts down from the start again")
  }

  func test_pauseAndResume_stopAndRestartDeliveries() async throws {
    // §5 #42.
    let session = RecordingWebSocketSession()
    let transport = makeTransport(session: session)
    let events = LegacyTransportEvents()
    transport.delegate = events
    let deliveries = LegacyDeliveries<CountdownSubscription.Data>()
    _ = transport.send(operation: CountdownSubscription(from: 1000, intervalMs: .some(20)), completionHandler: deliveries.handler)
    try await expectEventually("a first value", within: 10) { deliveries.values.count >= 1 }
    transport.pauseWebSocketConnection()
    try await expectEventually("the disconnect", within: 10) { events.events.contains("disconnect(networkError)") }
    XCTAssertEqual((deliveries.errors.first as? WSError)?.code, 1000)
    let paused = deliveries.values.count
    try await Task.sleep(nanoseconds: 300_000_000)
    XCTAssertEqual(deliveries.values.count, paused, "nothing while paused")
    XCTAssertEqual(session.openedSockets, 1, "no reconnection while paused")
    transport.resumeWebSocketConnection()
    try await expectEventually("events after resuming", within: 10) { deliveries.values.count > paused + 2 }
    // The first "connect" may come before the delegate was set (init connects at once, as 0.33's did).
    XCTAssertEqual(Array(events.events.drop { $0 == "connect" }.prefix(2)), ["disconnect(networkError)", "reconnect"])
  }

  func test_serverKeepAlive_isHandledWithoutErrors() async throws {
    // `ka` every 20 ms: it flushes the queue and is never an unprocessed message.
    let transport = makeTransport(query: "?serverPing=20")
    let deliveries = LegacyDeliveries<CountdownSubscription.Data>()
    _ = transport.send(operation: CountdownSubscription(from: 5, intervalMs: .some(60)), completionHandler: deliveries.handler)
    try await expectEventually("six values", within: 10) { deliveries.values.count == 6 }
    XCTAssertEqual(deliveries.errors.count, 0)
  }

  func test_closeConnection_letsTheServerCloseAndDoesNotReconnect() async throws {
    // Q20: connection_terminate; the server closes the socket; reconnection is off.
    let session = RecordingWebSocketSession()
    let transport = makeTransport(session: session)
    let events = LegacyTransportEvents()
    transport.delegate = events
    let deliveries = LegacyDeliveries<CountdownSubscription.Data>()
    _ = transport.send(operation: CountdownSubscription(from: 1000, intervalMs: .some(20)), completionHandler: deliveries.handler)
    try await expectEventually("a first value", within: 10) { deliveries.values.count >= 1 }
    transport.closeConnection()
    try await expectEventually("the server's close", within: 10) { events.events.contains { $0.hasPrefix("disconnect") } }
    XCTAssertEqual(session.tasks.first?.sent(type: "connection_terminate").count, 1)
    try await Task.sleep(nanoseconds: 300_000_000)
    XCTAssertEqual(session.openedSockets, 1)
    XCTAssertFalse(transport.isConnected())
  }

  func test_splitNetworkTransport_sendsQueriesOverHTTPAndSubscriptionsOverTheSocket() async throws {
    let session = RecordingWebSocketSession()
    let http = HTTPNetworkTransport(url: TestServer.url("/graphql"))
    http.clientName = "legacy-it"
    http.clientVersion = "0.33"
    let split = SplitNetworkTransport(httpNetworkTransport: http, webSocketNetworkTransport: makeTransport(session: session))
    XCTAssertEqual(split.clientName, "legacy-it")
    let hero = LegacyDeliveries<HeroNameQuery.Data>()
    _ = split.send(operation: HeroNameQuery(episode: .init(.EMPIRE)), completionHandler: hero.handler)
    let countdown = LegacyDeliveries<CountdownSubscription.Data>()
    _ = split.send(operation: CountdownSubscription(from: 1, intervalMs: .some(10)), completionHandler: countdown.handler)
    try await expectEventually("both", within: 10) { hero.values.count == 1 && countdown.values.count == 2 }
    XCTAssertEqual(hero.values.first?.data?.hero?.name, "Luke Skywalker")
    let logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.map(\.operationName), ["HeroName"], "only the query went over HTTP")
    XCTAssertEqual(session.tasks.first?.sent(type: "start").count, 1, "only the subscription went over the socket")
  }
}

/// What one 0.x completion handler received, parsed; handlers run on the transport's queue.
final class LegacyDeliveries<Data: RootSelectionSet>: @unchecked Sendable {
  // @unchecked Sendable: `_bodies`, `_values` and `_errors` are behind `lock`.
  private let lock = NSLock()
  private var _values: [GraphQLResult<Data>] = []
  private var _bodies: [JSON.Object] = []
  private var _errors: [any Error] = []
  var values: [GraphQLResult<Data>] { lock.withLock { _values } }
  var bodies: [JSON.Object] { lock.withLock { _bodies } }
  var errors: [any Error] { lock.withLock { _errors } }

  var handler: (Result<GraphQLResponse<Data>, any Error>) -> Void {
    { [self] result in
      do {
        let response = try result.get()
        let parsed = try response.parseResultFast()
        lock.withLock {
          _bodies.append(response.body)
          _values.append(parsed)
        }
      } catch {
        lock.withLock { _errors.append(error) }
      }
    }
  }
}

/// The 0.x transport delegate's calls: `connect`, `reconnect`, `disconnect` or `disconnect(networkError)`.
final class LegacyTransportEvents: WebSocketTransportDelegate, @unchecked Sendable {
  // @unchecked Sendable: `_events` is behind `lock`.
  private let lock = NSLock()
  private var _events: [String] = []
  var events: [String] { lock.withLock { _events } }

  func webSocketTransportDidConnect(_ webSocketTransport: WebSocketTransport) { lock.withLock { _events.append("connect") } }
  func webSocketTransportDidReconnect(_ webSocketTransport: WebSocketTransport) { lock.withLock { _events.append("reconnect") } }
  func webSocketTransport(_ webSocketTransport: WebSocketTransport, didDisconnectWithError error: (any Error)?) {
    lock.withLock { _events.append(error == nil ? "disconnect" : "disconnect(networkError)") }
  }
}

/// `erroringCountdown` under the alias `countdown`, so its events read as ``CountdownSubscription``'s data.
struct ErroringCountdownAsCountdownSubscription: GraphQLSubscription {
  static let operationName = "ErroringCountdown"
  static let operationDocument = OperationDocument(definition: OperationDefinition(
    "subscription ErroringCountdown($from: Int!) { countdown: erroringCountdown(from: $from) }"))
  var from: Int32
  var __variables: Variables? { ["from": from] }
  typealias Data = CountdownSubscription.Data
}

/// `reviewAdded` for one episode, read as ``ReviewAddedSubscription``'s data.
struct EpisodeReviewAddedSubscription: GraphQLSubscription {
  static let operationName = "EpisodeReviewAdded"
  static let operationDocument = OperationDocument(definition: OperationDefinition(
    "subscription EpisodeReviewAdded($episode: Episode) { reviewAdded(episode: $episode) { stars commentary } }"))
  var episode: Episode
  var __variables: Variables? { ["episode": GraphQLEnum(episode)] }
  typealias Data = ReviewAddedSubscription.Data
}
