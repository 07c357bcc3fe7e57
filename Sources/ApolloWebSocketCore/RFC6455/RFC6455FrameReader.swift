/// Reads the frames a server sends (RFC 6455 §5) from the bytes of a connection, in slices of any size, and
/// turns them into messages and control events; the task does the socket I/O and answers pings and closes.
///
/// Frames break the rules in ways that fail the connection with a close code (``Violation``): reserved bits
/// without an extension, masked server frames, unknown opcodes, continuation without a message, a new data
/// frame inside a fragmented message, fragmented or over-125-byte control frames (1002); text that is not
/// UTF-8 (1007); a frame or reassembled message beyond `maximumMessageSize` (1009). The size limit is checked
/// on the frame header, before the payload arrives, and nothing is reserved for a payload ahead of its bytes,
/// so a header that announces a huge frame costs no memory.
struct RFC6455FrameReader {
  /// What a complete frame (or the last frame of a fragmented message) means.
  enum Event: Equatable {
    case text(String)
    case binary([UInt8])
    case ping([UInt8])
    case pong
    /// A valid close frame: its code (1005 when it has none), its reason, and the body to echo.
    case close(code: Int, reason: String, echo: [UInt8])
  }

  /// A frame that fails the connection: send a close with `closeCode`, then end with `error`.
  struct Violation: Error, Equatable {
    let closeCode: UInt16
    let error: RFC6455Error
  }

  /// The largest frame or reassembled message accepted, in bytes.
  let maximumMessageSize: Int
  private var buffer: [UInt8]
  private var position = 0
  private var fragments: [UInt8] = []
  private var fragmentOpcode: UInt8?

  /// - Parameter bytes: what arrived after the handshake's response head.
  init(maximumMessageSize: Int, bytes: [UInt8] = []) {
    self.maximumMessageSize = maximumMessageSize
    self.buffer = bytes
  }

  /// How many bytes the buffer has room for: about what has arrived, never what a header announced.
  var bufferCapacity: Int { buffer.capacity }

  /// Adds bytes read from the connection.
  mutating func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
    // Compact consumed bytes now and then, so the buffer holds about one frame.
    if position > 1 << 20 || (position > 0 && position == buffer.count) {
      buffer.removeFirst(position)
      position = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next event, or `nil` when more bytes are needed. After a violation the reader must not be used again.
  mutating func next() throws(Violation) -> Event? {
    while true {
      guard let header = Self.parseHeader(buffer, at: position) else { return nil }
      // Only a continuation frame adds to the message being assembled: a ping between its fragments stands alone.
      let assembled = header.opcode == 0x0 ? fragments.count : 0
      if header.length > UInt64(maximumMessageSize) || assembled + Int(clamping: header.length) > maximumMessageSize {
        throw Violation(closeCode: 1009, error: .protocolViolation("message larger than \(maximumMessageSize) bytes"))
      }
      let length = Int(header.length)
      guard buffer.count - position >= header.headerSize + length else { return nil }
      let start = position + header.headerSize
      let payload = Array(buffer[start..<(start + length)])
      position = start + length

      if header.rsv != 0 { throw Self.violation(1002, "reserved bits set without an extension") }
      if header.masked { throw Self.violation(1002, "server frames must not be masked") }
      switch header.opcode {
      case 0x0:
        guard let opcode = fragmentOpcode else { throw Self.violation(1002, "continuation frame without a message to continue") }
        fragments += payload
        guard header.fin else { continue }
        fragmentOpcode = nil
        let message = fragments
        fragments = []
        return try Self.dataEvent(opcode: opcode, payload: message)
      case 0x1, 0x2:
        if fragmentOpcode != nil { throw Self.violation(1002, "new data frame before the fragmented message ended") }
        if header.fin { return try Self.dataEvent(opcode: header.opcode, payload: payload) }
        fragmentOpcode = header.opcode
        fragments = payload
      case 0x8, 0x9, 0xA:
        guard header.fin, length <= 125 else {
          throw Self.violation(1002, "control frames must be final and at most 125 bytes")
        }
        if header.opcode == 0x9 { return .ping(payload) }
        if header.opcode == 0xA { return .pong }
        return try Self.closeEvent(payload)
      default:
        throw Self.violation(1002, "unknown opcode \(header.opcode)")
      }
    }
  }

  private static func violation(_ code: UInt16, _ reason: String) -> Violation {
    Violation(closeCode: code, error: .protocolViolation(reason))
  }

  private static func dataEvent(opcode: UInt8, payload: [UInt8]) throws(Violation) -> Event {
    guard opcode == 0x1 else { return .binary(payload) }
    guard let text = validUTF8(payload) else { throw violation(1007, "text message is not valid UTF-8") }
    return .text(text)
  }

  private static func closeEvent(_ payload: [UInt8]) throws(Violation) -> Event {
    if payload.count == 1 { throw violation(1002, "close frame with a 1-byte body") }
    let code = payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : 1005
    if payload.count >= 2 && !isValidCloseCode(code) { throw violation(1002, "close frame with code \(code)") }
    guard let reason = validUTF8(payload.dropFirst(2)) else { throw violation(1007, "close reason is not valid UTF-8") }
    return .close(code: code, reason: reason, echo: payload.count >= 2 ? Array(payload[0..<2]) : [])
  }

  /// Whether a peer may send `code` in a close frame (RFC 6455 §7.4): the defined codes other than those only
  /// an endpoint's API reports (1005 no code, 1006 abnormal, 1015 TLS), the IANA-registered 1012–1014, and the
  /// ranges for libraries (3000–3999) and applications (4000–4999, graphql-transport-ws's 44xx).
  static func isValidCloseCode(_ code: Int) -> Bool {
    switch code {
    case 1000...1003, 1007...1014, 3000...4999: return true
    default: return false
    }
  }

  /// The text, or `nil` when the bytes are not valid UTF-8. (`String(validating:as:)` needs macOS 15 / iOS 18;
  /// decoding repairs invalid input with U+FFFD, so a lossless round trip proves validity.)
  static func validUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.utf8.elementsEqual(bytes) ? text : nil
  }

  struct FrameHeader {
    var fin: Bool
    var rsv: UInt8
    var opcode: UInt8
    var masked: Bool
    var length: UInt64
    var headerSize: Int
  }

  static func parseHeader(_ buffer: [UInt8], at position: Int) -> FrameHeader? {
    let available = buffer.count - position
    guard available >= 2 else { return nil }
    let b0 = buffer[position], b1 = buffer[position + 1]
    var length = UInt64(b1 & 0x7F)
    var size = 2
    if length == 126 {
      guard available >= 4 else { return nil }
      length = UInt64(buffer[position + 2]) << 8 | UInt64(buffer[position + 3])
      size = 4
    } else if length == 127 {
      guard available >= 10 else { return nil }
      length = 0
      for i in 0..<8 { length = length << 8 | UInt64(buffer[position + 2 + i]) }
      size = 10
    }
    let masked = b1 & 0x80 != 0
    if masked { size += 4 }
    guard available >= size else { return nil }
    return FrameHeader(fin: b0 & 0x80 != 0, rsv: (b0 >> 4) & 0x7, opcode: b0 & 0x0F, masked: masked, length: length,
                       headerSize: size)
  }
}
