import Foundation
import XCTest

@_spi(Internal) @_spi(Execution) import ApolloAPI
import GeneratedFixturesV2

/// Response paths, decoding errors and the built-in scalars' JSON conversions (upstream
/// `ResponsePathTests`, `JSONTests`).
final class JSONTests: XCTestCase {
  // MARK: ResponsePath

  func test_response_path_joined_with_dots() {
    var path: ResponsePath = ["hero", "friends"]
    path.append("0")
    XCTAssertEqual(path.joined, "hero.friends.0")
    XCTAssertEqual((path + "name").joined, "hero.friends.0.name")
    XCTAssertEqual(path.appending("id").toArray(), ["hero", "friends", "0", "id"])
    XCTAssertEqual(ResponsePath([]).joined, "")
    XCTAssertTrue(ResponsePath([]).isEmpty)
  }

  func test_response_path_equality_compares_joined_strings() {
    XCTAssertEqual(ResponsePath(["a", "b"]), ResponsePath("a.b"))
    XCTAssertEqual(ResponsePath(["a", "b"]).hashValue, ResponsePath("a.b").hashValue)
    XCTAssertNotEqual(ResponsePath(["a", "b"]), ResponsePath(["a", "c"]))
    XCTAssertEqual(ResponsePath(["a", "b"]).description, "a.b")
  }

  // MARK: JSONDecodingError

  func test_json_decoding_error_equality() {
    XCTAssertEqual(JSONDecodingError.missingValue, .missingValue)
    XCTAssertNotEqual(JSONDecodingError.missingValue, .nullValue)
    XCTAssertEqual(JSONDecodingError.couldNotConvert(value: "a", to: Int.self), .couldNotConvert(value: "a", to: Int.self))
    XCTAssertNotEqual(JSONDecodingError.couldNotConvert(value: "a", to: Int.self), .couldNotConvert(value: "b", to: Int.self))
    XCTAssertNotEqual(JSONDecodingError.couldNotConvert(value: "a", to: Int.self), .couldNotConvert(value: "a", to: Bool.self))
  }

  func test_json_decoding_error_descriptions() {
    XCTAssertEqual(JSONDecodingError.missingValue.errorDescription, "Missing value")
    XCTAssertEqual(JSONDecodingError.nullValue.errorDescription, "Unexpected null value")
    XCTAssertEqual(JSONDecodingError.wrongType.errorDescription, "Wrong type")
    XCTAssertEqual(JSONDecodingError.couldNotConvert(value: "abc", to: Int.self).errorDescription, #"Could not convert "abc" to Int"#)
  }

  // MARK: Built-in scalars

  func test_string_decodes_strings_and_numbers() throws {
    XCTAssertEqual(try String(_jsonValue: "a"), "a")
    XCTAssertEqual(try String(_jsonValue: 42), "42")
    XCTAssertEqual(try String(_jsonValue: 1.5), "1.5")
    XCTAssertThrowsError(try String(_jsonValue: true)) { error in
      XCTAssertEqual(error as? JSONDecodingError, .couldNotConvert(value: true, to: String.self))
    }
    XCTAssertEqual("a"._jsonValue as? String, "a")
  }

  func test_int_decodes_integers_and_whole_doubles_only() throws {
    XCTAssertEqual(try Int(_jsonValue: 7), 7)
    XCTAssertEqual(try Int(_jsonValue: 7.0), 7)
    XCTAssertThrowsError(try Int(_jsonValue: 7.5))
    XCTAssertThrowsError(try Int(_jsonValue: "7")) { error in
      XCTAssertEqual(error as? JSONDecodingError, .couldNotConvert(value: "7", to: Int.self))
    }
    XCTAssertThrowsError(try Int(_jsonValue: true))
    XCTAssertEqual(7._jsonValue as? Int, 7)
  }

  func test_double_decodes_any_number() throws {
    XCTAssertEqual(try Double(_jsonValue: 2.5), 2.5)
    XCTAssertEqual(try Double(_jsonValue: 3), 3.0)
    XCTAssertThrowsError(try Double(_jsonValue: "2.5"))
    XCTAssertEqual(2.5._jsonValue as? Double, 2.5)
  }

  func test_bool_decodes_only_booleans() throws {
    XCTAssertEqual(try Bool(_jsonValue: true), true)
    XCTAssertEqual(try Bool(_jsonValue: false), false)
    XCTAssertThrowsError(try Bool(_jsonValue: 1)) { error in
      XCTAssertEqual(error as? JSONDecodingError, .couldNotConvert(value: 1, to: Bool.self))
    }
    XCTAssertThrowsError(try Bool(_jsonValue: "true"))
  }

  func test_optional_decodes_null_as_nil_and_encodes_nil_as_null() throws {
    XCTAssertNil(try String?(jsonValue: NSNull()))
    XCTAssertEqual(try String?(jsonValue: "a"), "a")
    XCTAssertTrue(String?.none._jsonValue is NSNull)
  }

  func test_schema_enum_encodes_its_raw_value_and_decodes_known_cases() throws {
    XCTAssertEqual(Genre.nonFiction._jsonValue as? String, "NON_FICTION")
    XCTAssertEqual(try Genre(_jsonValue: "POETRY"), .poetry)
    XCTAssertThrowsError(try Genre(_jsonValue: "ZINE"))
  }

  // MARK: An app's custom scalar

  func test_edited_custom_scalar_round_trips_through_json() throws {
    let date = try CalendarDate(_jsonValue: "2024-02-09")
    XCTAssertEqual(date, CalendarDate(year: 2024, month: 2, day: 9))
    XCTAssertEqual(date._jsonValue as? String, "2024-02-09")
    XCTAssertThrowsError(try CalendarDate(_jsonValue: "tomorrow"))
    XCTAssertThrowsError(try CalendarDate(_jsonValue: 20240209)) { error in
      XCTAssertEqual(error as? JSONDecodingError, .couldNotConvert(value: 20240209, to: String.self))
    }
  }

  func test_custom_scalar_and_typealias_scalar_output_types() {
    XCTAssertEqual(CalendarDate._asOutputType, .nonNull(.customScalar(CalendarDate.self)))
    XCTAssertEqual(ISBN._asOutputType, .nonNull(.scalar(String.self)))
    XCTAssertEqual(GraphQLEnum<Genre>?._asOutputType, .customScalar(GraphQLEnum<Genre>.self))
    XCTAssertEqual([[Int]?]._asOutputType, .nonNull(.list(.list(.nonNull(.scalar(Int.self))))))
  }
}
