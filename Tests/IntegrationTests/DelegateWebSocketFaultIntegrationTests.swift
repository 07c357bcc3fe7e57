import ApolloTestSupport
import ApolloDelegateWebSocket
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 0.x ``WebSocketTransport`` against TestServer's `graphql-ws` fault switches: a dropped connection, a refused
/// upgrade, a refused `connection_init` (0.33 reference §4.4–4.5; quirks Q16, Q18, Q19).
final class DelegateWebSocketFaultIntegrationTests: IntegrationTestCase {
  private func makeTransport(path: String = "/graphql", query: String, session: RecordingWebSocketSession,
                             reconnect: Bool = true, connectingPayload: GraphQLMap? = [:]) -> WebSocketTransport {
    let request = URLRequest(url: webSocketURL(TestServer.baseURL, path + query))
    return WebSocketTransport(websocket: ApolloWebSocket(request: request, protocols: ["graphql-ws"], session: session),
                              reconnect: reconnect, reconnectionInterval: 0.1, connectingPayload: connectingPayload)
  }

  func test_droppedConnection_reconnectsAndTheSubscriptionResumes() async throws {
    // A normal TCP close without a close frame: a clean end (nil error), then a new connection re-sends the start.
    let session = RecordingWebSocketSession()
    let transport = makeTransport(query: "?dropAfter=2&dropMode=fin", session: session)
    let events = LegacyTransportEvents()
    transport.delegate = events
    let deliveries = LegacyDeliveries<CountdownSubscription.Data>()
    _ = transport.send(operation: CountdownSubscription(from: 1000, intervalMs: .some(10)), completionHandler: deliveries.handler)
    try await expectEventually("a third connection", within: 10) { session.openedSockets >= 3 && deliveries.values.count >= 6 }
    transport.pauseWebSocketConnection()
    XCTAssertTrue(events.events.contains("disconnect"), "an end without a close frame carries no error: \(events.events)")
    XCTAssertTrue(events.events.contains("reconnect"))
    XCTAssertEqual(deliveries.values.prefix(4).map { $0.data?.countdown }, [1000, 999, 1000, 999],
                   "each connection re-sends the start, so the countdown starts again")
    for task in session.tasks.prefix(2) {
      XCTAssertEqual(task.sent(type: "start").map { $0["id"] }, ["1"])
    }
  }

  func test_droppedConnection_doesNotReplayAMutation() async throws {
    // The mutation's answer is the connection's second result; the server then drops it. The new connections re-send
    // the subscription only, and the review exists once.
    let reviewsBefore = try await TestServer.stats()["reviews"]?.intValue ?? 0
    let session = RecordingWebSocketSession()
    let transport = makeTransport(query: "?dropAfter=2&dropMode=fin", session: session)
    let subscription = LegacyDeliveries<CountdownSubscription.Data>()
    _ = transport.send(operation: CountdownSubscription(from: 1000, intervalMs: .some(200)), completionHandler: subscription.handler)
    try await expectEventually("the first event", within: 10) { subscription.values.count >= 1 }
    let mutation = LegacyDeliveries<CreateReviewMutation.Data>()
    _ = transport.send(operation: CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 3, commentary: "once")),
                       completionHandler: mutation.handler)
    try await expectEventually("two more connections", within: 10) { session.openedSockets >= 3 }
    transport.pauseWebSocketConnection()
    XCTAssertEqual(mutation.values.first?.data?.createReview?.stars, 3)
    XCTAssertEqual(session.tasks.first?.sent(type: "start").map { $0["id"] }, ["1", "2"])
    // The last connection may have been paused before its ack, with nothing sent yet.
    let resent = session.tasks.dropFirst().map { $0.sent(type: "start").compactMap { $0["id"]?.stringValue } }
    XCTAssertEqual(resent.first, ["1"], "the subscription is re-sent")
    XCTAssertFalse(resent.joined().contains("2"), "the mutation is never re-sent: \(resent)")
    let reviewsAfter = try await TestServer.stats()["reviews"]?.intValue ?? 0
    XCTAssertEqual(reviewsAfter - reviewsBefore, 1)
  }

  func test_refusedUpgrade_reportsTheErrorAndSendFailsFast() async throws {
    // Q18: a disconnect with an error is stored; send fails at once with it until a connection opens.
    let session = RecordingWebSocketSession()
    let transport = makeTransport(query: "?refuse=403", session: session, reconnect: false)
    let events = LegacyTransportEvents()
    transport.delegate = events
    let first = LegacyDeliveries<CountdownSubscription.Data>()
    _ = transport.send(operation: CountdownSubscription(from: 1, intervalMs: nil), completionHandler: first.handler)
    try await expectEventually("the disconnect", within: 10) { events.events == ["disconnect(networkError)"] }
    XCTAssertTrue(first.errors.first is RFC6455Error || first.errors.first is URLError, "the socket's own error: \(first.errors)")
    XCTAssertFalse(transport.isConnected())
    let second = LegacyDeliveries<CountdownSubscription.Data>()
    let task = transport.send(operation: CountdownSubscription(from: 1, intervalMs: nil), completionHandler: second.handler)
    XCTAssertTrue(task is EmptyCancellable)
    guard let error = second.errors.first as? WebSocketError, case .networkError = error.kind else {
      return XCTFail("expected a stored networkError, got \(second.errors)")
    }
  }

  func test_refusedConnectionInit_errorsEveryHandlerThenTheServerCloses() async throws {
    // /graphql-auth without a token: connection_error (every handler: unprocessedMessage, Q16), then close 1011.
    let session = RecordingWebSocketSession()
    let transport = makeTransport(path: "/graphql-auth", query: "", session: session, reconnect: false)
    let events = LegacyTransportEvents()
    transport.delegate = events
    let first = LegacyDeliveries<CountdownSubscription.Data>(), second = LegacyDeliveries<HeroNameQuery.Data>()
    _ = transport.send(operation: CountdownSubscription(from: 1, intervalMs: nil), completionHandler: first.handler)
    _ = transport.send(operation: HeroNameQuery(episode: nil), completionHandler: second.handler)
    try await expectEventually("the close", within: 10) { events.events.contains("disconnect(networkError)") }
    for deliveries in [first.errors, second.errors] {
      guard let error = deliveries.first as? WebSocketError, case .unprocessedMessage(let text) = error.kind else {
        return XCTFail("expected unprocessedMessage first, got \(deliveries)")
      }
      XCTAssertTrue(text.contains("connection_error"), text)
      XCTAssertEqual((deliveries.last as? WSError)?.code, 1011)
    }
  }
}
