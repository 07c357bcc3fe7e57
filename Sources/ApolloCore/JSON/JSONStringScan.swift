/// Finds, eight bytes at a time, the next byte of JSON string text that cannot stay as it is.
///
/// The parser stops there to end or unescape a string, the serializer to escape; both spend most of
/// their string time in runs of plain text, which this crosses a word at a time.
enum JSONStringScan {
  /// The index of the first byte in `start..<bytes.count` that is a quote, a backslash or a control
  /// character (below U+0020), or, with `stopAtNonASCII`, any byte of a multi-byte scalar;
  /// `bytes.count` when there is none.
  @inline(__always)
  static func firstSpecial(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, stopAtNonASCII: Bool) -> Int {
    let end = bytes.count
    var position = start
    if let base = UnsafeRawPointer(bytes.baseAddress) {
      while position &+ 8 <= end {
        // Little-endian order puts the first byte in the low bits on every platform.
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        let quotes = word ^ 0x2222_2222_2222_2222
        let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
        // The classic "has zero byte" and "has byte less than n" tests (plus, when asked, the high bits
        // for non-ASCII). Their lowest flagged byte is always exact (borrows only run upwards), which is
        // all this uses.
        var flagged = ((quotes &- 0x0101_0101_0101_0101) & ~quotes)
          | ((backslashes &- 0x0101_0101_0101_0101) & ~backslashes)
          | ((word &- 0x2020_2020_2020_2020) & ~word)
        if stopAtNonASCII { flagged |= word }
        // Without the non-ASCII stop, a byte ≥ 0x80 sets its high bit in the tests above only through
        // `~word`, which is clear for it, so it is never flagged by itself.
        let special = flagged & 0x8080_8080_8080_8080
        if special != 0 { return position &+ special.trailingZeroBitCount >> 3 }
        position &+= 8
      }
    }
    while position < end {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || (stopAtNonASCII && byte >= 0x80) {
        break
      }
      position += 1
    }
    return position
  }
}
