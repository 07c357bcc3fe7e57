import Foundation

/// Carries a non-`Sendable` 1.x value (a result handler, a delegate callback, a `WebSocketClient`) to one queue.
///
/// 1.x's API is callback-based and not `Sendable`, and must stay source compatible. Every use is a hand-off: the
/// sender does not touch the value after enqueuing the block, and only the receiving serial queue runs it, so the
/// value is never used from two threads at once.
struct Handoff<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

extension DispatchQueue {
  /// `async` for a block that captures non-`Sendable` 1.x values; see ``Handoff``.
  func asyncHandoff(_ block: @escaping () -> Void) {
    let box = Handoff(block)
    async { box.value() }
  }

  /// `asyncAfter` for a block that captures non-`Sendable` 1.x values; see ``Handoff``.
  func asyncAfterHandoff(deadline: DispatchTime, _ block: @escaping () -> Void) {
    let box = Handoff(block)
    asyncAfter(deadline: deadline) { box.value() }
  }
}
