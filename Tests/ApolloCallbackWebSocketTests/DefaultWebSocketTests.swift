@testable import ApolloCallbackWebSocket
import Foundation
import XCTest

/// The bundled `WebSocket` client (upstream's DefaultImplementation/WebSocket.swift) over a scripted session: its
/// events, their queue, and its errors.
final class DefaultWebSocketTests: XCTestCase {
  private let callbackQueue = DispatchQueue(label: "DefaultWebSocketTests.callbacks")
  private var session: ScriptedWebSocketSession!
  private var socket: WebSocket!
  private var delegate: SocketEvents!

  override func setUp() {
    super.setUp()
    session = ScriptedWebSocketSession()
    socket = WebSocket(request: URLRequest(url: URL(string: "ws://localhost:4000/graphql")!), protocol: .graphql_ws,
                       session: session)
    delegate = SocketEvents()
    socket.delegate = delegate
    socket.callbackQueue = callbackQueue
  }

  override func tearDown() {
    socket = nil
    session = nil
    delegate = nil
    super.tearDown()
  }

  private func connect() {
    socket.connect()
    waitUntil("connected") { delegate.events.values.contains("connect") }
  }

  func test_init_setsOriginAndProtocolHeaders() {
    XCTAssertEqual(socket.request.value(forHTTPHeaderField: "Origin"), "ws://localhost:4000")
    XCTAssertEqual(socket.request.value(forHTTPHeaderField: "Sec-WebSocket-Protocol"), "graphql-ws")
    XCTAssertEqual(WebSocket(url: URL(string: "ws://localhost/graphql")!, protocol: .graphql_transport_ws).request.timeoutInterval, 5)
  }

  func test_connect_reportsTheOpenConnectionOnTheCallbackQueue() {
    let key = DispatchSpecificKey<Bool>()
    callbackQueue.setSpecific(key: key, value: true)
    let onConnect = Collected<Bool>()
    socket.onConnect = { onConnect.append(DispatchQueue.getSpecific(key: key) == true) }
    connect()
    XCTAssertEqual(onConnect.values, [true])
    XCTAssertTrue(socket.isConnected)
    XCTAssertEqual(session.tasks.count, 1)
    XCTAssertTrue(session.tasks[0].resumed)
    XCTAssertEqual(session.tasks[0].request.value(forHTTPHeaderField: "Sec-WebSocket-Protocol"), "graphql-ws")
  }

  /// 1.x's Starscream socket closed its stream when it was released; before, the connection's reader held this one,
  /// so a socket dropped without `disconnect()` lived on with its connection.
  func test_aConnectedSocketTheAppLetsGo_isReleased_andClosesItsConnection() {
    connect()
    let task = session.tasks[0]
    weak var released = socket
    socket = nil
    waitUntil("released") { released == nil }
    XCTAssertEqual(task.cancelCode, .goingAway)
  }

  /// Also while a ping waits for a pong the server never sends: the ping does not keep the socket (and its
  /// connection) alive.
  func test_aSocketTheAppLetsGo_whileItsPingWaitsForAPong_isReleased_andClosesItsConnection() {
    session.prepare = { $0.holdsPongs = true }
    connect()
    let task = session.tasks[0]
    socket.write(ping: Data("hi".utf8)) { XCTFail("no pong came") }
    waitUntil("the ping sent") { task.pings.count == 1 }
    weak var released = socket
    socket = nil
    waitUntil("released") { released == nil }
    XCTAssertEqual(task.cancelCode, .goingAway)
  }

  func test_connect_whileConnected_opensNothingNew() {
    connect()
    socket.connect()
    callbackQueue.sync {}
    XCTAssertEqual(session.tasks.count, 1)
  }

  func test_frames_reachTheDelegateAndTheClosures() {
    let texts = Collected<String>()
    socket.onText = { texts.append($0) }
    connect()
    session.tasks[0].serve(.string("one"))
    session.tasks[0].serve(.data(Data([7])))
    session.tasks[0].serve(.string("two"))
    waitUntil("three frames") { delegate.events.values.count == 4 }
    XCTAssertEqual(delegate.events.values, ["connect", "text:one", "data:1", "text:two"])
    XCTAssertEqual(texts.values, ["one", "two"])
  }

  func test_writeString_sendsTextFramesInOrder_andDropsThemBeforeTheConnectionIsOpen() {
    socket.write(string: "dropped")
    connect()
    let written = expectation(description: "last write done")
    for index in 0..<20 {
      socket.write(string: "m\(index)", completion: index == 19 ? { written.fulfill() } : nil)
    }
    wait(for: [written], timeout: 2)
    XCTAssertEqual(session.tasks[0].sentTexts, (0..<20).map { "m\($0)" })
  }

  func test_disconnect_reportsANormalClosureError() {
    connect()
    socket.disconnect()
    waitUntil("disconnected") { delegate.events.values.contains("disconnect") }
    let error = delegate.errors.values.first.flatMap { $0 } as? WebSocket.WSError
    XCTAssertEqual(error?.code, 1000)
    XCTAssertEqual(error?.type, .protocolError)
    XCTAssertEqual(session.tasks[0].cancelCode, .normalClosure)
    XCTAssertFalse(socket.isConnected)
  }

  func test_disconnect_withZeroTimeout_reportsNoError() {
    connect()
    socket.disconnect(forceTimeout: 0)
    waitUntil("disconnected") { delegate.events.values.contains("disconnect") }
    XCTAssertEqual(delegate.errors.values.count, 1)
    XCTAssertNil(delegate.errors.values.first ?? nil)
  }

  func test_disconnect_thenConnect_opensANewConnectionAndReportsInOrder() {
    connect()
    socket.disconnect(forceTimeout: 0)
    socket.connect()
    waitUntil("connected again") { delegate.events.values.filter { $0 == "connect" }.count == 2 }
    XCTAssertEqual(delegate.events.values, ["connect", "disconnect", "connect"])
    XCTAssertEqual(session.tasks.count, 2)
  }

  func test_disconnect_whileOpening_cancelsTheAttemptAndReportsADisconnect() {
    session.prepare = { $0.holdsHandshake = true }
    socket.connect()
    waitUntil("the task was resumed") { session.tasks.first?.resumed == true }
    socket.disconnect(forceTimeout: 0)
    waitUntil("disconnected") { delegate.events.values.contains("disconnect") }
    session.tasks[0].finishHandshake()
    Thread.sleep(forTimeInterval: 0.05)
    callbackQueue.sync {}
    XCTAssertEqual(delegate.events.values, ["disconnect"], "the cancelled attempt never reports a connection")
    XCTAssertEqual(session.tasks[0].cancelCode, .normalClosure)
    XCTAssertFalse(socket.isConnected)
  }

  func test_serverClose_reportsItsCloseCode() {
    connect()
    session.tasks[0].end(RFC6455Error.closedByServer(code: 4403, reason: "Forbidden"))
    waitUntil("disconnected") { delegate.events.values.contains("disconnect") }
    let error = delegate.errors.values.first.flatMap { $0 } as? WebSocket.WSError
    XCTAssertEqual(error?.code, 4403)
    XCTAssertEqual(error?.message, "Forbidden")
  }

  func test_refusedUpgrade_reportsAnUpgradeErrorWithTheStatus() {
    session.prepare = { $0.openError = RFC6455Error.handshakeFailed(#"expected status 101, got "HTTP/1.1 403 Forbidden""#) }
    socket.connect()
    waitUntil("disconnected") { delegate.events.values.contains("disconnect") }
    XCTAssertEqual(delegate.events.values, ["disconnect"], "a connection that never opened reports no connect")
    let error = delegate.errors.values.first.flatMap { $0 } as? WebSocket.WSError
    XCTAssertEqual(error?.type, .upgradeError)
    XCTAssertEqual(error?.code, 403)
  }

  func test_protocolViolation_reportsAProtocolError() {
    connect()
    session.tasks[0].end(RFC6455Error.protocolViolation("invalid UTF-8 in a text frame"))
    waitUntil("disconnected") { delegate.events.values.contains("disconnect") }
    let error = delegate.errors.values.first.flatMap { $0 } as? WebSocket.WSError
    XCTAssertEqual(error?.type, .protocolError)
    XCTAssertEqual(error?.code, 1002)
  }

  func test_otherErrors_reachTheDelegateUnchanged() {
    connect()
    session.tasks[0].end(POSIXError(.ECONNRESET))
    waitUntil("disconnected") { delegate.events.values.contains("disconnect") }
    XCTAssertEqual(delegate.errors.values.first.flatMap { $0 } as? POSIXError, POSIXError(.ECONNRESET))
  }

  func test_sendFailure_endsTheConnectionWithAWriteError() {
    session.prepare = { $0.sendError = POSIXError(.EPIPE) }
    connect()
    socket.write(string: "lost")
    waitUntil("disconnected") { delegate.events.values.contains("disconnect") }
    XCTAssertEqual((delegate.errors.values.first.flatMap { $0 } as? WebSocket.WSError)?.type, .outputStreamWriteError)
    XCTAssertEqual(delegate.events.values.filter { $0 == "disconnect" }.count, 1)
  }

  func test_writePing_callsCompletionAndOnPongWhenThePongArrives() {
    connect()
    let pongs = Collected<Data?>()
    socket.onPong = { pongs.append($0) }
    let done = expectation(description: "ping completed")
    socket.write(ping: Data("hi".utf8)) { done.fulfill() }
    wait(for: [done], timeout: 2)
    callbackQueue.sync {}
    XCTAssertEqual(session.tasks[0].pings, [Data("hi".utf8)])
    XCTAssertEqual(pongs.values, [Data("hi".utf8)])
  }

  func test_writePing_whenNotConnected_isDropped() {
    socket.write(ping: Data(), completion: { XCTFail("no ping without a connection") })
    callbackQueue.sync {}
    XCTAssertTrue(session.tasks.isEmpty)
  }

  func test_overALoggingSession_reportsTheWrappedTasksHandshakeAndPings_andIsLogged() {
    let logging = LoggingWebSocketSession(wrapping: session)
    let logged = WebSocket(request: URLRequest(url: URL(string: "ws://localhost:4000/graphql")!), protocol: .graphql_ws,
                           session: logging)
    let events = SocketEvents()
    logged.delegate = events
    logged.callbackQueue = callbackQueue
    session.prepare = { $0.openError = RFC6455Error.handshakeFailed(#"expected status 101, got "HTTP/1.1 401 No""#) }
    logged.connect()
    waitUntil("the refused upgrade is reported") { events.events.values.contains("disconnect") }
    XCTAssertEqual(events.events.values, ["disconnect"])
    XCTAssertEqual((events.errors.values.first.flatMap { $0 } as? WebSocket.WSError)?.code, 401)

    session.prepare = { _ in }
    logged.connect()
    waitUntil("connected") { events.events.values.contains("connect") }
    let ponged = expectation(description: "pong")
    logged.write(ping: Data([9])) { ponged.fulfill() }
    logged.write(string: "hello")
    wait(for: [ponged], timeout: 2)
    XCTAssertEqual(session.tasks.last?.pings, [Data([9])])
    waitUntil("the frame is logged") { logging.log.events.contains { $0.kind == .sent(.text("hello")) } }
    XCTAssertEqual(logging.log.events.filter { $0.kind == .resumed }.count, 2)
  }

  func test_transportOverWebSocket_subscribesOverTheScriptedSession() {
    let transport = WebSocketTransport(websocket: socket)
    waitUntil("connection_init sent") { session.tasks.first?.sentTexts.isEmpty == false }
    XCTAssertEqual(session.tasks[0].sentTexts, [#"{"payload":{},"type":"connection_init"}"#])
    XCTAssertNotNil(session.tasks[0].request.value(forHTTPHeaderField: "apollographql-client-name"))
    withExtendedLifetime(transport) {}
  }
}

/// Records a ``WebSocketClientDelegate``'s calls.
private final class SocketEvents: WebSocketClientDelegate, @unchecked Sendable {  // Collected is thread-safe
  let events = Collected<String>()
  let errors = Collected<(any Error)?>()

  func websocketDidConnect(socket: any WebSocketClient) { events.append("connect") }
  func websocketDidDisconnect(socket: any WebSocketClient, error: (any Error)?) {
    errors.append(error)
    events.append("disconnect")
  }
  func websocketDidReceiveMessage(socket: any WebSocketClient, text: String) { events.append("text:\(text)") }
  func websocketDidReceiveData(socket: any WebSocketClient, data: Data) { events.append("data:\(data.count)") }
}
