import ApolloWebSocketCore
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``LoggingWebSocketSession`` over a scripted socket, and how its ``WebSocketEventLog`` compares.
final class WebSocketEventLogTests: XCTestCase {
  private let url = URL(string: "ws://example.test/graphql")!

  private func request(subprotocol: String? = "graphql-ws") -> URLRequest {
    var request = URLRequest(url: url)
    if let subprotocol { request.setValue(subprotocol, forHTTPHeaderField: "Sec-WebSocket-Protocol") }
    return request
  }

  private func event(_ connection: Int, _ kind: WebSocketEvent.Kind) -> WebSocketEvent {
    WebSocketEvent(connection: connection, kind: kind)
  }

  func test_loggingSession_recordsEveryCallOfATaskInOrder() async throws {
    let scripted = MockWebSocketSession()
    let session = LoggingWebSocketSession(wrapping: scripted)
    let task = session.webSocketTask(with: request())
    task.resume()
    try await task.send(.string(#"{"type":"connection_init"}"#))
    scripted.task(0).ack()
    _ = try await task.receive()
    try await task.send(.data(Data([1, 2, 3])))
    task.cancel(with: .goingAway, reason: Data("bye".utf8))
    do {
      _ = try await task.receive()
      XCTFail("a cancelled task receives nothing")
    } catch {
      XCTAssertEqual(error as? URLError, URLError(.cancelled), "the wrapped task's error, unchanged")
    }

    XCTAssertEqual(session.log.events, [
      event(0, .created(url: url, subprotocol: "graphql-ws")),
      event(0, .resumed),
      event(0, .sent(.text(#"{"type":"connection_init"}"#))),
      event(0, .received(.text(#"{"type":"connection_ack"}"#))),
      event(0, .sent(.binary(Data([1, 2, 3])))),
      event(0, .cancelled(closeCode: 1001, reason: "bye")),
      event(0, .receiveEnded(error: String(describing: URLError(.cancelled)))),
    ])
    XCTAssertTrue(scripted.task(0).resumed, "calls reach the wrapped task")
    XCTAssertEqual(scripted.task(0).cancelCode, .goingAway)
    XCTAssertEqual(scripted.task(0).sent, [#"{"type":"connection_init"}"#])
  }

  func test_loggingSession_recordsOnlyTheFirstFailingReceive() async throws {
    let scripted = MockWebSocketSession()
    let session = LoggingWebSocketSession(wrapping: scripted)
    let task = session.webSocketTask(with: request(subprotocol: nil))
    scripted.task(0).closeCleanly()
    for _ in 0..<3 { _ = try? await task.receive() }
    XCTAssertEqual(session.log.events, [
      event(0, .created(url: url, subprotocol: nil)),
      event(0, .receiveEnded(error: String(describing: POSIXError(.ENOTCONN)))),
    ])
  }

  func test_loggingSession_recordsAFailedSendAndRethrowsItsError() async throws {
    let scripted = MockWebSocketSession()
    let session = LoggingWebSocketSession(wrapping: scripted)
    let task = session.webSocketTask(with: request())
    scripted.task(0).sendError = URLError(.networkConnectionLost)
    do {
      try await task.send(.string("hello"))
      XCTFail("the send should fail")
    } catch {
      XCTAssertEqual(error as? URLError, URLError(.networkConnectionLost))
    }
    XCTAssertEqual(session.log.events.map(\.kind), [
      .created(url: url, subprotocol: "graphql-ws"),
      .sent(.text("hello")),
      .sendFailed(error: String(describing: URLError(.networkConnectionLost))),
    ])
  }

  func test_loggingSession_numbersConnectionsInCreationOrderAndClearKeepsCounting() {
    let session = LoggingWebSocketSession(wrapping: MockWebSocketSession())
    let first = session.webSocketTask(with: request())
    let second = session.webSocketTask(with: request())
    second.resume()
    first.resume()
    XCTAssertEqual(session.log.events, [
      event(0, .created(url: url, subprotocol: "graphql-ws")),
      event(1, .created(url: url, subprotocol: "graphql-ws")),
      event(1, .resumed),
      event(0, .resumed),
    ])
    XCTAssertEqual((first as? LoggedWebSocketTask)?.connection, 0)
    session.clear()
    XCTAssertEqual(session.log.events, [])
    _ = session.webSocketTask(with: request())
    XCTAssertEqual(session.log.events, [event(2, .created(url: url, subprotocol: "graphql-ws"))])
  }

  func test_loggingSession_keepsEveryEventOfConcurrentSends() async throws {
    let session = LoggingWebSocketSession(wrapping: MockWebSocketSession())
    let tasks = (0..<4).map { _ in session.webSocketTask(with: request()) }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, task) in tasks.enumerated() {
        group.addTask {
          for message in 0..<250 { try await task.send(.string("\(index)-\(message)")) }
        }
      }
      try await group.waitForAll()
    }
    let sent = session.log.events.compactMap { event -> String? in
      if case .sent(.text(let text)) = event.kind { return text } else { return nil }
    }
    XCTAssertEqual(sent.count, 1000)
    XCTAssertEqual(Set(sent).count, 1000)
    for index in 0..<4 {
      // Each task's own frames keep their order.
      let own = sent.filter { $0.hasPrefix("\(index)-") }
      XCTAssertEqual(own, (0..<250).map { "\(index)-\($0)" })
    }
  }

  // MARK: Normalizing

  private func log(_ frames: [(sent: Bool, text: String)]) -> WebSocketEventLog {
    WebSocketEventLog(events: frames.map { frame in
      event(0, frame.sent ? .sent(.text(frame.text)) : .received(.text(frame.text)))
    })
  }

  func test_normalizedLogs_ofTheSameConversationWithOtherIDsAndKeyOrder_areEqual() {
    let first = log([
      (true, #"{"id":"1","type":"start","payload":{"query":"subscription { a }"}}"#),
      (true, #"{"id":"2","type":"start","payload":{"query":"subscription { b }"}}"#),
      (false, #"{"type":"data","id":"1","payload":{"data":{"a":1}}}"#),
      (false, #"{"id":"2","type":"complete"}"#),
    ])
    let second = log([
      (true, #"{"payload":{"query":"subscription { a }"},"type":"start","id":"7f3a"}"#),
      (true, #"{"type":"start","id":"c001","payload":{"query":"subscription { b }"}}"#),
      (false, #"{"payload":{"data":{"a":1}},"id":"7f3a","type":"data"}"#),
      (false, #"{"type":"complete","id":"c001"}"#),
    ])
    XCTAssertNotEqual(first, second)
    XCTAssertEqual(first.normalized(), second.normalized())
    XCTAssertEqual(first.normalized().events.first?.kind,
                   .sent(.text(##"{"id":"#1","payload":{"query":"subscription { a }"},"type":"start"}"##)))
  }

  func test_normalizedLogs_thatPairOperationsDifferently_stayDifferent() {
    let twoOperations = log([
      (true, #"{"id":"1","type":"start"}"#), (true, #"{"id":"2","type":"start"}"#),
    ])
    let oneOperationTwice = log([
      (true, #"{"id":"1","type":"start"}"#), (true, #"{"id":"1","type":"start"}"#),
    ])
    XCTAssertNotEqual(twoOperations.normalized(), oneOperationTwice.normalized())
  }

  func test_normalizedLog_leavesOutKeepAlivesAndKeepsOtherEventsAndNonJSONText() {
    let original = WebSocketEventLog(events: [
      event(0, .created(url: url, subprotocol: "graphql-transport-ws")),
      event(0, .received(.text(#"{"type":"ka"}"#))),
      event(0, .received(.text(#"{"type":"ping"}"#))),
      event(0, .sent(.text(#"{"type":"pong","payload":{}}"#))),
      event(0, .received(.text("not json"))),
      event(0, .received(.binary(Data([9])))),
      event(0, .cancelled(closeCode: 1000, reason: nil)),
    ])
    XCTAssertEqual(original.normalized().events, [
      event(0, .created(url: url, subprotocol: "graphql-transport-ws")),
      event(0, .received(.text("not json"))),
      event(0, .received(.binary(Data([9])))),
      event(0, .cancelled(closeCode: 1000, reason: nil)),
    ])
    XCTAssertEqual(original.normalized([.jsonKeyOrder, .operationIDs]).events.count, original.events.count,
                   "keep-alives stay unless asked to go")
  }

  func test_normalizedLog_appliesOnlyTheOptionsGiven() {
    let original = log([(true, #"{"type":"start", "id":"9"}"#)])
    XCTAssertEqual(original.normalized([]), original)
    XCTAssertEqual(original.normalized(.jsonKeyOrder).events.map(\.kind), [.sent(.text(#"{"id":"9","type":"start"}"#))])
    XCTAssertEqual(original.normalized(.operationIDs).events.map(\.kind), [.sent(.text(##"{"id":"#1","type":"start"}"##))])
  }

  func test_eventLog_readsSentAndReceivedJSONMessagesAndPrintsOneLinePerEvent() {
    let original = WebSocketEventLog(events: [
      event(0, .created(url: url, subprotocol: "graphql-ws")),
      event(0, .sent(.text(#"{"type":"connection_init"}"#))),
      event(0, .received(.text(#"{"type":"connection_ack"}"#))),
      event(0, .receiveEnded(error: "closed")),
    ])
    XCTAssertEqual(original.sentMessages, [["type": .string("connection_init")]])
    XCTAssertEqual(original.receivedMessages, [["type": .string("connection_ack")]])
    XCTAssertEqual(original.description, """
      #0 created ws://example.test/graphql [graphql-ws]
      #0 sent {"type":"connection_init"}
      #0 received {"type":"connection_ack"}
      #0 receive ended: closed
      """)
  }

  func test_eventLog_roundTripsThroughJSONCoding() throws {
    let original = WebSocketEventLog(events: [
      event(0, .created(url: url, subprotocol: "graphql-ws")),
      event(0, .resumed),
      event(0, .sent(.text(#"{"type":"connection_init"}"#))),
      event(0, .received(.binary(Data([0, 255])))),
      event(0, .sendFailed(error: "lost")),
      event(1, .created(url: nil, subprotocol: nil)),
      event(1, .cancelled(closeCode: 1000, reason: nil)),
      event(1, .receiveEnded(error: "closed")),
    ])
    let decoded = try JSONDecoder().decode(WebSocketEventLog.self, from: JSONEncoder().encode(original))
    XCTAssertEqual(decoded, original)
  }
}
