@testable import ApolloDelegateWebSocket
import Foundation
import StarWarsAPI
import XCTest

/// Connecting, `connection_init`, the ack gate and the queue (0.33 reference §4.2–4.3, quirks Q19 and Q21).
final class WebSocketTransportConnectionTests: XCTestCase {
  func test_init_connectsAtOnceWithTheGraphQLWSProtocolAndClientHeaders() {
    let socket = MockWebSocket()
    let transport = makeTransport(socket)
    XCTAssertEqual(socket.connectCalls, 1, "Q21: init connects immediately")
    XCTAssertTrue(socket.delegate === transport)
    XCTAssertEqual(socket.request.value(forHTTPHeaderField: "apollographql-client-name"), "test-client")
    XCTAssertEqual(socket.request.value(forHTTPHeaderField: "apollographql-client-version"), "1.0")
    transport.drain()
    XCTAssertEqual(socket.queuesAtConnect, ["com.apollographql.WebSocketTransport"],
                   "the socket calls back on the processing queue, set before connect() (0.33 set it after)")
  }

  func test_provider_createsTheSocketWithGraphQLWSProtocol() {
    let saved = WebSocketTransport.provider
    defer { WebSocketTransport.provider = saved }
    WebSocketTransport.provider = MockWebSocket.self
    let transport = WebSocketTransport(request: URLRequest(url: URL(string: "ws://localhost/graphql")!))
    let socket = transport.websocket as? MockWebSocket
    XCTAssertEqual(socket?.protocols, ["graphql-ws"])
    XCTAssertEqual(socket?.connectCalls, 1)
    XCTAssertEqual(socket?.request.value(forHTTPHeaderField: "apollographql-client-name"), WebSocketTransport.defaultClientName)
    XCTAssertTrue(ObjectIdentifier(WebSocketTransport.provider) == ObjectIdentifier(MockWebSocket.self))
  }

  func test_defaultProvider_isApolloWebSocket() {
    XCTAssertTrue(ObjectIdentifier(WebSocketTransport.provider) == ObjectIdentifier(ApolloWebSocket.self))
  }

  func test_connect_sendsConnectionInitWithTheDefaultEmptyPayload() {
    let socket = MockWebSocket(opensOnConnect: true)
    let transport = makeTransport(socket)
    transport.drain()
    XCTAssertEqual(socket.sent, [#"{"payload":{},"type":"connection_init"}"#])
  }

  func test_connect_sendsConnectionInitWithTheConnectingPayload() {
    let socket = MockWebSocket(opensOnConnect: true)
    let transport = makeTransport(socket, connectingPayload: ["authToken": "secret", "n": 1])
    transport.drain()
    XCTAssertEqual(socket.sent, [#"{"payload":{"authToken":"secret","n":1},"type":"connection_init"}"#])
  }

  func test_connect_withNilConnectingPayload_leavesThePayloadOut() {
    let socket = MockWebSocket(opensOnConnect: true)
    let transport = makeTransport(socket, connectingPayload: nil)
    transport.drain()
    XCTAssertEqual(socket.sent, [#"{"type":"connection_init"}"#])
  }

  func test_firstConnect_tellsTheDelegateDidConnect() {
    // 0.33 test list §5 #43.
    let socket = MockWebSocket()
    let transport = makeTransport(socket)
    let events = TransportEvents()
    transport.delegate = events
    socket.open()
    transport.drain()
    XCTAssertEqual(events.events, ["connect"])
    XCTAssertTrue(transport.isConnected())
  }

  func test_connectionInit_beforeTheSocketIsOpen_isQueuedUntilTheAck() {
    // Q19: connection_init skips the ack gate, but still needs the connection.
    let socket = MockWebSocket()
    let transport = makeTransport(socket)
    transport.initServer()
    transport.drain()
    XCTAssertEqual(socket.sent, [])
    socket.open()       // sends a second connection_init, forced
    transport.drain()
    XCTAssertEqual(socket.sentTypes, ["connection_init"])
    socket.ack()        // flushes the queued one
    transport.drain()
    XCTAssertEqual(socket.sentTypes, ["connection_init", "connection_init"])
  }

  func test_start_beforeTheAck_waitsAndGoesOutOnTheAckInOrder() {
    let socket = MockWebSocket(opensOnConnect: true)
    let transport = makeTransport(socket)
    let recorder = Recorder<Delivery>()
    transport.record(countdown, into: recorder)
    transport.record(HeroNameQuery(episode: .none), into: recorder)
    transport.drain()
    XCTAssertEqual(socket.sentTypes, ["connection_init"], "nothing but connection_init before the ack")
    socket.ack()
    transport.drain()
    XCTAssertEqual(socket.sentTypes, ["connection_init", "start", "start"])
    XCTAssertEqual(socket.sent(type: "start").map { $0["id"] }, ["1", "2"])
  }

  func test_start_whenConnectedAndAcked_goesOutAtOnce() {
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket)
    transport.record(countdown, into: Recorder())
    transport.drain()
    let start = socket.sentMessages.first
    XCTAssertEqual(start?["type"], "start")
    XCTAssertEqual(start?["id"], "1")
    XCTAssertEqual(start?["payload"]?.objectValue?["operationName"], "Countdown")
    XCTAssertEqual(start?["payload"]?.objectValue?["query"]?.stringValue, CountdownSubscription.operationDocument.definition?.queryDocument)
    XCTAssertEqual(start?["payload"]?.objectValue?["variables"], ["from": 3], "a nil GraphQLNullable is left out")
    XCTAssertNil(start?["payload"]?.objectValue?["id"], "no identifier unless sendOperationIdentifiers")
    XCTAssertNil(start?["payload"]?.objectValue?["extensions"], "never APQ over the socket")
  }

  func test_start_withSendOperationIdentifiers_carriesTheIdAndStillTheQuery() {
    let socket = MockWebSocket(opensOnConnect: true)
    let transport = makeTransport(socket, sendOperationIdentifiers: true)
    transport.drain()
    socket.ack()
    transport.record(countdown, into: Recorder())
    transport.drain()
    let payload = socket.sent(type: "start").first?["payload"]?.objectValue
    XCTAssertEqual(payload?["id"]?.stringValue, CountdownSubscription.operationDocument.operationIdentifier)
    XCTAssertNotNil(payload?["query"])
  }

  func test_operationIDs_countUpFromOneAndAreNeverReused() {
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket)
    for _ in 0..<3 { transport.record(countdown, into: Recorder()).cancel() }
    transport.record(countdown, into: Recorder())
    transport.drain()
    XCTAssertEqual(socket.sent(type: "start").map { $0["id"] }, ["1", "2", "3", "4"])
    XCTAssertEqual(socket.sent(type: "stop").map { $0["id"] }, ["1", "2", "3"])
  }

  func test_keepAlive_flushesTheQueueButDoesNotAcknowledge() {
    let socket = MockWebSocket(opensOnConnect: true)
    let transport = makeTransport(socket)
    transport.record(countdown, into: Recorder())
    socket.receive(["type": "ka"])
    transport.drain()
    XCTAssertEqual(socket.sentTypes, ["connection_init"], "a ka re-queues what the missing ack holds back")
    socket.ack()
    transport.drain()
    XCTAssertEqual(socket.sentTypes, ["connection_init", "start"])
    socket.receive(["type": "ka"])
    transport.drain()
    XCTAssertEqual(socket.sentTypes, ["connection_init", "start"], "a ka with an empty queue sends nothing")
  }

  func test_ping_writesAPingFrameAndCallsTheCompletion() {
    let socket = MockWebSocket()
    let transport = makeTransport(socket)
    let done = expectation(description: "ping completion")
    transport.ping(data: Data([1, 2])) { done.fulfill() }
    wait(for: [done], timeout: 1)
    XCTAssertEqual(socket.pings, [Data([1, 2])])
  }

  func test_deinit_disconnectsTheSocketAndDropsItsDelegate() {
    let socket = MockWebSocket()
    var transport: WebSocketTransport? = makeTransport(socket, reconnect: false)
    transport?.drain()
    weak let released = transport
    transport = nil
    XCTAssertNil(released)
    XCTAssertEqual(socket.disconnectCodes, [1000])
    XCTAssertNil(socket.delegate)
  }
}
