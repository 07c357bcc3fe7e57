import Foundation

/// A value read and changed under a lock, as 1.x's `@Atomic` property wrapper.
///
/// The wrapped value is read-only through the property; change it with ``mutate(block:)`` on the
/// projection (`$value.mutate { $0 += 1 }`). Kept because apps used it in their own interceptors.
@propertyWrapper
public final class Atomic<T> {
  private let lock = NSLock()
  private var value: T

  /// Wraps `wrappedValue`; Swift calls it for a declaration such as `@Atomic var count = 0`.
  public init(wrappedValue: T) {
    value = wrappedValue
  }

  /// The current value.
  public var wrappedValue: T {
    lock.lock()
    defer { lock.unlock() }
    return value
  }

  /// The wrapper itself, for ``mutate(block:)``.
  public var projectedValue: Atomic<T> { self }

  /// Changes the value under the lock and returns what `block` returns.
  @discardableResult
  public func mutate<U>(block: (inout T) throws -> U) rethrows -> U {
    lock.lock()
    defer { lock.unlock() }
    return try block(&value)
  }
}

// Safe: `value` is only read or written while holding `lock`, and only Sendable values are shared.
extension Atomic: @unchecked Sendable where T: Sendable {}

extension Atomic where T: Numeric {
  /// Adds one and returns the new value.
  @discardableResult
  public func increment() -> T {
    mutate { value in
      value += 1
      return value
    }
  }
}
