import Foundation

/// Carries a non-`Sendable` value (a 0.x or 1.x completion closure, an `HTTPRequest`) to one other queue.
///
/// Upstream 0.x and 1.x hand these values between the caller's thread, the URLSession delegate queue and the
/// callback queue without synchronization, and their APIs (non-`Sendable` closures, `open` request classes)
/// must stay source compatible. The box is only ever used for a hand-off: the sender does not touch the
/// value after it enqueued the block, and the receiving queue (the chain's `callbackQueue`, the session's
/// delegate queue) is the only one that runs it, so the value is never accessed from two threads at once.
package struct Transfer<Value>: @unchecked Sendable {
  package let value: Value
  package init(_ value: Value) { self.value = value }
}

extension DispatchQueue {
  /// `async` for a block that captures non-`Sendable` 0.x or 1.x values; see ``Transfer``.
  package func asyncTransferring(_ block: @escaping () -> Void) {
    let box = Transfer(block)
    self.async { box.value() }
  }

  /// `asyncAfter` for a block that captures non-`Sendable` 0.x or 1.x values; see ``Transfer``.
  package func asyncAfterTransferring(deadline: DispatchTime, _ block: @escaping () -> Void) {
    let box = Transfer(block)
    asyncAfter(deadline: deadline) { box.value() }
  }
}
