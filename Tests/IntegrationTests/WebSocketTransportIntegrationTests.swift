import ApolloTestSupport
import ApolloWebSocket
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``WebSocketTransport`` against TestServer's `graphql-transport-ws` endpoint (strawberry), over the
/// platform's default WebSocket client (the RFC 6455 client on Linux).
final class WebSocketTransportIntegrationTests: IntegrationTestCase {
  private func makeTransport(_ configuration: WebSocketTransport.Configuration = .init(), query: String = "",
                             session: RecordingWebSocketSession = RecordingWebSocketSession(),
                             base: URL = TestServer.baseURL) throws -> WebSocketTransport {
    WebSocketTransport(urlSession: session, store: ApolloStore(), endpointURL: webSocketURL(base, "/graphql" + query),
                           configuration: configuration)
  }

  func test_subscription_deliversSeveralValuesThenCompletes() async throws {
    let transport = try makeTransport()
    let stream = try transport.send(subscription: CountdownSubscription(from: 4, intervalMs: .some(10)),
                                    fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration())
    let values = try await withTimeout(15) {
      var values: [Int] = []
      for try await response in stream { values.append(response.data?.countdown ?? -1) }
      return values
    }
    XCTAssertEqual(values, [4, 3, 2, 1, 0])
    XCTAssertEqual(stream.state, .finished(.completed))
  }

  func test_queryAndMutationOverTheSocket_returnTheirData() async throws {
    let session = RecordingWebSocketSession()
    let transport = try makeTransport(session: session)
    let hero = try await withTimeout(15) {
      var names: [String] = []
      for try await response in try transport.send(query: HeroNameQuery(episode: .init(.EMPIRE)), fetchBehavior: .NetworkOnly,
                                                    requestConfiguration: RequestConfiguration()) {
        names.append(response.data?.hero?.name ?? "?")
      }
      return names
    }
    XCTAssertEqual(hero, ["Luke Skywalker"])
    let stars = try await withTimeout(15) {
      var stars: [Int] = []
      for try await response in try transport.send(
        mutation: CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 4, commentary: "ws")),
        requestConfiguration: RequestConfiguration())
      {
        stars.append(response.data?.createReview?.stars ?? -1)
      }
      return stars
    }
    XCTAssertEqual(stars, [4])
    XCTAssertEqual(session.openedSockets, 1, "both over one socket")
  }

  func test_connectingPayload_isSeenByTheServer() async throws {
    let token = "token-\(Int.random(in: 0..<1_000_000_000))"
    let transport = try makeTransport(.init(connectingPayload: ["authToken": token, "n": 7]))
    let seen = try await withTimeout(15) { () -> [String?] in
      var seen: [String?] = []
      for try await response in try transport.send(query: ConnectionParamQuery(name: "authToken"), fetchBehavior: .NetworkOnly,
                                                    requestConfiguration: RequestConfiguration()) {
        seen.append(response.data?.connectionParam)
      }
      return seen
    }
    XCTAssertEqual(seen, [token])
  }

  func test_serverInitiatedPing_isAnswered() async throws {
    let session = RecordingWebSocketSession()
    let events = WebSocketEvents()
    let transport = try makeTransport(query: "?serverPing=50", session: session)
    await transport.setDelegate(events)
    let stream = try transport.send(subscription: CountdownSubscription(from: 10, intervalMs: .some(50)),
                                    fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration())
    let count = try await withTimeout(20) {
      var count = 0
      for try await _ in stream { count += 1 }
      return count
    }
    XCTAssertEqual(count, 11)
    XCTAssertGreaterThanOrEqual(events.events.filter { $0 == "ping" }.count, 2)
    XCTAssertGreaterThanOrEqual(session.tasks.first?.sent(type: "pong").count ?? 0, 2)
  }

  func test_clientKeepalivePings_getPongs() async throws {
    let events = WebSocketEvents()
    let transport = try makeTransport(.init(pingInterval: 0.05))
    await transport.setDelegate(events)
    let stream = try transport.send(subscription: CountdownSubscription(from: 6, intervalMs: .some(50)),
                                    fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration())
    _ = try await withTimeout(20) { for try await _ in stream {} }
    XCTAssertGreaterThanOrEqual(events.events.filter { $0 == "pong" }.count, 2)
  }

  func test_pauseAndResume_holdValuesWhilePausedAndResumeOnANewSocket() async throws {
    let session = RecordingWebSocketSession()
    let events = WebSocketEvents()
    let transport = try makeTransport(session: session)
    await transport.setDelegate(events)
    let stream = try transport.send(subscription: CountdownSubscription(from: 1000, intervalMs: .some(20)),
                                    fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration())
    let collected = Mutex<[Int]>([])
    let consumer = Task {
      for try await response in stream { collected.withLock { $0.append(response.data?.countdown ?? -1) } }
    }
    defer { consumer.cancel() }
    try await expectEventually("condition", within: 10) { collected.withLock { $0.count } >= 3 }
    await transport.pause()
    XCTAssertEqual(stream.state, .paused)
    try await Task.sleep(nanoseconds: 200_000_000)
    let countWhilePaused = collected.withLock { $0.count }
    try await Task.sleep(nanoseconds: 200_000_000)
    XCTAssertEqual(collected.withLock { $0.count }, countWhilePaused, "nothing arrives while paused")
    await transport.resume()
    try await expectEventually("condition", within: 10) { collected.withLock { $0.count } >= countWhilePaused + 3 }
    XCTAssertEqual(stream.state, .active)
    XCTAssertEqual(session.openedSockets, 2)
    XCTAssertEqual(events.events, ["connect", "reconnect"])
    // The server re-ran the subscription under the same id: the countdown starts over.
    XCTAssertEqual(collected.withLock { $0[countWhilePaused] }, 1000)
  }

  func test_connectingPayloadUpdateWithReconnection_sendsTheNewPayload() async throws {
    let session = RecordingWebSocketSession()
    let transport = try makeTransport(.init(connectingPayload: ["authToken": "first"]), session: session)
    let subscription = try transport.send(subscription: CountdownSubscription(from: 1000, intervalMs: .some(20)),
                                          fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration())
    let received = Mutex(0)
    let consumer = Task { for try await _ in subscription { received.withLock { $0 += 1 } } }
    defer { consumer.cancel() }
    try await expectEventually("condition", within: 10) { received.withLock { $0 } >= 2 }

    await transport.updateConnectingPayload(["authToken": "second"], reconnectIfConnected: true)
    let seen = try await withTimeout(15) { () -> String? in
      var value: String?
      for try await response in try transport.send(query: ConnectionParamQuery(name: "authToken"), fetchBehavior: .NetworkOnly,
                                                    requestConfiguration: RequestConfiguration()) {
        value = response.data?.connectionParam
      }
      return value
    }
    XCTAssertEqual(seen, "second")
    XCTAssertEqual(session.tasks.count, 2)
    let before = received.withLock { $0 }
    try await expectEventually("the subscription continues on the new socket", within: 10) { received.withLock { $0 } >= before + 2 }
    XCTAssertEqual(subscription.state, .active)
  }

  func test_hundredConcurrentSubscriptionsOnOneSocket_allComplete() async throws {
    let session = RecordingWebSocketSession()
    let transport = try makeTransport(session: session)
    let results = try await withTimeout(60) {
      try await withThrowingTaskGroup(of: [Int].self) { group in
        for _ in 0..<100 {
          group.addTask {
            var values: [Int] = []
            for try await response in try transport.send(
              subscription: CountdownSubscription(from: 3, intervalMs: .some(10)), fetchBehavior: .NetworkOnly,
              requestConfiguration: RequestConfiguration())
            {
              values.append(response.data?.countdown ?? -1)
            }
            return values
          }
        }
        var all: [[Int]] = []
        for try await values in group { all.append(values) }
        return all
      }
    }
    XCTAssertEqual(results.count, 100)
    XCTAssertTrue(results.allSatisfy { $0 == [3, 2, 1, 0] })
    XCTAssertEqual(session.openedSockets, 1)
    XCTAssertEqual(Set(session.tasks[0].sent(type: "subscribe").compactMap { $0["id"]?.stringValue }).count, 100)
  }

  func test_splitNetworkTransportThroughApolloClient_sendsQueriesOverHTTPAndSubscriptionsOverTheSocket() async throws {
    let store = ApolloStore()
    let http = RequestChainNetworkTransport(
      urlSession: URLSessionStreamingSession(configuration: .ephemeral), interceptorProvider: DefaultInterceptorProvider.shared,
      store: store, endpointURL: TestServer.url("/graphql"))
    let session = RecordingWebSocketSession()
    let socket = WebSocketTransport(urlSession: session, store: store, endpointURL: webSocketURL(TestServer.baseURL))
    let split = SplitNetworkTransport(queryTransport: http, mutationTransport: http, subscriptionTransport: socket)
    let client = ApolloClient(networkTransport: split, store: store)

    let hero = try await withTimeout(15) { try await client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly) }
    XCTAssertEqual(hero.data?.hero?.name, "R2-D2")
    let review = try await withTimeout(15) {
      try await client.perform(mutation: CreateReviewMutation(episode: .init(.EMPIRE), review: ReviewInput(stars: 3)))
    }
    XCTAssertEqual(review.data?.createReview?.stars, 3)
    XCTAssertEqual(session.openedSockets, 0, "queries and mutations go over HTTP")
    let values = try await withTimeout(15) {
      var values: [Int] = []
      for try await response in try client.subscribe(subscription: CountdownSubscription(from: 2, intervalMs: nil), cachePolicy: .networkOnly) {
        values.append(response.data?.countdown ?? -1)
      }
      return values
    }
    XCTAssertEqual(values, [2, 1, 0])
    XCTAssertEqual(session.openedSockets, 1)
    let logged = try await TestServer.requests(path: "/graphql")
    // The shared server's log may hold other tests' requests too.
    XCTAssertTrue(Set(logged.compactMap(\.operationName)).isSuperset(of: ["CreateReview", "HeroName"]))
  }

  func test_httpOnlySplitTransport_cannotSubscribe() throws {
    let store = ApolloStore()
    let http = RequestChainNetworkTransport(
      urlSession: URLSessionStreamingSession(configuration: .ephemeral), interceptorProvider: DefaultInterceptorProvider.shared,
      store: store, endpointURL: TestServer.url("/graphql"))
    let client = ApolloClient(networkTransport: SplitNetworkTransport(queryTransport: http, mutationTransport: http),
                              store: store)
    XCTAssertThrowsError(try client.subscribe(subscription: CountdownSubscription(from: 1, intervalMs: nil))) { error in
      XCTAssertEqual(error as? ApolloClient.Error, .noSubscriptionTransport)
    }
  }
}
