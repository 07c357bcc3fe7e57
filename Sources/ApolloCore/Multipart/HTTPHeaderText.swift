// Header text on the hot path (header field names, media types, multipart part headers), read as ASCII bytes.
//
// Foundation's `trimmingCharacters(in:)` and `contains(_:)` go through `NSString` on Linux, copying the
// text each time; with a multipart response of many small parts they were the largest costs per part.
// HTTP's own rules are ASCII: its optional whitespace is spaces and horizontal tabs (RFC 9110 `OWS`), and
// field names, media types and parameter names compare case-insensitively in ASCII.

extension UInt8 {
  /// This byte with an ASCII capital letter made lowercase; every other byte as it is.
  package var asciiLowercased: UInt8 {
    self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") ? self | 0x20 : self
  }
}

extension BidirectionalCollection where Element == UInt8 {
  /// Where the bytes are without leading and trailing spaces and horizontal tabs (HTTP's optional whitespace);
  /// `nil` when there is nothing else.
  package var rangeWithoutHTTPWhitespace: ClosedRange<Index>? {
    let isContent: (UInt8) -> Bool = { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
    guard let first = firstIndex(where: isContent), let last = lastIndex(where: isContent) else { return nil }
    return first...last
  }
}

extension Substring {
  /// This text without leading and trailing spaces and horizontal tabs (other Unicode spaces stay).
  package func trimmingHTTPWhitespace() -> Substring {
    utf8.rangeWithoutHTTPWhitespace.map { self[$0] } ?? self[endIndex...]
  }
}

extension String {
  /// Whether `needle` (ASCII) occurs in this text, ASCII letters compared case-insensitively when asked. Read as
  /// contiguous bytes in place (a native string is not copied): it runs for every response and every part of a
  /// multipart response, where a generic search over the UTF-8 view cost a few percent of a small request.
  package func containsASCII(_ needle: String, caseInsensitive: Bool = false) -> Bool {
    var text = self
    var needle = needle
    return text.withUTF8 { text in
      needle.withUTF8 { pattern in
        guard let first = pattern.first else { return true }
        guard pattern.count <= text.count else { return false }
        let fold: (UInt8) -> UInt8 = { caseInsensitive ? $0.asciiLowercased : $0 }
        let folded = fold(first)
        for start in 0...(text.count - pattern.count) where fold(text[start]) == folded {
          var offset = 1
          while offset < pattern.count, fold(text[start + offset]) == fold(pattern[offset]) { offset += 1 }
          if offset == pattern.count { return true }
        }
        return false
      }
    }
  }
}
