import Foundation

/// Something in flight that can be cancelled.
public protocol Cancellable: AnyObject, Sendable {
  /// Stops the work; calling it again has no effect.
  func cancel()
}

/// A ``Cancellable`` for work that never started.
public final class EmptyCancellable: Cancellable {
  public init() {}
  public func cancel() {}
}
