import Foundation

/// A value guarded by a lock.
///
/// `Synchronization.Mutex` needs macOS 15 / iOS 18; this covers the platforms the package supports.
public final class Mutex<Value> {
  private let lock = NSLock()
  private var value: Value

  /// Guards `value`, which is then only reachable through ``withLock(_:)``.
  public init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  @discardableResult
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

// Safe: every access to `value` happens inside `lock`, and only Sendable values are shared this way.
extension Mutex: @unchecked Sendable where Value: Sendable {}
