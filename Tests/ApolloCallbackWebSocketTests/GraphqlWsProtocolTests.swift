@testable import ApolloCallbackWebSocket
import Foundation
import StarWarsAPI
import XCTest

/// The `graphql-ws` sub-protocol (subscriptions-transport-ws): `start`, `data`, `stop`, `ka`.
final class GraphqlWsProtocolTests: WSProtocolTestsBase {
  override var wsProtocol: WebSocket.WSProtocol { .graphql_ws }

  func test_designatedInitializer_setsProtocolHeader() {
    let socket = WebSocket(request: URLRequest(url: URL(string: "ws://localhost/graphql")!), protocol: .graphql_ws)
    XCTAssertEqual(socket.request.value(forHTTPHeaderField: "Sec-WebSocket-Protocol"), "graphql-ws")
  }

  func test_convenienceInitializers_setProtocolHeader() {
    let url = URL(string: "ws://localhost/graphql")!
    XCTAssertEqual(WebSocket(url: url, protocol: .graphql_ws).request.value(forHTTPHeaderField: "Sec-WebSocket-Protocol"),
                   "graphql-ws")
    XCTAssertEqual(WebSocket(url: url, writeQueueQOS: .default, protocol: .graphql_ws)
                    .request.value(forHTTPHeaderField: "Sec-WebSocket-Protocol"), "graphql-ws")
  }

  func test_connectionInit_givenDefaultConnectingPayload_sendsEmptyPayload() {
    checkConnectionInit(payload: [:], expected: .object([:]))
  }

  func test_connectionInit_givenNilConnectingPayload_sendsNoPayload() {
    checkConnectionInit(payload: nil, expected: nil)
  }

  func test_connectionInit_givenConnectingPayload_sendsIt() {
    checkConnectionInit(payload: ["sample": "data", "n": 1], expected: .object(["sample": "data", "n": 1]))
  }

  func test_subscribe_sendsStartAfterConnectionAck() {
    checkOperationWaitsForAck()
  }

  func test_subscription_deliversEachDataMessage() {
    checkSubscriptionDeliversEachEvent()
  }

  func test_query_deliversOneResultThenCompleteEndsIt() {
    checkQueryDeliversOneResultAndCompletes()
  }

  func test_complete_forASubscription_keepsItsHandler() {
    checkCompleteKeepsSubscriptionHandler()
  }

  func test_mutation_deliversItsResult() {
    checkMutationDeliversResult()
  }

  func test_errorMessage_failsTheOperationWithErrorResponse() {
    checkErrorMessageFailsOperation(#"{"type":"error","id":"1","payload":{"message":"bad"}}"#,
                                    expectedPayload: ["message": "bad"])
  }

  func test_cancel_sendsStopAndEndsDeliveries() {
    checkCancelSendsStopAndEndsDeliveries()
  }

  func test_reconnect_resendsTheSubscriptionButNotTheMutation() {
    checkReconnectResendsSubscriptionButNotMutation()
  }

  func test_pauseAndResume_keepTheSubscription() {
    checkPauseAndResume()
  }

  func test_keepAlive_isNeitherResultNorError() {
    checkKeepAliveAndServerPing()
  }

  func test_keepAlive_beforeConnectionAck_doesNotReleaseQueuedMessages() {
    buildTransport()
    subscribeCountdown(Collected<CountdownResult>())
    mockWebSocket.serve(#"{"type":"ka"}"#)
    flush()
    XCTAssertTrue(mockWebSocket.written(type: "start").isEmpty, "messages wait for connection_ack, not for ka")
    mockWebSocket.ack()
    flush()
    XCTAssertEqual(mockWebSocket.written(type: "start").count, 1)
  }

  func test_malformedMessages_failOpenOperationsWithUnprocessedMessage_andKeepTheSocket() {
    checkMalformedMessagesFailOpenOperationsAndKeepSocket()
  }

  func test_connectionError_failsOpenOperationsWithUnprocessedMessage() {
    buildAcknowledgedTransport()
    let results = Collected<CountdownResult>()
    subscribeCountdown(results)
    flush()
    mockWebSocket.serve(#"{"type":"connection_error","payload":{"message":"Unauthorized"}}"#)
    flush()
    XCTAssertTrue(Self.isUnprocessed(Self.webSocketError(results.values.first)))
    XCTAssertEqual(Self.webSocketError(results.values.first)?.payload?["message"] as? String, "Unauthorized")
  }

  func test_dataWithoutPayload_failsWithNeitherErrorNorPayloadReceived() {
    checkDataWithoutPayloadFails()
  }

  func test_closeConnection_sendsConnectionTerminate() {
    checkCloseConnectionSendsTerminate()
  }
}
