@testable import ApolloWebSocketCore
import XCTest

/// The RFC 6455 frame reader on its own: events, violations with their close codes, slicing, and the inputs
/// fuzzing (scripts/fuzz.sh websocket-frames) keeps as seeds.
final class RFC6455FrameReaderTests: XCTestCase {
  private typealias Event = RFC6455FrameReader.Event

  /// A server frame (never masked unless asked).
  private func frame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, rsv: UInt8 = 0, masked: Bool = false) -> [UInt8] {
    var bytes: [UInt8] = [(fin ? 0x80 : 0) | rsv << 4 | opcode]
    let mask: UInt8 = masked ? 0x80 : 0
    if payload.count < 126 {
      bytes.append(mask | UInt8(payload.count))
    } else {
      bytes += [mask | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    }
    if masked { bytes += [0, 0, 0, 0] }
    return bytes + payload
  }

  private func read(_ bytes: [UInt8], limit: Int = 1 << 16) -> (events: [Event], violation: RFC6455FrameReader.Violation?) {
    var reader = RFC6455FrameReader(maximumMessageSize: limit, bytes: bytes)
    var events: [Event] = []
    do {
      while let event = try reader.next() { events.append(event) }
    } catch {
      return (events, error)
    }
    return (events, nil)
  }

  func test_rfc6455FrameReader_readsMessagesControlFramesAndAClose() {
    let bytes = frame(0x1, Array("{\"type\":\"connection_ack\"}".utf8)) + frame(0x2, [0, 1]) + frame(0x9, [7])
      + frame(0xA, []) + frame(0x8, [0x03, 0xE8] + Array("bye".utf8))
    let result = read(bytes)
    XCTAssertNil(result.violation)
    XCTAssertEqual(result.events, [
      .text("{\"type\":\"connection_ack\"}"), .binary([0, 1]), .ping([7]), .pong,
      .close(code: 1000, reason: "bye", echo: [0x03, 0xE8]),
    ])
    XCTAssertEqual(read(frame(0x8, [])).events, [.close(code: 1005, reason: "", echo: [])])
  }

  func test_rfc6455FrameReader_joinsFragmentsAcrossAnInterleavedPing() {
    let bytes = frame(0x1, Array("ab".utf8), fin: false) + frame(0x9, []) + frame(0x0, Array("cd".utf8), fin: false)
      + frame(0x0, Array("e".utf8))
    XCTAssertEqual(read(bytes).events, [.ping([]), .text("abcde")])
  }

  func test_events_doNotDependOnHowTheBytesArrive() throws {
    let bytes = frame(0x1, Array("hello".utf8), fin: false) + frame(0x0, Array(" world".utf8)) + frame(0x2, Array(repeating: 9, count: 300))
      + frame(0x8, [0x0F, 0xA0])
    var reader = RFC6455FrameReader(maximumMessageSize: 1 << 16)
    var events: [Event] = []
    for byte in bytes {
      reader.append([byte])
      while let event = try reader.next() { events.append(event) }
    }
    XCTAssertEqual(events, read(bytes).events)
    XCTAssertEqual(events.count, 3)
  }

  func test_brokenFrames_failWithTheirCloseCode() {
    XCTAssertEqual(read(frame(0x1, [0x7B, 0x7D], rsv: 4)).violation?.closeCode, 1002)
    XCTAssertEqual(read(frame(0x1, [0x7B, 0x7D], masked: true)).violation?.closeCode, 1002)
    XCTAssertEqual(read(frame(0x3, [])).violation?.closeCode, 1002)
    XCTAssertEqual(read(frame(0x0, [1])).violation?.closeCode, 1002)
    XCTAssertEqual(read(frame(0x1, [1], fin: false) + frame(0x1, [2])).violation?.closeCode, 1002)
    XCTAssertEqual(read(frame(0x9, Array(repeating: 0, count: 126))).violation?.closeCode, 1002)
    XCTAssertEqual(read(frame(0x9, [], fin: false)).violation?.closeCode, 1002)
    XCTAssertEqual(read(frame(0x8, [0x03])).violation?.closeCode, 1002)
    XCTAssertEqual(read(frame(0x1, [0xC3, 0x28])).violation?.closeCode, 1007)
    XCTAssertEqual(read(frame(0x8, [0x03, 0xE8, 0xFF])).violation?.closeCode, 1007)
  }

  /// RFC 6455 §7.4: 1005, 1006 and 1015 are never sent in a close frame (so never echoed back), and codes outside
  /// the defined and registered ones fail the connection with 1002 (Autobahn 7.9.x).
  func test_closeFrameCodes_reservedOrUndefinedOnesAreProtocolViolations() {
    for code in [0, 999, 1004, 1005, 1006, 1015, 1016, 1100, 2000, 2999, 5000, 65535] {
      let result = read(frame(0x8, [UInt8(code >> 8), UInt8(code & 0xFF)]))
      XCTAssertEqual(result.violation?.closeCode, 1002, "code \(code)")
      XCTAssertEqual(result.events, [], "code \(code) is not reported as a close")
    }
    for code in [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 3000, 3999, 4000, 4409, 4999] {
      let bytes: [UInt8] = [UInt8(code >> 8), UInt8(code & 0xFF)]
      XCTAssertEqual(read(frame(0x8, bytes)).events, [.close(code: code, reason: "", echo: bytes)], "code \(code)")
    }
  }

  func test_anOversizedFrame_failsWith1009FromItsHeaderAlone() {
    // 2 KiB announced against a 1 KiB limit, none of the payload sent.
    let result = read([0x82, 126, 0x08, 0x00], limit: 1 << 10)
    XCTAssertEqual(result.violation?.closeCode, 1009)
    // A fragmented message is limited as a whole.
    let fragments = frame(0x2, Array(repeating: 1, count: 600), fin: false) + frame(0x0, Array(repeating: 2, count: 600))
    XCTAssertEqual(read(fragments, limit: 1 << 10).violation?.closeCode, 1009)
  }

  /// A control frame between a message's fragments is not part of the message: a ping arriving when the fragments so
  /// far are close to the limit is answered, not taken for a message over it.
  func test_aPingBetweenFragments_doesNotCountTowardsTheMessagesLimit() {
    let bytes = frame(0x2, Array(repeating: 1, count: 1000), fin: false) + frame(0x9, Array(repeating: 7, count: 100))
      + frame(0x0, Array(repeating: 2, count: 20))
    let result = read(bytes, limit: 1 << 10)
    XCTAssertNil(result.violation)
    XCTAssertEqual(result.events, [.ping(Array(repeating: 7, count: 100)), .binary(Array(repeating: 1, count: 1000) + Array(repeating: 2, count: 20))])
  }

  /// Found while writing the frame reader's fuzz target: a 10-byte header announcing a 64 MiB frame (the default limit) made
  /// the client reserve 64 MiB before any of the payload arrived. Now the reader waits with a buffer the size of
  /// what it has received.
  func test_aHugeAnnouncedFrame_reservesNothingBeforeItsBytes() throws {
    let header: [UInt8] = [0x82, 127, 0, 0, 0, 0, 0x04, 0, 0, 0]  // 64 MiB, binary, final
    var reader = RFC6455FrameReader(maximumMessageSize: 64 << 20, bytes: header)
    XCTAssertNil(try reader.next())
    reader.append(Array(repeating: 0, count: 4096))
    XCTAssertNil(try reader.next())
    XCTAssertLessThan(reader.bufferCapacity, 1 << 20)
  }
}
