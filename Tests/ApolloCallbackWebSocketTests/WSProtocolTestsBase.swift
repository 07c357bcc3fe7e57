@testable import ApolloCallbackWebSocket
import Foundation
import StarWarsAPI
import XCTest

typealias CountdownResult = Result<GraphQLResult<CountdownSubscription.Data>, any Error>
typealias HeroResult = Result<GraphQLResult<HeroNameQuery.Data>, any Error>
typealias ReviewResult = Result<GraphQLResult<CreateReviewMutation.Data>, any Error>

/// What the sub-protocol tests share (as upstream's WSProtocolTestsBase): a transport over a ``MockWebSocket``, the
/// message names of the protocol under test, and each behaviour as a check both protocol classes run.
class WSProtocolTestsBase: XCTestCase {
  /// The sub-protocol under test; each subclass names its own.
  var wsProtocol: WebSocket.WSProtocol { .graphql_ws }

  var mockWebSocket: MockWebSocket!
  var transport: WebSocketTransport!
  var events: TransportEvents!
  let resultQueue = DispatchQueue(label: "WSProtocolTests.results")

  var subscribeType: String { wsProtocol == .graphql_ws ? "start" : "subscribe" }
  var dataType: String { wsProtocol == .graphql_ws ? "data" : "next" }
  var stopType: String { wsProtocol == .graphql_ws ? "stop" : "complete" }

  override func tearDown() {
    transport = nil
    mockWebSocket = nil
    events = nil
    super.tearDown()
  }

  /// A transport over a new mock socket; connects (and the mock accepts) unless `connectOnInit` is off.
  func buildTransport(reconnect: Bool = true, connectOnInit: Bool = true, connectingPayload: JSONEncodableDictionary? = [:],
                      allowSendingDuplicates: Bool = true,
                      idCreator: any OperationMessageIdCreator = ApolloSequencedOperationMessageIdCreator(),
                      store: ApolloStore? = nil) {
    mockWebSocket = MockWebSocket(protocol: wsProtocol)
    mockWebSocket.holdConnect()
    events = TransportEvents()
    let config = WebSocketTransport.Configuration(
      reconnect: reconnect, reconnectionInterval: 0.05, allowSendingDuplicates: allowSendingDuplicates,
      connectOnInit: connectOnInit, connectingPayload: connectingPayload, operationMessageIdCreator: idCreator)
    transport = WebSocketTransport(websocket: mockWebSocket, store: store, config: config)
    transport.delegate = events
    mockWebSocket.releaseConnect()
    flush()
  }

  /// A connected transport whose `connection_init` the mock server acknowledged.
  func buildAcknowledgedTransport(reconnect: Bool = true, store: ApolloStore? = nil) {
    buildTransport(reconnect: reconnect, store: store)
    mockWebSocket.ack()
    flush()
  }

  /// Lets every queued hop (client callbacks, the processing queue, result delivery) run.
  func flush() {
    for _ in 0..<3 {
      transport.processingQueue.sync {}
      resultQueue.sync {}
    }
  }

  func serveData(_ id: String, _ data: String) {
    mockWebSocket.serve(#"{"type":"\#(dataType)","id":"\#(id)","payload":{"data":\#(data)}}"#)
  }

  func serveComplete(_ id: String) {
    mockWebSocket.serve(#"{"type":"complete","id":"\#(id)"}"#)
  }

  @discardableResult
  func subscribeCountdown(_ results: Collected<CountdownResult>) -> any Cancellable {
    transport.send(operation: CountdownSubscription(from: 3, intervalMs: nil), cachePolicy: .fetchIgnoringCacheData,
                   contextIdentifier: nil, context: nil, callbackQueue: resultQueue) { results.append($0) }
  }

  @discardableResult
  func fetchHero(_ results: Collected<HeroResult>) -> any Cancellable {
    transport.send(operation: HeroNameQuery(episode: .none), cachePolicy: .fetchIgnoringCacheData,
                   contextIdentifier: nil, context: nil, callbackQueue: resultQueue) { results.append($0) }
  }

  @discardableResult
  func createReview(_ results: Collected<ReviewResult>) -> any Cancellable {
    transport.send(operation: CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 5)),
                   cachePolicy: .fetchIgnoringCacheData, contextIdentifier: nil, context: nil,
                   callbackQueue: resultQueue) { results.append($0) }
  }

  static func countdowns(_ results: [CountdownResult]) -> [Int?] {
    results.map { try? $0.get().data?.countdown }
  }

  static func webSocketError(_ result: Result<some Any, any Error>?) -> WebSocketError? {
    guard case .failure(let error)? = result else { return nil }
    return error as? WebSocketError
  }

  static func isUnprocessed(_ error: WebSocketError?) -> Bool {
    if case .unprocessedMessage? = error?.kind { return true }
    return false
  }

  // MARK: Checks both protocols run

  func checkConnectionInit(payload: JSONEncodableDictionary?, expected: JSON?, file: StaticString = #filePath, line: UInt = #line) {
    buildTransport(connectingPayload: payload)
    let inits = mockWebSocket.written(type: "connection_init")
    XCTAssertEqual(inits.count, 1, file: file, line: line)
    XCTAssertEqual(inits.first?["payload"], expected, file: file, line: line)
    XCTAssertEqual(events.events.values, ["connect"], file: file, line: line)
  }

  func checkOperationWaitsForAck() {
    buildTransport()
    let results = Collected<CountdownResult>()
    subscribeCountdown(results)
    flush()
    XCTAssertEqual(mockWebSocket.writtenTypes, ["connection_init"], "nothing but connection_init before the ack")
    mockWebSocket.ack()
    flush()
    XCTAssertEqual(mockWebSocket.writtenTypes, ["connection_init", subscribeType])
    let subscribe = mockWebSocket.written(type: subscribeType).first
    XCTAssertEqual(subscribe?["id"], "1")
    XCTAssertEqual(subscribe?["payload"]?["operationName"], "Countdown")
    XCTAssertEqual(subscribe?["payload"]?["variables"]?["from"], 3)
    XCTAssertNotNil(subscribe?["payload"]?["query"]?.stringValue)
  }

  func checkSubscriptionDeliversEachEvent() {
    buildAcknowledgedTransport()
    let results = Collected<CountdownResult>()
    subscribeCountdown(results)
    flush()
    for value in [3, 2, 1] {
      serveData("1", #"{"countdown":\#(value)}"#)
    }
    flush()
    XCTAssertEqual(Self.countdowns(results.values), [3, 2, 1])
  }

  func checkQueryDeliversOneResultAndCompletes() {
    buildAcknowledgedTransport()
    let results = Collected<HeroResult>()
    fetchHero(results)
    flush()
    XCTAssertEqual(mockWebSocket.written(type: subscribeType).first?["payload"]?["operationName"], "HeroName")
    serveData("1", #"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}"#)
    serveComplete("1")
    flush()
    // After `complete` the handler is gone: a late message for the id reaches no one.
    serveData("1", #"{"hero":{"__typename":"Droid","id":"2001","name":"Late"}}"#)
    flush()
    XCTAssertEqual(results.values.count, 1)
    XCTAssertEqual(try? results.values.first?.get().data?.hero?.name, "R2-D2")
  }

  /// 1.x keeps a subscription's handler after the server's `complete` (and sends the subscription again after a
  /// reconnection); a later event for its id still arrives.
  func checkCompleteKeepsSubscriptionHandler() {
    buildAcknowledgedTransport()
    let results = Collected<CountdownResult>()
    subscribeCountdown(results)
    flush()
    serveData("1", #"{"countdown":1}"#)
    serveComplete("1")
    serveData("1", #"{"countdown":0}"#)
    flush()
    XCTAssertEqual(Self.countdowns(results.values), [1, 0])
    mockWebSocket.drop()
    waitUntil("reconnected") { mockWebSocket.connects == 2 }
    flush()
    mockWebSocket.ack()
    flush()
    XCTAssertEqual(mockWebSocket.written(type: subscribeType).count, 2, "the completed subscription is sent again")
  }

  func checkMutationDeliversResult() {
    buildAcknowledgedTransport()
    let results = Collected<ReviewResult>()
    createReview(results)
    flush()
    let sent = mockWebSocket.written(type: subscribeType).first
    XCTAssertEqual(sent?["payload"]?["operationName"], "CreateReview")
    XCTAssertEqual(sent?["payload"]?["variables"]?["review"]?["stars"], 5)
    serveData("1", #"{"createReview":{"__typename":"Review","stars":5,"commentary":null}}"#)
    serveComplete("1")
    flush()
    XCTAssertEqual(results.values.count, 1)
    XCTAssertEqual(try? results.values.first?.get().data?.createReview?.stars, 5)
  }

  func checkErrorMessageFailsOperation(_ errorMessage: String, expectedPayload: JSONObject?) {
    buildAcknowledgedTransport()
    let results = Collected<CountdownResult>()
    subscribeCountdown(results)
    flush()
    mockWebSocket.serve(errorMessage)
    flush()
    let error = Self.webSocketError(results.values.first)
    guard case .errorResponse? = error?.kind else {
      return XCTFail("expected an errorResponse WebSocketError, got \(String(describing: results.values.first))")
    }
    XCTAssertEqual(error?.payload.map { JSONObjectValue($0) }, expectedPayload.map { JSONObjectValue($0) })
    XCTAssertTrue(transport.isConnected())
    // `error` ended the operation: the connection's end fails every open handler, and this one is not among them.
    transport.pauseWebSocketConnection()
    flush()
    XCTAssertEqual(results.values.count, 1, "the handler is called once: \(results.values)")
  }

  func checkCancelSendsStopAndEndsDeliveries() {
    buildAcknowledgedTransport()
    let results = Collected<CountdownResult>()
    let cancellable = subscribeCountdown(results)
    flush()
    serveData("1", #"{"countdown":3}"#)
    flush()
    cancellable.cancel()
    flush()
    serveData("1", #"{"countdown":2}"#)
    flush()
    XCTAssertEqual(mockWebSocket.written(type: stopType).map { $0["id"] }, ["1"])
    XCTAssertEqual(Self.countdowns(results.values), [3])
  }

  func checkReconnectResendsSubscriptionButNotMutation() {
    buildAcknowledgedTransport()
    let subscription = Collected<CountdownResult>()
    let mutation = Collected<ReviewResult>()
    subscribeCountdown(subscription)
    createReview(mutation)
    flush()
    serveData("1", #"{"countdown":3}"#)
    flush()
    mockWebSocket.drop(POSIXError(.ECONNRESET))
    waitUntil("the transport reconnected") { mockWebSocket.connects == 2 }
    flush()
    // Both open operations heard the drop; the socket's error reaches them as it is.
    for result in [subscription.values.last.map { $0.map { _ in () } }, mutation.values.first.map { $0.map { _ in () } }] {
      if case .failure(let error)? = result {
        XCTAssertEqual(error as? POSIXError, POSIXError(.ECONNRESET))
      } else {
        XCTFail("an open operation should have failed with the drop, got \(String(describing: result))")
      }
    }
    XCTAssertEqual(mutation.values.count, 1)
    XCTAssertEqual(mockWebSocket.written(type: "connection_init").count, 2)
    mockWebSocket.ack()
    flush()
    let subscribes = mockWebSocket.written(type: subscribeType)
    XCTAssertEqual(subscribes.map { $0["payload"]?["operationName"]?.stringValue }, ["Countdown", "CreateReview", "Countdown"],
                   "the subscription is sent again on the new connection, the mutation is not")
    XCTAssertEqual(subscribes.last?["id"], "1")
    serveData("1", #"{"countdown":2}"#)
    flush()
    XCTAssertEqual(Self.countdowns(subscription.values).last, 2)
    XCTAssertEqual(events.events.values, ["connect", "disconnect", "reconnect"])
    guard case .networkError? = (events.errors.values.first.flatMap { $0 } as? WebSocketError)?.kind else {
      return XCTFail("the delegate should hear a networkError, got \(events.errors.values)")
    }
  }

  func checkPauseAndResume() {
    buildAcknowledgedTransport()
    let results = Collected<CountdownResult>()
    subscribeCountdown(results)
    flush()
    transport.pauseWebSocketConnection()
    flush()
    XCTAssertEqual(mockWebSocket.disconnects, [2.0])
    XCTAssertFalse(transport.isConnected())
    // The paused socket stays down past the reconnection interval.
    Thread.sleep(forTimeInterval: 0.15)
    flush()
    XCTAssertEqual(mockWebSocket.connects, 1)
    if case .failure(let error)? = results.values.last {
      XCTAssertEqual((error as? WebSocket.WSError)?.code, 1000)
    } else {
      XCTFail("the subscription should have heard the close with code 1000")
    }
    transport.resumeWebSocketConnection()
    flush()
    mockWebSocket.ack()
    flush()
    XCTAssertEqual(mockWebSocket.connects, 2)
    XCTAssertEqual(mockWebSocket.written(type: subscribeType).count, 2, "the subscription is sent again after resuming")
    serveData("1", #"{"countdown":1}"#)
    flush()
    XCTAssertEqual(Self.countdowns(results.values).last, 1)
  }

  func checkKeepAliveAndServerPing() {
    buildAcknowledgedTransport()
    let results = Collected<CountdownResult>()
    subscribeCountdown(results)
    flush()
    mockWebSocket.serve(wsProtocol == .graphql_ws ? #"{"type":"ka"}"# : #"{"type":"ping","payload":{"at":1}}"#)
    flush()
    XCTAssertTrue(results.values.isEmpty, "a keep-alive is no result and no error")
    XCTAssertTrue(transport.isConnected())
  }

  func checkMalformedMessagesFailOpenOperationsAndKeepSocket() {
    buildAcknowledgedTransport()
    let results = Collected<CountdownResult>()
    subscribeCountdown(results)
    flush()
    let malformed = [
      "not json",
      #"{"id":"1","payload":{}}"#,
      #"{"type":"no_such_type","id":"1"}"#,
      #"{"type":"\#(dataType)","payload":{"data":{"countdown":1}}}"#,
      #"{"type":"complete"}"#,
      #"[1,2,3]"#,
    ]
    for text in malformed {
      mockWebSocket.serve(text)
    }
    flush()
    XCTAssertEqual(results.values.count, malformed.count)
    for (text, result) in zip(malformed, results.values) {
      let error = Self.webSocketError(result)
      guard case .unprocessedMessage(let message)? = error?.kind else {
        XCTFail("\(text): expected unprocessedMessage, got \(result)")
        continue
      }
      XCTAssertEqual(message, text)
    }
    XCTAssertTrue(transport.isConnected())
    // Still usable: a well-formed event still arrives.
    serveData("1", #"{"countdown":0}"#)
    flush()
    XCTAssertEqual(Self.countdowns([results.values.last].compactMap { $0 }), [0])
  }

  func checkDataWithoutPayloadFails() {
    buildAcknowledgedTransport()
    let results = Collected<CountdownResult>()
    subscribeCountdown(results)
    flush()
    mockWebSocket.serve(#"{"type":"\#(dataType)","id":"1"}"#)
    flush()
    guard case .neitherErrorNorPayloadReceived? = Self.webSocketError(results.values.first)?.kind else {
      return XCTFail("expected neitherErrorNorPayloadReceived, got \(results.values)")
    }
  }

  func checkCloseConnectionSendsTerminate() {
    buildAcknowledgedTransport()
    transport.closeConnection()
    flush()
    XCTAssertEqual(mockWebSocket.writtenTypes.last, "connection_terminate")
    XCTAssertFalse(transport.reconnect)
  }
}
