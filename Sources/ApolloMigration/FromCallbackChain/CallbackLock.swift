import Foundation

/// The lock that makes 1.x objects safe inside the `Sendable` 2.x chain.
///
/// 1.x interceptors, requests, responses and completion closures are not `Sendable`. They belong to one send
/// (a provider gives each send its own list, as 1.x's default provider does), and that send's
/// ``CallbackLock`` serializes every touch of them: each call into 1.x code and each read of a
/// ``CallbackConfined`` value happens inside ``withLock(_:)``. The 1.x provider itself, shared by every send,
/// has a lock of its own. It is recursive because a 1.x interceptor calls its chain back synchronously, and
/// the chain calls the error interceptor in turn.
final class CallbackLock: @unchecked Sendable {
  // @unchecked Sendable: the only state is `lock`, an NSRecursiveLock, which is thread-safe.
  private let lock = NSRecursiveLock()

  /// Runs `body` holding the lock.
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}

/// A 1.x value carried through `Sendable` 2.x code; it can only be read while holding its lock.
struct CallbackConfined<Value>: @unchecked Sendable {
  // @unchecked Sendable: `raw` is only read inside `lock.withLock`, the lock of the send it belongs to (or of
  // the provider, for the provider and the objects every send shares). An object that an app's provider hands to
  // several sends is called by each under its own send's lock, side by side, as 1.x's chains called it.
  private let raw: Value
  let lock: CallbackLock

  init(_ value: Value, lock: CallbackLock) {
    self.raw = value
    self.lock = lock
  }

  /// Runs `body` with the value, holding the lock.
  func withValue<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
    try lock.withLock { try body(raw) }
  }
}
