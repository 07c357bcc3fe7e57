import ApolloTestSupport
import ApolloWebSocket
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Kills and restarts a TestServer of its own under a live socket, never the shared one: on
/// `APOLLO_WS_RESTART_TEST_PORT`, or else on a free port the system picks for each test, so two checkouts
/// running their tests at once do not meet there.
final class WebSocketServerRestartTests: XCTestCase {
  /// Made in `setUp`, so the port is picked just before it is bound: XCTest makes every test's instance when the run
  /// starts, minutes earlier, while the other tests' connections take ports from the same range.
  private var server: PrivateTestServer!

  override func setUp() async throws {
    try await super.setUp()
    server = PrivateTestServer(port: TestPorts.privateServerPort())
    try await server.must("start")
  }

  override func tearDown() async throws {
    try? server.signal(SIGCONT)
    try await server.run("stop")
    // Each test has a port of its own, so each would leave a log behind: keep only the logs of failures.
    if testRun?.totalFailureCount == 0 { server.removeLogs() }  // (hasSucceeded is false until the run stops)
    try await super.tearDown()
  }

  func test_serverKilledAndRestartedMidSubscription_subscriptionResumes_mutationInFlightFailsAndIsNotReplayed() async throws {
    let session = RecordingWebSocketSession()
    let events = WebSocketEvents()
    let transport = WebSocketTransport(
      urlSession: session, store: ApolloStore(), endpointURL: webSocketURL(server.baseURL),
      configuration: .init(reconnectionInterval: 6))
    await transport.setDelegate(events)
    let subscription = try transport.send(subscription: CountdownSubscription(from: 100_000, intervalMs: .some(50)),
                                          fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration())
    let received = Mutex<[Int]>([])
    let consumer = Task {
      for try await response in subscription { received.withLock { $0.append(response.data?.countdown ?? -1) } }
    }
    defer { consumer.cancel() }
    try await expectEventually("first values", within: 10) { received.withLock { $0.count } >= 3 }

    // Freeze the server so the mutation is surely in flight, then kill it.
    try server.signal(SIGSTOP)
    let mutation = try transport.send(mutation: CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 5)),
                                      requestConfiguration: RequestConfiguration())
    let mutationOutcome = Task { () -> (any Error)? in
      do {
        for try await _ in mutation {}
        return nil
      } catch { return error }
    }
    try await expectEventually("the mutation's subscribe on the wire", within: 10) {
      session.tasks[0].sent(type: "subscribe").contains { $0["payload"]?["operationName"] == "CreateReview" }
    }
    try await server.must("kill")

    let mutationError = try await withTimeout(10) { await mutationOutcome.value }
    XCTAssertNotNil(mutationError, "the mutation in flight fails")
    try await expectEventually("reconnecting", within: 10) { subscription.state == .reconnecting }
    let beforeRestart = received.withLock { $0.count }

    try await server.must("start")
    try await expectEventually("values after the reconnection", within: 20) {
      received.withLock { $0.count } >= beforeRestart + 3
    }
    XCTAssertEqual(subscription.state, .active)
    XCTAssertEqual(events.events.filter { $0 != "ping" && $0 != "pong" }, ["connect", "disconnect", "reconnect"])
    XCTAssertEqual(session.openedSockets, 2)
    let resent = session.tasks[1].sent(type: "subscribe").compactMap { $0["payload"]?["operationName"]?.stringValue }
    XCTAssertEqual(resent, ["Countdown"], "only the subscription is re-subscribed")
    let stats = try await server.stats()
    XCTAssertEqual(stats["reviews"], 0, "the mutation was not replayed on the new server")
  }

  func test_droppedServer_neverLeavesTheStreamHanging() async throws {
    let transport = WebSocketTransport(
      urlSession: RecordingWebSocketSession(), store: ApolloStore(), endpointURL: webSocketURL(server.baseURL),
      configuration: .init(reconnectionInterval: 0.2))
    let subscription = try transport.send(subscription: CountdownSubscription(from: 100_000, intervalMs: .some(50)),
                                          fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration())
    let received = Mutex(0)
    let outcome = Task { () -> (any Error)? in
      do {
        for try await _ in subscription { received.withLock { $0 += 1 } }
        return nil
      } catch { return error }
    }
    try await expectEventually("first values", within: 10) { received.withLock { $0 } >= 2 }
    try await server.must("kill")
    let error = try await withTimeout(15) { await outcome.value }
    XCTAssertNotNil(error, "a failed reconnection ends the stream with an error")
    XCTAssertEqual(subscription.state, .finished(.error(WebSocketTransport.Error.connectionClosed)))
  }

  func test_reconnectOffServerKilled_streamEnds() async throws {
    let transport = WebSocketTransport(
      urlSession: RecordingWebSocketSession(), store: ApolloStore(), endpointURL: webSocketURL(server.baseURL))
    let subscription = try transport.send(subscription: CountdownSubscription(from: 100_000, intervalMs: .some(50)),
                                          fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration())
    let received = Mutex(0)
    let outcome = Task { () -> Bool in
      do { for try await _ in subscription { received.withLock { $0 += 1 } } } catch {}
      return true
    }
    try await expectEventually("first values", within: 10) { received.withLock { $0 } >= 2 }
    try await server.must("kill")
    let ended = try await withTimeout(15) { await outcome.value }
    XCTAssertTrue(ended)
    if case .finished = subscription.state {} else { XCTFail("state \(subscription.state)") }
  }
}
