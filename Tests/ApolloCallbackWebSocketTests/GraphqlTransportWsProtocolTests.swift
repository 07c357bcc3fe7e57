@testable import ApolloCallbackWebSocket
import Foundation
import StarWarsAPI
import XCTest

/// The `graphql-transport-ws` sub-protocol (the graphql-ws library): `subscribe`, `next`, `complete`, `ping`/`pong`.
final class GraphqlTransportWsProtocolTests: WSProtocolTestsBase {
  override var wsProtocol: WebSocket.WSProtocol { .graphql_transport_ws }

  func test_designatedInitializer_setsProtocolHeader() {
    let socket = WebSocket(request: URLRequest(url: URL(string: "ws://localhost/graphql")!), protocol: .graphql_transport_ws)
    XCTAssertEqual(socket.request.value(forHTTPHeaderField: "Sec-WebSocket-Protocol"), "graphql-transport-ws")
  }

  func test_convenienceInitializers_setProtocolHeader() {
    let url = URL(string: "ws://localhost/graphql")!
    XCTAssertEqual(WebSocket(url: url, protocol: .graphql_transport_ws).request.value(forHTTPHeaderField: "Sec-WebSocket-Protocol"),
                   "graphql-transport-ws")
    XCTAssertEqual(WebSocket(url: url, writeQueueQOS: .default, protocol: .graphql_transport_ws)
                    .request.value(forHTTPHeaderField: "Sec-WebSocket-Protocol"), "graphql-transport-ws")
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

  func test_subscribe_sendsSubscribeAfterConnectionAck() {
    checkOperationWaitsForAck()
  }

  func test_subscription_deliversEachNextMessage() {
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
    // graphql-transport-ws sends a list of errors; the error's payload carries it as `errors`.
    checkErrorMessageFailsOperation(#"{"type":"error","id":"1","payload":[{"message":"bad"}]}"#,
                                    expectedPayload: ["errors": JSONList([JSONObjectValue(["message": "bad"])])])
  }

  func test_cancel_sendsCompleteAndEndsDeliveries() {
    checkCancelSendsStopAndEndsDeliveries()
  }

  func test_reconnect_resendsTheSubscriptionButNotTheMutation() {
    checkReconnectResendsSubscriptionButNotMutation()
  }

  func test_pauseAndResume_keepTheSubscription() {
    checkPauseAndResume()
  }

  func test_serverPing_isNeitherResultNorError() {
    checkKeepAliveAndServerPing()
  }

  func test_serverPing_isAnsweredWithPong_andToldToTheDelegate() {
    buildAcknowledgedTransport()
    mockWebSocket.serve(#"{"type":"ping","payload":{"at":1}}"#)
    flush()
    XCTAssertEqual(mockWebSocket.writtenTypes.last, "pong")
    XCTAssertEqual(events.pings.values, [Data(#"{"at":1}"#.utf8)])
  }

  /// 1.x queued the pong behind `connection_ack`, so a server that pinged and never acked grew the queue without end;
  /// the pong goes out at once, and the queue still waits for the ack.
  func test_serverPingBeforeTheAck_isAnsweredAtOnce() {
    buildTransport()
    for _ in 0..<3 { mockWebSocket.serve(#"{"type":"ping"}"#) }
    flush()
    XCTAssertEqual(mockWebSocket.writtenTypes.filter { $0 == "pong" }.count, 3, "\(mockWebSocket.writtenTypes)")
  }

  func test_serverPong_isToldToTheDelegate() {
    buildAcknowledgedTransport()
    mockWebSocket.serve(#"{"type":"pong"}"#)
    flush()
    XCTAssertEqual(events.events.values, ["connect", "pong"])
    XCTAssertEqual(events.pongs.values, [nil])
  }

  func test_malformedMessages_failOpenOperationsWithUnprocessedMessage_andKeepTheSocket() {
    checkMalformedMessagesFailOpenOperationsAndKeepSocket()
  }

  func test_dataWithoutPayload_failsWithNeitherErrorNorPayloadReceived() {
    checkDataWithoutPayloadFails()
  }

  func test_closeConnection_sendsConnectionTerminate() {
    checkCloseConnectionSendsTerminate()
  }
}
