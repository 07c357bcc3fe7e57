@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
@testable import ApolloCore
import Foundation
import XCTest

// What a custom scalar's `init(_jsonValue:)` is given: the shapes upstream's JSONSerialization produced, so the
// scalars apps wrote against 1.x and 2.x read their values with the casts they use.

/// A JSON-object scalar written the way the 1.x documentation shows one: `[String: AnyHashable]` or `[AnyHashable]`.
private enum AnyJSON: CustomScalarType, Hashable, @unchecked Sendable {
  // @unchecked Sendable: the containers are immutable values of JSON (strings, numbers, booleans, nulls, containers);
  // a 1.x app's scalar builds in the Swift 5 language mode, where this conformance is only a warning.
  case dictionary([String: AnyHashable])
  case array([AnyHashable])

  init(_jsonValue value: JSONValue) throws {
    if let dictionary = value as? [String: AnyHashable] {
      self = .dictionary(dictionary)
    } else if let array = value as? [AnyHashable] {
      self = .array(array)
    } else {
      throw JSONDecodingError.couldNotConvert(value: value, to: AnyJSON.self)
    }
  }

  var _jsonValue: JSONValue {
    switch self {
    case .dictionary(let dictionary): return dictionary as Any as! JSONValue
    case .array(let array): return array as Any as! JSONValue
    }
  }
}

/// A 2.x-style object scalar that reads `JSONObject` and `[String: Any]`.
private struct Settings: CustomScalarType, Hashable {
  let theme: String
  let fontSize: Int
  init(_jsonValue value: JSONValue) throws {
    guard let object = value as? JSONObject, let loose = value as? [String: Any],
          let theme = object["theme"] as? String, let fontSize = loose["fontSize"] as? Int
    else { throw JSONDecodingError.couldNotConvert(value: value, to: Settings.self) }
    (self.theme, self.fontSize) = (theme, fontSize)
  }
  var _jsonValue: JSONValue { JSONObjectValue(["theme": theme, "fontSize": fontSize]) }
}

/// A 64-bit identifier scalar: `as? Int64`, as apps wrote one.
private struct LongID: CustomScalarType, Hashable {
  let value: Int64
  init(_jsonValue value: JSONValue) throws {
    guard let number = value as? Int64 else { throw JSONDecodingError.couldNotConvert(value: value, to: LongID.self) }
    self.value = number
  }
  var _jsonValue: JSONValue { value }
}

/// A decimal scalar that reads every JSON number as a `Double`, integers included.
private struct Amount: CustomScalarType, Hashable {
  let value: Double
  init(_jsonValue value: JSONValue) throws {
    guard let number = value as? Double else { throw JSONDecodingError.couldNotConvert(value: value, to: Amount.self) }
    self.value = number
  }
  var _jsonValue: JSONValue { value }
}

private enum ScalarFields: SelectionList {
  static var selections: [Selection] { [
    .field("metadata", AnyJSON.self), .field("tags", AnyJSON.self), .field("settings", Settings.self),
    .field("id", LongID.self), .field("price", Amount.self),
  ] }
}

private typealias ScalarData = QueryData<ScalarFields>

final class CustomScalarValueTests: XCTestCase {
  private let response: JSON.Object = [
    "metadata": ["count": 1, "ratio": 0.5, "enabled": true, "name": "x", "nested": ["ids": [1, 2]], "none": .null],
    "tags": ["a", 1, false],
    "settings": ["theme": "dark", "fontSize": 14],
    "id": 9_007_199_254_740_993,
    "price": 12,
  ]

  private func assertScalars(_ data: ScalarData, file: StaticString = #filePath, line: UInt = #line) {
    guard case .dictionary(let metadata) = data.__data["metadata"] as AnyJSON else {
      return XCTFail("metadata is not an object", file: file, line: line)
    }
    XCTAssertEqual(metadata["count"]?.base as? Int, 1, file: file, line: line)
    XCTAssertEqual(metadata["ratio"]?.base as? Double, 0.5, file: file, line: line)
    XCTAssertEqual(metadata["enabled"]?.base as? Bool, true, file: file, line: line)
    XCTAssertEqual(metadata["name"]?.base as? String, "x", file: file, line: line)
    XCTAssertEqual((metadata["nested"]?.base as? [String: Any])?["ids"] as? [Int], [1, 2], file: file, line: line)
    XCTAssertTrue(metadata["none"]?.base is NSNull, file: file, line: line)
    guard case .array(let tags) = data.__data["tags"] as AnyJSON else {
      return XCTFail("tags is not a list", file: file, line: line)
    }
    XCTAssertEqual(tags.count, 3, file: file, line: line)
    let settings = data.__data["settings"] as Settings
    XCTAssertEqual(settings.theme, "dark", file: file, line: line)
    XCTAssertEqual(settings.fontSize, 14, file: file, line: line)
    XCTAssertEqual((data.__data["id"] as LongID).value, 9_007_199_254_740_993, file: file, line: line)
    XCTAssertEqual((data.__data["price"] as Amount).value, 12, file: file, line: line)
  }

  func test_fromANetworkResponse_objectsListsAndNumbers_readWithTheCastsAppsUse() throws {
    assertScalars(try execute(ScalarData.self, response))
  }

  func test_fromTheCache_theSame() throws {
    let cache = InMemoryNormalizedCache()
    _ = try cache.merge(records: normalize(ScalarData.self, response))
    assertScalars(try GraphQLExecutor.read(ScalarData.self, withKey: "QUERY_ROOT", variables: nil, from: cache).data)
  }

  /// A scalar that hands back what it was given writes the same JSON: an integer 1 stays a number (an `NSNumber`
  /// also reads as `Bool`), and a boolean stays a boolean.
  func test_aScalarsJSONFormBuiltFromWhatItGot_isTheJSONItCameFrom() throws {
    let data = try execute(ScalarData.self, response)
    let written = try XCTUnwrap(JSON(apiValue: data.__data["metadata"] as AnyJSON))
    XCTAssertEqual(written, response["metadata"])
    XCTAssertEqual(JSON(apiValue: data.__data["tags"] as AnyJSON), response["tags"])
    XCTAssertEqual(JSON(apiValue: data.__data["settings"] as Settings), response["settings"])
  }
}
