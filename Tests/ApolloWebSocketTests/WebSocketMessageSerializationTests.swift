@testable import ApolloWebSocket
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Mirrors upstream 2.x `WebSocketMessageSerializationTests` and `OperationMessageIdCreatorTests`
/// (apollographql/apollo-ios-dev, Tests/ApolloTests/WebSocket/).
final class WebSocketMessageSerializationTests: XCTestCase {
  private func json(_ message: ClientMessage) throws -> JSON.Object { try JSONParser.parseObject(Data(message.text.utf8)) }

  func test_connectionInitNilPayload_isTypeOnly() {
    XCTAssertEqual(ClientMessage.connectionInit(payload: nil).text, #"{"type":"connection_init"}"#)
  }

  func test_connectionInitWithEmptyPayload_writesAnEmptyObject() {
    XCTAssertEqual(ClientMessage.connectionInit(payload: [:]).text, #"{"type":"connection_init","payload":{}}"#)
  }

  func test_connectionInitWithFlatAndNestedPayloads_writesThemAsGiven() throws {
    XCTAssertEqual(try json(.connectionInit(payload: ["token": "abc"]))["payload"], ["token": "abc"])
    let nested: JSON.Object = ["auth": ["token": "abc", "scopes": ["a", "b"]], "n": 1]
    XCTAssertEqual(try json(.connectionInit(payload: nested))["payload"], .object(nested))
  }

  func test_pingAndPong_areWrittenWithAndWithoutPayload() {
    XCTAssertEqual(ClientMessage.ping(payload: nil).text, #"{"type":"ping"}"#)
    XCTAssertEqual(ClientMessage.pong(payload: nil).text, #"{"type":"pong"}"#)
    XCTAssertEqual(ClientMessage.ping(payload: ["a": 1]).text, #"{"type":"ping","payload":{"a":1}}"#)
    XCTAssertEqual(ClientMessage.pong(payload: ["a": 1]).text, #"{"type":"pong","payload":{"a":1}}"#)
  }

  func test_subscribe_writesEveryPayloadMember() throws {
    XCTAssertEqual(ClientMessage.subscribe(id: "1", payload: ["query": "{ a }"]).text,
                   #"{"type":"subscribe","id":"1","payload":{"query":"{ a }"}}"#)
    let all: JSON.Object = ["operationName": "Op", "query": "query Op { a }", "variables": ["x": 1],
                           "extensions": ["clientLibrary": ["name": "apollo-ios", "version": "2.4.0"]]]
    let parsed = try json(.subscribe(id: "7", payload: all))
    XCTAssertEqual(parsed["payload"], .object(all))
    XCTAssertEqual(parsed["id"], "7")
    // Sorted keys inside the payload.
    XCTAssertTrue(ClientMessage.subscribe(id: "1", payload: all).text.contains(#"{"extensions":"#))
  }

  func test_specialCharacters_areEscapedIncludingTheID() throws {
    let message = ClientMessage.subscribe(id: "a\"b\\c", payload: ["query": "{ a(s: \"x\\n\") }"])
    let parsed = try json(message)
    XCTAssertEqual(parsed["id"], "a\"b\\c")
    XCTAssertEqual(parsed["payload"]?["query"], "{ a(s: \"x\\n\") }")
  }

  func test_largeIdsAndComplete_areWrittenAsStrings() throws {
    let id = String(Int.max)
    XCTAssertEqual(try json(.subscribe(id: id, payload: [:]))["id"]?.stringValue, id)
    XCTAssertEqual(ClientMessage.complete(id: id).text, #"{"type":"complete","id":"\#(id)"}"#)
    XCTAssertNil(try json(.complete(id: "1"))["payload"])
  }

  func test_everyOutgoingMessage_isAStringFrameOfValidJSON() throws {
    let messages: [ClientMessage] = [.connectionInit(payload: nil), .ping(payload: nil), .pong(payload: nil),
                                     .subscribe(id: "1", payload: ["query": "{a}"]), .complete(id: "1")]
    for message in messages {
      guard case .string(let text) = message.message else { return XCTFail("not a string frame") }
      XCTAssertNoThrow(try JSONParser.parseObject(Data(text.utf8)))
    }
  }

  private func parse(_ text: String) throws -> ServerMessage { try ServerMessage(.string(text)) }

  private func assertUnrecognized(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertThrowsError(try parse(text), file: file, line: line) { error in
      guard case WebSocketTransport.Error.unrecognizedMessage? = error as? WebSocketTransport.Error else {
        return XCTFail("expected unrecognizedMessage, got \(error)", file: file, line: line)
      }
    }
  }

  func test_incomingAckPingAndPong_parseWithAndWithoutPayload() throws {
    XCTAssertEqual(try parse(#"{"type":"connection_ack"}"#), .connectionAck(payload: nil))
    XCTAssertEqual(try parse(#"{"type":"connection_ack","payload":{"a":1}}"#), .connectionAck(payload: ["a": 1]))
    XCTAssertEqual(try parse(#"{"type":"ping"}"#), .ping(payload: nil))
    XCTAssertEqual(try parse(#"{"type":"ping","payload":{"a":1}}"#), .ping(payload: ["a": 1]))
    XCTAssertEqual(try parse(#"{"type":"pong"}"#), .pong(payload: nil))
    XCTAssertEqual(try parse(#"{"type":"pong","payload":{"b":2}}"#), .pong(payload: ["b": 2]))
  }

  func test_incomingNext_parsesAndNeedsIdAndPayload() throws {
    XCTAssertEqual(try parse(#"{"type":"next","id":"1","payload":{"data":{}}}"#), .next(id: "1", payload: ["data": [:]]))
    XCTAssertEqual(try parse(#"{"type":"next","id":5,"payload":{"data":{}}}"#), .next(id: "5", payload: ["data": [:]]))
    assertUnrecognized(#"{"type":"next","payload":{"data":{}}}"#)
    assertUnrecognized(#"{"type":"next","id":"1"}"#)
  }

  func test_incomingError_parsesItsGraphQLErrors() throws {
    XCTAssertEqual(try parse(#"{"type":"error","id":"1","payload":[{"message":"boom"}]}"#),
                   .error(id: "1", errors: [GraphQLError(message: "boom")]))
    XCTAssertEqual(try parse(#"{"type":"error","id":"1","payload":[{"message":"a"},{"message":"b"}]}"#),
                   .error(id: "1", errors: [GraphQLError(message: "a"), GraphQLError(message: "b")]))
    XCTAssertEqual(try parse(#"{"type":"error","id":"1","payload":[]}"#), .error(id: "1", errors: []))
    assertUnrecognized(#"{"type":"error","payload":[]}"#)
  }

  func test_incomingComplete_parsesStringAndNumberIdsAndNeedsAnId() throws {
    XCTAssertEqual(try parse(#"{"type":"complete","id":"1"}"#), .complete(id: "1"))
    XCTAssertEqual(try parse(#"{"type":"complete","id":2}"#), .complete(id: "2"))
    XCTAssertEqual(try parse(#"{"type":"complete","id":"9223372036854775807"}"#), .complete(id: "9223372036854775807"))
    assertUnrecognized(#"{"type":"complete"}"#)
  }

  func test_dataFrames_parse() throws {
    XCTAssertEqual(try ServerMessage(.data(Data(#"{"type":"connection_ack"}"#.utf8))), .connectionAck(payload: nil))
  }

  func test_unknownOrMissingTypeAndInvalidJSON_areRejected() {
    assertUnrecognized(#"{"type":"connection_error"}"#)
    assertUnrecognized(#"{"id":"1"}"#)
    XCTAssertThrowsError(try parse("not json")) { XCTAssertTrue($0 is JSONParsingError) }
  }

  // MARK: OperationMessageIdCreatorTests

  func test_sequencedCreator_startsAtOne() {
    var creator = ApolloSequencedOperationMessageIdCreator()
    XCTAssertEqual([creator.requestId(), creator.requestId(), creator.requestId()], ["1", "2", "3"])
  }

  func test_sequencedCreator_countsFromItsStartValue() {
    var fromN = ApolloSequencedOperationMessageIdCreator(startAt: 42)
    XCTAssertEqual([fromN.requestId(), fromN.requestId()], ["42", "43"])
    var fromZero = ApolloSequencedOperationMessageIdCreator(startAt: 0)
    XCTAssertEqual(fromZero.requestId(), "0")
    var large = ApolloSequencedOperationMessageIdCreator(startAt: 1_000_000_000_000)
    XCTAssertEqual(large.requestId(), "1000000000000")
  }

  func test_customIdCreators_giveTheIdsTheyCreate() {
    struct Fixed: OperationMessageIdCreator { mutating func requestId() -> String { "fixed" } }
    struct UUIDBased: OperationMessageIdCreator { mutating func requestId() -> String { UUID().uuidString } }
    struct Counting: OperationMessageIdCreator {
      var n = 0
      mutating func requestId() -> String { n += 10; return "c\(n)" }
    }
    var fixed = Fixed()
    XCTAssertEqual(fixed.requestId(), "fixed")
    var uuid = UUIDBased()
    XCTAssertNotEqual(uuid.requestId(), uuid.requestId())
    var counting = Counting()
    XCTAssertEqual([counting.requestId(), counting.requestId()], ["c10", "c20"])
  }
}
