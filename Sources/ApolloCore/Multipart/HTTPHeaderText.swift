// Header text in the multipart hot path, read as ASCII bytes.
//
// Foundation's `trimmingCharacters(in:)` and `contains(_:)` go through `NSString` on Linux, copying the
// text each time; with a multipart response of many small parts they were the largest costs per part.
// HTTP's own rules are ASCII: its optional whitespace is spaces and horizontal tabs (RFC 9110 `OWS`), and
// media types and parameter names compare case-insensitively in ASCII.

extension Substring {
  /// This text without leading and trailing spaces and horizontal tabs (other Unicode spaces stay).
  package func trimmingHTTPWhitespace() -> Substring {
    let isContent: (UInt8) -> Bool = { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
    guard let first = utf8.firstIndex(where: isContent), let last = utf8.lastIndex(where: isContent) else {
      return self[endIndex...]
    }
    return self[first...last]
  }
}

extension String {
  /// Whether `needle` (ASCII) occurs in this text, ASCII letters compared case-insensitively when asked.
  package func containsASCII(_ needle: String, caseInsensitive: Bool = false) -> Bool {
    let haystack = Array(utf8)
    let pattern = Array(needle.utf8)
    guard !pattern.isEmpty else { return true }
    guard haystack.count >= pattern.count else { return false }
    let fold: (UInt8) -> UInt8 = { caseInsensitive && $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    let folded = pattern.map(fold)
    for start in 0...(haystack.count - pattern.count) {
      var matched = true
      for offset in 0..<folded.count where fold(haystack[start + offset]) != folded[offset] {
        matched = false
        break
      }
      if matched { return true }
    }
    return false
  }
}
