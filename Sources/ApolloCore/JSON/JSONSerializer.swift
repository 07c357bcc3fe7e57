import Foundation

/// Writes ``JSON`` as compact JSON (no insignificant whitespace), in the shape `JSONSerialization`
/// produces with `.sortedKeys` and `.withoutEscapingSlashes`.
///
/// - Keys are sorted with Swift's `String` `<` (Unicode scalar order after canonical normalization), not the
///   locale-aware comparison Foundation uses, so the output is identical on every platform; with ASCII keys
///   the only difference is that uppercase letters sort before lowercase ones.
/// - `/` is not escaped (JSON does not require it, and it keeps URLs readable and hashes stable).
///   `"`, `\` and the control characters U+0000–U+001F are escaped: `\b \f \n \r \t` in short form, the rest
///   as lowercase `\u00xx`. Everything else, including non-ASCII, is written as raw UTF-8.
/// - A double with an integral value of magnitude at most 2^53 is written as an integer (`3`, `-0`);
///   other finite doubles use Swift's shortest round-tripping `description` (`0.1`, `1e+20`).
///   NaN and infinity cannot be represented in JSON and are written as `null`.
public enum JSONSerializer {
  /// Serializes `value` to UTF-8 JSON.
  public static func serialize(_ value: JSON, sortedKeys: Bool = true) -> Data {
    Data(bytes(value, sortedKeys: sortedKeys))
  }

  /// Serializes `object` to UTF-8 JSON.
  public static func serialize(_ object: JSON.Object, sortedKeys: Bool = true) -> Data {
    var writer = JSONWriter(sortedKeys: sortedKeys)
    writer.writeObject(object)
    return Data(writer.output)
  }

  /// Serializes `value` to a JSON string.
  public static func string(_ value: JSON, sortedKeys: Bool = true) -> String {
    String(decoding: bytes(value, sortedKeys: sortedKeys), as: UTF8.self)
  }

  /// Whether `number` is written as an integer (and so read back as ``JSON/int(_:)``): a finite integral value
  /// of magnitude at most 2^53.
  package static func writesAsInteger(_ number: Double) -> Bool {
    number.isFinite && number.magnitude <= 9_007_199_254_740_992 && number.rounded(.towardZero) == number
  }

  private static func bytes(_ value: JSON, sortedKeys: Bool) -> [UInt8] {
    var writer = JSONWriter(sortedKeys: sortedKeys)
    writer.write(value)
    return writer.output
  }
}

private struct JSONWriter {
  let sortedKeys: Bool
  var output: [UInt8] = []

  init(sortedKeys: Bool) {
    self.sortedKeys = sortedKeys
    // Most request bodies fit; larger ones grow geometrically. The buffer stays under glibc's large-bin
    // size (1,024 bytes with the array's header): a larger first allocation made malloc merge its freed
    // small chunks (`malloc_consolidate`) on every request.
    output.reserveCapacity(960)
  }

  mutating func write(_ value: JSON) {
    switch value {
    case .null: appendLiteral("null")
    case .bool(let flag): appendLiteral(flag ? "true" : "false")
    case .int(let number): writeInteger(number)
    case .double(let number): writeDouble(number)
    case .string(let string): writeString(string)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      var first = true
      for element in elements {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        write(element)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      writeObject(object)
    }
  }

  mutating func writeObject(_ object: JSON.Object) {
    output.append(UInt8(ascii: "{"))
    // One member is in order already; sorting would copy it into a new array.
    if sortedKeys && object.count > 1 {
      var first = true
      for (key, value) in object.sorted(by: { $0.key < $1.key }) {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        writeMember(key, value)
      }
    } else {
      var first = true
      for (key, value) in object {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        writeMember(key, value)
      }
    }
    output.append(UInt8(ascii: "}"))
  }

  private mutating func writeMember(_ key: String, _ value: JSON) {
    writeString(key)
    output.append(UInt8(ascii: ":"))
    write(value)
  }

  private mutating func appendLiteral(_ literal: StaticString) {
    output.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  private mutating func writeInteger(_ number: Int) {
    if number < 0 { output.append(UInt8(ascii: "-")) }
    writeDigits(number.magnitude)
  }

  /// Writes the decimal digits without going through `String`.
  private mutating func writeDigits(_ magnitude: UInt) {
    if magnitude < 10 {
      output.append(UInt8(ascii: "0") + UInt8(magnitude))
      return
    }
    // 20 digits hold any 64-bit value; digits are produced backwards, then reversed into place.
    var remaining = magnitude
    let start = output.count
    while remaining > 0 {
      let (quotient, digit) = remaining.quotientAndRemainder(dividingBy: 10)
      output.append(UInt8(ascii: "0") + UInt8(digit))
      remaining = quotient
    }
    output[start...].reverse()
  }

  private mutating func writeDouble(_ number: Double) {
    guard number.isFinite else {
      appendLiteral("null")
      return
    }
    if JSONSerializer.writesAsInteger(number) {
      if number.sign == .minus { output.append(UInt8(ascii: "-")) }
      writeDigits(UInt(number.magnitude))
      return
    }
    output.append(contentsOf: number.description.utf8)
  }

  private mutating func writeString(_ string: String) {
    output.append(UInt8(ascii: "\""))
    var string = string
    // `withUTF8` makes bridged strings contiguous once, so the scan below always runs over a buffer.
    string.withUTF8 { utf8 in
      var runStart = 0
      var position = 0
      while true {
        // Plain text (non-ASCII included) is copied in runs; only the bytes JSON escapes stop the scan.
        position = JSONStringScan.firstSpecial(in: utf8, from: position, stopAtNonASCII: false)
        guard position < utf8.count else { break }
        let byte = utf8[position]
        if runStart < position {
          output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<position]))
        }
        position += 1
        runStart = position
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        default:
          let hexDigits: StaticString = "0123456789abcdef"
          output.append(UInt8(ascii: "u"))
          output.append(UInt8(ascii: "0"))
          output.append(UInt8(ascii: "0"))
          output.append(hexDigits.utf8Start[Int(byte >> 4)])
          output.append(hexDigits.utf8Start[Int(byte & 0x0F)])
        }
      }
      if runStart < utf8.count {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
