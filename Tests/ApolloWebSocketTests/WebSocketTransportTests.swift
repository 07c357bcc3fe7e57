import ApolloTestSupport
@testable import ApolloWebSocket
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

typealias CountdownResponse = GraphQLResponse<CountdownSubscription>

/// Mirrors upstream 2.x `WebSocketTests` (apollographql/apollo-ios-dev, Tests/ApolloTests/WebSocket/WebSocketTests.swift),
/// against a scripted socket.
final class WebSocketTransportTests: XCTestCase {
  private func makeTransport(_ configuration: WebSocketTransport.Configuration = .init(), store: ApolloStore = ApolloStore())
    throws -> (WebSocketTransport, MockWebSocketSession)
  {
    let session = MockWebSocketSession()
    return (WebSocketTransport(urlSession: session, store: store, endpointURL: wsEndpoint, configuration: configuration),
            session)
  }

  private func subscribe(_ transport: WebSocketTransport, from: Int = 3, fetchBehavior: FetchBehavior = .NetworkOnly,
                         writeResultsToCache: Bool = true)
    throws -> (SubscriptionStream<CountdownResponse>, Collector<CountdownResponse>)
  {
    let stream = try transport.send(subscription: CountdownSubscription(from: Int32(from), intervalMs: nil), fetchBehavior: fetchBehavior,
                                    requestConfiguration: RequestConfiguration(writeResultsToCache: writeResultsToCache))
    return (stream, Collector(stream.stream))
  }

  private func countdowns(_ collector: Collector<CountdownResponse>) -> [Int] {
    collector.values.compactMap { $0.data?.countdown }
  }

  /// Starts one subscription, acks it, waits for its subscribe; returns the subscription's id.
  private func connectedSubscription(_ transport: WebSocketTransport, _ session: MockWebSocketSession)
    async throws -> (SubscriptionStream<CountdownResponse>, Collector<CountdownResponse>, MockWebSocketTask, String)
  {
    let (stream, collector) = try subscribe(transport)
    let task = try await session.waitForTask(0)
    task.ack()
    try await task.waitForSent("subscribe")
    return (stream, collector, task, try XCTUnwrap(task.subscribeID()))
  }

  // MARK: connection_init

  func test_init_createsTheFirstTaskWithoutResumingIt() throws {
    let (_, session) = try makeTransport()
    XCTAssertEqual(session.capturedRequests.count, 1)
    XCTAssertFalse(session.task(0).resumed)
    XCTAssertEqual(session.capturedRequests[0].value(forHTTPHeaderField: "Sec-WebSocket-Protocol"), "graphql-transport-ws")
  }

  /// The initializer does not throw, as upstream's has not since 2.3: an endpoint no WebSocket can reach asks the
  /// session for no socket (URLSession raises an exception for one) and fails the operation with a typed error,
  /// instead of hanging or passing silently.
  func test_anEndpointNoWebSocketCanReach_failsTheOperationWithUnsupportedURL() async throws {
    let session = MockWebSocketSession()
    let transport = WebSocketTransport(urlSession: session, store: ApolloStore(),
                                       endpointURL: URL(string: "ftp://example.com/graphql")!)
    XCTAssertEqual(session.capturedRequests.count, 0)
    let stream = try transport.send(subscription: CountdownSubscription(from: 1, intervalMs: nil),
                                    fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration())
    let failure = try await withTimeout(5) { () -> (any Error)? in
      do {
        for try await _ in stream {}
        return nil
      } catch {
        return error
      }
    }
    XCTAssertEqual((failure as? URLError)?.code, .unsupportedURL)
  }

  func test_connectionInit_defaultConfigurationSendsExactlyOneInitWithoutPayload() async throws {
    let (transport, session) = try makeTransport()
    let (_, _) = try subscribe(transport)
    let task = try await session.waitForTask(0)
    try await task.waitForSent("connection_init")
    XCTAssertEqual(task.sent(type: "connection_init").count, 1)
    XCTAssertEqual(task.sent.first, #"{"type":"connection_init"}"#)
  }

  func test_connectionInit_connectingPayloadAppearsInInit() async throws {
    let (transport, session) = try makeTransport(.init(connectingPayload: ["Authorization": "Bearer x"]))
    _ = try subscribe(transport)
    let task = try await session.waitForTask(0)
    try await task.waitForSent("connection_init")
    XCTAssertEqual(task.sent(type: "connection_init")[0]["payload"], ["Authorization": "Bearer x"])
  }

  /// The payload is upstream's `JSONEncodableDictionary`: values from variables (a token refreshed at run time, a
  /// number, a list) go into it as they are, and reach the server as their JSON.
  func test_connectionInit_aPayloadBuiltFromVariables_isSentAsItsJSON() async throws {
    let token = "Bearer \(Int.random(in: 1000...9999))"
    let version: Int32 = 3
    let scopes = ["read", "write"]
    let (transport, session) = try makeTransport(.init(connectingPayload: ["Authorization": token, "version": version,
                                                                           "scopes": scopes]))
    _ = try subscribe(transport)
    let task = try await session.waitForTask(0)
    try await task.waitForSent("connection_init")
    XCTAssertEqual(task.sent(type: "connection_init")[0]["payload"],
                   .object(["Authorization": .string(token), "version": 3, "scopes": ["read", "write"]]))
  }

  func test_connectionInit_payloadIsSentAgainAfterReconnect() async throws {
    let (transport, session) = try makeTransport(.init(reconnectionInterval: 0, connectingPayload: ["token": "t"]))
    let (_, _, task, _) = try await connectedSubscription(transport, session)
    task.closeCleanly()
    let second = try await session.waitForTask(1)
    try await second.waitForSent("connection_init")
    XCTAssertEqual(second.sent(type: "connection_init")[0]["payload"], ["token": "t"])
  }

  // MARK: Subscriptions

  func test_singleSubscription_bufferedAckNextCompleteGivesOneParsedResult() async throws {
    let (transport, session) = try makeTransport()
    session.task(0).ack()  // buffered before the socket is even used
    let (_, collector) = try subscribe(transport)
    let task = session.task(0)
    try await task.waitForSent("subscribe")
    let id = try XCTUnwrap(task.subscribeID())
    task.next(id, #"{"countdown":3}"#)
    task.complete(id)
    task.closeCleanly()
    try await collector.waitUntilDone()
    XCTAssertEqual(countdowns(collector), [3])
    XCTAssertEqual(collector.values.first?.source, .server)
    XCTAssertNil(collector.error)
  }

  func test_twoSubscriptionsStartedBeforeAck_bothReceiveData() async throws {
    let (transport, session) = try makeTransport()
    let (_, first) = try subscribe(transport, from: 1)
    let (_, second) = try subscribe(transport, from: 2)
    let task = try await session.waitForTask(0)
    _ = await eventually { await transport.subscriberCount == 2 }
    task.ack()
    try await task.waitForSent("subscribe", count: 2)
    XCTAssertEqual(Set(task.sent(type: "subscribe").compactMap { $0["id"]?.stringValue }), ["1", "2"])
    task.next("1", #"{"countdown":10}"#)
    task.next("2", #"{"countdown":20}"#)
    try await first.waitForValues(1)
    try await second.waitForValues(1)
    XCTAssertEqual(countdowns(first).count + countdowns(second).count, 2)
  }

  func test_secondSubscriptionWhileConnected_sendsNoSecondInit() async throws {
    let (transport, session) = try makeTransport()
    let (_, _, task, _) = try await connectedSubscription(transport, session)
    _ = try subscribe(transport)
    try await task.waitForSent("subscribe", count: 2)
    XCTAssertEqual(task.sent(type: "connection_init").count, 1)
  }

  func test_afterCleanDisconnectWithReconnectOffANewSubscription_usesANewTask() async throws {
    let (transport, session) = try makeTransport()
    let (_, collector, task, _) = try await connectedSubscription(transport, session)
    task.closeCleanly()
    try await collector.waitUntilDone()
    XCTAssertNil(collector.error)
    _ = try subscribe(transport)
    let second = try await session.waitForTask(1)
    XCTAssertTrue(task.resumed)
    XCTAssertTrue(second.resumed)
  }

  func test_connectionFailureBeforeAck_thrownErrorReachesSubscriber() async throws {
    let (transport, session) = try makeTransport()
    let (stream, collector) = try subscribe(transport)
    let task = try await session.waitForTask(0)
    task.fail(URLError(.cannotConnectToHost))
    try await collector.waitUntilDone()
    XCTAssertEqual((collector.error as? URLError)?.code, .cannotConnectToHost)
    XCTAssertEqual(stream.state, .finished(.error(URLError(.cannotConnectToHost))))
  }

  func test_connectionFailureBeforeAck_cleanEndIsConnectionClosed() async throws {
    let (transport, session) = try makeTransport()
    let (_, collector) = try subscribe(transport)
    let task = try await session.waitForTask(0)
    task.closeCleanly()
    try await collector.waitUntilDone()
    guard case WebSocketTransport.Error.connectionClosed? = collector.error as? WebSocketTransport.Error else {
      return XCTFail("expected connectionClosed, got \(String(describing: collector.error))")
    }
  }

  func test_cancellationBeforeAck_dropsTheSubscriberAndSendsNoSubscribe() async throws {
    let (transport, session) = try makeTransport()
    let (stream, collector) = try subscribe(transport)
    let task = try await session.waitForTask(0)
    _ = await eventually { await transport.subscriberCount == 1 }
    collector.cancel()
    try await expectEventually { await transport.subscriberCount == 0 }
    task.ack()
    try await Task.sleep(nanoseconds: 100_000_000)
    XCTAssertEqual(task.sent(type: "subscribe").count, 0)
    XCTAssertEqual(task.sent(type: "complete").count, 0, "no complete for an id the server never saw")
    XCTAssertEqual(stream.state, .finished(.cancelled))
  }

  func test_cancellationAfterSubscribing_sendsExactlyOneComplete() async throws {
    let (transport, session) = try makeTransport()
    let (stream, collector, task, id) = try await connectedSubscription(transport, session)
    collector.cancel()
    try await task.waitForSent("complete")
    try await Task.sleep(nanoseconds: 50_000_000)
    XCTAssertEqual(task.sent(type: "complete").map { $0["id"]?.stringValue }, [id])
    XCTAssertEqual(stream.state, .finished(.cancelled))
  }

  func test_serverComplete_isNotEchoed() async throws {
    let (transport, session) = try makeTransport()
    let (stream, collector, task, id) = try await connectedSubscription(transport, session)
    task.complete(id)
    try await collector.waitUntilDone()
    XCTAssertEqual(task.sent(type: "complete").count, 0)
    XCTAssertEqual(stream.state, .finished(.completed))
  }

  func test_serverError_throwsGraphQLErrors_noCompleteEchoed_onlyTargetAffected_earlierNextDelivered() async throws {
    let (transport, session) = try makeTransport()
    let (stream, first, task, id) = try await connectedSubscription(transport, session)
    let (_, second) = try subscribe(transport)
    try await task.waitForSent("subscribe", count: 2)
    let otherID = try XCTUnwrap(task.subscribeID(1))
    task.next(id, #"{"countdown":1}"#)
    task.serve(#"{"type":"error","id":"\#(id)","payload":[{"message":"boom"}]}"#)
    task.next(otherID, #"{"countdown":7}"#)
    try await first.waitUntilDone()
    XCTAssertEqual(countdowns(first), [1])
    guard case WebSocketTransport.Error.graphQLErrors(let errors)? = first.error as? WebSocketTransport.Error else {
      return XCTFail("expected graphQLErrors, got \(String(describing: first.error))")
    }
    XCTAssertEqual(errors.map(\.message), ["boom"])
    XCTAssertEqual(stream.state, .finished(.error(WebSocketTransport.Error.connectionClosed)))
    try await second.waitForValues(1)
    XCTAssertFalse(second.done)
    XCTAssertEqual(task.sent(type: "complete").count, 0)
  }

  func test_cancellingOneOfTwo_sendsCompleteOnlyForItAndTheOtherKeepsReceiving() async throws {
    let (transport, session) = try makeTransport()
    let (_, first, task, id) = try await connectedSubscription(transport, session)
    let (_, second) = try subscribe(transport)
    try await task.waitForSent("subscribe", count: 2)
    let otherID = try XCTUnwrap(task.subscribeID(1))
    first.cancel()
    try await task.waitForSent("complete")
    XCTAssertEqual(task.sent(type: "complete").map { $0["id"]?.stringValue }, [id])
    task.next(otherID, #"{"countdown":5}"#)
    try await second.waitForValues(1)
  }

  /// A custom id creator that repeats an id: the later operation replaces the earlier one. The earlier ends with
  /// `connectionClosed`; the server is told to forget the id (`complete`) before it is subscribed again; and the
  /// earlier operation's end does not take the later one's record with it.
  func test_duplicateCustomID_laterOperationReplacesTheEarlier_andKeepsReceiving() async throws {
    struct Fixed: OperationMessageIdCreator { mutating func requestId() -> String { "fixed" } }
    let (transport, session) = try makeTransport(.init(operationMessageIdCreator: Fixed()))
    let (_, first) = try subscribe(transport, from: 1)
    let task = try await session.waitForTask(0)
    task.ack()
    try await task.waitForSent("subscribe")
    task.next("fixed", #"{"countdown":1}"#)
    try await first.waitForValues(1)
    let (_, second) = try subscribe(transport, from: 2)
    try await task.waitForSent("subscribe", count: 2)
    try await first.waitUntilDone()
    guard case .connectionClosed? = first.error as? WebSocketTransport.Error else {
      return XCTFail("the replaced operation ends with connectionClosed, got \(String(describing: first.error))")
    }
    let order = task.sentMessages.compactMap { $0["type"]?.stringValue }.filter { $0 != "connection_init" }
    XCTAssertEqual(order, ["subscribe", "complete", "subscribe"])
    task.next("fixed", #"{"countdown":2}"#)
    try await second.waitForValues(1)
    XCTAssertEqual(countdowns(second), [2])
    XCTAssertFalse(second.done)
    _ = await eventually { await transport.subscriberCount == 1 }
    let subscribers = await transport.subscriberCount
    XCTAssertEqual(subscribers, 1)
  }

  // MARK: Reconnection

  func test_reconnectWithIntervalZero_streamContinuesAndResubscribesWithTheSameID() async throws {
    let (transport, session) = try makeTransport(.init(reconnectionInterval: 0))
    let (stream, collector, task, id) = try await connectedSubscription(transport, session)
    let (_, other) = try subscribe(transport)
    try await task.waitForSent("subscribe", count: 2)
    task.next(id, #"{"countdown":3}"#)
    try await collector.waitForValues(1)
    task.closeCleanly()
    let second = try await session.waitForTask(1)
    XCTAssertEqual(stream.state, .reconnecting)
    second.ack()
    try await second.waitForSent("subscribe", count: 2)
    XCTAssertEqual(Set(second.sent(type: "subscribe").compactMap { $0["id"]?.stringValue }), Set([id, task.subscribeID(1)!]))
    XCTAssertEqual(stream.state, .active)
    second.next(id, #"{"countdown":2}"#)
    try await collector.waitForValues(2)
    XCTAssertEqual(countdowns(collector), [3, 2])
    XCTAssertFalse(other.done)
  }

  func test_reconnectFailure_subscriberGetsTheReconnectTasksError() async throws {
    let (transport, session) = try makeTransport(.init(reconnectionInterval: 0))
    let (stream, collector, task, _) = try await connectedSubscription(transport, session)
    task.closeCleanly()
    let second = try await session.waitForTask(1)
    second.fail(URLError(.cannotConnectToHost))
    try await collector.waitUntilDone()
    XCTAssertEqual((collector.error as? URLError)?.code, .cannotConnectToHost)
    XCTAssertEqual(stream.state, .finished(.error(URLError(.cannotConnectToHost))))
  }

  func test_reconnectFailure_cleanEndStillFinishesWithAnError() async throws {
    let (transport, session) = try makeTransport(.init(reconnectionInterval: 0))
    let (_, collector, task, _) = try await connectedSubscription(transport, session)
    task.closeCleanly()
    let second = try await session.waitForTask(1)
    second.closeCleanly()
    try await collector.waitUntilDone()
    guard case WebSocketTransport.Error.connectionClosed? = collector.error as? WebSocketTransport.Error else {
      return XCTFail("expected connectionClosed, got \(String(describing: collector.error))")
    }
  }

  func test_noSubscribersLeft_noReconnect() async throws {
    let (transport, session) = try makeTransport(.init(reconnectionInterval: 0))
    let (_, collector, task, id) = try await connectedSubscription(transport, session)
    task.complete(id)
    try await collector.waitUntilDone()
    task.closeCleanly()
    try await expectEventually { await transport.connectionState == .disconnected }
    try await Task.sleep(nanoseconds: 100_000_000)
    XCTAssertEqual(session.tasks.count, 1)
  }

  func test_cancellingDuringTheReconnectDelay_noSubscribeOnTheNewTask() async throws {
    let (transport, session) = try makeTransport(.init(reconnectionInterval: 0.3))
    let (_, collector, task, _) = try await connectedSubscription(transport, session)
    task.closeCleanly()
    try await expectEventually { await transport.connectionState == .disconnected }
    collector.cancel()
    try await expectEventually { await transport.subscriberCount == 0 }
    try await Task.sleep(nanoseconds: 500_000_000)
    for later in session.tasks.dropFirst() { XCTAssertEqual(later.sent(type: "subscribe").count, 0) }
  }

  func test_transportError_reconnectOn_streamContinues() async throws {
    let (transport, session) = try makeTransport(.init(reconnectionInterval: 0))
    let (_, collector, task, id) = try await connectedSubscription(transport, session)
    task.fail(URLError(.networkConnectionLost))
    let second = try await session.waitForTask(1)
    second.ack()
    try await second.waitForSent("subscribe")
    second.next(id, #"{"countdown":1}"#)
    try await collector.waitForValues(1)
    XCTAssertNil(collector.error)
  }

  func test_transportError_reconnectOff_dataThenTheError() async throws {
    let (transport, session) = try makeTransport()
    let (stream, collector, task, id) = try await connectedSubscription(transport, session)
    task.next(id, #"{"countdown":1}"#)
    try await collector.waitForValues(1)
    task.fail(URLError(.networkConnectionLost))
    try await collector.waitUntilDone()
    XCTAssertEqual((collector.error as? URLError)?.code, .networkConnectionLost)
    XCTAssertEqual(stream.state, .finished(.error(URLError(.networkConnectionLost))))
    XCTAssertEqual(session.tasks.count, 1)
  }

  func test_sendError_reconnectOn_resubscribesOnTheNewTask() async throws {
    let (transport, session) = try makeTransport(.init(reconnectionInterval: 0))
    let (_, collector, task, id) = try await connectedSubscription(transport, session)
    task.sendError = URLError(.networkConnectionLost)
    _ = try subscribe(transport)  // its subscribe fails to send
    try await expectEventually { task.cancelCode == .goingAway }
    let second = try await session.waitForTask(1)
    second.ack()
    try await second.waitForSent("subscribe", count: 2)
    second.next(id, #"{"countdown":1}"#)
    try await collector.waitForValues(1)
  }

  func test_sendError_reconnectOff_streamEndsWithoutAnError() async throws {
    let (transport, session) = try makeTransport()
    let (stream, collector, task, id) = try await connectedSubscription(transport, session)
    task.next(id, #"{"countdown":1}"#)
    try await collector.waitForValues(1)
    task.sendError = URLError(.networkConnectionLost)
    await transport.resume()  // no-op while connected
    _ = try subscribe(transport)
    try await collector.waitUntilDone()
    XCTAssertNil(collector.error)
    XCTAssertEqual(countdowns(collector), [1])
    XCTAssertEqual(stream.state, .finished(.completed))
  }

  // MARK: Ping and pong

  func test_serverPings_getPongsWithoutPayloadAndPongsGetNoReply() async throws {
    let (transport, session) = try makeTransport()
    let delegate = RecordingDelegate()
    await transport.setDelegate(delegate)
    let (_, _, task, _) = try await connectedSubscription(transport, session)
    task.serve(#"{"type":"ping","payload":{"a":1}}"#)
    task.serve(#"{"type":"ping"}"#)
    task.serve(#"{"type":"ping"}"#)
    task.serve(#"{"type":"pong","payload":{"b":1}}"#)
    try await task.waitForSent("pong", count: 3)
    try await Task.sleep(nanoseconds: 50_000_000)
    XCTAssertEqual(task.sent(type: "pong").count, 3)
    XCTAssertTrue(task.sent(type: "pong").allSatisfy { $0["payload"] == nil })
    XCTAssertEqual(delegate.events.filter { $0.hasPrefix("p") }, ["ping(payload)", "ping", "ping", "pong(payload)"])
  }

  func test_pingInterval_sendsPingsAfterTheAck() async throws {
    let (transport, session) = try makeTransport(.init(pingInterval: 0.1))
    let (_, _, task, _) = try await connectedSubscription(transport, session)
    try await task.waitForSent("ping", count: 2)
  }

  func test_noPingInterval_sendsNoPings() async throws {
    let (transport, session) = try makeTransport()
    let (_, _, task, _) = try await connectedSubscription(transport, session)
    try await Task.sleep(nanoseconds: 300_000_000)
    XCTAssertEqual(task.sent(type: "ping").count, 0)
  }

  func test_pings_stopAfterPauseAndRestartOnResume() async throws {
    let (transport, session) = try makeTransport(.init(pingInterval: 0.05))
    let (_, _, task, _) = try await connectedSubscription(transport, session)
    try await task.waitForSent("ping")
    await transport.pause()
    let count = task.sent(type: "ping").count
    try await Task.sleep(nanoseconds: 200_000_000)
    XCTAssertEqual(task.sent(type: "ping").count, count)
    await transport.resume()
    let second = try await session.waitForTask(1)
    second.ack()
    try await second.waitForSent("ping")
  }

  func test_pings_stopAfterDisconnectAndRestartOnAutomaticReconnect() async throws {
    let (transport, session) = try makeTransport(.init(reconnectionInterval: 0, pingInterval: 0.05))
    let (_, _, task, _) = try await connectedSubscription(transport, session)
    try await task.waitForSent("ping")
    task.closeCleanly()
    let second = try await session.waitForTask(1)
    let count = task.sent(type: "ping").count
    try await Task.sleep(nanoseconds: 150_000_000)
    XCTAssertEqual(task.sent(type: "ping").count, count)
    XCTAssertEqual(second.sent(type: "ping").count, 0, "no ping before the ack")
    second.ack()
    try await second.waitForSent("ping")
  }

  func test_unrecognizedMessage_failsTheSubscriber() async throws {
    let (transport, session) = try makeTransport()
    let (stream, collector, task, _) = try await connectedSubscription(transport, session)
    task.serve(#"{"type":"mystery"}"#)
    try await collector.waitUntilDone()
    guard case WebSocketTransport.Error.unrecognizedMessage? = collector.error as? WebSocketTransport.Error else {
      return XCTFail("expected unrecognizedMessage, got \(String(describing: collector.error))")
    }
    XCTAssertEqual(stream.state, .finished(.error(WebSocketTransport.Error.unrecognizedMessage)))
    do { let value = await transport.connectionState; XCTAssertEqual(value, .connected) }
  }

  /// Differs from upstream 2.4, which forgot the subscriptions an unrecognized message failed without a word to the
  /// server: it went on streaming to ids nobody read, and a custom id creator's reused id met 4409 on its next
  /// `subscribe`. Each operation the server serves now hears `complete`.
  func test_differsFromUpstream_anUnrecognizedMessage_completesEverySubscriptionItFails() async throws {
    let (transport, session) = try makeTransport()
    let (_, collector, task, id) = try await connectedSubscription(transport, session)
    task.serve(#"{"type":"mystery"}"#)
    try await collector.waitUntilDone()
    try await task.waitForSent("complete")
    XCTAssertEqual(task.sent(type: "complete").map { $0["id"]?.stringValue }, [id])
  }

  func test_reconnectOff_cleanDisconnectEndsSubscriberNormallyAfterItsData() async throws {
    let (transport, session) = try makeTransport()
    let (stream, collector, task, id) = try await connectedSubscription(transport, session)
    task.next(id, #"{"countdown":9}"#)
    task.closeCleanly()
    try await collector.waitUntilDone()
    XCTAssertEqual(countdowns(collector), [9])
    XCTAssertNil(collector.error)
    XCTAssertEqual(stream.state, .finished(.completed))
    XCTAssertEqual(session.tasks.count, 1)
  }

  /// Upstream 2.4 took a reset connection (URLSession's ECONNRESET) for a clean end; the RFC 6455 client reports
  /// one as `socketError`, which the transport reads the same way.
  func test_reconnectOff_aResetConnectionEndsTheSubscriberNormally() async throws {
    let (transport, session) = try makeTransport()
    let (stream, collector, task, id) = try await connectedSubscription(transport, session)
    task.next(id, #"{"countdown":9}"#)
    task.fail(RFC6455Error.socketError(errno: ECONNRESET))
    try await collector.waitUntilDone()
    XCTAssertEqual(countdowns(collector), [9])
    XCTAssertNil(collector.error)
    XCTAssertEqual(stream.state, .finished(.completed))
  }

  // MARK: Queries and mutations

  func test_queryOverWebSocket_singleResultAndOneSubscribe() async throws {
    let (transport, session) = try makeTransport()
    let collector = Collector(try transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly,
                                                 requestConfiguration: RequestConfiguration()))
    let task = try await session.waitForTask(0)
    task.ack()
    try await task.waitForSent("subscribe")
    let id = try XCTUnwrap(task.subscribeID())
    task.next(id, #"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}"#)
    task.complete(id)
    try await collector.waitUntilDone()
    XCTAssertEqual(collector.values.map { $0.data?.hero?.name }, ["R2-D2"])
    XCTAssertEqual(task.sent(type: "subscribe").count, 1)
    XCTAssertEqual(task.sent(type: "subscribe")[0]["payload"]?["operationName"], "HeroName")
  }

  func test_queryOverWebSocket_serverErrorIsGraphQLErrors() async throws {
    let (transport, session) = try makeTransport()
    let collector = Collector(try transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly,
                                                 requestConfiguration: RequestConfiguration()))
    let task = try await session.waitForTask(0)
    task.ack()
    try await task.waitForSent("subscribe")
    task.serve(#"{"type":"error","id":"\#(task.subscribeID()!)","payload":[{"message":"bad"}]}"#)
    try await collector.waitUntilDone()
    guard case WebSocketTransport.Error.graphQLErrors? = collector.error as? WebSocketTransport.Error else {
      return XCTFail("expected graphQLErrors")
    }
  }

  func test_queryAndMutationFailOnDropWithReconnectOnAndAreNotRetried_onlyTheSubscriptionResubscribes() async throws {
    let (transport, session) = try makeTransport(.init(reconnectionInterval: 0))
    let (_, subscription, task, subscriptionID) = try await connectedSubscription(transport, session)
    let query = Collector(try transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly,
                                             requestConfiguration: RequestConfiguration()))
    let mutation = Collector(try transport.send(
      mutation: CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 5)), requestConfiguration: RequestConfiguration()))
    try await task.waitForSent("subscribe", count: 3)
    task.fail(URLError(.networkConnectionLost))
    try await query.waitUntilDone()
    try await mutation.waitUntilDone()
    XCTAssertEqual((query.error as? URLError)?.code, .networkConnectionLost)
    XCTAssertEqual((mutation.error as? URLError)?.code, .networkConnectionLost)
    let second = try await session.waitForTask(1)
    second.ack()
    try await second.waitForSent("subscribe")
    try await Task.sleep(nanoseconds: 50_000_000)
    XCTAssertEqual(second.sent(type: "subscribe").map { $0["id"]?.stringValue }, [subscriptionID])
    XCTAssertFalse(subscription.done)
  }

  func test_customIDCreator_isUsedForSubscribeAndRouting() async throws {
    struct Custom: OperationMessageIdCreator { mutating func requestId() -> String { "custom-id-123" } }
    let (transport, session) = try makeTransport(.init(operationMessageIdCreator: Custom()))
    let (_, collector, task, id) = try await connectedSubscription(transport, session)
    XCTAssertEqual(id, "custom-id-123")
    task.next("custom-id-123", #"{"countdown":1}"#)
    try await collector.waitForValues(1)
  }

  func test_sequencedCreatorStartingAt100_givesIds100And101() async throws {
    let (transport, session) = try makeTransport(.init(operationMessageIdCreator: ApolloSequencedOperationMessageIdCreator(startAt: 100)))
    let (_, _, task, id) = try await connectedSubscription(transport, session)
    _ = try subscribe(transport)
    try await task.waitForSent("subscribe", count: 2)
    XCTAssertEqual([id, task.subscribeID(1)], ["100", "101"])
  }

  // MARK: Delegate

  func test_delegate_connectOnceThenDisconnectThenReconnectInOrder() async throws {
    let (transport, session) = try makeTransport(.init(reconnectionInterval: 0))
    let delegate = RecordingDelegate()
    await transport.setDelegate(delegate)
    let (_, _, task, _) = try await connectedSubscription(transport, session)
    XCTAssertEqual(delegate.events, ["connect"])
    task.fail(URLError(.networkConnectionLost))
    let second = try await session.waitForTask(1)
    second.ack()
    try await expectEventually { delegate.events.count == 3 }
    XCTAssertEqual(delegate.events, ["connect", "disconnect(error)", "reconnect"])
  }

  func test_delegate_cleanDisconnectHasNoError() async throws {
    let (transport, session) = try makeTransport()
    let delegate = RecordingDelegate()
    await transport.setDelegate(delegate)
    let (_, _, task, _) = try await connectedSubscription(transport, session)
    task.closeCleanly()
    try await expectEventually { delegate.events.count == 2 }
    XCTAssertEqual(delegate.events, ["connect", "disconnect"])
  }

  // MARK: updateHeaderValues / updateConnectingPayload

  func test_updateHeaderValues_reconnectIfConnected_newTaskWithNewHeaderAndOldOneClosed() async throws {
    let (transport, session) = try makeTransport()
    let delegate = RecordingDelegate()
    await transport.setDelegate(delegate)
    let (stream, _, task, _) = try await connectedSubscription(transport, session)
    await transport.updateHeaderValues(["Authorization": "Bearer new", "X-Other": "1"], reconnectIfConnected: true)
    XCTAssertEqual(task.cancelCode, .goingAway)
    let second = try await session.waitForTask(1)
    XCTAssertEqual(second.request.value(forHTTPHeaderField: "Authorization"), "Bearer new")
    XCTAssertEqual(second.request.value(forHTTPHeaderField: "X-Other"), "1")
    XCTAssertEqual(second.request.value(forHTTPHeaderField: "Sec-WebSocket-Protocol"), "graphql-transport-ws")
    second.ack()
    try await second.waitForSent("subscribe")
    XCTAssertEqual(stream.state, .active)
    try await expectEventually { delegate.events.contains("reconnect") }
    XCTAssertFalse(delegate.events.contains { $0.hasPrefix("disconnect") })
  }

  /// A reconnection waits for the old connection's reading to end; a pause and a resume in that time open a
  /// connection of their own, and the reconnection must not open another beside it (it was left open, its
  /// messages ignored).
  func test_updateHeaderValues_reconnect_pausedAndResumedMeanwhile_opensOneConnectionOnly() async throws {
    let (transport, session) = try makeTransport()
    let (_, _, task, _) = try await connectedSubscription(transport, session)
    task.holdsReceiveAfterCancel = true
    let reconnecting = Task { await transport.updateHeaderValues(["Authorization": "Bearer new"], reconnectIfConnected: true) }
    try await expectEventually { task.cancelCode != nil }
    await transport.pause()
    await transport.resume()
    task.closeCleanly()
    await reconnecting.value
    try await Task.sleep(nanoseconds: 100_000_000)
    XCTAssertEqual(session.tasks.count, 2, "the old connection and the one resume() opened")
  }

  func test_updateHeaderValues_withoutReconnectOrBeforeConnecting_nothingReconnects() async throws {
    let (transport, session) = try makeTransport()
    await transport.updateHeaderValues(["A": "1"], reconnectIfConnected: true)
    XCTAssertEqual(session.capturedRequests.count, 1)
    do { let value = await transport.connectionState; XCTAssertEqual(value, .notStarted) }
    _ = try await connectedSubscription(transport, session)
    await transport.updateHeaderValues(["A": "2"])
    XCTAssertEqual(session.capturedRequests.count, 1)
    do { let value = await transport.connectionState; XCTAssertEqual(value, .connected) }
  }

  func test_updateHeaderValues_nilRemovesAndHeadersPersistAcrossAutomaticReconnect() async throws {
    let (transport, session) = try makeTransport(.init(reconnectionInterval: 0))
    await transport.updateHeaderValues(["A": "1", "B": "2"])
    await transport.updateHeaderValues(["A": nil])
    let (_, _, task, _) = try await connectedSubscription(transport, session)
    task.closeCleanly()
    let second = try await session.waitForTask(1)
    XCTAssertNil(second.request.value(forHTTPHeaderField: "A"))
    XCTAssertEqual(second.request.value(forHTTPHeaderField: "B"), "2")
    XCTAssertEqual(second.request.value(forHTTPHeaderField: "Sec-WebSocket-Protocol"), "graphql-transport-ws")
  }

  func test_updateConnectingPayload_reconnectSendsTheNewPayloadAndStaleNextIsNotDelivered() async throws {
    let (transport, session) = try makeTransport(.init(connectingPayload: ["token": "old"]))
    let (_, collector, task, id) = try await connectedSubscription(transport, session)
    await transport.updateConnectingPayload(["token": "new"], reconnectIfConnected: true)
    task.next(id, #"{"countdown":99}"#)  // on the old connection: stale
    let second = try await session.waitForTask(1)
    try await second.waitForSent("connection_init")
    XCTAssertEqual(second.sent(type: "connection_init")[0]["payload"], ["token": "new"])
    second.ack()
    try await second.waitForSent("subscribe")
    second.next(id, #"{"countdown":1}"#)
    try await collector.waitForValues(1)
    XCTAssertEqual(countdowns(collector), [1])
  }

  func test_updateConnectingPayload_nilGivesInitWithoutPayload() async throws {
    let (transport, session) = try makeTransport(.init(connectingPayload: ["token": "old"]))
    _ = try await connectedSubscription(transport, session)
    await transport.updateConnectingPayload(nil, reconnectIfConnected: true)
    let second = try await session.waitForTask(1)
    try await second.waitForSent("connection_init")
    XCTAssertEqual(second.sent.first, #"{"type":"connection_init"}"#)
  }

  func test_updateWithReconnect_failsQueriesInFlightInsteadOfReplayingThem() async throws {
    let (transport, session) = try makeTransport()
    let (_, _, task, _) = try await connectedSubscription(transport, session)
    let mutation = Collector(try transport.send(
      mutation: CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 5)), requestConfiguration: RequestConfiguration()))
    try await task.waitForSent("subscribe", count: 2)
    await transport.updateConnectingPayload(["token": "new"], reconnectIfConnected: true)
    try await mutation.waitUntilDone()
    guard case WebSocketTransport.Error.connectionClosed? = mutation.error as? WebSocketTransport.Error else {
      return XCTFail("expected connectionClosed, got \(String(describing: mutation.error))")
    }
    let second = try await session.waitForTask(1)
    second.ack()
    try await second.waitForSent("subscribe")
    try await Task.sleep(nanoseconds: 50_000_000)
    XCTAssertEqual(second.sent(type: "subscribe").count, 1, "the mutation is not replayed")
  }

  // MARK: pause / resume

  func test_pause_keepsSubscribersCancelsTaskAndDoesNotCallDidDisconnect() async throws {
    let (transport, session) = try makeTransport()
    let delegate = RecordingDelegate()
    await transport.setDelegate(delegate)
    let (stream, _, task, _) = try await connectedSubscription(transport, session)
    await transport.pause()
    do { let value = await transport.connectionState; XCTAssertEqual(value, .paused) }
    do { let value = await transport.subscriberCount; XCTAssertEqual(value, 1) }
    XCTAssertEqual(task.cancelCode, .goingAway)
    XCTAssertEqual(stream.state, .paused)
    try await Task.sleep(nanoseconds: 50_000_000)
    XCTAssertEqual(delegate.events, ["connect"])
  }

  /// A query still waiting for the ack when the app pauses ends with `connectionClosed`, as queries in flight do;
  /// before, it waited for an ack that only a later `resume()` could bring.
  func test_pause_endsAQueryWaitingForTheAck_withConnectionClosed() async throws {
    let (transport, session) = try makeTransport()
    let query = Collector(try transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly,
                                             requestConfiguration: RequestConfiguration()))
    let task = try await session.waitForTask(0)
    try await task.waitForSent("connection_init")
    await transport.pause()
    try await query.waitUntilDone()
    guard case .connectionClosed? = query.error as? WebSocketTransport.Error else {
      return XCTFail("expected connectionClosed, got \(String(describing: query.error))")
    }
  }

  /// MIGRATION 5.3 #21: a reconnection that ends before its ack is an error, never a silent completion; a resume
  /// after a pause is a reconnection too.
  func test_resumeAfterPause_endingBeforeItsAck_failsTheSubscriptionWithConnectionClosed() async throws {
    let (transport, session) = try makeTransport()
    let (stream, collector, _, _) = try await connectedSubscription(transport, session)
    await transport.pause()
    await transport.resume()
    let second = try await session.waitForTask(1)
    second.closeCleanly()
    try await collector.waitUntilDone()
    guard case .connectionClosed? = collector.error as? WebSocketTransport.Error else {
      return XCTFail("expected connectionClosed, got \(String(describing: collector.error)) (\(stream.state))")
    }
  }

  func test_pause_isANoOpBeforeConnectingAndWhenPaused() async throws {
    let (transport, session) = try makeTransport()
    await transport.pause()
    do { let value = await transport.connectionState; XCTAssertEqual(value, .notStarted) }
    _ = try await connectedSubscription(transport, session)
    await transport.pause()
    await transport.pause()
    do { let value = await transport.connectionState; XCTAssertEqual(value, .paused) }
    XCTAssertEqual(session.tasks.count, 1)
  }

  func test_resumeFromPaused_resubscribesWithTheSameIDAndFiresDidReconnect() async throws {
    let (transport, session) = try makeTransport()
    let delegate = RecordingDelegate()
    await transport.setDelegate(delegate)
    let (stream, collector, task, id) = try await connectedSubscription(transport, session)
    task.next(id, #"{"countdown":2}"#)
    try await collector.waitForValues(1)
    await transport.pause()
    await transport.resume()
    let second = try await session.waitForTask(1)
    second.ack()
    try await second.waitForSent("subscribe")
    XCTAssertEqual(second.subscribeID(), id)
    XCTAssertEqual(stream.state, .active)
    second.next(id, #"{"countdown":1}"#)
    try await collector.waitForValues(2)
    XCTAssertEqual(countdowns(collector), [2, 1])
    try await expectEventually { delegate.events == ["connect", "reconnect"] }
  }

  func test_resumeFromNotStarted_connectsEagerly() async throws {
    let (transport, session) = try makeTransport()
    await transport.resume()
    do { let value = await transport.connectionState; XCTAssertEqual(value, .connecting) }
    let task = session.task(0)
    XCTAssertTrue(task.resumed)
    task.ack()
    try await expectEventually { await transport.connectionState == .connected }
    _ = try subscribe(transport)
    try await task.waitForSent("subscribe")
    XCTAssertEqual(task.sent(type: "connection_init").count, 1)
  }

  func test_resumeFromDisconnected_opensANewConnectionAndWhileConnectedDoesNothing() async throws {
    let (transport, session) = try makeTransport()
    let (_, collector, task, _) = try await connectedSubscription(transport, session)
    await transport.resume()
    XCTAssertEqual(session.tasks.count, 1)
    task.closeCleanly()
    try await collector.waitUntilDone()
    try await expectEventually { await transport.connectionState == .disconnected }
    await transport.resume()
    _ = try await session.waitForTask(1)
  }

  func test_pauseDuringTheReconnectDelay_stopsTheAutomaticReconnect() async throws {
    let (transport, session) = try makeTransport(.init(reconnectionInterval: 0.5))
    let (_, _, task, _) = try await connectedSubscription(transport, session)
    task.closeCleanly()
    try await expectEventually { await transport.connectionState == .disconnected }
    await transport.pause()
    try await Task.sleep(nanoseconds: 700_000_000)
    XCTAssertEqual(session.tasks.count, 1)
    do { let value = await transport.connectionState; XCTAssertEqual(value, .paused) }
    do { let value = await transport.subscriberCount; XCTAssertEqual(value, 1) }
    await transport.resume()
    _ = try await session.waitForTask(1)
  }

  func test_subscribeWhilePausedWaitsForResume_thenBothSubscribe() async throws {
    let (transport, session) = try makeTransport()
    let (_, _, _, _) = try await connectedSubscription(transport, session)
    await transport.pause()
    _ = try subscribe(transport)
    try await Task.sleep(nanoseconds: 100_000_000)
    XCTAssertEqual(session.tasks.count, 1)
    await transport.resume()
    let second = try await session.waitForTask(1)
    second.ack()
    try await second.waitForSent("subscribe", count: 2)
  }

  func test_twoPauseResumeCycles_keepTheSubscriptionAlive() async throws {
    let (transport, session) = try makeTransport()
    let (_, collector, _, id) = try await connectedSubscription(transport, session)
    for cycle in 1...2 {
      await transport.pause()
      await transport.resume()
      let task = try await session.waitForTask(cycle)
      task.ack()
      try await task.waitForSent("subscribe")
      task.next(id, #"{"countdown":\#(cycle)}"#)
      try await collector.waitForValues(cycle)
    }
    try await collector.waitForValues(2)
    XCTAssertEqual(countdowns(collector), [1, 2])
  }

  func test_pause_failsQueriesInFlight() async throws {
    let (transport, session) = try makeTransport()
    let (_, _, task, _) = try await connectedSubscription(transport, session)
    let query = Collector(try transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly,
                                             requestConfiguration: RequestConfiguration()))
    try await task.waitForSent("subscribe", count: 2)
    await transport.pause()
    try await query.waitUntilDone()
    XCTAssertNotNil(query.error)
  }

  // MARK: Client awareness

  func test_clientAwarenessMetadata_isSentAsHeaders() throws {
    let (_, named) = try makeTransport(.init(clientAwarenessMetadata: ClientAwarenessMetadata(
      clientApplicationName: "app", clientApplicationVersion: "1.2")))
    XCTAssertEqual(named.capturedRequests[0].value(forHTTPHeaderField: "apollographql-client-name"), "app")
    XCTAssertEqual(named.capturedRequests[0].value(forHTTPHeaderField: "apollographql-client-version"), "1.2")
    let (_, plain) = try makeTransport()
    XCTAssertNil(plain.capturedRequests[0].value(forHTTPHeaderField: "apollographql-client-name"))
    XCTAssertNil(plain.capturedRequests[0].value(forHTTPHeaderField: "apollographql-client-version"))
    let (_, nameOnly) = try makeTransport(.init(clientAwarenessMetadata: ClientAwarenessMetadata(clientApplicationName: "app")))
    XCTAssertEqual(nameOnly.capturedRequests[0].value(forHTTPHeaderField: "apollographql-client-name"), "app")
    XCTAssertNil(nameOnly.capturedRequests[0].value(forHTTPHeaderField: "apollographql-client-version"))
  }

  // MARK: Cache behaviour

  func test_subscriptionCacheThenNetworkWithAHitGivesCacheThenServer_andWritesToTheStore() async throws {
    let store = ApolloStore()
    let (transport, session) = try makeTransport(store: store)
    let (_, first, task, id) = try await connectedSubscription(transport, session)
    task.next(id, #"{"countdown":5}"#)
    try await first.waitForValues(1)
    let cached = try await store.load(CountdownSubscription(from: 3, intervalMs: nil))
    XCTAssertEqual(cached?.data?.countdown, 5)

    let (_, second) = try subscribe(transport, fetchBehavior: .CacheAndNetwork)
    try await task.waitForSent("subscribe", count: 2)
    task.next(try XCTUnwrap(task.subscribeID(1)), #"{"countdown":4}"#)
    try await second.waitForValues(2)
    XCTAssertEqual(second.values.map(\.source), [.cache, .server])
  }

  func test_subscriptionWriteResultsToCacheFalse_doesNotWrite() async throws {
    let store = ApolloStore()
    let (transport, session) = try makeTransport(store: store)
    let (_, collector) = try subscribe(transport, writeResultsToCache: false)
    let task = try await session.waitForTask(0)
    task.ack()
    try await task.waitForSent("subscribe")
    task.next(task.subscribeID()!, #"{"countdown":5}"#)
    try await collector.waitForValues(1)
    let cached = try await store.load(CountdownSubscription(from: 3, intervalMs: nil))
    XCTAssertNil(cached)
  }

  func test_queryCacheOnlyWithAHitOpensNoSocket_cacheFirstHitSendsNoSubscribe() async throws {
    let store = ApolloStore()
    let (transport, session) = try makeTransport(store: store)
    let network = Collector(try transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly,
                                               requestConfiguration: RequestConfiguration()))
    let task = try await session.waitForTask(0)
    task.ack()
    try await task.waitForSent("subscribe")
    task.next(task.subscribeID()!, #"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}"#)
    task.complete(task.subscribeID()!)
    try await network.waitUntilDone()

    let cacheOnly = Collector(try transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: .CacheOnly,
                                                 requestConfiguration: RequestConfiguration()))
    let cacheFirst = Collector(try transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: .CacheFirst,
                                                  requestConfiguration: RequestConfiguration()))
    try await cacheOnly.waitUntilDone()
    try await cacheFirst.waitUntilDone()
    XCTAssertEqual(cacheOnly.values.map(\.source), [.cache])
    XCTAssertEqual(cacheFirst.values.map(\.source), [.cache])
    XCTAssertEqual(task.sent(type: "subscribe").count, 1)
  }

  func test_queryCacheOnlyMiss_opensNoSocketAndReturnsNothing() async throws {
    let (transport, session) = try makeTransport()
    let collector = Collector(try transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: .CacheOnly,
                                                 requestConfiguration: RequestConfiguration()))
    try await collector.waitUntilDone()
    XCTAssertTrue(collector.values.isEmpty)
    XCTAssertFalse(session.task(0).resumed)
  }

  /// A transport over a store that holds the hero, and a NetworkFirst query of it sent on that transport.
  private func networkFirstWithTheHeroCached() throws
    -> (WebSocketTransport, MockWebSocketSession, Collector<GraphQLResponse<HeroNameQuery>>)
  {
    let store = ApolloStore()
    try store.publishRecords(store.records(for: HeroNameQuery(episode: nil), data: [
      "hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]]))
    let (transport, session) = try makeTransport(store: store)
    let fallback = Collector(try transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkFirst,
                                                requestConfiguration: RequestConfiguration()))
    return (transport, session, fallback)
  }

  func test_networkFirst_connectionFailureFallsBackToTheCache_graphQLErrorDoesNot() async throws {
    let (transport, session, fallback) = try networkFirstWithTheHeroCached()
    let task = try await session.waitForTask(0)
    task.fail(URLError(.cannotConnectToHost))
    try await fallback.waitUntilDone()
    XCTAssertEqual(fallback.values.map(\.source), [.cache])
    XCTAssertNil(fallback.error)

    let graphQL = Collector(try transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkFirst,
                                               requestConfiguration: RequestConfiguration()))
    let second = try await session.waitForTask(1)
    second.ack()
    try await second.waitForSent("subscribe")
    second.serve(#"{"type":"error","id":"\#(second.subscribeID()!)","payload":[{"message":"no"}]}"#)
    try await graphQL.waitUntilDone()
    XCTAssertTrue(graphQL.values.isEmpty)
    guard case WebSocketTransport.Error.graphQLErrors? = graphQL.error as? WebSocketTransport.Error else {
      return XCTFail("expected graphQLErrors")
    }
  }

  /// A result that fails to read falls back to the cache under NetworkFirst, and the operation ends there: the server,
  /// which may still be serving it, hears `complete`, as it does when an operation ends on an error without a fallback.
  func test_networkFirst_aResultThatFailsToRead_fallsBackToTheCache_andTheServerHearsComplete() async throws {
    let (transport, session, fallback) = try networkFirstWithTheHeroCached()
    defer { withExtendedLifetime(transport) {} }
    let task = try await session.waitForTask(0)
    task.ack()
    try await task.waitForSent("subscribe")
    let id = try XCTUnwrap(task.subscribeID())
    task.serve(#"{"type":"next","id":"\#(id)","payload":{"data":{"hero":{"__typename":"Droid"}}}}"#)
    try await fallback.waitUntilDone()
    XCTAssertEqual(fallback.values.map(\.source), [.cache])
    XCTAssertNil(fallback.error)
    try await task.waitForSent("complete")
    XCTAssertEqual(task.sent(type: "complete").map { $0["id"]?.stringValue }, [id])
  }

  // MARK: Memory

  func test_transport_deallocatesAfterCompletion() async throws {
    let weakTransport = WeakRef<WebSocketTransport>()
    let session = MockWebSocketSession()
    do {
      let transport = WebSocketTransport(urlSession: session, store: ApolloStore(), endpointURL: wsEndpoint)
      weakTransport.value = transport
      let collector = Collector(try transport.send(subscription: CountdownSubscription(from: 1, intervalMs: nil), fetchBehavior: .NetworkOnly,
                                                   requestConfiguration: RequestConfiguration()).stream)
      let task = try await session.waitForTask(0)
      task.ack()
      try await task.waitForSent("subscribe")
      task.complete(task.subscribeID()!)
      try await collector.waitUntilDone()
    }
    try await expectEventually { weakTransport.value == nil }
    XCTAssertEqual(session.task(0).cancelCode, .goingAway)
  }

  func test_transport_deallocatesAfterPauseAndCancel() async throws {
    let weakTransport = WeakRef<WebSocketTransport>()
    let session = MockWebSocketSession()
    do {
      let transport = WebSocketTransport(urlSession: session, store: ApolloStore(), endpointURL: wsEndpoint)
      weakTransport.value = transport
      let collector = Collector(try transport.send(subscription: CountdownSubscription(from: 1, intervalMs: nil), fetchBehavior: .NetworkOnly,
                                                   requestConfiguration: RequestConfiguration()).stream)
      let task = try await session.waitForTask(0)
      task.ack()
      try await task.waitForSent("subscribe")
      await transport.pause()
      collector.cancel()
      try await collector.waitUntilDone()
    }
    try await expectEventually { weakTransport.value == nil }
  }

  func test_transport_deallocatesAfterAMidStreamCancel() async throws {
    let weakTransport = WeakRef<WebSocketTransport>()
    let session = MockWebSocketSession()
    do {
      let transport = WebSocketTransport(urlSession: session, store: ApolloStore(), endpointURL: wsEndpoint)
      weakTransport.value = transport
      let collector = Collector(try transport.send(subscription: CountdownSubscription(from: 1, intervalMs: nil), fetchBehavior: .NetworkOnly,
                                                   requestConfiguration: RequestConfiguration()).stream)
      let task = try await session.waitForTask(0)
      task.ack()
      try await task.waitForSent("subscribe")
      task.next(task.subscribeID()!, #"{"countdown":1}"#)
      try await collector.waitForValues(1)
      collector.cancel()
      try await collector.waitUntilDone()
      try await task.waitForSent("complete")
    }
    try await expectEventually { weakTransport.value == nil }
  }

  func test_transport_deallocatesAfterAReconnectCycle() async throws {
    let weakTransport = WeakRef<WebSocketTransport>()
    let session = MockWebSocketSession()
    do {
      let transport = WebSocketTransport(urlSession: session, store: ApolloStore(), endpointURL: wsEndpoint,
                                             configuration: .init(reconnectionInterval: 0))
      weakTransport.value = transport
      let collector = Collector(try transport.send(subscription: CountdownSubscription(from: 1, intervalMs: nil), fetchBehavior: .NetworkOnly,
                                                   requestConfiguration: RequestConfiguration()).stream)
      let task = try await session.waitForTask(0)
      task.ack()
      try await task.waitForSent("subscribe")
      task.closeCleanly()
      let second = try await session.waitForTask(1)
      second.ack()
      try await second.waitForSent("subscribe")
      second.complete(second.subscribeID()!)
      try await collector.waitUntilDone()
    }
    try await expectEventually { weakTransport.value == nil }
  }

  func test_subscriptionState_pendingBeforeTheAck_activeOnceSubscribed() async throws {
    let (transport, session) = try makeTransport()
    let (stream, _) = try subscribe(transport)
    let task = try await session.waitForTask(0)
    try await task.waitForSent("connection_init")
    XCTAssertEqual(stream.state, .pending)
    task.ack()
    try await task.waitForSent("subscribe")
    XCTAssertEqual(stream.state, .active)
  }
}
