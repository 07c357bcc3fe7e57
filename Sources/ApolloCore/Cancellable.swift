import Foundation

/// Something in flight that can be cancelled.
public protocol Cancellable: AnyObject, Sendable {
  /// Stops the work; calling it again has no effect.
  func cancel()
}

/// A ``Cancellable`` for work that never started.
public final class EmptyCancellable: Cancellable {
  /// A token to return where a ``Cancellable`` is required but nothing was started (a result delivered at once);
  /// ``cancel()`` on it does nothing.
  public init() {}
  public func cancel() {}
}
