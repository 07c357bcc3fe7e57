import Foundation

/// Why a byte sequence is not valid JSON, and where the problem was found.
///
/// `offset` counts bytes from the first byte of the parsed `Data` (a leading byte order mark counts).
/// When the input ends too early it equals the input length.
public struct JSONParsingError: Error, Hashable, CustomStringConvertible {
  /// The kind of problem.
  public enum Kind: Hashable, Sendable {
    /// The input ended inside a value.
    case unexpectedEndOfInput
    /// A byte that cannot start or continue the value being read.
    case unexpectedCharacter(UInt8)
    /// A malformed number (leading zero, missing digits), or one too large for a `Double`.
    case invalidNumber
    /// A backslash escape that JSON does not define, or a `\u` escape without four hex digits.
    case invalidEscape
    /// A `\u` escape naming an unpaired UTF-16 surrogate.
    case invalidUnicodeScalar
    /// A string containing bytes that are not well-formed UTF-8.
    case invalidUTF8
    /// A string containing an unescaped byte below 0x20.
    case controlCharacterInString
    /// Something other than whitespace after the top-level value.
    case trailingData
    /// More than ``JSONParser/maximumDepth`` nested arrays and objects.
    case nestingTooDeep
    /// ``JSONParser/parseObject(_:)`` found a valid value that is not an object.
    case notAnObject
    /// The input holds nothing but whitespace (and possibly a byte order mark).
    case emptyInput
  }

  /// The kind of problem.
  public let kind: Kind
  /// The byte offset of the problem.
  public let offset: Int

  /// Creates an error; the parser is the usual source.
  public init(kind: Kind, offset: Int) {
    self.kind = kind
    self.offset = offset
  }

  /// For example `Invalid JSON at byte 12: unexpected character 'x'`.
  public var description: String {
    "Invalid JSON at byte \(offset): \(kind.message)"
  }
}

extension JSONParsingError.Kind {
  fileprivate var message: String {
    switch self {
    case .unexpectedEndOfInput: return "unexpected end of input"
    case .unexpectedCharacter(let byte):
      // Printable ASCII is shown as itself; anything else as hex so logs stay readable.
      if byte >= 0x21 && byte <= 0x7E {
        return "unexpected character '\(Character(Unicode.Scalar(byte)))'"
      }
      return "unexpected byte 0x\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16, uppercase: true))"
    case .invalidNumber: return "invalid number"
    case .invalidEscape: return "invalid escape sequence"
    case .invalidUnicodeScalar: return "unpaired UTF-16 surrogate in \\u escape"
    case .invalidUTF8: return "invalid UTF-8 in string"
    case .controlCharacterInString: return "unescaped control character in string"
    case .trailingData: return "unexpected data after the top-level value"
    case .nestingTooDeep: return "arrays and objects nested more than \(JSONParser.maximumDepth) deep"
    case .notAnObject: return "top-level value is not an object"
    case .emptyInput: return "empty input"
    }
  }
}

/// A strict RFC 8259 JSON parser producing ``JSON``.
///
/// Integers that fit in `Int` become ``JSON/int(_:)`` (so `-0` is `.int(0)`); every other number
/// becomes ``JSON/double(_:)``. Numbers beyond the `Double` range are rejected, as Foundation does.
/// Duplicate object keys keep the last value. A leading UTF-8 byte order mark is skipped.
public enum JSONParser {
  /// How many arrays and objects may be open at once; deeper input fails with `.nestingTooDeep`.
  public static let maximumDepth = 512

  /// Parses one JSON value (of any type) that spans the whole of `data`.
  public static func parse(_ data: Data) throws(JSONParsingError) -> JSON {
    try parseDocument(data).value
  }

  /// Parses a JSON document whose top-level value must be an object.
  ///
  /// Syntax errors win over `.notAnObject`, which points at the start of the top-level value.
  public static func parseObject(_ data: Data) throws(JSONParsingError) -> JSON.Object {
    let (value, start) = try parseDocument(data)
    guard case .object(let object) = value else {
      throw JSONParsingError(kind: .notAnObject, offset: start)
    }
    return object
  }

  private static func parseDocument(_ data: Data) throws(JSONParsingError) -> (value: JSON, start: Int) {
    // `withUnsafeBytes` only rethrows untyped errors, so the typed error travels out in a Result.
    let result = data.withUnsafeBytes { raw -> Result<(value: JSON, start: Int), JSONParsingError> in
      var parser = ByteParser(bytes: raw.bindMemory(to: UInt8.self))
      return Result { () throws(JSONParsingError) in try parser.parseDocument() }
    }
    return try result.get()
  }
}

// MARK: - Implementation

private enum ASCII {
  static let tab: UInt8 = 0x09
  static let newline: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D
  static let space: UInt8 = 0x20
  static let quote: UInt8 = 0x22
  static let plus: UInt8 = 0x2B
  static let comma: UInt8 = 0x2C
  static let minus: UInt8 = 0x2D
  static let period: UInt8 = 0x2E
  static let slash: UInt8 = 0x2F
  static let zero: UInt8 = 0x30
  static let nine: UInt8 = 0x39
  static let colon: UInt8 = 0x3A
  static let upperE: UInt8 = 0x45
  static let openBracket: UInt8 = 0x5B
  static let backslash: UInt8 = 0x5C
  static let closeBracket: UInt8 = 0x5D
  static let lowerB: UInt8 = 0x62
  static let lowerE: UInt8 = 0x65
  static let lowerF: UInt8 = 0x66
  static let lowerN: UInt8 = 0x6E
  static let lowerR: UInt8 = 0x72
  static let lowerT: UInt8 = 0x74
  static let lowerU: UInt8 = 0x75
  static let openBrace: UInt8 = 0x7B
  static let closeBrace: UInt8 = 0x7D
}

/// Exact powers of ten: every one up to 1e22 is representable, which the number fast path relies on.
private let exactPowersOfTen: [Double] = [
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

/// A cursor over the input bytes; lives only inside `withUnsafeBytes`.
private struct ByteParser {
  let bytes: UnsafeBufferPointer<UInt8>
  let end: Int
  var index = 0
  var depth = 0
  /// Reused for strings that contain escapes, so they cost one allocation per document, not per string.
  var scratch: [UInt8] = []
  /// The size of the last container closed at each depth, capped at `maximumCapacityHint`. Siblings in
  /// GraphQL responses usually share a shape, so reserving that much up front avoids most rehashing and
  /// regrowth; the cap bounds what a wrong guess can waste.
  var capacityHints: [Int] = []
  static let maximumCapacityHint = 64

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    self.end = bytes.count
  }

  private func error(_ kind: JSONParsingError.Kind, at offset: Int) -> JSONParsingError {
    JSONParsingError(kind: kind, offset: offset)
  }

  mutating func parseDocument() throws(JSONParsingError) -> (value: JSON, start: Int) {
    if end >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
      index = 3
    }
    skipWhitespace()
    guard index < end else { throw error(.emptyInput, at: index) }
    let start = index
    let value = try parseValue()
    skipWhitespace()
    guard index == end else { throw error(.trailingData, at: index) }
    return (value, start)
  }

  @inline(__always)
  private mutating func skipWhitespace() {
    while index < end {
      let byte = bytes[index]
      guard byte == ASCII.space || byte == ASCII.newline || byte == ASCII.carriageReturn || byte == ASCII.tab
      else { return }
      index += 1
    }
  }

  /// Parses the value starting at `index`, which must not be whitespace.
  private mutating func parseValue() throws(JSONParsingError) -> JSON {
    guard index < end else { throw error(.unexpectedEndOfInput, at: end) }
    switch bytes[index] {
    case ASCII.quote: return .string(try parseString())
    case ASCII.openBrace: return .object(try parseObject())
    case ASCII.openBracket: return .array(try parseArray())
    case ASCII.minus, ASCII.zero...ASCII.nine: return try parseNumber()
    case ASCII.lowerT:
      try expectLiteral("true")
      return .bool(true)
    case ASCII.lowerF:
      try expectLiteral("false")
      return .bool(false)
    case ASCII.lowerN:
      try expectLiteral("null")
      return .null
    case let byte:
      throw error(.unexpectedCharacter(byte), at: index)
    }
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(JSONParsingError) {
    let count = literal.utf8CodeUnitCount
    let expected = literal.utf8Start
    for offset in 0..<count {
      let position = index + offset
      guard position < end else { throw error(.unexpectedEndOfInput, at: end) }
      let byte = bytes[position]
      guard byte == expected[offset] else { throw error(.unexpectedCharacter(byte), at: position) }
    }
    index += count
  }

  private mutating func enterContainer() throws(JSONParsingError) {
    depth += 1
    guard depth <= JSONParser.maximumDepth else { throw error(.nestingTooDeep, at: index) }
  }

  /// Requires the byte at `index` (after whitespace) to be `expected`, and steps over it.
  @inline(__always)
  private mutating func expect(_ expected: UInt8) throws(JSONParsingError) {
    skipWhitespace()
    guard index < end else { throw error(.unexpectedEndOfInput, at: end) }
    let byte = bytes[index]
    guard byte == expected else { throw error(.unexpectedCharacter(byte), at: index) }
    index += 1
  }

  private mutating func parseObject() throws(JSONParsingError) -> JSON.Object {
    try enterContainer()
    index += 1
    skipWhitespace()
    if index < end && bytes[index] == ASCII.closeBrace {
      index += 1
      depth -= 1
      return [:]
    }
    while capacityHints.count <= depth { capacityHints.append(0) }
    var object = JSON.Object(minimumCapacity: capacityHints[depth])
    while true {
      skipWhitespace()
      guard index < end else { throw error(.unexpectedEndOfInput, at: end) }
      guard bytes[index] == ASCII.quote else { throw error(.unexpectedCharacter(bytes[index]), at: index) }
      let key = try parseString()
      try expect(ASCII.colon)
      skipWhitespace()
      // Assignment rather than insertion, so a duplicate key keeps its last value.
      object[key] = try parseValue()
      skipWhitespace()
      guard index < end else { throw error(.unexpectedEndOfInput, at: end) }
      let separator = bytes[index]
      index += 1
      if separator == ASCII.comma { continue }
      if separator == ASCII.closeBrace { break }
      throw error(.unexpectedCharacter(separator), at: index - 1)
    }
    capacityHints[depth] = min(object.count, Self.maximumCapacityHint)
    depth -= 1
    return object
  }

  private mutating func parseArray() throws(JSONParsingError) -> [JSON] {
    try enterContainer()
    index += 1
    skipWhitespace()
    if index < end && bytes[index] == ASCII.closeBracket {
      index += 1
      depth -= 1
      return []
    }
    while capacityHints.count <= depth { capacityHints.append(0) }
    var array: [JSON] = []
    array.reserveCapacity(capacityHints[depth])
    while true {
      skipWhitespace()
      array.append(try parseValue())
      skipWhitespace()
      guard index < end else { throw error(.unexpectedEndOfInput, at: end) }
      let separator = bytes[index]
      index += 1
      if separator == ASCII.comma { continue }
      if separator == ASCII.closeBracket { break }
      throw error(.unexpectedCharacter(separator), at: index - 1)
    }
    capacityHints[depth] = min(array.count, Self.maximumCapacityHint)
    depth -= 1
    return array
  }

  // MARK: Strings

  /// Parses the string whose opening quote is at `index`.
  private mutating func parseString() throws(JSONParsingError) -> String {
    let start = index + 1
    var position = start
    while true {
      position = skipPlainASCII(from: position)
      guard position < end else { throw error(.unexpectedEndOfInput, at: end) }
      let byte = bytes[position]
      if byte == ASCII.quote {
        index = position + 1
        if position == start { return "" }
        // Already validated, so decoding cannot substitute replacement characters.
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
      }
      if byte == ASCII.backslash {
        return try parseEscapedString(start: start, firstEscape: position)
      }
      if byte < ASCII.space { throw error(.controlCharacterInString, at: position) }
      position = try skipMultiByteScalar(at: position)
    }
  }

  /// The index of the first byte at or after `start` that is a quote, a backslash, a control character
  /// or non-ASCII (or `end`).
  @inline(__always)
  private func skipPlainASCII(from start: Int) -> Int {
    JSONStringScan.firstSpecial(in: bytes, from: start, stopAtNonASCII: true)
  }

  /// The slow path for strings with escapes: unescaped runs are copied in bulk into `scratch`.
  private mutating func parseEscapedString(start: Int, firstEscape: Int) throws(JSONParsingError) -> String {
    scratch.removeAll(keepingCapacity: true)
    var runStart = start
    var position = firstEscape
    while true {
      position = skipPlainASCII(from: position)
      guard position < end else { throw error(.unexpectedEndOfInput, at: end) }
      let byte = bytes[position]
      if byte == ASCII.quote || byte == ASCII.backslash {
        if runStart < position {
          scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
        }
        if byte == ASCII.quote {
          index = position + 1
          return String(decoding: scratch, as: UTF8.self)
        }
        position = try decodeEscape(at: position)
        runStart = position
      } else if byte < ASCII.space {
        throw error(.controlCharacterInString, at: position)
      } else {
        position = try skipMultiByteScalar(at: position)
      }
    }
  }

  /// Appends the UTF-8 of the escape whose backslash is at `position`; returns the index after it.
  private mutating func decodeEscape(at position: Int) throws(JSONParsingError) -> Int {
    guard position + 1 < end else { throw error(.unexpectedEndOfInput, at: end) }
    let replacement: UInt8
    switch bytes[position + 1] {
    case ASCII.quote: replacement = ASCII.quote
    case ASCII.backslash: replacement = ASCII.backslash
    case ASCII.slash: replacement = ASCII.slash
    case ASCII.lowerB: replacement = 0x08
    case ASCII.lowerF: replacement = 0x0C
    case ASCII.lowerN: replacement = ASCII.newline
    case ASCII.lowerR: replacement = ASCII.carriageReturn
    case ASCII.lowerT: replacement = ASCII.tab
    case ASCII.lowerU:
      return try decodeUnicodeEscape(at: position)
    default:
      throw error(.invalidEscape, at: position)
    }
    scratch.append(replacement)
    return position + 2
  }

  private mutating func decodeUnicodeEscape(at position: Int) throws(JSONParsingError) -> Int {
    let unit = try hexQuad(escapeAt: position)
    var next = position + 6
    let scalarValue: UInt32
    switch unit {
    case 0xD800...0xDBFF:
      // A high surrogate is only valid when a `\u` low surrogate follows immediately.
      guard next + 1 < end, bytes[next] == ASCII.backslash, bytes[next + 1] == ASCII.lowerU else {
        if next >= end || (next + 1 >= end && bytes[next] == ASCII.backslash) {
          throw error(.unexpectedEndOfInput, at: end)
        }
        throw error(.invalidUnicodeScalar, at: position)
      }
      let low = try hexQuad(escapeAt: next)
      guard (0xDC00...0xDFFF).contains(low) else { throw error(.invalidUnicodeScalar, at: position) }
      scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
      next += 6
    case 0xDC00...0xDFFF:
      throw error(.invalidUnicodeScalar, at: position)
    default:
      scalarValue = UInt32(unit)
    }
    appendUTF8(scalarValue)
    return next
  }

  /// Reads the four hex digits of the `\u` escape whose backslash is at `position`.
  private func hexQuad(escapeAt position: Int) throws(JSONParsingError) -> UInt16 {
    var value: UInt16 = 0
    for digitIndex in (position + 2)..<(position + 6) {
      guard digitIndex < end else { throw error(.unexpectedEndOfInput, at: end) }
      let byte = bytes[digitIndex]
      let digit: UInt8
      switch byte {
      case ASCII.zero...ASCII.nine: digit = byte &- ASCII.zero
      case 0x41...0x46: digit = byte &- 0x41 &+ 10
      case 0x61...0x66: digit = byte &- 0x61 &+ 10
      default: throw error(.invalidEscape, at: position)
      }
      value = value << 4 | UInt16(digit)
    }
    return value
  }

  private mutating func appendUTF8(_ scalar: UInt32) {
    switch scalar {
    case 0..<0x80:
      scratch.append(UInt8(scalar))
    case 0x80..<0x800:
      scratch.append(0xC0 | UInt8(scalar >> 6))
      scratch.append(0x80 | UInt8(scalar & 0x3F))
    case 0x800..<0x10000:
      scratch.append(0xE0 | UInt8(scalar >> 12))
      scratch.append(0x80 | UInt8((scalar >> 6) & 0x3F))
      scratch.append(0x80 | UInt8(scalar & 0x3F))
    default:
      scratch.append(0xF0 | UInt8(scalar >> 18))
      scratch.append(0x80 | UInt8((scalar >> 12) & 0x3F))
      scratch.append(0x80 | UInt8((scalar >> 6) & 0x3F))
      scratch.append(0x80 | UInt8(scalar & 0x3F))
    }
  }

  /// Validates the multi-byte UTF-8 sequence whose lead byte is at `position` and returns the index after it.
  ///
  /// Rejects overlong forms, surrogates and values above U+10FFFF (Unicode table 3-7), reporting the lead byte.
  @inline(__always)
  private func skipMultiByteScalar(at position: Int) throws(JSONParsingError) -> Int {
    let lead = bytes[position]
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; secondRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; secondRange = 0x80...0x9F
    case 0xF0: length = 4; secondRange = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; secondRange = 0x80...0x8F
    default: throw error(.invalidUTF8, at: position)
    }
    guard position + length <= end, secondRange.contains(bytes[position + 1]) else {
      throw error(.invalidUTF8, at: position)
    }
    var continuation = position + 2
    while continuation < position + length {
      guard bytes[continuation] & 0xC0 == 0x80 else { throw error(.invalidUTF8, at: position) }
      continuation += 1
    }
    return position + length
  }

  // MARK: Numbers

  private mutating func parseNumber() throws(JSONParsingError) -> JSON {
    let start = index
    var position = index
    let negative = bytes[position] == ASCII.minus
    if negative { position += 1 }

    // Integer part, accumulated towards the sign so that Int.min parses without overflow.
    var integer = 0
    var overflowed = false
    var significand: UInt64 = 0
    var significantDigits = 0
    guard position < end else { throw error(.invalidNumber, at: position) }
    let first = bytes[position]
    if first == ASCII.zero {
      position += 1
      if position < end && isDigit(bytes[position]) { throw error(.invalidNumber, at: position) }
    } else if isDigit(first) {
      while position < end, isDigit(bytes[position]) {
        let digit = Int(bytes[position] &- ASCII.zero)
        if !overflowed {
          let (shifted, overflowA) = integer.multipliedReportingOverflow(by: 10)
          let (next, overflowB) = negative
            ? shifted.subtractingReportingOverflow(digit)
            : shifted.addingReportingOverflow(digit)
          overflowed = overflowA || overflowB
          integer = next
        }
        if significantDigits < 19 { significand = significand &* 10 &+ UInt64(digit) }
        significantDigits += 1
        position += 1
      }
    } else {
      throw error(.invalidNumber, at: position)
    }

    var isInteger = true
    var decimalExponent = 0
    if position < end && bytes[position] == ASCII.period {
      isInteger = false
      position += 1
      guard position < end, isDigit(bytes[position]) else { throw error(.invalidNumber, at: position) }
      while position < end, isDigit(bytes[position]) {
        // Leading zeros of a fraction like 0.0001 are not significant.
        if significantDigits > 0 || bytes[position] != ASCII.zero {
          if significantDigits < 19 { significand = significand &* 10 &+ UInt64(bytes[position] &- ASCII.zero) }
          significantDigits += 1
        }
        decimalExponent -= 1
        position += 1
      }
    }
    if position < end && (bytes[position] == ASCII.lowerE || bytes[position] == ASCII.upperE) {
      isInteger = false
      position += 1
      var exponentNegative = false
      if position < end && (bytes[position] == ASCII.plus || bytes[position] == ASCII.minus) {
        exponentNegative = bytes[position] == ASCII.minus
        position += 1
      }
      guard position < end, isDigit(bytes[position]) else { throw error(.invalidNumber, at: position) }
      var exponent = 0
      while position < end, isDigit(bytes[position]) {
        // Saturate: anything this large is out of Double range and handled by the slow path.
        if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[position] &- ASCII.zero) }
        position += 1
      }
      decimalExponent += exponentNegative ? -exponent : exponent
    }
    index = position

    if isInteger && !overflowed { return .int(integer) }

    // Clinger's fast path: a significand below 2^53 and a power of ten up to 1e22 are both exact,
    // so a single multiply or divide is correctly rounded.
    if significantDigits <= 15 && decimalExponent >= -22 && decimalExponent <= 22 {
      var value = Double(significand)
      if decimalExponent < 0 {
        value /= exactPowersOfTen[-decimalExponent]
      } else {
        value *= exactPowersOfTen[decimalExponent]
      }
      return .double(negative ? -value : value)
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else { throw error(.invalidNumber, at: start) }
    return .double(value)
  }

  @inline(__always)
  private func isDigit(_ byte: UInt8) -> Bool {
    byte &- ASCII.zero < 10
  }
}
