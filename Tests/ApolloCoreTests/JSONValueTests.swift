import ApolloCore
import Foundation
import XCTest

final class JSONValueTests: XCTestCase {
  func test_foundationValuesFromJSONSerialization_convertWithBooleansKeptApartFromNumbers() throws {
    let data = Data(#"{"t":true,"f":false,"one":1,"zero":0,"d":1.5,"neg":-7,"s":"x","n":null,"a":[true,2],"o":{"k":false}}"#.utf8)
    let foundation = try JSONSerialization.jsonObject(with: data)
    let converted = try XCTUnwrap(JSON(foundationValue: foundation))
    XCTAssertEqual(converted, [
      "t": true, "f": false, "one": 1, "zero": 0, "d": 1.5, "neg": -7, "s": "x", "n": .null, "a": [true, 2], "o": ["k": false],
    ])
    XCTAssertEqual(converted, try JSONParser.parse(data), "the same as the package's own parser")
  }

  func test_integerBeyondIntRange_becomesADouble() throws {
    let foundation = try JSONSerialization.jsonObject(with: Data(#"[123456789012345678901234]"#.utf8))
    guard case .array(let values)? = JSON(foundationValue: foundation), case .double(let value)? = values.first else {
      return XCTFail("expected a double")
    }
    XCTAssertEqual(value, 1.2345678901234568e23, accuracy: 1e8)
  }

  func test_unsupportedValues_areNil_notACrash() {
    XCTAssertNil(JSON(foundationValue: Date()))
    XCTAssertNil(JSON(foundationValue: ["when": Date()] as [String: Any]))
    XCTAssertNil(JSON(foundationValue: [NSObject()] as [Any]))
  }

  func test_optionalsInsideAny_unwrapOrBecomeNull() {
    let present: String? = "x"
    let absent: String? = nil
    XCTAssertEqual(JSON(foundationValue: present as Any), "x")
    XCTAssertEqual(JSON(foundationValue: absent as Any), .null)
    XCTAssertEqual(JSON(foundationValue: ["a": present, "b": absent] as [String: Any?]), ["a": "x", "b": .null])
  }

  func test_swiftScalars_convertByTheirType() {
    XCTAssertEqual(JSON(foundationValue: true), true)
    XCTAssertEqual(JSON(foundationValue: 1), 1)
    XCTAssertEqual(JSON(foundationValue: 2.5), 2.5)
    XCTAssertEqual(JSON(foundationValue: Float(0.5)), 0.5)
    XCTAssertEqual(JSON(foundationValue: NSNumber(value: Int8(1))), 1, "an Int8 number is a number, not a boolean")
  }

  func test_foundationValue_roundTrips() throws {
    let value: JSON = ["a": [1, 2.5, "s", true, .null], "b": ["c": false]]
    XCTAssertEqual(JSON(foundationValue: value.foundationValue), value)
    let object = try XCTUnwrap(value.foundationValue as? [String: Any])
    XCTAssertEqual((object["b"] as? [String: Any])?["c"] as? Bool, false)
  }

  func test_typedAccessors_returnTheValueOnlyForTheirType() {
    let value: JSON = ["s": "x", "i": 3, "d": 3.0, "f": 3.5, "b": true, "a": [1], "o": ["k": 1]]
    XCTAssertEqual(value["s"]?.stringValue, "x")
    XCTAssertEqual(value["i"]?.intValue, 3)
    XCTAssertEqual(value["d"]?.intValue, 3)
    XCTAssertNil(value["f"]?.intValue)
    XCTAssertEqual(value["f"]?.doubleValue, 3.5)
    XCTAssertEqual(value["b"]?.boolValue, true)
    XCTAssertEqual(value["a"]?[0], 1)
    XCTAssertNil(value["a"]?[5])
    XCTAssertEqual(value["o"]?["k"], 1)
    XCTAssertTrue(JSON.null.isNull)
    XCTAssertEqual(JSON.string("x").typeName, "string")
  }
}
