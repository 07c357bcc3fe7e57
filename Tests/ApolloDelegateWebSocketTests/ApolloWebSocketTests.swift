@testable import ApolloDelegateWebSocket
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default socket on a scripted session: Starscream's events, in order, on the callback queue.
final class ApolloWebSocketTests: XCTestCase {
  private let queue = DispatchQueue(label: "ApolloWebSocketTests.callbacks")
  private let queueKey = DispatchSpecificKey<Bool>()
  private var session: ScriptedWebSocketSession!
  private var events: SocketEvents!

  override func setUp() {
    super.setUp()
    queue.setSpecific(key: queueKey, value: true)
    session = ScriptedWebSocketSession()
    events = SocketEvents(queueKey: queueKey)
  }

  private func makeSocket(headers: [String: String] = [:]) -> ApolloWebSocket {
    var request = URLRequest(url: URL(string: "ws://localhost:4000/graphql")!)
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let socket = ApolloWebSocket(request: request, protocols: ["graphql-ws"], session: session)
    socket.callbackQueue = queue
    socket.delegate = events
    socket.pongDelegate = events
    return socket
  }

  private func waitForEvents(_ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
    waitUntil("events \(expected)", file: file, line: line) { events.events.count >= expected.count }
    queue.sync {}
    XCTAssertEqual(events.events, expected, file: file, line: line)
  }

  func test_connect_opensATaskWithTheProtocolAndHeadersAndReportsConnectAfterTheHandshake() {
    let socket = makeSocket(headers: ["Authorization": "Bearer t"])
    socket.connect()
    let task = try! XCTUnwrap(session.last)
    XCTAssertTrue(task.resumed)
    XCTAssertEqual(task.request.value(forHTTPHeaderField: "Sec-WebSocket-Protocol"), "graphql-ws")
    XCTAssertEqual(task.request.value(forHTTPHeaderField: "Authorization"), "Bearer t")
    XCTAssertNil(socket.request.value(forHTTPHeaderField: "Sec-WebSocket-Protocol"), "the socket's own request is unchanged")
    Thread.sleep(forTimeInterval: 0.05)
    XCTAssertFalse(socket.isConnected)
    XCTAssertEqual(events.events, [], "nothing before the handshake")
    task.open()
    waitForEvents(["connect"])
    XCTAssertTrue(socket.isConnected)
  }

  func test_connect_whileConnected_doesNothing() {
    let socket = makeSocket()
    socket.connect()
    socket.connect()
    XCTAssertEqual(session.tasks.count, 1)
  }

  func test_handshakeFailure_reportsOnlyADisconnectWithTheError() {
    let socket = makeSocket()
    socket.connect()
    session.last?.open(failing: RFC6455Error.handshakeFailed("403"))
    waitForEvents(["disconnect"])
    XCTAssertEqual(events.errors.first as? RFC6455Error, .handshakeFailed("403"))
    XCTAssertFalse(socket.isConnected)
  }

  func test_messages_areDeliveredInOrderOnTheCallbackQueue() {
    let socket = makeSocket()
    socket.connect()
    let task = try! XCTUnwrap(session.last)
    task.open()
    task.push(.string("a"))
    task.push(.data(Data([1, 2, 3])))
    task.push(.string("b"))
    waitForEvents(["connect", "text a", "data 3", "text b"])
  }

  func test_write_sendsInOrderAndCallsTheCompletionOnTheCallbackQueue() {
    let socket = makeSocket()
    socket.connect()
    let task = try! XCTUnwrap(session.last)
    task.open()
    waitForEvents(["connect"])
    let done = expectation(description: "completion")
    for text in ["1", "2", "3"] { socket.write(string: text) }
    socket.write(string: "4") { [queueKey] in
      XCTAssertEqual(DispatchQueue.getSpecific(key: queueKey), true)
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    XCTAssertEqual(task.sentTexts, ["1", "2", "3", "4"])
  }

  /// A write that fails ends the connection with Starscream 3's write error, as the 1.x socket does; before, the
  /// delegate heard whatever the cancelled read then threw.
  func test_aFailedWrite_endsTheConnectionWithAWriteError() throws {
    let socket = makeSocket()
    socket.connect()
    let task = try XCTUnwrap(session.last)
    task.open()
    waitForEvents(["connect"])
    task.sendError = URLError(.networkConnectionLost)
    socket.write(string: "lost")
    waitForEvents(["connect", "disconnect"])
    let error = try XCTUnwrap(events.errors.last as? WSError)
    XCTAssertEqual(error.type, .outputStreamWriteError)
    XCTAssertEqual(task.cancelCode, .goingAway)
  }

  /// A ping's completion and the pong delegate come with the pong; writes after the ping go out before it arrives.
  func test_ping_completesOnThePong_andDoesNotHoldBackLaterWrites() {
    let socket = makeSocket()
    socket.connect()
    let task = try! XCTUnwrap(session.last)
    task.open()
    waitForEvents(["connect"])
    let done = expectation(description: "ping completion")
    socket.write(ping: Data([7])) { done.fulfill() }
    socket.write(string: "after the ping")
    waitUntil("the write after the ping, before its pong") { task.sentTexts == ["after the ping"] }
    XCTAssertEqual(task.pings, [Data([7])])
    XCTAssertEqual(events.events, ["connect"], "no pong yet")
    task.answerPings()
    wait(for: [done], timeout: 2)
    waitForEvents(["connect", "pong"])
  }

  /// A task wrapped by `LoggingWebSocketSession` still pings (through `WebSocketTaskControl`).
  func test_ping_throughALoggingSession_reachesTheWrappedTask() {
    var request = URLRequest(url: URL(string: "ws://localhost:4000/graphql")!)
    request.setValue("graphql-ws", forHTTPHeaderField: "Sec-WebSocket-Protocol")
    let socket = ApolloWebSocket(request: request, protocols: ["graphql-ws"], session: LoggingWebSocketSession(wrapping: session))
    socket.callbackQueue = queue
    socket.delegate = events
    socket.pongDelegate = events
    socket.connect()
    let task = try! XCTUnwrap(session.last)
    task.open()
    waitForEvents(["connect"])
    let done = expectation(description: "ping completion")
    socket.write(ping: Data([1, 2])) { done.fulfill() }
    waitUntil("the ping reaches the wrapped task") { task.pings == [Data([1, 2])] }
    task.answerPings()
    wait(for: [done], timeout: 2)
  }

  /// A logged task wrapping one that cannot ping drops the ping (no completion, no pong), and the connection
  /// stays up: the ping is not a failed write.
  func test_ping_throughALoggingSessionOverATaskThatCannotPing_isDropped_andTheConnectionStays() {
    let socket = ApolloWebSocket(request: URLRequest(url: URL(string: "ws://localhost:4000/graphql")!), protocols: ["graphql-ws"],
                                 session: LoggingWebSocketSession(wrapping: NonPingingSession(scripted: session)))
    socket.callbackQueue = queue
    socket.delegate = events
    socket.pongDelegate = events
    socket.connect()
    let task = try! XCTUnwrap(session.last)
    waitForEvents(["connect"])
    socket.write(ping: Data([3])) { XCTFail("a ping that was not sent has no completion") }
    socket.write(string: "after")
    waitUntil("the write after the dropped ping") { task.sentTexts == ["after"] }
    XCTAssertNil(task.cancelCode, "the connection stays up")
    XCTAssertTrue(task.pings.isEmpty)
    Thread.sleep(forTimeInterval: 0.1)
    queue.sync {}
    XCTAssertEqual(events.events, ["connect"])
  }

  func test_write_whenNotConnected_isDropped() {
    let socket = makeSocket()
    socket.write(string: "early")
    socket.connect()
    socket.write(string: "before the handshake")
    session.last?.open()
    waitForEvents(["connect"])
    socket.write(string: "after")
    waitUntil { session.last?.sentTexts == ["after"] }
  }

  func test_disconnect_cancelsWithTheCodeAndReportsWSErrorOnce() {
    let socket = makeSocket()
    socket.connect()
    let task = try! XCTUnwrap(session.last)
    task.open()
    waitForEvents(["connect"])
    socket.disconnect()
    waitForEvents(["connect", "disconnect"])
    XCTAssertEqual(task.cancelCode, .normalClosure)
    XCTAssertEqual((events.errors.first as? WSError)?.code, 1000)
    XCTAssertFalse(socket.isConnected)
    Thread.sleep(forTimeInterval: 0.05)
    queue.sync {}
    XCTAssertEqual(events.events, ["connect", "disconnect"], "the task's own end is not reported again")
  }

  func test_disconnectThenConnect_reportsTheOldEndBeforeTheNewConnect() {
    let socket = makeSocket()
    socket.connect()
    session.last?.open()
    waitForEvents(["connect"])
    socket.disconnect()
    socket.connect()
    XCTAssertEqual(session.tasks.count, 2)
    session.last?.open()
    waitForEvents(["connect", "disconnect", "connect"])
  }

  func test_serverCloseWithCode_isReportedAsWSErrorWithThatCode() {
    let socket = makeSocket()
    socket.connect()
    session.last?.open()
    session.last?.end(RFC6455Error.closedByServer(code: 4400, reason: "bad message"))
    waitForEvents(["connect", "disconnect"])
    let error = events.errors.first as? WSError
    XCTAssertEqual(error?.code, 4400)
    XCTAssertEqual(error?.message, "bad message")
    XCTAssertFalse(socket.isConnected)
  }

  func test_connectionEndWithoutCloseFrame_isReportedWithoutError() {
    let socket = makeSocket()
    socket.connect()
    session.last?.open()
    session.last?.end(RFC6455Error.connectionClosed)
    waitForEvents(["connect", "disconnect"])
    XCTAssertEqual(events.errors.count, 1)
    XCTAssertNil(events.errors.first ?? nil)
  }

  func test_brokenFraming_isReportedWithTheClientsTypedError() {
    let socket = makeSocket()
    socket.connect()
    session.last?.open()
    session.last?.end(RFC6455Error.protocolViolation("reserved opcode"))
    waitForEvents(["connect", "disconnect"])
    XCTAssertEqual(events.errors.first as? RFC6455Error, .protocolViolation("reserved opcode"))
  }

  func test_releasedSocket_closesItsConnection() {
    var socket: ApolloWebSocket? = makeSocket()
    socket?.connect()
    let task = try! XCTUnwrap(session.last)
    task.open()
    waitForEvents(["connect"])
    socket = nil
    waitUntil { task.cancelCode != nil }
  }

  /// The common 0.x start: the transport, then at once new headers (a token), then a subscription, all before the first
  /// handshake is done. The connection still opening is replaced without a "disconnect" (its delegate never heard
  /// "connect"; Starscream 3 reported nothing for a socket that was not connected), so nothing fails: the new
  /// connection carries the new header, and the subscription goes out after the ack.
  func test_transportOnApolloWebSocket_headersUpdatedBeforeTheFirstHandshake_loseNothing() {
    let socket = ApolloWebSocket(request: URLRequest(url: URL(string: "ws://localhost:4000/graphql")!),
                                 protocols: ["graphql-ws"], session: session)
    let transport = WebSocketTransport(websocket: socket, clientName: "c", clientVersion: "v")
    let events = TransportEvents()
    transport.delegate = events
    transport.updateHeaderValues(["Authorization": "Bearer new"])
    let recorder = Recorder<Delivery>()
    transport.record(countdown, into: recorder)
    waitUntil { session.tasks.count == 2 }
    XCTAssertNotNil(session.tasks.first?.cancelCode, "the connection still opening was replaced")
    let task = try! XCTUnwrap(session.last)
    XCTAssertEqual(task.request.value(forHTTPHeaderField: "Authorization"), "Bearer new")
    serveTheCountdown(on: task, to: recorder)
    XCTAssertFalse(events.events.contains { $0.hasPrefix("disconnect") }, "\(events.events)")
  }

  func test_transportOnApolloWebSocket_runsASubscriptionEndToEnd() {
    let socket = ApolloWebSocket(request: URLRequest(url: URL(string: "ws://localhost:4000/graphql")!),
                                 protocols: ["graphql-ws"], session: session)
    let transport = WebSocketTransport(websocket: socket, clientName: "c", clientVersion: "v")
    let recorder = Recorder<Delivery>()
    transport.record(countdown, into: recorder)
    let task = try! XCTUnwrap(session.last)
    XCTAssertEqual(task.request.value(forHTTPHeaderField: "apollographql-client-name"), "c")
    serveTheCountdown(on: task, to: recorder)
  }

  /// Opens `task`, acknowledges the transport's `connection_init`, and answers its subscription's `start` with one
  /// countdown, which `recorder` must get.
  private func serveTheCountdown(on task: ScriptedWebSocketTask, to recorder: Recorder<Delivery>,
                                 file: StaticString = #filePath, line: UInt = #line) {
    task.open()
    waitUntil { task.sentTypes == ["connection_init"] }
    task.push(.string(#"{"type":"connection_ack"}"#))
    waitUntil { task.sentTypes == ["connection_init", "start"] }
    task.push(.string(#"{"id":"1","payload":{"data":{"countdown":3}},"type":"data"}"#))
    waitUntil { recorder.count == 1 }
    XCTAssertEqual(recorder.bodies, [countdownPayload(3)], file: file, line: line)
  }
}
