@testable import ApolloDelegateWebSocket
import Foundation
import StarWarsAPI
import XCTest

/// Messages the transport cannot route: each reaches every handler as a typed `WebSocketError`, nothing crashes and
/// the socket stays usable (0.33 reference §4.4; test list §5 #37; quirk Q16).
final class WebSocketTransportMalformedMessageTests: XCTestCase {
  private var socket: MockWebSocket!
  private var transport: WebSocketTransport!
  private var first: Recorder<Delivery>!
  private var second: Recorder<Delivery>!

  override func setUp() {
    super.setUp()
    socket = MockWebSocket()
    transport = makeConnectedTransport(socket)
    first = Recorder()
    second = Recorder()
    transport.record(countdown, into: first)
    transport.record(countdown, into: second)
    transport.drain()
  }

  /// Sends `text` and checks that both handlers got `.unprocessedMessage(text)` and that the socket still works.
  private func assertEveryHandlerGetsUnprocessedMessage(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
    socket.receive(text)
    transport.drain()
    for recorder in [first!, second!] {
      XCTAssertEqual(recorder.count, 1, file: file, line: line)
      guard let error = recorder.errors.first as? WebSocketError, case .unprocessedMessage(let message) = error.kind else {
        return XCTFail("expected unprocessedMessage, got \(recorder.values)", file: file, line: line)
      }
      XCTAssertEqual(message, text, file: file, line: line)
    }
    socket.receive(dataMessage(id: "1", countdownPayload(1)))
    transport.drain()
    XCTAssertEqual(first.bodies, [countdownPayload(1)], "the socket stays usable", file: file, line: line)
    XCTAssertEqual(socket.disconnectCodes, [], file: file, line: line)
  }

  func test_dataForUnknownID_errorsEveryHandler() {
    // §5 #37, Q16.
    assertEveryHandlerGetsUnprocessedMessage(#"{"id":"42","payload":{"data":{"countdown":1}},"type":"data"}"#)
  }

  func test_errorForUnknownID_errorsEveryHandler() {
    assertEveryHandlerGetsUnprocessedMessage(#"{"id":"42","payload":{"message":"x"},"type":"error"}"#)
  }

  func test_dataWithoutID_errorsEveryHandler() {
    assertEveryHandlerGetsUnprocessedMessage(#"{"payload":{"data":{"countdown":1}},"type":"data"}"#)
  }

  func test_completeWithoutID_errorsEveryHandler() {
    // Q16: complete without an id.
    assertEveryHandlerGetsUnprocessedMessage(#"{"type":"complete"}"#)
  }

  func test_connectionError_errorsEveryHandlerAndKeepsTheConnection() {
    assertEveryHandlerGetsUnprocessedMessage(#"{"payload":{"message":"denied"},"type":"connection_error"}"#)
    XCTAssertTrue(transport.isConnected())
  }

  func test_connectionError_carriesItsPayload() {
    socket.receive(#"{"payload":{"message":"denied"},"type":"connection_error"}"#)
    transport.drain()
    XCTAssertEqual((first.errors.first as? WebSocketError)?.payload, ["message": "denied"])
  }

  func test_unknownType_errorsEveryHandler() {
    assertEveryHandlerGetsUnprocessedMessage(#"{"id":"1","type":"next"}"#)
  }

  func test_clientMessageTypeFromTheServer_errorsEveryHandler() {
    assertEveryHandlerGetsUnprocessedMessage(#"{"id":"1","type":"start"}"#)
  }

  func test_missingType_errorsEveryHandler() {
    assertEveryHandlerGetsUnprocessedMessage(#"{"id":"1","payload":{}}"#)
  }

  func test_notJSON_errorsEveryHandlerWithTheParseError() {
    assertEveryHandlerGetsUnprocessedMessage("not json {")
    XCTAssertNotNil((first.errors.first as? WebSocketError)?.error, "the JSON parse error is kept")
  }

  func test_jsonThatIsNotAnObject_errorsEveryHandler() {
    assertEveryHandlerGetsUnprocessedMessage(#"["data"]"#)
  }

  func test_emptyText_errorsEveryHandler() {
    assertEveryHandlerGetsUnprocessedMessage("")
  }

  func test_dataWithoutPayload_givesItsHandlerNeitherErrorNorPayloadReceived() {
    for text in [#"{"id":"1","type":"data"}"#, #"{"id":"1","payload":null,"type":"data"}"#,
                 #"{"id":"1","payload":[1],"type":"error"}"#] {
      socket.receive(text)
    }
    transport.drain()
    XCTAssertEqual(first.count, 3)
    for error in first.errors {
      guard let error = error as? WebSocketError, case .neitherErrorNorPayloadReceived = error.kind else {
        return XCTFail("expected neitherErrorNorPayloadReceived, got \(error)")
      }
    }
    XCTAssertEqual(second.count, 0, "only the operation's own handler hears of it")
  }

  func test_binaryMessage_isIgnored() {
    transport.websocketDidReceiveData(socket: socket, data: Data([0xff, 0x00]))
    transport.drain()
    XCTAssertEqual(first.count + second.count, 0)
  }

  func test_errorDescription_namesTheKindAndTheUnderlyingError() {
    socket.receive(#"{"type":"connection_error"}"#)
    transport.drain()
    let description = (first.errors.first as? WebSocketError)?.errorDescription
    XCTAssertEqual(description, #"Websocket error: Unprocessed message {"type":"connection_error"}. Error: nil"#)
  }
}
