import Foundation

/// One part of a multipart body: the header fields and the body of a chunk from ``MultipartChunkSplitter``.
///
/// Splitting rule, in order:
/// 1. A chunk that starts with CRLF has no headers; the body is everything after that CRLF.
/// 2. Otherwise the first blank line (`"\r\n\r\n"`) separates the header lines from the body.
/// 3. A chunk without a blank line is all body when it starts with `{`, `[` or JSON whitespace (servers that
///    omit part headers), and all headers with an empty body otherwise.
///
/// Header lines are split at the first `:`; names are lower-cased, names and values trimmed of spaces and tabs,
/// lines without a colon are ignored, and repeated names are joined with `", "` as HTTP does.
public struct MultipartPart: Sendable, Hashable {
  /// Header fields keyed by lower-cased name.
  public let headers: [String: String]
  /// The part's payload, usually a JSON document.
  public let body: Data

  /// Creates a part from already separated headers (names are lower-cased) and body.
  public init(headers: [String: String], body: Data) {
    var lowered: [String: String] = [:]
    for (name, value) in headers { lowered[name.lowercased()] = value }
    self.headers = lowered
    self.body = body
  }

  private init(normalizedHeaders: [String: String], body: Data) {
    self.headers = normalizedHeaders
    self.body = body
  }

  /// The `Content-Type` header value, if present.
  public var contentType: String? { headers["content-type"] }

  /// The media types a GraphQL response part may declare (lower-cased).
  public static let graphQLMediaTypes: Set<String> = ["application/json", "application/graphql-response+json"]

  /// Whether the body holds nothing but whitespace (an empty part, or padding around a delimiter).
  public var bodyIsBlank: Bool {
    !body.contains { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
  }

  /// Splits `chunk` into headers and body (see the type's documentation for the rule).
  public static func parse(_ chunk: Data) -> MultipartPart {
    let bytes = [UInt8](chunk)
    if bytes.starts(with: [0x0D, 0x0A]) {
      return MultipartPart(normalizedHeaders: [:], body: Data(bytes[2...]))
    }
    if let blankLine = firstBlankLine(in: bytes) {
      return MultipartPart(
        normalizedHeaders: parseHeaders(bytes[..<blankLine]),
        body: Data(bytes[(blankLine + 4)...])
      )
    }
    switch bytes.first {
    case nil, UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0A, 0x0D:
      return MultipartPart(normalizedHeaders: [:], body: Data(bytes))
    default:
      return MultipartPart(normalizedHeaders: parseHeaders(bytes[...]), body: Data())
    }
  }

  private static func firstBlankLine(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 0...(bytes.count - 4)
    where bytes[index] == 0x0D && bytes[index + 1] == 0x0A && bytes[index + 2] == 0x0D && bytes[index + 3] == 0x0A {
      return index
    }
    return nil
  }

  /// Reads the header lines as bytes: CR, LF, `:`, spaces and tabs are ASCII, so lines and names are cut
  /// before any text is decoded (splitting decoded text by `Character` cost more than the rest of a part).
  private static func parseHeaders(_ section: ArraySlice<UInt8>) -> [String: String] {
    var headers: [String: String] = [:]
    var lineStart = section.startIndex
    var index = section.startIndex
    while index <= section.endIndex {
      let atLineEnd = index == section.endIndex
        || (section[index] == 0x0D && index + 1 < section.endIndex && section[index + 1] == 0x0A)
      guard atLineEnd else {
        index += 1
        continue
      }
      let line = section[lineStart..<index]
      if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
        let name = String(decoding: trimmed(line[..<colon]), as: UTF8.self).lowercased()
        let value = String(decoding: trimmed(line[(colon + 1)...]), as: UTF8.self)
        if !name.isEmpty {
          if headers[name] == nil {
            headers[name] = value
          } else {
            // Appended in place: a part of many repeated header lines stays linear in its size.
            headers[name, default: ""] += ", " + value
          }
        }
      }
      index += 2
      lineStart = min(index, section.endIndex)
    }
    return headers
  }

  /// `bytes` without leading and trailing spaces and tabs.
  private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    bytes.rangeWithoutHTTPWhitespace.map { bytes[$0] } ?? []
  }
}
