/// The pong owed for the pings a server sent, at most one at a time (RFC 6455 §5.5.3: an endpoint that has not yet
/// answered earlier pings may answer only the most recent one).
///
/// A server that floods pings while it does not read its socket would otherwise queue one pong write per ping
/// behind the blocked write, without bound.
struct RFC6455PendingPong {
  private var payload: [UInt8]?

  /// A ping with `payload` arrived: whether a write must be scheduled (none is pending), else the pending write
  /// will send this payload instead of the earlier one.
  mutating func offer(_ payload: [UInt8]) -> Bool {
    defer { self.payload = payload }
    return self.payload == nil
  }

  /// The payload to answer with, taken by the write that sends it; `nil` once taken.
  mutating func take() -> [UInt8]? {
    defer { payload = nil }
    return payload
  }
}
