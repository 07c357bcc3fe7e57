// Header text in the multipart hot path, read as ASCII bytes.
//
// Foundation's `trimmingCharacters(in:)` and `contains(_:)` go through `NSString` on Linux, copying the
// text each time; with a multipart response of many small parts they were the largest costs per part.
// HTTP's own rules are ASCII: its optional whitespace is spaces and horizontal tabs (RFC 9110 `OWS`), and
// media types and parameter names compare case-insensitively in ASCII.

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
  /// Whether `needle` (ASCII) occurs in this text, ASCII letters compared case-insensitively when asked. Read on
  /// the UTF-8 view in place: it runs for every part of a multipart response.
  package func containsASCII(_ needle: String, caseInsensitive: Bool = false) -> Bool {
    let fold: (UInt8) -> UInt8 = { caseInsensitive && $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    let pattern = needle.utf8
    var start = utf8.startIndex
    while true {
      if utf8[start...].starts(with: pattern, by: { fold($0) == fold($1) }) { return true }
      guard start != utf8.endIndex else { return false }
      utf8.formIndex(after: &start)
    }
  }
}
