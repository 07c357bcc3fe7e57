import Foundation
import XCTest

import ApolloCore

final class JSONSerializerTests: XCTestCase {
  private func json(_ value: JSON) -> String {
    JSONSerializer.string(value)
  }

  // MARK: Byte-exact output

  func test_jsonSerializer_writesScalars() {
    XCTAssertEqual(json(.null), "null")
    XCTAssertEqual(json(true), "true")
    XCTAssertEqual(json(false), "false")
    XCTAssertEqual(json("x"), #""x""#)
    XCTAssertEqual(json(""), #""""#)
  }

  func test_jsonSerializer_writesEmptyContainers() {
    XCTAssertEqual(json([]), "[]")
    XCTAssertEqual(json([:]), "{}")
    XCTAssertEqual(json([[], [:], [[]]]), "[[],{},[[]]]")
  }

  func test_jsonSerializer_writesCompactOutputWithoutSpaces() {
    XCTAssertEqual(json(["a": 1, "b": [true, false, .null], "c": "x"]), #"{"a":1,"b":[true,false,null],"c":"x"}"#)
  }

  func test_jsonSerializer_sortsKeysAtEveryLevel() {
    let value: JSON = [
      "zeta": ["b": 1, "a": ["y": 1, "x": 2]],
      "alpha": [["d": 1, "c": 2]],
      "mid": .null,
    ]
    XCTAssertEqual(json(value), #"{"alpha":[{"c":2,"d":1}],"mid":null,"zeta":{"a":{"x":2,"y":1},"b":1}}"#)
  }

  func test_jsonSerializer_sortsKeysByStringOrderingSoUppercaseComesFirst() {
    let value: JSON = ["b": 1, "a": 2, "B": 3, "_": 4, "aa": 5, "é": 6, "": 7, "1": 8]
    XCTAssertEqual(json(value), #"{"":7,"1":8,"B":3,"_":4,"a":2,"aa":5,"b":1,"é":6}"#)
  }

  func test_unsortedOutput_containsEveryMember() throws {
    let value: JSON = ["b": 1, "a": ["d": 2, "c": 3], "e": [1, 2]]
    let data = JSONSerializer.serialize(value, sortedKeys: false)
    XCTAssertEqual(try JSONParser.parse(data), value)
    XCTAssertFalse(String(decoding: data, as: UTF8.self).contains(" "))
  }

  func test_jsonSerializer_escapesQuotesBackslashesAndControlCharacters() {
    XCTAssertEqual(json("\"\\"), #""\"\\""#)
    XCTAssertEqual(json("\u{08}\u{0C}\n\r\t"), #""\b\f\n\r\t""#)
    XCTAssertEqual(json("\u{0}\u{1}\u{0B}\u{1B}\u{1F}"), #""\u0000\u0001\u000b\u001b\u001f""#)
    XCTAssertEqual(json("a\u{0}b"), #""a\u0000b""#)
  }

  func test_jsonSerializer_doesNotEscapeSlashDeleteOrNonASCII() {
    XCTAssertEqual(json("a/b</script>"), #""a/b</script>""#)
    XCTAssertEqual(json("\u{7F}"), "\"\u{7F}\"")
    XCTAssertEqual(json("héllo € 😀 \u{2028}"), "\"héllo € 😀 \u{2028}\"")
    XCTAssertEqual(
      Array(JSONSerializer.serialize("é")),
      [0x22, 0xC3, 0xA9, 0x22]
    )
  }

  /// Strings are crossed eight bytes at a time: a character that needs escaping, next to plain ASCII and
  /// multi-byte text, is found at every offset within and across those words.
  func test_escapesAreFoundAtEveryOffset_besidePlainAndMultiByteText() {
    let specials: [(Character, String)] = [("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\u{1F}", #"\u001f"#),
                                           ("\u{0}", #"\u0000"#)]
    let fillers = ["a", "é", "😀", "\u{7F}", " "]
    for (special, escaped) in specials {
      for filler in fillers {
        for offset in 0..<20 {
          let prefix = String(repeating: filler, count: offset)
          let suffix = String(repeating: filler, count: 19 - offset)
          XCTAssertEqual(json(.string(prefix + String(special) + suffix)), "\"" + prefix + escaped + suffix + "\"",
                         "\(escaped) after \(offset) × \(filler)")
        }
      }
    }
    XCTAssertEqual(json(.string(String(repeating: "x", count: 1000))), "\"" + String(repeating: "x", count: 1000) + "\"")
  }

  func test_jsonSerializer_escapesKeysLikeValues() {
    XCTAssertEqual(json(["a\"b\n": "c"]), #"{"a\"b\n":"c"}"#)
  }

  func test_jsonSerializer_writesIntegers() {
    XCTAssertEqual(json(0), "0")
    XCTAssertEqual(json(7), "7")
    XCTAssertEqual(json(-42), "-42")
    XCTAssertEqual(json(1_234_567_890), "1234567890")
    XCTAssertEqual(json(.int(Int.max)), "9223372036854775807")
    XCTAssertEqual(json(.int(Int.min)), "-9223372036854775808")
  }

  func test_jsonSerializer_writesIntegralDoublesAsIntegers() {
    XCTAssertEqual(json(.double(3)), "3")
    XCTAssertEqual(json(.double(-3)), "-3")
    XCTAssertEqual(json(.double(0)), "0")
    XCTAssertEqual(json(.double(-0.0)), "-0")
    XCTAssertEqual(json(.double(9_007_199_254_740_992)), "9007199254740992")
    XCTAssertEqual(json(.double(-9_007_199_254_740_992)), "-9007199254740992")
  }

  func test_jsonSerializer_writesOtherDoublesWithShortestRoundTripDigits() {
    XCTAssertEqual(json(0.1), "0.1")
    XCTAssertEqual(json(1.5), "1.5")
    XCTAssertEqual(json(-2.25), "-2.25")
    XCTAssertEqual(json(.double(1.0 / 3.0)), "0.3333333333333333")
    XCTAssertEqual(json(1e-7), "1e-07")
    XCTAssertEqual(json(-2.5e-300), "-2.5e-300")
    XCTAssertEqual(json(.double(9_007_199_254_740_994)), "9.007199254740994e+15")
    XCTAssertEqual(json(1e20), "1e+20")
    XCTAssertEqual(json(.double(.greatestFiniteMagnitude)), "1.7976931348623157e+308")
    XCTAssertEqual(json(.double(.leastNonzeroMagnitude)), "5e-324")
  }

  func test_jsonSerializer_writesNonFiniteDoublesAsNull() {
    XCTAssertEqual(json([.double(.nan), .double(.infinity), .double(-.infinity)]), "[null,null,null]")
  }

  func test_objectOverload_matchesValueOverload() {
    let object: JSON.Object = ["query": "{ hero { name } }", "variables": ["episode": "JEDI"], "operationName": .null]
    XCTAssertEqual(JSONSerializer.serialize(object), JSONSerializer.serialize(.object(object)))
    XCTAssertEqual(
      String(decoding: JSONSerializer.serialize(object), as: UTF8.self),
      #"{"operationName":null,"query":"{ hero { name } }","variables":{"episode":"JEDI"}}"#
    )
  }

  func test_string_matchesSerializedData() {
    let value: JSON = ["a": ["é", 1.5, .null]]
    XCTAssertEqual(Data(json(value).utf8), JSONSerializer.serialize(value))
  }

  func test_jsonSerializer_matchesJSONSerializationWithSortedKeys() throws {
    // Limited to values both write identically on every platform: lowercase ASCII keys, no slashes,
    // no control characters, integers only.
    let value: JSON = [
      "data": [
        "hero": ["name": "R2-D2 \"Artoo\" \\ é 😀", "id": 2001, "friends": [["name": "Luke"], ["name": .null]]],
        "count": -5,
        "flags": [true, false],
      ],
      "errors": [],
    ]
    let foundation = try JSONSerialization.data(withJSONObject: value.foundationValue, options: [.sortedKeys])
    XCTAssertEqual(json(value), String(decoding: foundation, as: UTF8.self))
  }

  // MARK: Round trips

  func test_variedCorpus_roundTripsThroughSerializerAndParser() throws {
    let corpus: [JSON] = [
      .null, true, false, 0, -1, .int(Int.max), .int(Int.min), 0.5, -1.25e-8, 6.02214076e23, 1e300,
      "", "plain", "quotes \" and \\ backslashes", "controls \u{0}\u{1}\u{1F}\u{7F}\n\t", "unicode é€😀𝄞 \u{2028}",
      [], [:], [1, "two", .null, [3.5]],
      ["data": ["hero": ["__typename": "Droid", "name": "R2-D2", "friends": [["name": "Luke"], ["id": 1]]]]],
      ["": ["": [""]], "é": 1, "k\"ey": "v\\al"],
    ]
    for value in corpus {
      XCTAssertEqual(try JSONParser.parse(JSONSerializer.serialize(value)), value)
      XCTAssertEqual(try JSONParser.parse(JSONSerializer.serialize(value, sortedKeys: false)), value)
    }
  }

  func test_randomDocuments_roundTripThroughSerializerAndParser() throws {
    var generator = SplitMix64(seed: 42)
    for _ in 0..<300 {
      let value = randomValue(depth: 0, using: &generator)
      XCTAssertEqual(try JSONParser.parse(JSONSerializer.serialize(value)), value)
    }
  }

  func test_randomDoubleBitPatterns_roundTripThroughSerializerAndParser() throws {
    var generator = SplitMix64(seed: 7)
    var checked = 0
    while checked < 20_000 {
      let number = Double(bitPattern: generator.next())
      // Integral doubles up to 2^53 are written as integers and come back as `.int` by design.
      guard number.isFinite, !(number.magnitude <= 9_007_199_254_740_992 && number.rounded() == number) else {
        continue
      }
      checked += 1
      XCTAssertEqual(try JSONParser.parse(JSONSerializer.serialize(.double(number))), .double(number))
    }
  }

  private func randomValue(depth: Int, using generator: inout SplitMix64) -> JSON {
    let choice = depth > 4 ? Int.random(in: 0..<5, using: &generator) : Int.random(in: 0..<7, using: &generator)
    switch choice {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &generator))
    case 2: return .int(Int.random(in: Int.min...Int.max, using: &generator) >> Int.random(in: 0..<64, using: &generator))
    case 3:
      let number = Double.random(in: -1e6...1e6, using: &generator)
      return .double(number.rounded() == number ? number + 0.5 : number)
    case 4: return .string(randomString(using: &generator))
    case 5:
      return .array((0..<Int.random(in: 0..<6, using: &generator)).map { _ in
        randomValue(depth: depth + 1, using: &generator)
      })
    default:
      var object: JSON.Object = [:]
      for _ in 0..<Int.random(in: 0..<6, using: &generator) {
        object[randomString(using: &generator)] = randomValue(depth: depth + 1, using: &generator)
      }
      return .object(object)
    }
  }

  private func randomString(using generator: inout SplitMix64) -> String {
    let pieces: [String] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\u{0}", "\u{1F}", "é", "€", "😀", "𝄞", "__typename"]
    var string = ""
    for _ in 0..<Int.random(in: 0..<12, using: &generator) {
      string += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
    }
    return string
  }
}
