import Foundation

/// Runs one task's callbacks on a client's callback queue one after another, in the order they were
/// submitted, whatever that queue's concurrency.
///
/// A concurrent `OperationQueue` may start two operations side by side, so submitting each callback as its
/// own operation could deliver a task's second multipart part before its first. A lane keeps at most one
/// operation of its own on the queue, and that operation runs everything submitted until the lane is empty.
/// Different lanes (different tasks) still run side by side on a concurrent queue.
public final class CallbackLane: Sendable {
  /// A callback handed from the submitting thread to the lane's drain.
  private struct Callback: @unchecked Sendable {
    // @unchecked Sendable: a hand-off. The submitter never touches the closure again; the one drain that
    // takes it out of the backlog (under the lock) is the only caller, once.
    let run: () -> Void
  }

  private struct Backlog {
    var work: [Callback] = []
    var draining = false
  }

  private let queue: OperationQueue?
  private let backlog = Mutex(Backlog())

  /// A lane onto `queue`; with `nil`, work runs at once on the submitting thread (the caller is already
  /// where callbacks belong).
  public init(queue: OperationQueue?) {
    self.queue = queue
  }

  /// Runs `work` after everything submitted before it, on the lane's queue.
  public func submit(_ work: @escaping () -> Void) {
    guard let queue else { return work() }
    let startDraining = backlog.withLock { backlog -> Bool in
      backlog.work.append(Callback(run: work))
      guard !backlog.draining else { return false }
      backlog.draining = true
      return true
    }
    if startDraining {
      queue.addOperation { self.drain() }
    }
  }

  private func drain() {
    // Everything submitted so far, taken at once: taking one callback at a time from the front of the backlog
    // moved the rest each time, quadratic in a long backlog (many small multipart parts).
    while let batch = backlog.withLock({ backlog -> [Callback]? in
      guard !backlog.work.isEmpty else {
        backlog.draining = false
        return nil
      }
      defer { backlog.work = [] }
      return backlog.work
    }) {
      for callback in batch { callback.run() }
    }
  }
}
