@testable import ApolloDelegateWebSocket
import Foundation
import StarWarsAPI
import XCTest

/// Subscriptions, queries and mutations on the socket: deliveries, `complete`, `error` and cancel (0.33 reference
/// §4.2, §4.4; test list §5 #35, #36, #41, #44; quirks Q15, Q17).
final class WebSocketTransportOperationTests: XCTestCase {
  func test_subscription_firstIDIsOneAndADataMessageIsDeliveredWithoutConnectOrAck() {
    // §5 #35: the mock never connects nor acks; a data message for "1" still reaches the handler, parsed.
    let socket = MockWebSocket()
    let transport = makeTransport(socket)
    let delivered = expectation(description: "delivery")
    var countdownValue: Int?
    _ = transport.send(operation: countdown) { result in
      countdownValue = (try? result.get().parseResultFast())?.data?.countdown
      delivered.fulfill()
    }
    socket.receive(dataMessage(id: "1", countdownPayload(3)))
    wait(for: [delivered], timeout: 1)
    XCTAssertEqual(countdownValue, 3)
  }

  func test_subscription_withoutMessages_neverCallsItsHandler() {
    // §5 #36: no timeout error.
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket)
    let recorder = Recorder<Delivery>()
    transport.record(countdown, into: recorder)
    Thread.sleep(forTimeInterval: 0.1)
    transport.drain()
    XCTAssertEqual(recorder.count, 0)
  }

  func test_subscription_receivesEveryEventInOrderOnTheProcessingQueue() {
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket)
    let recorder = Recorder<Delivery>()
    let queues = Recorder<Bool>()
    _ = transport.send(operation: countdown) { result in
      queues.append(DispatchQueue.getSpecific(key: onTransportQueue) == true)
      recorder.append(result.map(\.body))
    }
    transport.processingQueue.setSpecific(key: onTransportQueue, value: true)
    for value in [3, 2, 1, 0] { socket.receive(dataMessage(id: "1", countdownPayload(value))) }
    transport.drain()
    XCTAssertEqual(recorder.bodies, [3, 2, 1, 0].map(countdownPayload))
    XCTAssertEqual(queues.values, [true, true, true, true])
  }

  func test_subscription_events_reachOnlyTheirOwnHandler() {
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket)
    let first = Recorder<Delivery>(), second = Recorder<Delivery>()
    transport.record(countdown, into: first)
    transport.record(countdown, into: second)
    socket.receive(dataMessage(id: "2", countdownPayload(9)))
    socket.receive(dataMessage(id: "1", countdownPayload(1)))
    transport.drain()
    XCTAssertEqual(first.bodies, [countdownPayload(1)])
    XCTAssertEqual(second.bodies, [countdownPayload(9)])
  }

  func test_complete_keepsASubscriptionsHandler() {
    // Q17: complete does not remove subscription handlers.
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket)
    let recorder = Recorder<Delivery>()
    transport.record(countdown, into: recorder)
    socket.receive(["id": "1", "type": "complete"])
    socket.receive(dataMessage(id: "1", countdownPayload(5)))
    transport.drain()
    XCTAssertEqual(recorder.bodies, [countdownPayload(5)])
  }

  /// 0.33 asked its stored subscriptions whether an id is a subscription's, and `closeConnection()` clears
  /// them: a `complete` that follows forgets the subscription's handler, so a later message for it is an
  /// unknown id.
  func test_complete_afterCloseConnection_forgetsTheSubscriptionsHandler() {
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket)
    let subscription = Recorder<Delivery>(), query = Recorder<Delivery>()
    transport.record(countdown, into: subscription)
    transport.drain()
    transport.closeConnection()
    transport.drain()
    transport.record(HeroNameQuery(episode: .none), into: query)
    socket.receive(["id": "1", "type": "complete"])
    socket.receive(dataMessage(id: "1", countdownPayload(5)))
    transport.drain()
    XCTAssertEqual(subscription.bodies, [], "the handler was gone when the late message came")
    XCTAssertEqual(query.errors.count, 1, "Q16: the late message is an unknown id, which errors every handler")
  }

  func test_query_overTheSocket_isDeliveredAndCompleteForgetsItsHandler() {
    // §5 #44 (unit side): queries go over the socket in 0.x; complete removes a query's handler, so a later message
    // for its id is an unknown id.
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket)
    let query = Recorder<Delivery>(), watcher = Recorder<Delivery>()
    transport.record(HeroNameQuery(episode: .none), into: query)
    transport.record(countdown, into: watcher)
    transport.drain()
    XCTAssertEqual(socket.sent(type: "start").first?["payload"]?.objectValue?["operationName"], "HeroName")
    let hero: JSON.Object = ["data": ["hero": ["__typename": "Droid", "name": "R2-D2"]]]
    socket.receive(dataMessage(id: "1", hero))
    socket.receive(["id": "1", "type": "complete"])
    socket.receive(dataMessage(id: "1", hero))
    transport.drain()
    XCTAssertEqual(query.bodies, [hero])
    XCTAssertEqual(query.errors.count, 0, "the handler was gone when the late message came")
    XCTAssertEqual(watcher.errors.count, 1, "Q16: the late message is an unknown id, which errors every handler")
  }

  func test_mutation_overTheSocket_isDeliveredAsParsedData() {
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket)
    let delivered = expectation(description: "delivery")
    var stars: Int?
    _ = transport.send(operation: CreateReviewMutation(episode: .case(.JEDI), review: ReviewInput(stars: 5, commentary: "ok"))) { result in
      stars = (try? result.get().parseResultFast())?.data?.createReview?.stars
      delivered.fulfill()
    }
    transport.drain()
    XCTAssertEqual(socket.sent(type: "start").first?["payload"]?.objectValue?["operationName"], "CreateReview")
    socket.receive(dataMessage(id: "1", ["data": ["createReview": ["__typename": "Review", "stars": 5, "commentary": "ok"]]]))
    wait(for: [delivered], timeout: 1)
    XCTAssertEqual(stars, 5)
  }

  func test_serverErrorMessage_isDeliveredAsASuccessWithItsPayload() {
    // Q15: an `error` message is `.success(payload)`; without data/errors keys the result has neither.
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket)
    let results = Recorder<Result<GraphQLResult<CountdownSubscription.Data>, any Error>>()
    _ = transport.send(operation: countdown) { result in results.append(result.flatMap { response in Result { try response.parseResultFast() } }) }
    socket.receive(["id": "1", "type": "error", "payload": ["message": "boom"]])
    socket.receive(["id": "1", "type": "error", "payload": ["errors": [["message": "bad"]]]])
    transport.drain()
    let delivered = results.values.compactMap { try? $0.get() }
    XCTAssertEqual(delivered.count, 2)
    XCTAssertNil(delivered.first?.data)
    XCTAssertNil(delivered.first?.errors)
    XCTAssertEqual(delivered.last?.errors?.first?.message, "bad")
  }

  func test_cancel_sendsStopAndNoFurtherCallbacksArrive() {
    // §5 #41: after cancel() no more callbacks.
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket)
    let recorder = Recorder<Delivery>()
    let task = transport.record(countdown, into: recorder)
    socket.receive(dataMessage(id: "1", countdownPayload(3)))
    task.cancel()
    transport.drain()
    socket.receive(dataMessage(id: "1", countdownPayload(2)))
    transport.drain()
    XCTAssertEqual(socket.sent(type: "stop"), [["id": "1", "type": "stop"]])
    XCTAssertEqual(socket.sent.last, #"{"id":"1","type":"stop"}"#)
    XCTAssertEqual(recorder.bodies, [countdownPayload(3)])
    XCTAssertEqual(recorder.errors.count, 0)
  }

  func test_unsubscribe_sendsStopAndForgetsTheSubscriptionForReconnects() {
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket)
    transport.record(countdown, into: Recorder())
    transport.drain()
    transport.unsubscribe("1")
    transport.drain()
    XCTAssertEqual(socket.sentTypes, ["start", "stop"])
    socket.clearSent()
    socket.drop(nil)
    socket.open()
    socket.ack()
    transport.drain()
    XCTAssertEqual(socket.sentTypes, ["connection_init"], "a stopped subscription is not re-sent")
  }

  func test_sendOperationIdentifiers_withoutAGeneratedIdentifier_sendsTheDocumentsSHA256() {
    // Q4, as the HTTP transport: 0.33 stopped the process; the core derives the identifier from the document.
    XCTAssertNil(NoIdentifierSubscription.operationDocument.operationIdentifier)
    let socket = MockWebSocket(opensOnConnect: true)
    let transport = makeTransport(socket, sendOperationIdentifiers: true)
    socket.ack()
    transport.record(NoIdentifierSubscription(), into: Recorder())
    transport.drain()
    XCTAssertEqual(socket.sent(type: "start").first?["payload"]?.objectValue?["id"]?.stringValue,
                   SHA256.hexDigest("subscription NoIdentifier { countdown(from: 1) }"))
  }
}

let onTransportQueue = DispatchSpecificKey<Bool>()

/// A subscription whose generated code has no persisted-query identifier.
struct NoIdentifierSubscription: GraphQLSubscription {
  static let operationName = "NoIdentifier"
  static let operationDocument = OperationDocument(definition: OperationDefinition("subscription NoIdentifier { countdown(from: 1) }"))
  typealias Data = CountdownSubscription.Data
}
