import Foundation

/// The state behind the `URLSessionTask` a client over an ``HTTPStreamingSession`` returns in place of a
/// real data task: a process-wide unique identifier, and what the task's `cancel()` does, run at most once.
///
/// 0.x and 1.x each keep their own task class (1.x's is public API and a plain `URLSessionTask`; 0.x hands
/// out a `URLSessionDataTask` with its own `taskIdentifier`), so they share this rather than one class.
package final class StreamingTaskState: Sendable {
  private enum Cancellation {
    case unarmed
    case armed(@Sendable () -> Void)
    case cancelled
    /// The request ended: a cancel has nothing left to stop.
    case finished
  }

  private static let lastIdentifier = Mutex(0)

  /// Unique among every task of every client in the process.
  package let identifier: Int
  private let cancellation = Mutex(Cancellation.unarmed)

  /// A task state with the next identifier.
  package init() {
    identifier = Self.lastIdentifier.withLock { last in
      last += 1
      return last
    }
  }

  /// Sets what ``cancel()`` does; runs it at once when ``cancel()`` came first.
  package func onCancel(_ action: @escaping @Sendable () -> Void) {
    let runNow = cancellation.withLock { state -> Bool in
      switch state {
      case .cancelled: return true
      case .finished: return false
      case .unarmed, .armed: state = .armed(action); return false
      }
    }
    if runNow { action() }
  }

  /// The request ended: lets go of the action ``onCancel(_:)`` set (and what it holds, such as the response read so
  /// far, which a task object an app keeps would otherwise keep too); a later ``cancel()`` does nothing.
  package func finish() {
    cancellation.withLock { state in
      if case .cancelled = state { return }
      state = .finished
    }
  }

  /// Runs the action ``onCancel(_:)`` set; a second call does nothing.
  package func cancel() {
    let action = cancellation.withLock { state -> (@Sendable () -> Void)? in
      if case .finished = state { return nil }
      defer { state = .cancelled }
      if case .armed(let action) = state { return action }
      return nil
    }
    action?()
  }
}
