import ApolloCore
import ApolloTestSupport
@testable import ApolloWebSocket
@testable import ApolloWebSocketCore
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
                    handshakeTimeout: TimeInterval = 5, maximumMessageSize: Int = 64 << 20,
                    idleTimeout: TimeInterval? = nil, maximumBufferedBytes: Int = 16 << 20) throws -> RFC6455WebSocketTask {
    let server = try XCTUnwrap(Self.server, "ws_fault_server.py did not start")
    var request = URLRequest(url: server.url(path, raw: raw))
    if let protocols { request.setValue(protocols, forHTTPHeaderField: "Sec-WebSocket-Protocol") }
    request.setValue("yes", forHTTPHeaderField: "X-Test-Header")
    let task = RFC6455WebSocketTask(request: request, connectTimeout: 5, handshakeTimeout: handshakeTimeout,
                                    maximumMessageSize: maximumMessageSize, idleTimeout: idleTimeout,
                                    maximumBufferedBytes: maximumBufferedBytes)
    task.resume()
    return task
  }

  /// The error that ends the task's messages (10 s at most).
  private func endingError(of task: RFC6455WebSocketTask) async throws -> (any Error)? {
    try await withTimeout(10) {
      do {
        while true { _ = try await task.receive() }
      } catch { return error }
    }
  }

  private func expectError(_ task: RFC6455WebSocketTask, _ check: @escaping @Sendable (RFC6455Error) -> Bool,
                           file: StaticString = #filePath, line: UInt = #line) async throws {
    let error = try await endingError(of: task)
    guard let error = error as? RFC6455Error else { return XCTFail("not an RFC6455Error: \(String(describing: error))", file: file, line: line) }
    XCTAssertTrue(check(error), "unexpected error \(error)", file: file, line: line)
  }

  func test_echoServer_returnsTextAndBinaryMessagesUnchanged() async throws {
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

  func test_subprotocol_isNegotiatedAndSentAsAHeader() async throws {
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

  func test_fragmentedMessages_areJoined() async throws {
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

  func test_largeMessages_arriveWholeInBothDirections() async throws {
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

  func test_serverPing_isAnsweredWithPong() async throws {
    let task = try open("/ping")
    let answer = try await withTimeout { try await task.receive() }
    XCTAssertEqual(wsText(answer), "pong:ok")
    task.cancel(with: .normalClosure, reason: nil)
  }

  func test_clientPing_getsPong() async throws {
    let task = try open("/echo")
    try await withTimeout { try await task.sendPing(payload: Data("abc".utf8)) }
    task.cancel(with: .normalClosure, reason: nil)
  }

  func test_serverClose_endsWithTheServersCodeAndReason() async throws {
    let task = try open("/close?code=4001&reason=bye")
    try await expectError(task) { $0 == .closedByServer(code: 4001, reason: "bye") }
    XCTAssertEqual(task.closeCode, 4001)
    let normal = try open("/close?code=1000")
    try await expectError(normal) { $0 == .connectionClosed }
    let goingAway = try open("/close?code=1001")
    try await expectError(goingAway) { $0 == .connectionClosed }
  }

  func test_malformedFrames_areProtocolViolations() async throws {
    for path in ["/masked", "/rsv", "/opcode", "/bad-utf8", "/big-control"] {
      let task = try open(path)
      try await expectError(task) { error in
        if case .protocolViolation = error { return true }
        return false
      }
    }
  }

  /// The close code the client sent on the connection opened with `key`, as the server recorded it.
  private func closeCodeTheServerReceived(key: String) async throws -> String {
    var answer = "none"
    for _ in 0..<50 {
      let task = try open("/last-close?key=\(key)")
      answer = try await withTimeout { wsText(try await task.receive()) ?? "" }
      task.cancel(with: .normalClosure, reason: nil)
      if answer != "none" { break }
      try await Task.sleep(for: .milliseconds(100))
    }
    return answer
  }

  /// Application close codes (3000–4999) have no `URLSessionWebSocketTask.CloseCode` case on Linux: they go on the
  /// wire as they are, from the task and through a logging wrapper (what 0.x's and 1.x's
  /// `disconnect(forceTimeout:closeCode:)` close with).
  func test_anApplicationCloseCode_goesOnTheWireAsItIs_alsoThroughALoggingWrapper() async throws {
    let server = try XCTUnwrap(Self.server, "ws_fault_server.py did not start")
    let direct = "app-close-direct-\(UUID().uuidString)", logged = "app-close-logged-\(UUID().uuidString)"
    let task = try open("/idle?key=\(direct)")
    try await withTimeout { try await task.waitForOpen() }
    task.cancel(closeCode: 4000, reason: nil)
    let session = LoggingWebSocketSession(wrapping: RFC6455WebSocketSession())
    let wrapped = session.webSocketTask(with: URLRequest(url: server.url("/idle?key=\(logged)", raw: false)))
    wrapped.resume()
    try await withTimeout { try await wrapped.waitForHandshake() }
    wrapped.cancel(closeCode: 4001, reason: nil)
    let directCode = try await closeCodeTheServerReceived(key: direct)
    let loggedCode = try await closeCodeTheServerReceived(key: logged)
    XCTAssertEqual(directCode, "4000")
    XCTAssertEqual(loggedCode, "4001")
    XCTAssertTrue(session.log.description.contains("4001"), session.log.description)
  }

  /// RFC 6455 §7.4.1: a broken frame fails the connection with 1002, invalid UTF-8 text with 1007, as the
  /// server sees it on the wire.
  func test_brokenFrames_areRefusedWithTheirCloseCodeOnTheWire() async throws {
    for (path, code) in [("/masked", 1002), ("/rsv", 1002), ("/opcode", 1002), ("/bad-utf8", 1007), ("/big-control", 1002)] {
      let key = "broken-\(path.dropFirst())-\(UUID().uuidString)"
      let task = try open("\(path)?key=\(key)")
      let outcome = (key: key, error: try await endingError(of: task) as? RFC6455Error)
      guard case .protocolViolation? = outcome.error else {
        XCTFail("\(path): expected a protocol violation, got \(String(describing: outcome.error))")
        continue
      }
      let received = try await closeCodeTheServerReceived(key: outcome.key)
      XCTAssertEqual(received, "\(code)", path)
    }
  }

  /// A task cancelled while its own socket is being closed (the server sent its answer and closed) must not
  /// touch the descriptor afterwards: the system hands the number to the next connection at once, and a late
  /// close frame or shutdown there ended that connection's handshake ("connection closed during the
  /// handshake", seen under load in the broken-frames test above, whose polling does exactly this).
  func test_cancelRacingTheServersClose_neverReachesTheNextConnection() async throws {
    for round in 0..<150 {
      let key = "race-\(round)-\(UUID().uuidString)"
      let closing = try open("/last-close?key=\(key)")
      _ = try await withTimeout { try await closing.receive() }
      closing.cancel(with: .normalClosure, reason: nil)
      let next = try open("/echo")
      let reply = try await withTimeout { () -> String? in
        try await next.send(.string("round \(round)"))
        return wsText(try await next.receive())
      }
      XCTAssertEqual(reply, "round \(round)")
      next.cancel(with: .normalClosure, reason: nil)
    }
  }

  func test_aMessageOverTheLimit_isRefusedWith1009() async throws {
    let key = "oversized-\(UUID().uuidString)"
    let task = try open("/oversized?bytes=4096&key=\(key)", maximumMessageSize: 1024)
    try await expectError(task) { error in
      if case .protocolViolation(let reason) = error { return reason.contains("1024") }
      return false
    }
    let received = try await closeCodeTheServerReceived(key: key)
    XCTAssertEqual(received, "1009")
  }

  func test_idleTimeout_closesWith1001_andFailsTyped() async throws {
    let key = "idle-\(UUID().uuidString)"
    let task = try open("/idle?key=\(key)", idleTimeout: 0.3)
    try await expectError(task) { $0 == .timedOut(phase: "idle") }
    let received = try await closeCodeTheServerReceived(key: key)
    XCTAssertEqual(received, "1001")
  }

  func test_withoutAnIdleTimeout_aQuietConnectionStaysOpen() async throws {
    let task = try open("/echo", idleTimeout: nil)
    try await Task.sleep(for: .milliseconds(600))
    try await withTimeout {
      try await task.send(.string("still here"))
      let echoed = try await task.receive()
      XCTAssertEqual(wsText(echoed), "still here")
    }
    task.cancel(with: .normalClosure, reason: nil)
  }

  func test_badHandshake_failsWithHandshakeFailed() async throws {
    for path in ["/bad-accept", "/wrong-protocol", "/not-101"] {
      let task = try open(path, raw: true)
      try await expectError(task) { error in
        if case .handshakeFailed = error { return true }
        return false
      }
    }
    let silent = try open("/silent", raw: true, handshakeTimeout: 0.5)
    try await expectError(silent) { $0 == .timedOut(phase: "handshake") }
    // A reset before the answer is a failed handshake, as an end of stream there is (never a clean end).
    let reset = try open("/reset", raw: true)
    try await expectError(reset) { $0 == .handshakeFailed("connection reset during the handshake") }
  }

  func test_wss_failsClearlyWithoutTLS() async throws {
    let task = RFC6455WebSocketTask(request: URLRequest(url: URL(string: "wss://127.0.0.1:1/graphql")!))
    task.resume()
    try await expectError(task) { $0 == .tlsUnavailable }
    XCTAssertTrue(RFC6455Error.tlsUnavailable.description.contains("TLS"))
  }

  func test_connectionRefused_isTyped() async throws {
    // Port 1 on loopback has no listener.
    let task = RFC6455WebSocketTask(request: URLRequest(url: URL(string: "ws://127.0.0.1:1/graphql")!), connectTimeout: 2)
    task.resume()
    try await expectError(task) { error in
      if case .connectFailed = error { return true }
      return false
    }
  }

  /// An infinite connect timeout (what an unset `timeoutIntervalForRequest` can give) waits in slices `poll` can
  /// take, instead of trapping on the conversion to its Int32 milliseconds.
  func test_infiniteConnectTimeout_stillConnectsOrFailsTyped() async throws {
    let refused = RFC6455WebSocketTask(request: URLRequest(url: URL(string: "ws://127.0.0.1:1/graphql")!), connectTimeout: .infinity)
    refused.resume()
    try await expectError(refused) { error in
      if case .connectFailed = error { return true }
      return false
    }
    let server = try XCTUnwrap(Self.server, "ws_fault_server.py did not start")
    var request = URLRequest(url: server.url("/echo"))
    request.setValue("graphql-transport-ws", forHTTPHeaderField: "Sec-WebSocket-Protocol")
    let open = RFC6455WebSocketTask(request: request, connectTimeout: .infinity)
    open.resume()
    try await withTimeout(10) { try await open.waitForOpen() }
    open.cancel(with: .normalClosure, reason: nil)
  }

  /// A peer that stops reading blocks a send in the socket once its buffers are full; `cancel` still ends it
  /// within the close grace period, instead of leaving it (and the connection) waiting until the peer goes away.
  func test_cancel_endsASendBlockedOnAPeerThatStoppedReading() async throws {
    let task = try open("/no-read", raw: true)
    try await withTimeout(5) { try await task.waitForOpen() }
    let sent = Mutex(0)
    let sending = Task { () -> (any Error)? in
      do {
        while true {
          try await task.send(.data(Data(count: 256 << 10)))
          sent.withLock { $0 += 1 }
        }
      } catch {
        return error
      }
    }
    // Until the sends stop getting through: the next one is blocked in the socket.
    var previous = -1
    for _ in 0..<100 {
      try await Task.sleep(for: .milliseconds(300))
      let count = sent.withLock { $0 }
      if count == previous { break }
      previous = count
    }
    XCTAssertGreaterThan(previous, 0)
    task.cancel(with: .normalClosure, reason: nil)
    let outcome = try await withTimeout(RFC6455WebSocketTask.closeGracePeriod + 4) { await sending.value }
    XCTAssertNotNil(outcome, "the sending loop ends only with an error")
  }

  /// A server that sends faster than the app reads fills the queue up to the limit and no further: the reader stops
  /// reading the socket and TCP holds the server back. Every message still arrives, in order.
  func test_aServerFasterThanTheReader_isHeldBackAtTheBufferLimit_andNothingIsLost() async throws {
    let limit = 1 << 20
    let size = 64 << 10
    let count = 256  // 16 MB: far more than the limit and than the socket buffers hold
    let task = try open("/flood?count=\(count)&size=\(size)", maximumBufferedBytes: limit)
    try await withTimeout(5) { try await task.waitForOpen() }
    // Until the queue stops growing.
    var previous = -1
    for _ in 0..<50 {
      try await Task.sleep(for: .milliseconds(200))
      let buffered = task.bufferedByteCount
      if buffered == previous { break }
      previous = buffered
    }
    XCTAssertGreaterThanOrEqual(previous, limit, "the queue fills up to the limit")
    XCTAssertLessThan(previous, limit + size + 2 * RFC6455MessageQueue.perMessageBytes, "and stops there")
    try await withTimeout(30) {
      for expected in 0..<count {
        let message = try await task.receive()
        let bytes = try XCTUnwrap(wsData(message))
        XCTAssertEqual(bytes.count, size)
        XCTAssertEqual(bytes.prefix(4).reduce(0) { $0 << 8 | Int($1) }, expected)
      }
    }
    XCTAssertEqual(task.bufferedByteCount, 0)
    task.cancel(with: .normalClosure, reason: nil)
  }

  /// A limit of zero still lets every message through, one at a time (it is taken as one byte).
  func test_aZeroBufferLimit_stillDeliversEveryMessage() async throws {
    let task = try open("/flood?count=3&size=1024", maximumBufferedBytes: 0)
    try await withTimeout(10) {
      for expected in 0..<3 {
        let message = try await task.receive()
        XCTAssertEqual(wsData(message)?.prefix(4).reduce(0) { $0 << 8 | Int($1) }, expected)
      }
    }
    task.cancel(with: .normalClosure, reason: nil)
  }

  /// A cancel wakes a reader that waits for room in a full queue, though nobody reads: it closes the socket and
  /// ends, instead of waiting for ever. The messages queued before the cancel can still be read.
  func test_cancel_endsAReaderWaitingForRoom() async throws {
    let task = try open("/flood?count=64&size=65536", maximumBufferedBytes: 256 << 10)
    try await withTimeout(5) { try await task.waitForOpen() }
    try await withTimeout(10) {
      while task.bufferedByteCount < 256 << 10 { try await Task.sleep(for: .milliseconds(20)) }
    }
    XCTAssertTrue(task.holdsSocket)
    task.cancel(with: .normalClosure, reason: nil)
    try await withTimeout(5) {
      while task.holdsSocket { try await Task.sleep(for: .milliseconds(20)) }
    }
    let error = try await endingError(of: task)
    XCTAssertEqual(error as? RFC6455Error, .cancelled)
  }

  func test_cancel_endsAPendingReceive() async throws {
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

  func test_messagesStream_stopsReadingWhenItsConsumerStops() async throws {
    let task = try open("/echo")
    try await withTimeout {
      try await task.send(.string("one"))
      for try await message in task.messages {
        XCTAssertEqual(wsText(message), "one")
        break
      }
      // Before, the stream's reader kept waiting and took this echo; now it goes to the next reader.
      try await task.send(.string("two"))
      let next = try await task.receive()
      XCTAssertEqual(wsText(next), "two")
      // Nor does the stream read ahead while its consumer handles a message: what arrives meanwhile is left.
      try await task.send(.string("three"))
      for try await message in task.messages {
        XCTAssertEqual(wsText(message), "three")
        try await task.send(.string("four"))
        try await Task.sleep(nanoseconds: 100_000_000)
        break
      }
      let left = try await task.receive()
      XCTAssertEqual(wsText(left), "four")
    }
    task.cancel(with: .normalClosure, reason: nil)
  }

  func test_messagesStream_endsWhenServerCloses() async throws {
    let task = try open("/close?code=1000")
    let count = try await withTimeout {
      var count = 0
      for try await _ in task.messages { count += 1 }
      return count
    }
    XCTAssertEqual(count, 0)
  }
}

/// At most one pong is owed at a time, answering the latest ping (RFC 6455 §5.5.3).
final class RFC6455MessageQueueTests: XCTestCase {
  func test_messagesComeOutInOrder_andTheByteCountFollows() {
    var queue = RFC6455MessageQueue()
    for index in 0..<3000 { queue.append(.string(String(index))) }
    XCTAssertEqual(queue.byteCount, (0..<3000).reduce(0) { $0 + String($1).utf8.count + RFC6455MessageQueue.perMessageBytes })
    for index in 0..<2000 {
      guard case .string(let text)? = queue.popFirst() else { return XCTFail("message \(index) missing") }
      XCTAssertEqual(text, String(index))
    }
    queue.append(.data(Data(count: 10)))
    for index in 2000..<3000 {
      guard case .string(let text)? = queue.popFirst() else { return XCTFail("message \(index) missing") }
      XCTAssertEqual(text, String(index))
    }
    guard case .data(let data)? = queue.popFirst() else { return XCTFail("the data message is missing") }
    XCTAssertEqual(data.count, 10)
    XCTAssertNil(queue.popFirst())
    XCTAssertEqual(queue.byteCount, 0)
  }

  func test_aMessageRead_isLetGo_whileLaterOnesStillWait() {
    let freed = Mutex(false)
    var queue = RFC6455MessageQueue()
    do {
      // A payload whose bytes report when the last copy of them goes.
      let bytes = UnsafeMutableRawPointer.allocate(byteCount: 1 << 16, alignment: 1)
      queue.append(.data(Data(bytesNoCopy: bytes, count: 1 << 16, deallocator: .custom { pointer, _ in
        pointer.deallocate()
        freed.withLock { $0 = true }
      })))
      queue.append(.string("later"))
      guard case .data(let data)? = queue.popFirst() else { return XCTFail("the data message is missing") }
      XCTAssertEqual(data.count, 1 << 16)
    }
    XCTAssertTrue(freed.withLock { $0 }, "the queue keeps no copy of a message it handed out")
    guard case .string(let text)? = queue.popFirst() else { return XCTFail("the later message is missing") }
    XCTAssertEqual(text, "later")
  }
}

final class RFC6455PendingPongTests: XCTestCase {
  func test_pingsBeforeThePongIsWritten_scheduleOneWrite_thatAnswersTheLatest() {
    var pending = RFC6455PendingPong()
    XCTAssertTrue(pending.offer([1]), "the first ping schedules a write")
    XCTAssertFalse(pending.offer([2]), "a later one rides on it")
    XCTAssertFalse(pending.offer([3]))
    XCTAssertEqual(pending.take(), [3])
    XCTAssertNil(pending.take(), "taken once")
    XCTAssertTrue(pending.offer([4]), "after the write, the next ping schedules another")
  }
}
