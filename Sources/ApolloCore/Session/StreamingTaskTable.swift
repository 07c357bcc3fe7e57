import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Continuations that were still waiting when the session was invalidated.
struct OrphanedRequests: Sendable {
  /// Every task the table knew about, to be cancelled.
  fileprivate(set) var tasks: [URLSessionDataTask] = []
  fileprivate var awaitingResponse: [CheckedContinuation<HTTPStreamingResponse, any Error>] = []
  fileprivate var streaming: [AsyncThrowingStream<Data, any Error>.Continuation] = []

  /// Resumes every waiting `start` call and ends every body with `error`. Must be called without the table's lock held.
  func fail(with error: any Error) {
    for continuation in awaitingResponse {
      continuation.resume(throwing: error)
    }
    for continuation in streaming {
      continuation.finish(throwing: error)
    }
  }
}

/// The lock-protected table of in-flight requests, keyed by `URLSessionTask.taskIdentifier`.
///
/// Every transition happens under `lock`, and whoever removes a continuation from the table is the
/// only one that resumes it, so a continuation is resumed exactly once whatever order the delegate
/// callbacks, cancellation and invalidation arrive in. Continuations are only ever resumed, yielded
/// to or finished after the lock is released: finishing a stream runs its `onTermination` handler,
/// which takes the lock again.
final class StreamingTaskTable: @unchecked Sendable {
  // @unchecked Sendable: `entries` and `isInvalidated` are only read or written while holding `lock`.

  enum Phase {
    /// Registered, but `start` has not stored its continuation yet.
    case awaitingContinuation
    /// Cancelled or invalidated before the continuation was stored; `start` throws this error.
    case failedBeforeContinuation(any Error)
    /// The task is running and `start` waits for the response head.
    case awaitingResponse(CheckedContinuation<HTTPStreamingResponse, any Error>)
    /// The response head was delivered; body chunks go to this continuation.
    case streaming(AsyncThrowingStream<Data, any Error>.Continuation)
  }

  struct Entry {
    let task: URLSessionDataTask
    var phase: Phase
  }

  /// What the delegate does with a response head.
  enum ResponseOutcome {
    /// Hand this response to the waiting `start` call.
    case deliver(CheckedContinuation<HTTPStreamingResponse, any Error>, HTTPStreamingResponse)
    /// A further response head for a task already streaming (e.g. `multipart/x-mixed-replace` on Apple platforms).
    case alreadyStreaming
    /// Nobody is waiting for this task any more.
    case unknown
  }

  private let lock = NSLock()
  private var entries: [Int: Entry] = [:]
  private var isInvalidated = false
  private let delegateQueue: OperationQueue

  init(delegateQueue: OperationQueue) {
    self.delegateQueue = delegateQueue
  }

  /// Runs `work` on the session's serial delegate queue.
  func onDelegateQueue(_ work: @escaping @Sendable () -> Void) {
    delegateQueue.addOperation(work)
  }

  /// Cancels `task` from an operation on the delegate queue.
  ///
  /// On swift-corelibs-foundation `URLSessionTask.cancel()` can trap the process ("Trying to access a
  /// behaviour for a task that in not in the registry") when it races the task's completion: it marks
  /// the task as cancelling and reports the cancellation later from the task's work queue, while the
  /// completion, delivered on the delegate queue, removes the task from the session's registry on its
  /// way out. Three measures keep the report ahead of the removal: cancellations only happen on the
  /// delegate queue, so they cannot interleave with a completion callback; the completion of a cancelled
  /// task drains the task's work queue before returning (``drainCancellation(of:)``); and the cache
  /// lookup that would otherwise defer the report is made synchronous (`SynchronousLookupURLCache`).
  func cancelOnDelegateQueue(_ task: URLSessionTask) {
    onDelegateQueue { Self.cancelFromDelegateQueue(task) }
  }

  /// Cancels `task`. Must be called on the delegate queue (see ``cancelOnDelegateQueue(_:)``).
  static func cancelFromDelegateQueue(_ task: URLSessionTask) {
    task.cancel()
  }

  /// Called from the completion callback (on the delegate queue): if `task` was cancelled, waits until
  /// the work swift-corelibs-foundation queued for the cancellation has run, while the task is still
  /// in the session's registry. A no-op on Apple platforms.
  static func drainCancellation(of task: URLSessionTask) {
    #if canImport(FoundationNetworking)
    // Calling `cancel()` on a task that is already cancelling changes nothing, but it runs
    // `workQueue.sync` on the task's serial work queue, so it returns only after every block queued
    // there before it (the cancellation report, and any cached-response delivery) has run.
    if task.state == .canceling {
      task.cancel()
    }
    #endif
  }

  /// Runs `body` while holding `lock`. (`NSLocking.withLock` needs macOS 14 / iOS 17 on Apple platforms.)
  private func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  var count: Int {
    withLock { entries.count }
  }

  /// Creates a task with `makeTask` and registers it, or returns `nil` if the session is invalidated.
  ///
  /// The task is created under the lock so that it cannot race with invalidation.
  func register(makeTask: () -> URLSessionDataTask) -> URLSessionDataTask? {
    withLock {
      guard !isInvalidated else { return nil }
      let task = makeTask()
      entries[task.taskIdentifier] = Entry(task: task, phase: .awaitingContinuation)
      return task
    }
  }

  /// Stores the continuation of `start`. Returns the error to throw instead if the request was
  /// cancelled or the session invalidated in the meantime; the entry is then removed.
  func attach(_ continuation: CheckedContinuation<HTTPStreamingResponse, any Error>, to identifier: Int) -> (any Error)? {
    withLock {
      guard let entry = entries[identifier] else { return HTTPStreamingSessionError.invalidated }
      switch entry.phase {
      case .awaitingContinuation:
        entries[identifier]?.phase = .awaitingResponse(continuation)
        return nil
      case .failedBeforeContinuation(let error):
        entries[identifier] = nil
        return error
      case .awaitingResponse, .streaming:
        preconditionFailure("A continuation was attached twice to task \(identifier)")
      }
    }
  }

  /// Called when the task awaiting `start` is cancelled. Returns the continuation to resume with
  /// `CancellationError` if no response arrived yet; the entry is then removed.
  func cancelBeforeResponse(_ identifier: Int) -> CheckedContinuation<HTTPStreamingResponse, any Error>? {
    withLock {
      guard let entry = entries[identifier] else { return nil }
      switch entry.phase {
      case .awaitingContinuation:
        entries[identifier]?.phase = .failedBeforeContinuation(CancellationError())
        return nil
      case .awaitingResponse(let continuation):
        entries[identifier] = nil
        return continuation
      case .failedBeforeContinuation, .streaming:
        return nil
      }
    }
  }

  /// Called when a response head arrives. On `.deliver` the entry moves to streaming.
  func responseArrived(_ identifier: Int, response: HTTPURLResponse) -> ResponseOutcome {
    withLock {
      guard let entry = entries[identifier] else { return .unknown }
      switch entry.phase {
      case .awaitingResponse(let continuation):
        let (body, bodyContinuation) = AsyncThrowingStream<Data, any Error>.makeStream(bufferingPolicy: .unbounded)
        bodyContinuation.onTermination = { [self] termination in
          // The consumer stopped reading (stream dropped or consuming task cancelled): stop the transfer.
          if case .cancelled = termination {
            if let task = self.consumerStopped(identifier) {
              self.cancelOnDelegateQueue(task)
            }
          }
        }
        entries[identifier]?.phase = .streaming(bodyContinuation)
        return .deliver(continuation, HTTPStreamingResponse(response: response, body: body))
      case .streaming:
        return .alreadyStreaming
      case .awaitingContinuation, .failedBeforeContinuation:
        return .unknown
      }
    }
  }

  /// Removes a task waiting for its response head (e.g. because the response is not HTTP).
  func removeAwaitingResponse(_ identifier: Int) -> CheckedContinuation<HTTPStreamingResponse, any Error>? {
    withLock {
      guard let entry = entries[identifier], case .awaitingResponse(let continuation) = entry.phase else { return nil }
      entries[identifier] = nil
      return continuation
    }
  }

  /// The body continuation of a streaming task, if any.
  func bodyContinuation(for identifier: Int) -> AsyncThrowingStream<Data, any Error>.Continuation? {
    withLock {
      guard let entry = entries[identifier], case .streaming(let continuation) = entry.phase else { return nil }
      return continuation
    }
  }

  /// Removes a streaming task whose consumer went away and returns its task to cancel.
  func consumerStopped(_ identifier: Int) -> URLSessionDataTask? {
    withLock {
      guard let entry = entries[identifier], case .streaming = entry.phase else { return nil }
      entries[identifier] = nil
      return entry.task
    }
  }

  /// Removes a task that completed and returns the phase it was in.
  func complete(_ identifier: Int) -> Phase? {
    withLock {
      guard let entry = entries[identifier] else { return nil }
      switch entry.phase {
      case .awaitingResponse, .streaming:
        entries[identifier] = nil
        return entry.phase
      case .awaitingContinuation, .failedBeforeContinuation:
        // Not started yet: `attach` still has to see this entry.
        return nil
      }
    }
  }

  /// Marks the table invalidated and takes every waiting continuation out of it.
  /// Returns `nil` if it was already invalidated.
  func invalidate() -> OrphanedRequests? {
    withLock {
      guard !isInvalidated else { return nil }
      isInvalidated = true
      var orphans = OrphanedRequests()
      for (identifier, entry) in entries {
        orphans.tasks.append(entry.task)
        switch entry.phase {
        case .awaitingContinuation:
          entries[identifier]?.phase = .failedBeforeContinuation(HTTPStreamingSessionError.invalidated)
        case .failedBeforeContinuation:
          break
        case .awaitingResponse(let continuation):
          entries[identifier] = nil
          orphans.awaitingResponse.append(continuation)
        case .streaming(let continuation):
          entries[identifier] = nil
          orphans.streaming.append(continuation)
        }
      }
      return orphans
    }
  }
}
