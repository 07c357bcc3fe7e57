@testable import ApolloWebSocket
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The dependency-free RFC 6455 client against an independent server (Python `websockets`).
final class RFC6455ClientTests: XCTestCase {
  nonisolated(unsafe) static var server: PythonWebSocketServer?

  override class func setUp() {
    super.setUp()
    server = try? PythonWebSocketServer()
  }

  override class func tearDown() {
    server?.stop()
    server = nil
    super.tearDown()
  }

  private func open(_ path: String, raw: Bool = false, protocols: String? = "graphql-transport-ws",
                    handshakeTimeout: TimeInterval = 5) throws -> RFC6455WebSocketTask {
    let server = try XCTUnwrap(Self.server, "ws_fault_server.py did not start")
    var request = URLRequest(url: server.url(path, raw: raw))
    if let protocols { request.setValue(protocols, forHTTPHeaderField: "Sec-WebSocket-Protocol") }
    request.setValue("yes", forHTTPHeaderField: "X-Test-Header")
    let task = RFC6455WebSocketTask(request: request, connectTimeout: 5, handshakeTimeout: handshakeTimeout)
    task.resume()
    return task
  }

  private func expectError(_ task: RFC6455WebSocketTask, _ check: @escaping @Sendable (RFC6455Error) -> Bool,
                           file: StaticString = #filePath, line: UInt = #line) async throws {
    let error: (any Error)? = try await withTimeout(10) {
      do {
        while true { _ = try await task.receive() }
      } catch { return error }
    }
    guard let error = error as? RFC6455Error else { return XCTFail("not an RFC6455Error: \(String(describing: error))", file: file, line: line) }
    XCTAssertTrue(check(error), "unexpected error \(error)", file: file, line: line)
  }

  func testEchoTextAndBinary() async throws {
    let task = try open("/echo")
    try await withTimeout {
      try await task.send(.string("hello"))
      try await task.send(.data(Data([0, 1, 2, 255])))
      let first = try await task.receive()
      let second = try await task.receive()
      XCTAssertEqual(wsText(first), "hello")
      XCTAssertEqual(wsData(second), Data([0, 1, 2, 255]))
    }
    task.cancel(with: .normalClosure, reason: nil)
  }

  func testSubprotocolNegotiationAndHeaders() async throws {
    let task = try open("/subprotocol", protocols: "chat, graphql-transport-ws")
    let chosen = try await withTimeout { try await task.receive() }
    XCTAssertEqual(wsText(chosen), "graphql-transport-ws")
    XCTAssertEqual(task.negotiatedProtocol, "graphql-transport-ws")
    task.cancel(with: .normalClosure, reason: nil)

    let headersTask = try open("/headers")
    let headers = try await withTimeout { try await headersTask.receive() }
    let json = try JSONParser.parseObject(Data((wsText(headers) ?? "").utf8))
    XCTAssertEqual(json["x-test-header"]?.stringValue, "yes")
    XCTAssertEqual(json["sec-websocket-version"]?.stringValue, "13")
    headersTask.cancel(with: .normalClosure, reason: nil)
  }

  func testFragmentedMessagesAreJoined() async throws {
    let task = try open("/fragmented")
    try await withTimeout(20) {
      let first = try await task.receive()
      XCTAssertEqual(wsText(first), "alpha-beta-gamma")
      let second = try await task.receive()
      let bytes = try XCTUnwrap(wsData(second))
      XCTAssertEqual(bytes.count, 48 * 65536)
      XCTAssertEqual(bytes[65536 + 300], UInt8(300 % 251))
    }
    task.cancel(with: .normalClosure, reason: nil)
  }

  func testLargeMessagesBothWays() async throws {
    let size = 6 * 1024 * 1024
    let task = try open("/large?bytes=\(size)")
    try await withTimeout(30) {
      let firstMessage = try await task.receive()
      let received = try XCTUnwrap(wsData(firstMessage))
      XCTAssertEqual(received.count, size)
      XCTAssertEqual(received[size - 1], UInt8((size - 1) % 251))
      let outgoing = Data((0..<(5 * 1024 * 1024)).map { UInt8($0 % 253) })
      try await task.send(.data(outgoing))
      let echoMessage = try await task.receive()
      let echoed = try XCTUnwrap(wsData(echoMessage))
      XCTAssertEqual(echoed, outgoing)
      let longText = String(repeating: "ü", count: 70_000)
      try await task.send(.string(longText))
      let textMessage = try await task.receive()
      XCTAssertEqual(wsText(textMessage), longText)
    }
    task.cancel(with: .normalClosure, reason: nil)
  }

  func testServerPingIsAnsweredWithPong() async throws {
    let task = try open("/ping")
    let answer = try await withTimeout { try await task.receive() }
    XCTAssertEqual(wsText(answer), "pong:ok")
    task.cancel(with: .normalClosure, reason: nil)
  }

  func testClientPingGetsPong() async throws {
    let task = try open("/echo")
    try await withTimeout { try await task.sendPing(payload: Data("abc".utf8)) }
    task.cancel(with: .normalClosure, reason: nil)
  }

  func testServerCloseCodes() async throws {
    let task = try open("/close?code=4001&reason=bye")
    try await expectError(task) { $0 == .closedByServer(code: 4001, reason: "bye") }
    XCTAssertEqual(task.closeCode, 4001)
    let normal = try open("/close?code=1000")
    try await expectError(normal) { $0 == .connectionClosed }
    let goingAway = try open("/close?code=1001")
    try await expectError(goingAway) { $0 == .connectionClosed }
  }

  func testMalformedFramesAreProtocolViolations() async throws {
    for path in ["/masked", "/rsv", "/opcode", "/bad-utf8", "/big-control"] {
      let task = try open(path)
      try await expectError(task) { error in
        if case .protocolViolation = error { return true }
        return false
      }
    }
  }

  func testHandshakeFailures() async throws {
    for path in ["/bad-accept", "/wrong-protocol", "/not-101"] {
      let task = try open(path, raw: true)
      try await expectError(task) { error in
        if case .handshakeFailed = error { return true }
        return false
      }
    }
    let silent = try open("/silent", raw: true, handshakeTimeout: 0.5)
    try await expectError(silent) { $0 == .timedOut(phase: "handshake") }
  }

  func testWSSFailsClearlyWithoutTLS() async throws {
    let task = RFC6455WebSocketTask(request: URLRequest(url: URL(string: "wss://127.0.0.1:1/graphql")!))
    task.resume()
    try await expectError(task) { $0 == .tlsUnavailable }
    XCTAssertTrue(RFC6455Error.tlsUnavailable.description.contains("TLS"))
  }

  func testConnectionRefusedIsTyped() async throws {
    // Port 1 on loopback has no listener.
    let task = RFC6455WebSocketTask(request: URLRequest(url: URL(string: "ws://127.0.0.1:1/graphql")!), connectTimeout: 2)
    task.resume()
    try await expectError(task) { error in
      if case .connectFailed = error { return true }
      return false
    }
  }

  func testCancelEndsAPendingReceive() async throws {
    let task = try open("/echo")
    try await task.waitForOpen()
    let pending = Task { () -> (any Error)? in
      do { _ = try await task.receive(); return nil } catch { return error }
    }
    try await Task.sleep(nanoseconds: 100_000_000)
    task.cancel(with: .normalClosure, reason: nil)
    let error = try await withTimeout { await pending.value }
    XCTAssertEqual(error as? RFC6455Error, .cancelled)
    do {
      try await task.send(.string("late"))
      XCTFail("send after cancel must throw")
    } catch {}
  }

  func testMessagesStreamEndsWhenServerCloses() async throws {
    let task = try open("/close?code=1000")
    let count = try await withTimeout {
      var count = 0
      for try await _ in task.messages { count += 1 }
      return count
    }
    XCTAssertEqual(count, 0)
  }
}
