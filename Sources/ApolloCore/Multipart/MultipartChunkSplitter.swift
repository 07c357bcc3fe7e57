import Foundation

/// Splits a `multipart/mixed` HTTP body into chunks as its bytes arrive, in slices of any size.
///
/// The rules follow Apollo iOS's response chunk sequence:
/// - A chunk ends where the delimiter `"\r\n--" + boundary` is first complete. The start of the body counts
///   as if preceded by CRLF, so a body that opens with `--boundary` splits there too.
/// - Whatever lies between two delimiters is a candidate. One leading CRLF is removed from it; it is then
///   dropped when it is empty or starts with `--` (what follows a close delimiter), and handed out otherwise,
///   headers included (see ``MultipartPart``). Any further CRLFs are kept.
/// - ``finish()`` treats the unterminated rest of the body as a last candidate.
/// - Without a boundary nothing is split: ``finish()`` hands out the whole body under the same rules.
///
/// Two deliberate differences from upstream: upstream drops only a candidate that is exactly `--` (so a
/// trailing `--\r\n` after the close delimiter reaches the next layer), and it does not treat the start of the
/// body as following a CRLF (so a body opening with `--boundary` yields one chunk that starts with it).
///
/// Each byte is examined once, whatever the slice sizes, so splitting is linear in the body size.
public struct MultipartChunkSplitter: Sendable {
  /// `"\r\n--" + boundary`, or `nil` when the body is not multipart.
  private let delimiter: [UInt8]?
  /// For each delimiter prefix, the length of its longest proper prefix that is also a suffix (KMP), so a
  /// failed partial match resumes without re-reading bytes.
  private let fallback: [Int]
  /// Bytes received but not yet handed out; the current candidate starts at `candidateStart`.
  private var buffer: [UInt8] = []
  private var candidateStart = 0
  /// How many delimiter bytes the most recent bytes match.
  private var matched: Int
  /// The largest part this splitter holds while waiting for its delimiter (see ``MultipartLimits``).
  public let maximumPartSize: Int

  /// Creates a splitter for parts separated by `boundary`; `nil` means the body is a single chunk.
  /// - Parameter maximumPartSize: see ``isOverPartSizeLimit``; ``MultipartLimits/maximumPartSize`` by default.
  public init(boundary: String?, maximumPartSize: Int = MultipartLimits.maximumPartSize) {
    self.maximumPartSize = maximumPartSize
    if let boundary {
      let delimiter = Array("\r\n--".utf8) + Array(boundary.utf8)
      self.delimiter = delimiter
      self.fallback = Self.fallbackTable(for: delimiter)
    } else {
      self.delimiter = nil
      self.fallback = []
    }
    matched = Self.initialMatch
  }

  /// Whether the part waiting for its delimiter holds more than ``maximumPartSize`` bytes: the caller
  /// should abandon the response (``MultipartPartTooLargeError``). Always `false` without a boundary,
  /// where the body is one chunk, held as any response body is.
  public var isOverPartSizeLimit: Bool {
    delimiter != nil && buffer.count - candidateStart > maximumPartSize
  }

  /// The start of the body behaves as if it followed a CRLF: the first two delimiter bytes are already matched.
  private static let initialMatch = 2

  /// Adds the next slice of the body and returns the chunks it completes, in order.
  public mutating func append(_ bytes: Data) -> [Data] {
    guard let delimiter else {
      buffer.append(contentsOf: bytes)
      return []
    }
    let scanStart = buffer.count
    buffer.append(contentsOf: bytes)
    var cuts: [(candidate: Range<Int>, next: Int)] = []
    scan(from: scanStart, delimiter: delimiter, cuts: &cuts)

    var chunks: [Data] = []
    for cut in cuts {
      if let chunk = Self.chunk(from: buffer[cut.candidate]) { chunks.append(chunk) }
      candidateStart = cut.next
    }
    // Drop what has been handed out, at most once per call, so the cost stays proportional to the input.
    if candidateStart > 0 {
      buffer.removeSubrange(0..<candidateStart)
      candidateStart = 0
    }
    return chunks
  }

  /// Ends the body: returns the final chunk, if any, and resets the splitter for a new body.
  public mutating func finish() -> [Data] {
    let chunk = Self.chunk(from: buffer[candidateStart...])
    buffer = []
    candidateStart = 0
    matched = Self.initialMatch
    return chunk.map { [$0] } ?? []
  }

  /// Finds every delimiter completed by the bytes from `scanStart` on.
  private mutating func scan(from scanStart: Int, delimiter: [UInt8], cuts: inout [(candidate: Range<Int>, next: Int)]) {
    var matched = self.matched
    var currentStart = candidateStart
    let first = delimiter[0]
    buffer.withUnsafeBufferPointer { bytes in
      delimiter.withUnsafeBufferPointer { pattern in
        fallback.withUnsafeBufferPointer { fallback in
          var position = scanStart
          let end = bytes.count
          while position < end {
            if matched == 0 {
              // Nothing pending: skip straight to the next byte that can start a delimiter (`memchr`
              // crosses a part's body many bytes at a time).
              guard let base = UnsafeRawPointer(bytes.baseAddress),
                    let found = memchr(base + position, Int32(first), end - position)
              else { break }
              position = base.distance(to: UnsafeRawPointer(found))
            }
            let byte = bytes[position]
            while matched > 0 && pattern[matched] != byte { matched = fallback[matched - 1] }
            if pattern[matched] == byte { matched += 1 }
            position += 1
            if matched == pattern.count {
              // The virtual CRLF before the body may make the delimiter start before index 0.
              let delimiterStart = max(position - pattern.count, currentStart)
              cuts.append((currentStart..<delimiterStart, position))
              currentStart = position
              matched = 0
            }
          }
        }
      }
    }
    self.matched = matched
  }

  /// Applies the candidate rules: strip one leading CRLF, drop empty and `--` candidates.
  private static func chunk(from candidate: ArraySlice<UInt8>) -> Data? {
    var start = candidate.startIndex
    if candidate.count >= 2 && candidate[start] == 0x0D && candidate[start + 1] == 0x0A {
      start += 2
    }
    let remaining = candidate[start...]
    if remaining.isEmpty { return nil }
    if remaining.count >= 2 && remaining[start] == 0x2D && remaining[start + 1] == 0x2D { return nil }
    return Data(remaining)
  }

  private static func fallbackTable(for pattern: [UInt8]) -> [Int] {
    var table = [Int](repeating: 0, count: pattern.count)
    var length = 0
    var index = 1
    while index < pattern.count {
      if pattern[index] == pattern[length] {
        length += 1
        table[index] = length
        index += 1
      } else if length > 0 {
        length = table[length - 1]
      } else {
        table[index] = 0
        index += 1
      }
    }
    return table
  }

  /// The `boundary` parameter of a `Content-Type` header value, or `nil` when there is none.
  ///
  /// The parameter name is matched case-insensitively, spaces and tabs around names and values are ignored,
  /// a quoted value loses its quotes (a `;` inside quotes does not end it), and other parameters are skipped.
  /// An empty boundary counts as none.
  public static func boundary(fromContentType contentType: String) -> String? {
    var parameters = splitParameters(contentType)
    guard !parameters.isEmpty else { return nil }
    // The first segment is the media type itself.
    parameters.removeFirst()
    for parameter in parameters {
      guard let equals = parameter.firstIndex(of: "=") else { continue }
      let name = parameter[..<equals].trimmingHTTPWhitespace()
      guard name.lowercased() == "boundary" else { continue }
      var value = String(parameter[parameter.index(after: equals)...].trimmingHTTPWhitespace())
      if value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") {
        value = String(value.dropFirst().dropLast())
      }
      return value.isEmpty ? nil : value
    }
    return nil
  }

  /// Splits at `;` outside double quotes. Both are ASCII, so the UTF-8 view finds them without
  /// breaking the text into characters, and its indices cut the text at character boundaries.
  private static func splitParameters(_ header: String) -> [Substring] {
    var segments: [Substring] = []
    var segmentStart = header.startIndex
    var inQuotes = false
    var index = header.utf8.startIndex
    while index < header.utf8.endIndex {
      let byte = header.utf8[index]
      if byte == UInt8(ascii: "\"") {
        inQuotes.toggle()
      } else if byte == UInt8(ascii: ";") && !inQuotes {
        segments.append(header[segmentStart..<index])
        segmentStart = header.utf8.index(after: index)
      }
      index = header.utf8.index(after: index)
    }
    segments.append(header[segmentStart...])
    return segments
  }
}
