@testable import ApolloDelegateWebSocket
import Foundation
import StarWarsAPI
import XCTest

/// Disconnects, reconnection, pause and resume, closeConnection (0.33 reference §4.3, §4.5; test list §5 #41–#42;
/// quirks Q18–Q20).
final class WebSocketTransportReconnectTests: XCTestCase {
  struct Dropped: Error, Equatable {}

  func test_dropWithError_givesHandlersTheRawErrorAndTheDelegateANetworkError() {
    // Q18.
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket, reconnect: false)
    let events = TransportEvents()
    transport.delegate = events
    let subscription = Recorder<Delivery>(), query = Recorder<Delivery>()
    transport.record(countdown, into: subscription)
    transport.record(HeroNameQuery(episode: .none), into: query)
    socket.drop(Dropped())
    transport.drain()
    XCTAssertTrue(subscription.errors.first is Dropped)
    XCTAssertTrue(query.errors.first is Dropped)
    XCTAssertEqual(events.events, ["disconnect(networkError)"])
    XCTAssertTrue((events.disconnectErrors.first as? WebSocketError)?.error is Dropped)
    XCTAssertFalse(transport.isConnected())
  }

  func test_sendAfterADisconnectError_failsAtOnceWithTheStoredError() {
    // Q18: until the next connect, send fails synchronously with the wrapped error and an EmptyCancellable.
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket, reconnect: false)
    socket.drop(Dropped())
    transport.drain()
    let recorder = Recorder<Delivery>()
    let task = transport.record(countdown, into: recorder)
    XCTAssertTrue(task is EmptyCancellable)
    XCTAssertEqual(recorder.count, 1, "called before send returned")
    guard let error = recorder.errors.first as? WebSocketError, case .networkError = error.kind else {
      return XCTFail("expected a networkError, got \(recorder.values)")
    }
    XCTAssertTrue(error.error is Dropped)
    socket.open()
    transport.drain()
    XCTAssertFalse(transport.record(countdown, into: Recorder()) is EmptyCancellable, "a new connection clears the error")
  }

  func test_cleanDisconnect_letsSendsQueueUntilTheNextAck() {
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket, reconnect: false)
    let events = TransportEvents()
    transport.delegate = events
    socket.drop(nil)
    transport.drain()
    let recorder = Recorder<Delivery>()
    XCTAssertFalse(transport.record(countdown, into: recorder) is EmptyCancellable)
    transport.drain()
    XCTAssertEqual(recorder.count, 0)
    XCTAssertEqual(events.events, ["disconnect"])
    XCTAssertEqual(socket.sent, [])
    socket.open()
    socket.ack()
    transport.drain()
    // Q19: the queued start goes out, and so does its re-send (duplicates allowed by default).
    XCTAssertEqual(socket.sentTypes, ["connection_init", "start", "start"])
  }

  func test_serverDrop_reconnectsAfterTheIntervalAndResumesTheSubscriptionButNotTheMutation() {
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket, reconnectionInterval: 0.05)
    let events = TransportEvents()
    transport.delegate = events
    let subscription = Recorder<Delivery>(), mutation = Recorder<Delivery>()
    transport.record(countdown, into: subscription)
    transport.record(CreateReviewMutation(episode: .case(.JEDI), review: ReviewInput(stars: 1)), into: mutation)
    socket.receive(dataMessage(id: "1", countdownPayload(3)))
    transport.drain()
    XCTAssertEqual(socket.sentTypes, ["start", "start"])
    socket.clearSent()

    socket.drop(Dropped())
    waitUntil("the reconnect") { socket.connectCalls == 2 }
    socket.open()
    transport.drain()
    XCTAssertEqual(events.events, ["disconnect(networkError)", "reconnect"])
    XCTAssertEqual(socket.sentTypes, ["connection_init"], "the re-sent start waits for the ack")
    socket.ack()
    transport.drain()
    XCTAssertEqual(socket.sentTypes, ["connection_init", "start"])
    XCTAssertEqual(socket.sent(type: "start").first?["id"], "1", "the subscription, not the mutation (id 2)")
    socket.receive(dataMessage(id: "1", countdownPayload(2)))
    transport.drain()
    XCTAssertEqual(subscription.bodies, [countdownPayload(3), countdownPayload(2)])
    XCTAssertEqual(mutation.bodies, [])
    XCTAssertTrue(mutation.errors.first is Dropped, "the pending mutation heard of the drop once")
  }

  func test_quirkKept_aPendingQueryTheDropFailed_hearsEveryLaterDropAgain() {
    // 0.33 removed a handler only on `complete`: a query failed by a drop is not sent again after reconnecting, so
    // its handler stays and each later drop calls it again (2.x fails it once and forgets it).
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket, reconnectionInterval: 0.05)
    let query = Recorder<Delivery>()
    transport.record(HeroNameQuery(episode: .none), into: query)
    transport.drain()
    socket.drop(Dropped())
    waitUntil("the reconnect") { socket.connectCalls == 2 }
    socket.open()
    socket.ack()
    transport.drain()
    XCTAssertEqual(query.errors.count, 1)
    socket.drop(Dropped())
    transport.drain()
    XCTAssertEqual(query.errors.count, 2, "the same query's handler, called again")
    XCTAssertEqual(query.bodies, [])
  }

  func test_reconnect_hasNoAttemptLimit() {
    // Q7/Q19: a fixed interval, for ever.
    let socket = MockWebSocket()
    let transport = makeTransport(socket, reconnectionInterval: 0.01)
    for attempt in 2...5 {
      socket.drop(Dropped())
      waitUntil("attempt \(attempt)") { socket.connectCalls == attempt }
    }
    transport.drain()
  }

  func test_reconnectFalse_doesNotConnectAgain() {
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket, reconnect: false, reconnectionInterval: 0.01)
    socket.drop(Dropped())
    Thread.sleep(forTimeInterval: 0.1)
    transport.drain()
    XCTAssertEqual(socket.connectCalls, 1)
  }

  func test_reconnect_withDuplicatesAllowed_queuesAStartAgainThatIsStillQueued() {
    // Q19: with allowSendingDuplicates the re-sent start joins the one still waiting for an ack.
    let socket = MockWebSocket(opensOnConnect: true)
    let transport = makeTransport(socket, reconnect: false)
    transport.record(countdown, into: Recorder())
    transport.drain()
    socket.drop(nil)
    socket.open()
    socket.ack()
    transport.drain()
    XCTAssertEqual(socket.sent(type: "start").map { $0["id"] }, ["1", "1"])
  }

  func test_reconnect_withoutDuplicates_reusesTheQueuedStart() {
    let socket = MockWebSocket(opensOnConnect: true)
    let transport = makeTransport(socket, reconnect: false, allowSendingDuplicates: false)
    transport.record(countdown, into: Recorder())
    transport.drain()
    socket.drop(nil)
    socket.open()
    socket.ack()
    transport.drain()
    XCTAssertEqual(socket.sent(type: "start").map { $0["id"] }, ["1"])
  }

  func test_pause_disconnectsKeepsSubscriptionsAndResumeReconnectsThem() {
    // §5 #42: pause fires didDisconnect and the subscriber gets the close error (WSError 1000); events while paused
    // are not delivered; resume fires didReconnect and the same subscription receives events again.
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket)
    socket.opensOnConnect = true
    let events = TransportEvents()
    transport.delegate = events
    let recorder = Recorder<Delivery>()
    transport.record(countdown, into: recorder)
    transport.drain()
    socket.clearSent()

    transport.pauseWebSocketConnection()
    transport.drain()
    XCTAssertEqual(socket.disconnectCodes, [1000])
    XCTAssertEqual((recorder.errors.first as? WSError)?.code, 1000)
    XCTAssertEqual(events.events, ["disconnect(networkError)"])
    XCTAssertTrue(transport.record(countdown, into: Recorder()) is EmptyCancellable, "sends fail fast while paused")
    Thread.sleep(forTimeInterval: 0.1)
    XCTAssertEqual(socket.connectCalls, 1, "no reconnection while paused")

    transport.resumeWebSocketConnection()
    transport.drain()
    XCTAssertEqual(events.events, ["disconnect(networkError)", "reconnect"])
    socket.ack()
    transport.drain()
    XCTAssertEqual(socket.sentTypes, ["connection_init", "start"])
    socket.receive(dataMessage(id: "1", countdownPayload(7)))
    transport.drain()
    XCTAssertEqual(recorder.bodies, [countdownPayload(7)])
  }

  func test_pause_afterADrop_cancelsTheScheduledReconnect() {
    // A deliberate difference from 0.33, whose scheduled reconnect connected anyway.
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket, reconnectionInterval: 0.05)
    socket.drop(Dropped())
    transport.pauseWebSocketConnection()
    Thread.sleep(forTimeInterval: 0.2)
    transport.drain()
    XCTAssertEqual(socket.connectCalls, 1)
  }

  func test_resume_withoutAutoReconnect_doesNotReconnectAfterTheNextDrop() {
    let socket = MockWebSocket(opensOnConnect: true)
    let transport = makeConnectedTransport(socket, reconnectionInterval: 0.01)
    transport.pauseWebSocketConnection()
    transport.resumeWebSocketConnection(autoReconnect: false)
    transport.drain()
    socket.drop(Dropped())
    Thread.sleep(forTimeInterval: 0.1)
    transport.drain()
    XCTAssertEqual(socket.connectCalls, 2)
  }

  func test_closeConnection_sendsTerminateForgetsSubscriptionsAndKeepsTheSocketOpen() {
    // Q20.
    let socket = MockWebSocket(opensOnConnect: true)
    let transport = makeConnectedTransport(socket, reconnectionInterval: 0.01)
    let recorder = Recorder<Delivery>()
    transport.record(countdown, into: recorder)
    transport.closeConnection()
    transport.drain()
    XCTAssertEqual(socket.sentTypes, ["start", "connection_terminate"])
    XCTAssertEqual(socket.sent.last, #"{"type":"connection_terminate"}"#)
    XCTAssertEqual(socket.disconnectCodes, [], "the server closes the socket")
    socket.receive(dataMessage(id: "1", countdownPayload(1)))
    transport.drain()
    XCTAssertEqual(recorder.bodies, [countdownPayload(1)], "handlers stay")
    socket.clearSent()
    socket.drop(nil)
    Thread.sleep(forTimeInterval: 0.1)
    XCTAssertEqual(socket.connectCalls, 1, "reconnection is off")
    socket.open()
    socket.ack()
    transport.drain()
    XCTAssertEqual(socket.sentTypes, ["connection_init"], "no subscription re-sent")
  }

  func test_scheduledReconnect_doesNotKeepAReleasedTransportAlive() {
    // 0.33's reconnect closure retained the transport; here a released transport is gone and never reconnects.
    let socket = MockWebSocket()
    var transport: WebSocketTransport? = makeConnectedTransport(socket, reconnectionInterval: 0.1)
    socket.drop(Dropped())
    transport?.drain()
    weak let released = transport
    transport = nil
    XCTAssertNil(released)
    Thread.sleep(forTimeInterval: 0.2)
    XCTAssertEqual(socket.connectCalls, 1)
  }
}
