import Foundation

/// The code under test did not finish in the time a test gave it: a hang.
package struct TimeoutError: Error, CustomStringConvertible {
  /// The time the test gave, in seconds.
  package let seconds: Double

  /// An error for a wait of `seconds`.
  package init(seconds: Double) {
    self.seconds = seconds
  }

  package var description: String { "Did not finish within \(seconds) s (the code under test hangs)" }
}

/// Runs `operation` and throws ``TimeoutError`` once `seconds` have passed, even when `operation` ignores
/// cancellation, so that a hang fails the test instead of stalling the run.
///
/// On a timeout `operation` is cancelled and left behind. Cancelling the caller cancels `operation`, whose own
/// result (often a `CancellationError`) is then returned, as it would be without the time limit.
package func withTimeout<T: Sendable>(
  _ seconds: Double = 10, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  let outcome = ResumeOnce<T>()
  return try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { continuation in
      outcome.start(continuation)
      let work = Task {
        do {
          outcome.resume(with: .success(try await operation()))
        } catch {
          outcome.resume(with: .failure(error))
        }
      }
      outcome.setWork(work)
      Task {
        try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
        if outcome.resume(with: .failure(TimeoutError(seconds: seconds))) { work.cancel() }
      }
    }
  } onCancel: {
    outcome.cancelWork()
  }
}

/// The continuation of ``withTimeout(_:_:)``, resumed by whichever of the work and the timer finishes first,
/// and the work, for the caller's cancellation.
private final class ResumeOnce<T: Sendable>: @unchecked Sendable {
  // @unchecked Sendable: every stored property is only touched under `lock`.
  private let lock = NSLock()
  private var continuation: CheckedContinuation<T, any Error>?
  private var work: Task<Void, Never>?
  private var cancelled = false

  func start(_ continuation: CheckedContinuation<T, any Error>) {
    lock.withLock { self.continuation = continuation }
  }

  /// Resumes the caller with `result` unless something else did first; returns whether this call did.
  @discardableResult
  func resume(with result: Result<T, any Error>) -> Bool {
    let continuation: CheckedContinuation<T, any Error>? = lock.withLock {
      defer { self.continuation = nil }
      return self.continuation
    }
    continuation?.resume(with: result)
    return continuation != nil
  }

  func setWork(_ task: Task<Void, Never>) {
    let cancelNow = lock.withLock {
      work = task
      return cancelled
    }
    if cancelNow { task.cancel() }
  }

  func cancelWork() {
    let task = lock.withLock {
      cancelled = true
      return work
    }
    task?.cancel()
  }
}
