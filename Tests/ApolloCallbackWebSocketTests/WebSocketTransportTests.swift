@testable import ApolloCallbackWebSocket
import Foundation
import StarWarsAPI
import XCTest

/// The transport's controls and options, over `graphql-transport-ws` (they do not depend on the sub-protocol).
final class WebSocketTransportTests: WSProtocolTestsBase {
  override var wsProtocol: WebSocket.WSProtocol { .graphql_transport_ws }

  func test_updateHeaderValues_setsTheHeaderAndReconnects() {
    buildAcknowledgedTransport()
    transport.updateHeaderValues(["Authorization": "UpdatedToken"])
    flush()
    XCTAssertEqual(mockWebSocket.request.value(forHTTPHeaderField: "Authorization"), "UpdatedToken")
    XCTAssertEqual(mockWebSocket.disconnects, [0])
    XCTAssertEqual(mockWebSocket.connects, 2)
    XCTAssertEqual(mockWebSocket.written(type: "connection_init").count, 2)
  }

  func test_updateHeaderValues_withoutReconnect_keepsTheConnection() {
    buildAcknowledgedTransport()
    transport.updateHeaderValues(["Authorization": "UpdatedToken", "X-Old": nil], reconnectIfConnected: false)
    flush()
    XCTAssertEqual(mockWebSocket.request.value(forHTTPHeaderField: "Authorization"), "UpdatedToken")
    XCTAssertTrue(mockWebSocket.disconnects.isEmpty)
    XCTAssertEqual(mockWebSocket.connects, 1)
  }

  func test_updateHeaderValues_reconnection_doesNotScheduleAnotherConnection() {
    buildAcknowledgedTransport()
    transport.updateHeaderValues(["Authorization": "UpdatedToken"])
    Thread.sleep(forTimeInterval: 0.2)  // past the reconnection interval
    flush()
    XCTAssertEqual(mockWebSocket.connects, 2, "the deliberate reconnection is the only one")
    XCTAssertTrue(transport.isConnected())
  }

  func test_updateConnectingPayload_sendsTheNewPayloadOnTheNextConnection() {
    buildTransport(connectingPayload: ["Authorization": "OldToken"])
    mockWebSocket.ack()
    flush()
    transport.updateConnectingPayload(["Authorization": "UpdatedToken"])
    flush()
    let payloads = mockWebSocket.written(type: "connection_init").map { $0["payload"]?["Authorization"]?.stringValue }
    XCTAssertEqual(payloads, ["OldToken", "UpdatedToken"])
  }

  func test_updateConnectingPayload_withoutReconnect_appliesOnInitServer() {
    buildTransport(connectingPayload: ["Authorization": "OldToken"])
    transport.updateConnectingPayload(["Authorization": "UpdatedToken"], reconnectIfConnected: false)
    transport.initServer()
    flush()
    let payloads = mockWebSocket.written(type: "connection_init").map { $0["payload"]?["Authorization"]?.stringValue }
    XCTAssertEqual(payloads, ["OldToken", "UpdatedToken"])
    XCTAssertEqual(mockWebSocket.connects, 1)
  }

  func test_closeConnectionAndInit_sendsTheNewPayload_andStopsReconnecting() {
    buildTransport(connectingPayload: ["Authorization": "OldToken"])
    transport.closeConnection()
    transport.updateConnectingPayload(["Authorization": "UpdatedToken"], reconnectIfConnected: false)
    transport.initServer()
    flush()
    let inits = mockWebSocket.written(type: "connection_init").map { $0["payload"]?["Authorization"]?.stringValue }
    XCTAssertEqual(inits, ["OldToken", "UpdatedToken"])
    XCTAssertTrue(mockWebSocket.written(type: "connection_terminate").isEmpty,
                  "connection_terminate waits for an acknowledgement that never came, and closeConnection drops the queue")
    XCTAssertFalse(transport.reconnect)
  }

  func test_connectOnInitOff_connectsOnlyOnResume() {
    buildTransport(connectOnInit: false)
    XCTAssertEqual(mockWebSocket.connects, 0)
    XCTAssertFalse(transport.isConnected())
    transport.resumeWebSocketConnection()
    flush()
    XCTAssertEqual(mockWebSocket.connects, 1)
    XCTAssertEqual(mockWebSocket.writtenTypes, ["connection_init"])
  }

  func test_subscriptionSentWhileDown_isSentTwiceAfterReconnecting_whenDuplicatesAreAllowed() {
    checkSubscriptionSentWhileDown(allowSendingDuplicates: true, expectedSubscribes: 2)
  }

  func test_subscriptionSentWhileDown_isSentOnceAfterReconnecting_whenDuplicatesAreNotAllowed() {
    checkSubscriptionSentWhileDown(allowSendingDuplicates: false, expectedSubscribes: 1)
  }

  /// A subscription made while disconnected cleanly (no error, so sends still go out) waits in the queue; the
  /// reconnection also sends it as a live subscription.
  private func checkSubscriptionSentWhileDown(allowSendingDuplicates: Bool, expectedSubscribes: Int,
                                              file: StaticString = #filePath, line: UInt = #line) {
    buildTransport(reconnect: false, allowSendingDuplicates: allowSendingDuplicates)
    mockWebSocket.ack()
    flush()
    transport.pauseWebSocketConnection()
    flush()
    transport.websocketDidDisconnect(socket: mockWebSocket, error: nil)  // clears the pause's error
    flush()
    let results = Collected<CountdownResult>()
    subscribeCountdown(results)
    flush()
    XCTAssertTrue(mockWebSocket.written(type: "subscribe").isEmpty, file: file, line: line)
    transport.resumeWebSocketConnection()
    flush()
    mockWebSocket.ack()
    flush()
    XCTAssertEqual(mockWebSocket.written(type: "subscribe").count, expectedSubscribes, file: file, line: line)
  }

  func test_quirkKept_aPendingQueryTheDropFailed_hearsEveryLaterDropAgain() {
    // 1.x removed a handler only on `complete`, an `error` message or an unsubscribe: a query failed by a drop is not
    // sent again after reconnecting, so its handler stays and each later drop calls it again (2.x fails it once).
    buildAcknowledgedTransport(reconnect: true)
    let results = Collected<HeroResult>()
    fetchHero(results)
    flush()
    mockWebSocket.drop()
    flush()
    XCTAssertEqual(results.values.count, 1)
    waitUntil("the reconnect") { mockWebSocket.connects == 2 }
    flush()
    mockWebSocket.ack()
    flush()
    mockWebSocket.drop()
    flush()
    XCTAssertEqual(results.values.count, 2, "the same query's completion, called again")
    XCTAssertTrue(results.values.allSatisfy { if case .failure = $0 { true } else { false } })
  }

  func test_dropWithReconnectOff_staysDisconnected() {
    buildAcknowledgedTransport(reconnect: false)
    mockWebSocket.drop()
    Thread.sleep(forTimeInterval: 0.15)
    flush()
    XCTAssertEqual(mockWebSocket.connects, 1)
    XCTAssertFalse(transport.isConnected())
    XCTAssertEqual(events.events.values, ["connect", "disconnect"])
  }

  func test_sendAfterAFailedConnection_failsAtOnceWithNetworkError() {
    buildAcknowledgedTransport(reconnect: false)
    mockWebSocket.drop(POSIXError(.ECONNRESET))
    flush()
    let results = Collected<CountdownResult>()
    subscribeCountdown(results)
    flush()
    let error = Self.webSocketError(results.values.first)
    guard case .networkError? = error?.kind else { return XCTFail("expected networkError, got \(results.values)") }
    XCTAssertEqual(error?.error as? POSIXError, POSIXError(.ECONNRESET))
    XCTAssertEqual(mockWebSocket.written(type: "subscribe").count, 0)
  }

  func test_cleanDisconnect_doesNotFailOpenOperations() {
    buildAcknowledgedTransport(reconnect: false)
    let results = Collected<CountdownResult>()
    subscribeCountdown(results)
    flush()
    transport.websocketDidDisconnect(socket: mockWebSocket, error: nil)
    flush()
    XCTAssertTrue(results.values.isEmpty)
    XCTAssertEqual(events.events.values, ["connect", "disconnect"])
    XCTAssertNil(events.errors.values.last ?? nil)
  }

  func test_subscriptionResult_isPublishedToTheStore() throws {
    let store = ApolloStore()
    buildAcknowledgedTransport(store: store)
    let results = Collected<Result<GraphQLResult<HeroNameQuery.Data>, any Error>>()
    fetchHero(results)
    flush()
    serveData("1", #"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}"#)
    flush()
    XCTAssertEqual(try results.values.first?.get().data?.hero?.name, "R2-D2")
    XCTAssertNotNil(try results.values.first?.get().dependentKeys)
    let cached = Collected<HeroResult>()
    store.load(HeroNameQuery(episode: .none)) { cached.append($0) }
    XCTAssertEqual(try cached.values.first?.get().data?.hero?.name, "R2-D2")
  }

  func test_results_arriveOnTheCallbackQueue_andDelegateCallsOnTheProcessingQueue() {
    let key = DispatchSpecificKey<String>()
    resultQueue.setSpecific(key: key, value: "results")
    buildTransport()
    transport.processingQueue.setSpecific(key: key, value: "processing")
    let queues = Collected<String?>()
    final class QueueRecorder: WebSocketTransportDelegate, @unchecked Sendable {
      let key: DispatchSpecificKey<String>
      let queues: Collected<String?>
      init(key: DispatchSpecificKey<String>, queues: Collected<String?>) { self.key = key; self.queues = queues }
      func webSocketTransport(_ webSocketTransport: WebSocketTransport, didReceivePongData: Data?) {
        queues.append(DispatchQueue.getSpecific(key: key))
      }
    }
    let recorder = QueueRecorder(key: key, queues: queues)
    transport.delegate = recorder
    mockWebSocket.ack()
    flush()
    _ = transport.send(operation: CountdownSubscription(from: 1, intervalMs: nil), cachePolicy: .fetchIgnoringCacheData,
                   contextIdentifier: nil, context: nil, callbackQueue: resultQueue) { _ in
      queues.append(DispatchQueue.getSpecific(key: key))
    }
    flush()
    mockWebSocket.serve(#"{"type":"pong"}"#)
    serveData("1", #"{"countdown":1}"#)
    flush()
    XCTAssertEqual(queues.values, ["processing", "results"])
  }

  func test_init_setsClientAwarenessHeadersAndTakesTheCallbackQueue() {
    buildTransport()
    XCTAssertNotNil(mockWebSocket.request.value(forHTTPHeaderField: "apollographql-client-name"))
    XCTAssertNotNil(mockWebSocket.request.value(forHTTPHeaderField: "apollographql-client-version"))
    XCTAssertTrue(mockWebSocket.callbackQueue === transport.processingQueue)
    transport.clientName = "TestName"
    XCTAssertEqual(mockWebSocket.request.value(forHTTPHeaderField: "apollographql-client-name"), "TestName")
  }

  func test_ping_writesAWebSocketPingFrame() {
    buildAcknowledgedTransport()
    let pinged = expectation(description: "ping written")
    transport.ping(data: Data([1, 2])) { pinged.fulfill() }
    wait(for: [pinged], timeout: 2)
    XCTAssertEqual(mockWebSocket.pings, [Data([1, 2])])
  }

  func test_binaryFrame_isIgnored() {
    buildAcknowledgedTransport()
    let results = Collected<CountdownResult>()
    subscribeCountdown(results)
    flush()
    mockWebSocket.serve(data: Data([0xFF, 0x00]))
    flush()
    XCTAssertTrue(results.values.isEmpty)
    XCTAssertTrue(transport.isConnected())
  }

  func test_socksProxyable_whenNotProxyable_staysOff() {
    buildTransport()
    transport.enableSOCKSProxy = true
    XCTAssertFalse(transport.enableSOCKSProxy)
  }

  func test_socksProxyable_whenProxyable_isRemembered() {
    let socket = WebSocket(request: URLRequest(url: URL(string: "ws://localhost/graphql")!), protocol: .graphql_ws,
                           session: ScriptedWebSocketSession())
    let transport = WebSocketTransport(websocket: socket, config: .init(connectOnInit: false))
    transport.enableSOCKSProxy = true
    XCTAssertTrue(transport.enableSOCKSProxy)
  }

  func test_missingProtocolHeader_speaksGraphQLWS() {
    buildAcknowledgedTransport()
    mockWebSocket.request.setValue(nil, forHTTPHeaderField: "Sec-WebSocket-Protocol")
    subscribeCountdown(Collected<CountdownResult>())
    flush()
    XCTAssertEqual(mockWebSocket.written(type: "start").count, 1)
  }

  func test_webSocketError_describesItsKind() {
    let error = WebSocketError(payload: nil, error: nil, kind: .unprocessedMessage("x"))
    XCTAssertEqual(error.errorDescription, "Websocket error: Unprocessed message x. Error: nil")
  }
}
