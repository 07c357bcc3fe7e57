import ApolloCore
@testable import ApolloWebSocketCore
import XCTest

final class OperationMessageEnvelopeTests: XCTestCase {
  func test_text_sortsKeysAndLeavesOutAbsentMembers() {
    let start = OperationMessageEnvelope(type: "start", id: "1", payload: .object(["query": .string("{ a }")]))
    XCTAssertEqual(start.text, #"{"id":"1","payload":{"query":"{ a }"},"type":"start"}"#)
    XCTAssertEqual(OperationMessageEnvelope(type: "connection_terminate").text, #"{"type":"connection_terminate"}"#)
    XCTAssertEqual(OperationMessageEnvelope(type: "connection_init", payload: .object([:])).text,
                   #"{"payload":{},"type":"connection_init"}"#)
  }

  func test_parsing_readsTypeIdAndPayload_andANumericIdAsItsText() throws {
    let data = try OperationMessageEnvelope(parsing: #"{"type":"data","id":7,"payload":{"data":null}}"#)
    XCTAssertEqual(data.type, "data")
    XCTAssertEqual(data.id, "7")
    XCTAssertEqual(data.objectPayload, ["data": .null])
  }

  func test_parsing_keepsAMissingOrNonStringTypeForTheCallerToReport() throws {
    XCTAssertNil(try OperationMessageEnvelope(parsing: #"{"id":"1"}"#).type)
    XCTAssertNil(try OperationMessageEnvelope(parsing: #"{"type":3}"#).type)
    XCTAssertNil(try OperationMessageEnvelope(parsing: #"{"type":"ka","payload":null}"#).payload)
  }

  func test_parsing_throwsTheJSONErrorForNonJSONAndNonObjects() {
    XCTAssertThrowsError(try OperationMessageEnvelope(parsing: "not json")) { XCTAssertTrue($0 is JSONParsingError) }
    XCTAssertThrowsError(try OperationMessageEnvelope(parsing: "[1]")) { XCTAssertTrue($0 is JSONParsingError) }
  }

  func test_errorsArrayPayload_isKeptAsSent() throws {
    let error = try OperationMessageEnvelope(parsing: #"{"type":"error","id":"2","payload":[{"message":"no"}]}"#)
    XCTAssertNil(error.objectPayload)
    XCTAssertEqual(error.payload, .array([.object(["message": .string("no")])]))
  }
}
