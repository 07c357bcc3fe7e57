@testable import ApolloWebSocketCore
import Foundation

/// The RFC 6455 frame reader on the bytes a server could send after the handshake, arriving in slices of any
/// size: it must produce events or a violation, the same ones however the bytes are sliced, and stop at the
/// first violation or close.
///
/// Input: one seed byte (the slice sizes; its top bit picks a 1 KiB message limit instead of 64 KiB), then the
/// bytes.
func fuzzRFC6455Frames(_ data: Data) {
  guard let seed = data.first else { return }
  let bytes = [UInt8](data.dropFirst())
  let limit = seed & 0x80 == 0 ? 64 << 10 : 1 << 10

  var whole = RFC6455FrameReader(maximumMessageSize: limit, bytes: bytes)
  let expected = drain(&whole)

  var sliced = RFC6455FrameReader(maximumMessageSize: limit)
  var events: [RFC6455FrameReader.Event] = []
  var ending: RFC6455FrameReader.Violation?
  for slice in SliceSizes.slices(of: bytes, seed: seed) {
    sliced.append(slice)
    let (more, violation) = drain(&sliced)
    events += more
    if let violation { ending = violation; break }
    if case .close? = events.last { break }
  }
  fuzzCheck(events == expected.events, "slicing changed the events: \(expected.events.count) whole, \(events.count) sliced")
  fuzzCheck(ending == expected.violation, "slicing changed the violation: \(String(describing: expected.violation)) whole, \(String(describing: ending)) sliced")
}

/// Every event the reader can produce now, up to a close or a violation.
private func drain(_ reader: inout RFC6455FrameReader) -> (events: [RFC6455FrameReader.Event], violation: RFC6455FrameReader.Violation?) {
  var events: [RFC6455FrameReader.Event] = []
  do {
    while let event = try reader.next() {
      events.append(event)
      if case .close = event { break }
    }
  } catch {
    return (events, error)
  }
  return (events, nil)
}
