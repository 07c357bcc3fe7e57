import Foundation
import XCTest

import ApolloCore

final class JSONParserTests: XCTestCase {
  // MARK: Helpers

  private func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSON? {
    do {
      return try JSONParser.parse(Data(text.utf8))
    } catch {
      XCTFail("Unexpected error \(error) for \(text.debugDescription)", file: file, line: line)
      return nil
    }
  }

  private func assertFails(
    _ bytes: [UInt8], _ kind: JSONParsingError.Kind, at offset: Int,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    do {
      let value = try JSONParser.parse(Data(bytes))
      XCTFail("Expected \(kind) at \(offset), parsed \(value)", file: file, line: line)
    } catch {
      XCTAssertEqual(error, JSONParsingError(kind: kind, offset: offset), file: file, line: line)
    }
  }

  private func assertFails(
    _ text: String, _ kind: JSONParsingError.Kind, at offset: Int,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    assertFails(Array(text.utf8), kind, at: offset, file: file, line: line)
  }

  // MARK: Values

  func test_jsonParser_parsesLiterals() {
    XCTAssertEqual(parse("null"), .null)
    XCTAssertEqual(parse("true"), .bool(true))
    XCTAssertEqual(parse("false"), .bool(false))
  }

  func test_jsonParser_parsesNestedObjectsAndArrays() {
    let value = parse(#"{"data":{"hero":{"name":"R2-D2","friends":[{"name":"Luke"},{"name":"Han"}],"age":33}},"errors":[]}"#)
    XCTAssertEqual(
      value,
      [
        "data": ["hero": ["name": "R2-D2", "friends": [["name": "Luke"], ["name": "Han"]], "age": 33]],
        "errors": [],
      ]
    )
  }

  func test_jsonParser_parsesEmptyContainers() {
    XCTAssertEqual(parse("{}"), .object([:]))
    XCTAssertEqual(parse("[]"), .array([]))
    XCTAssertEqual(parse("[{},[],{\"a\":{}}]"), [[:], [], ["a": [:]]])
  }

  func test_jsonParser_skipsWhitespaceBetweenAllTokens() {
    XCTAssertEqual(parse(" \t\r\n{ \"a\" :\n[ 1 ,\t2 ] ,\r\"b\" : null } \n"), ["a": [1, 2], "b": .null])
  }

  func test_jsonParser_skipsLeadingByteOrderMark() throws {
    XCTAssertEqual(try JSONParser.parse(Data([0xEF, 0xBB, 0xBF] + Array("{\"a\":1}".utf8))), ["a": 1])
  }

  func test_jsonParser_rejectsByteOrderMarkAfterTheStart() {
    assertFails([0x20, 0xEF, 0xBB, 0xBF, 0x31], .unexpectedCharacter(0xEF), at: 1)
  }

  func test_duplicateKeys_keepTheLastValue() {
    XCTAssertEqual(parse(#"{"a":1,"b":2,"a":3}"#), ["a": 3, "b": 2])
  }

  func test_jsonParser_parsesDataSliceWithOffsetsRelativeToTheSlice() throws {
    let whole = Data("xxx[1,2]yyy".utf8)
    XCTAssertEqual(try JSONParser.parse(whole[3..<8]), [1, 2])
    XCTAssertThrowsError(try JSONParser.parse(whole[3..<9])) { error in
      XCTAssertEqual(error as? JSONParsingError, JSONParsingError(kind: .trailingData, offset: 5))
    }
  }

  func test_jsonParser_parsesDeeplyNestedDocumentUpToTheLimit() throws {
    let depth = JSONParser.maximumDepth
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    var value = try JSONParser.parse(Data(text.utf8))
    var levels = 0
    while case .array(let elements) = value {
      levels += 1
      value = elements.first ?? .null
    }
    XCTAssertEqual(levels, depth)
  }

  func test_jsonParser_parsesObjectNestingUpToTheLimit() throws {
    let depth = JSONParser.maximumDepth
    let text = String(repeating: "{\"a\":", count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
    XCTAssertNoThrow(try JSONParser.parse(Data(text.utf8)))
  }

  // MARK: Numbers

  func test_integers_becomeInt() {
    XCTAssertEqual(parse("0"), .int(0))
    XCTAssertEqual(parse("-7"), .int(-7))
    XCTAssertEqual(parse("1234567890"), .int(1_234_567_890))
    XCTAssertEqual(parse("9223372036854775807"), .int(Int.max))
    XCTAssertEqual(parse("-9223372036854775808"), .int(Int.min))
  }

  func test_negativeZeroInteger_isIntZero() {
    XCTAssertEqual(parse("-0"), .int(0))
  }

  func test_integerOverflow_becomesDouble() {
    XCTAssertEqual(parse("9223372036854775808"), .double(9_223_372_036_854_775_808))
    XCTAssertEqual(parse("-9223372036854775809"), .double(-9_223_372_036_854_775_808))
    XCTAssertEqual(parse("123456789012345678901234567890"), .double(1.2345678901234568e29))
  }

  func test_fractionsAndExponents_becomeDouble() {
    XCTAssertEqual(parse("1.0"), .double(1))
    XCTAssertEqual(parse("0.1"), .double(0.1))
    XCTAssertEqual(parse("-2.5"), .double(-2.5))
    XCTAssertEqual(parse("1e2"), .double(100))
    XCTAssertEqual(parse("1E2"), .double(100))
    XCTAssertEqual(parse("1e+2"), .double(100))
    XCTAssertEqual(parse("25e-2"), .double(0.25))
    XCTAssertEqual(parse("0.000001"), .double(0.000001))
    XCTAssertEqual(parse("3.141592653589793238462643383279"), .double(3.141592653589793))
    XCTAssertEqual(parse("1.7976931348623157e308"), .double(.greatestFiniteMagnitude))
    XCTAssertEqual(parse("5e-324"), .double(.leastNonzeroMagnitude))
    XCTAssertEqual(parse("1e-400"), .double(0))
    XCTAssertEqual(parse("0e99999999999"), .double(0))
  }

  func test_negativeZeroDouble_keepsItsSign() throws {
    guard case .double(let value) = parse("-0.0") else { return XCTFail("not a double") }
    XCTAssertEqual(value, 0)
    XCTAssertEqual(value.sign, .minus)
  }

  func test_decimalConversion_matchesStandardLibraryForManyValues() {
    // Exercises both the exact fast path and the fallback against Swift's correctly rounded parser.
    var generator = SplitMix64(seed: 0x5EED)
    for _ in 0..<20_000 {
      let digits = String(generator.next() % 10_000_000_000_000_000_000)
      let split = Int(generator.next() % UInt64(digits.count + 1))
      let exponent = Int(generator.next() % 700) - 350
      let integerPart = split == 0 ? "0" : String(digits.prefix(split))
      let fractionPart = split == digits.count ? "0" : String(digits.dropFirst(split))
      let text = "\(integerPart).\(fractionPart)e\(exponent)"
      guard let expected = Double(text), expected.isFinite else { continue }
      XCTAssertEqual(parse(text), .double(expected), text)
    }
  }

  // MARK: Strings

  func test_jsonParser_decodesEveryShortEscape() {
    XCTAssertEqual(parse(#""\"\\\/\b\f\n\r\t""#), .string("\"\\/\u{08}\u{0C}\n\r\t"))
  }

  func test_jsonParser_decodesUnicodeEscapes() {
    XCTAssertEqual(parse(#""\u0041\u00e9\u00E9\u20AC\u0000""#), .string("Aéé€\u{0}"))
  }

  func test_jsonParser_decodesSurrogatePairs() {
    XCTAssertEqual(parse(#""\ud83d\ude00 \uD834\uDD1E""#), .string("😀 𝄞"))
  }

  func test_jsonParser_keepsRawUTF8() {
    XCTAssertEqual(parse("\"héllo wörld € 😀 \u{7F}\""), .string("héllo wörld € 😀 \u{7F}"))
  }

  func test_jsonParser_mixesEscapesAndRawTextInLongStrings() {
    let raw = String(repeating: "abcdefghij", count: 10)
    XCTAssertEqual(parse("\"\(raw)\\n\(raw)é\\u00e9\(raw)\""), .string("\(raw)\n\(raw)éé\(raw)"))
  }

  func test_jsonParser_parsesStringsOfEveryLengthAroundTheWordSize() {
    for length in 0...40 {
      let text = String(repeating: "x", count: length)
      XCTAssertEqual(parse("\"\(text)\""), .string(text))
      XCTAssertEqual(parse("{\"\(text)\":\"\(text)é\"}"), .object([text: .string(text + "é")]))
    }
  }

  func test_jsonParser_parsesKeysWithEscapes() {
    XCTAssertEqual(parse(#"{"a\"b":1,"\u00e9":2}"#), ["a\"b": 1, "é": 2])
  }

  // MARK: parseObject

  func test_parseObject_returnsTheTopLevelObject() throws {
    XCTAssertEqual(try JSONParser.parseObject(Data(#"{"data":null}"#.utf8)), ["data": .null])
  }

  func test_parseObject_rejectsOtherTopLevelValues() {
    for (text, offset) in [("[1]", 0), ("  42", 2), ("\"x\"", 0), ("null", 0)] {
      XCTAssertThrowsError(try JSONParser.parseObject(Data(text.utf8))) { error in
        XCTAssertEqual(error as? JSONParsingError, JSONParsingError(kind: .notAnObject, offset: offset))
      }
    }
  }

  func test_parseObject_reportsSyntaxErrorsBeforeNotAnObject() {
    XCTAssertThrowsError(try JSONParser.parseObject(Data("[1,".utf8))) { error in
      XCTAssertEqual(error as? JSONParsingError, JSONParsingError(kind: .unexpectedEndOfInput, offset: 3))
    }
  }

  // MARK: Errors

  func test_jsonParser_reportsUnexpectedEndOfInput() {
    assertFails(#"{"a":"#, .unexpectedEndOfInput, at: 5)
    assertFails(#"{"a""#, .unexpectedEndOfInput, at: 4)
    assertFails(#"{"a":1"#, .unexpectedEndOfInput, at: 6)
    assertFails("{", .unexpectedEndOfInput, at: 1)
    assertFails("[1,2", .unexpectedEndOfInput, at: 4)
    assertFails("[", .unexpectedEndOfInput, at: 1)
    assertFails("\"abc", .unexpectedEndOfInput, at: 4)
    assertFails("tru", .unexpectedEndOfInput, at: 3)
    assertFails(#""ab\"#, .unexpectedEndOfInput, at: 4)
    assertFails(#""\u12"#, .unexpectedEndOfInput, at: 5)
    assertFails(#""\ud83d"#, .unexpectedEndOfInput, at: 7)
    assertFails(#""\ud83d\"#, .unexpectedEndOfInput, at: 8)
  }

  func test_jsonParser_reportsUnexpectedCharacter() {
    assertFails("x", .unexpectedCharacter(UInt8(ascii: "x")), at: 0)
    assertFails("[1 2]", .unexpectedCharacter(UInt8(ascii: "2")), at: 3)
    assertFails(#"{"a" 1}"#, .unexpectedCharacter(UInt8(ascii: "1")), at: 5)
    assertFails("{,}", .unexpectedCharacter(UInt8(ascii: ",")), at: 1)
    assertFails("{a:1}", .unexpectedCharacter(UInt8(ascii: "a")), at: 1)
    assertFails("[1,]", .unexpectedCharacter(UInt8(ascii: "]")), at: 3)
    assertFails(#"{"a":1,}"#, .unexpectedCharacter(UInt8(ascii: "}")), at: 7)
    assertFails("[1}", .unexpectedCharacter(UInt8(ascii: "}")), at: 2)
    assertFails("trux", .unexpectedCharacter(UInt8(ascii: "x")), at: 3)
    assertFails("nul", .unexpectedEndOfInput, at: 3)
    assertFails("+1", .unexpectedCharacter(UInt8(ascii: "+")), at: 0)
    assertFails(".5", .unexpectedCharacter(UInt8(ascii: ".")), at: 0)
    assertFails("'a'", .unexpectedCharacter(UInt8(ascii: "'")), at: 0)
    assertFails("NaN", .unexpectedCharacter(UInt8(ascii: "N")), at: 0)
  }

  func test_jsonParser_reportsInvalidNumber() {
    assertFails("01", .invalidNumber, at: 1)
    assertFails("-", .invalidNumber, at: 1)
    assertFails("-a", .invalidNumber, at: 1)
    assertFails("[-]", .invalidNumber, at: 2)
    assertFails("1.", .invalidNumber, at: 2)
    assertFails("1.e3", .invalidNumber, at: 2)
    assertFails("1e", .invalidNumber, at: 2)
    assertFails("1e+", .invalidNumber, at: 3)
    assertFails("[1e400]", .invalidNumber, at: 1)
    assertFails("-1e400", .invalidNumber, at: 0)
  }

  func test_jsonParser_reportsInvalidEscape() {
    assertFails(#""\x""#, .invalidEscape, at: 1)
    assertFails(#""ab\'""#, .invalidEscape, at: 3)
    assertFails(#""\u12G4""#, .invalidEscape, at: 1)
    assertFails(#""a\u00""#, .invalidEscape, at: 2)
    assertFails(#""\ud83d\uZZZZ""#, .invalidEscape, at: 7)
  }

  func test_jsonParser_reportsUnpairedSurrogates() {
    assertFails(#""\ud800""#, .invalidUnicodeScalar, at: 1)
    assertFails(#""\udc00""#, .invalidUnicodeScalar, at: 1)
    assertFails(#""x\ud800abc""#, .invalidUnicodeScalar, at: 2)
    assertFails(#""\ud800\u0041""#, .invalidUnicodeScalar, at: 1)
    assertFails(#""\ud800\ud800""#, .invalidUnicodeScalar, at: 1)
    assertFails(#""\ud800\n""#, .invalidUnicodeScalar, at: 1)
  }

  func test_jsonParser_reportsInvalidUTF8() {
    let quote = UInt8(ascii: "\"")
    assertFails([quote, 0x61, 0xFF, quote], .invalidUTF8, at: 2)
    assertFails([quote, 0x80, quote], .invalidUTF8, at: 1)  // lone continuation byte
    assertFails([quote, 0xC0, 0x80, quote], .invalidUTF8, at: 1)  // overlong NUL
    assertFails([quote, 0xE0, 0x80, 0x80, quote], .invalidUTF8, at: 1)  // overlong
    assertFails([quote, 0xED, 0xA0, 0x80, quote], .invalidUTF8, at: 1)  // encoded surrogate
    assertFails([quote, 0xF4, 0x90, 0x80, 0x80, quote], .invalidUTF8, at: 1)  // above U+10FFFF
    assertFails([quote, 0xF5, 0x80, 0x80, 0x80, quote], .invalidUTF8, at: 1)
    assertFails([quote, 0xE2, 0x82, quote], .invalidUTF8, at: 1)  // truncated
    assertFails([quote, 0xE2, 0x82], .invalidUTF8, at: 1)  // truncated by the end of input
    assertFails([quote, 0x5C, 0x6E, 0xC3, quote], .invalidUTF8, at: 3)  // after an escape
    assertFails(Array("{\"ké\":1}".utf8.prefix(3)) + [0xC3, 0x28], .invalidUTF8, at: 3)
  }

  func test_jsonParser_reportsControlCharactersInStrings() {
    assertFails("\"a\nb\"", .controlCharacterInString, at: 2)
    assertFails([0x22, 0x00, 0x22], .controlCharacterInString, at: 1)
    assertFails([0x22, 0x5C, 0x6E, 0x1F, 0x22], .controlCharacterInString, at: 3)
    assertFails("\"0123456789\t\"", .controlCharacterInString, at: 11)
  }

  func test_jsonParser_reportsTrailingData() {
    assertFails("{} x", .trailingData, at: 3)
    assertFails("1 2", .trailingData, at: 2)
    assertFails("[]]", .trailingData, at: 2)
    assertFails("truex", .trailingData, at: 4)
    assertFails("{}\u{0}", .trailingData, at: 2)
  }

  func test_jsonParser_reportsNestingTooDeep() {
    let depth = JSONParser.maximumDepth
    assertFails(String(repeating: "[", count: depth + 1), .nestingTooDeep, at: depth)
    assertFails(String(repeating: "{\"a\":", count: depth) + "{}", .nestingTooDeep, at: 5 * depth)
  }

  func test_jsonParser_reportsEmptyInput() {
    assertFails("", .emptyInput, at: 0)
    assertFails(" \n\t\r", .emptyInput, at: 4)
    assertFails([0xEF, 0xBB, 0xBF], .emptyInput, at: 3)
  }

  func test_errorDescription_isReadable() {
    XCTAssertEqual(
      JSONParsingError(kind: .unexpectedCharacter(UInt8(ascii: "x")), offset: 12).description,
      "Invalid JSON at byte 12: unexpected character 'x'"
    )
    XCTAssertEqual(
      JSONParsingError(kind: .unexpectedCharacter(0x01), offset: 0).description,
      "Invalid JSON at byte 0: unexpected byte 0x01"
    )
    XCTAssertEqual(
      JSONParsingError(kind: .unexpectedCharacter(0xEF), offset: 3).description,
      "Invalid JSON at byte 3: unexpected byte 0xEF"
    )
    XCTAssertEqual(
      JSONParsingError(kind: .unexpectedEndOfInput, offset: 5).description,
      "Invalid JSON at byte 5: unexpected end of input"
    )
    XCTAssertEqual(
      JSONParsingError(kind: .nestingTooDeep, offset: 512).description,
      "Invalid JSON at byte 512: arrays and objects nested more than 512 deep"
    )
  }

  func test_mutatedInput_neverCrashesAndReportsOffsetsInRange() {
    // Debug builds bounds-check every buffer access, so this also guards the unchecked reads.
    let sample = Array(
      #"{"data":{"hero":{"name":"R2-D2 \"é\" \ud83d\ude00 abcdefghijklmnop","ids":[1,-2.5e3,0.25,true,null,{}]}}}"#.utf8
    )
    let interesting: [UInt8] = Array(#"{}[]",:\/u0123456789abcdefnrt-+.eE "#.utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFF]
    var generator = SplitMix64(seed: 1)
    for _ in 0..<20_000 {
      var bytes = sample
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let position = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: bytes[position] = interesting[Int.random(in: 0..<interesting.count, using: &generator)]
        case 1: bytes.remove(at: position)
        default: bytes.removeSubrange(position...)
        }
        if bytes.isEmpty { break }
      }
      do {
        _ = try JSONParser.parse(Data(bytes))
      } catch {
        XCTAssert((0...bytes.count).contains(error.offset), "\(error) for \(bytes)")
      }
    }
  }

  // MARK: Agreement with Foundation

  func test_jsonParser_agreesWithJSONSerializationOnAGraphQLResponse() throws {
    let text = #"""
      {"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2 \"Artoo\" \u00e9\ud83d\ude00",
      "friends":[{"name":"Luke","height":1.72,"mass":77,"tags":["a/b","\\",""]},{"name":null}],
      "tiny":-1.5e-10,"flag":true,"none":false}},
      "errors":[{"message":"x","locations":[{"line":1,"column":2}],"path":["hero",0]}]}
      """#
    let data = Data(text.utf8)
    let ours = try JSONParser.parse(data)
    let foundation = try XCTUnwrap(JSON(foundationValue: try JSONSerialization.jsonObject(with: data)))
    XCTAssertEqual(numbersAsDoubles(ours), numbersAsDoubles(foundation))
  }

  /// Foundation's numbers come back as NSNumber, whose Bool/Int/Double identity differs by platform,
  /// so only the numeric values are compared.
  private func numbersAsDoubles(_ value: JSON) -> JSON {
    switch value {
    case .bool(let flag): return .double(flag ? 1 : 0)
    case .int(let number): return .double(Double(number))
    case .array(let elements): return .array(elements.map(numbersAsDoubles))
    case .object(let object): return .object(object.mapValues(numbersAsDoubles))
    default: return value
    }
  }
}

/// A small deterministic generator (SplitMix64) so randomized tests are reproducible.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
