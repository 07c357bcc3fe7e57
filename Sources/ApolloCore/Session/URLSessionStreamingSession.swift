import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An ``HTTPStreamingSession`` backed by one delegate-based `URLSession`.
///
/// ``start(_:)`` returns as soon as the response head arrives; the body is delivered through
/// ``HTTPStreamingResponse/body`` chunk by chunk as the URL loading system reads it.
///
/// The body stream buffers without bound: chunks that arrive while the consumer is busy are held
/// in memory until they are read. Stop consuming (break out of the loop, drop the stream or cancel
/// the consuming task) to cancel the underlying request.
///
/// Keep the session alive while bodies are being read: releasing it invalidates it, which ends
/// every in-flight body with ``HTTPStreamingSessionError/invalidated``.
public final class URLSessionStreamingSession: HTTPStreamingSession {
  private let urlSession: URLSession
  private let table: StreamingTaskTable

  /// Creates a session whose underlying `URLSession` uses `configuration`.
  public init(configuration: URLSessionConfiguration = .default) {
    let delegateQueue = OperationQueue()
    delegateQueue.maxConcurrentOperationCount = 1
    delegateQueue.name = "ApolloCore.URLSessionStreamingSession.delegate"
    let table = StreamingTaskTable(delegateQueue: delegateQueue)
    self.table = table
    self.urlSession = URLSession(
      configuration: configuration,
      delegate: StreamingSessionDelegate(table: table),
      delegateQueue: delegateQueue
    )
  }

  deinit {
    invalidate()
  }

  /// The number of requests the session is tracking (awaiting a response or streaming a body).
  var activeTaskCount: Int {
    table.count
  }

  /// Cancels every in-flight request and makes the session unusable.
  ///
  /// Pending ``start(_:)`` calls throw, and bodies being streamed end, with
  /// ``HTTPStreamingSessionError/invalidated``. Later calls to ``start(_:)`` throw the same error.
  /// Calling this more than once has no further effect.
  public func invalidate() {
    // The flag is set under the table's lock before the URLSession is invalidated, so `start` can
    // never create a task on an invalidated URLSession (an exception on Apple platforms).
    guard let orphans = table.invalidate() else { return }
    let urlSession = self.urlSession
    let tasks = orphans.tasks
    // Not `invalidateAndCancel()`: it cancels from the calling thread, which races with completions
    // on swift-corelibs-foundation (see `StreamingTaskTable.cancelOnDelegateQueue(_:)`).
    table.onDelegateQueue {
      for task in tasks {
        StreamingTaskTable.cancelFromDelegateQueue(task)
      }
      urlSession.finishTasksAndInvalidate()
    }
    orphans.fail(with: HTTPStreamingSessionError.invalidated)
  }

  /// Starts `request` and returns as soon as the response head arrives.
  ///
  /// Non-2xx statuses are not errors: the response and its body are returned as for any other status.
  ///
  /// - Throws: The transport error (usually a `URLError`) if the request fails before the response head
  ///   arrives, `CancellationError` if the calling task is cancelled first,
  ///   ``HTTPStreamingSessionError/nonHTTPResponse`` for a response that is not HTTP, or
  ///   ``HTTPStreamingSessionError/invalidated`` once the session is invalidated.
  public func start(_ request: URLRequest) async throws -> HTTPStreamingResponse {
    try Task.checkCancellation()
    let request = Self.adjustedForPlatform(request)
    let urlSession = self.urlSession
    guard let task = table.register(makeTask: { urlSession.dataTask(with: request) }) else {
      throw HTTPStreamingSessionError.invalidated
    }
    let table = self.table
    let identifier = task.taskIdentifier

    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPStreamingResponse, any Error>) in
        if let error = table.attach(continuation, to: identifier) {
          // Cancelled or invalidated before the continuation could be stored: the task never ran.
          table.cancelOnDelegateQueue(task)
          continuation.resume(throwing: error)
        } else {
          task.resume()
        }
      }
    } onCancel: {
      // Only the side that takes the continuation out of the table resumes it.
      if let continuation = table.cancelBeforeResponse(identifier) {
        table.cancelOnDelegateQueue(task)
        continuation.resume(throwing: CancellationError())
      }
    }
  }

  /// Works around platform quirks in how a request is interpreted.
  private static func adjustedForPlatform(_ request: URLRequest) -> URLRequest {
    #if canImport(FoundationNetworking)
    // swift-corelibs-foundation arms its timeout timer with `Int(timeoutInterval) * 1000` milliseconds,
    // so a fractional timeout is truncated: 0.5 s becomes 0 ms and fails at once, before anything is sent.
    // Round fractional timeouts up to whole seconds, the closest the timer can honour.
    let timeout = request.timeoutInterval
    guard timeout > 0, timeout.isFinite, timeout.rounded(.up) != timeout else { return request }
    var adjusted = request
    adjusted.timeoutInterval = timeout.rounded(.up)
    return adjusted
    #else
    return request
    #endif
  }
}

// MARK: - Per-task state

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
  /// Every cancellation goes through the delegate queue because `URLSessionTask.cancel()` is not safe
  /// to call from just anywhere on swift-corelibs-foundation: it checks that the task is still running,
  /// then reports the cancellation asynchronously on the task's work queue. If the task's completion
  /// runs on the delegate queue in between, the task leaves the session's registry first and the late
  /// report traps the process ("Trying to access a behaviour for a task that in not in the registry").
  /// Completions are delivered on the delegate queue, so while an operation on it runs none can slip in.
  func cancelOnDelegateQueue(_ task: URLSessionTask) {
    onDelegateQueue { Self.cancelFromDelegateQueue(task) }
  }

  /// Cancels `task`. Must be called on the delegate queue (see ``cancelOnDelegateQueue(_:)``).
  static func cancelFromDelegateQueue(_ task: URLSessionTask) {
    task.cancel()
    #if canImport(FoundationNetworking)
    // The first call queued its report on the task's serial work queue. A second call does nothing but
    // wait for that queue (it runs `workQueue.sync` and finds the task already cancelling), so the report
    // is delivered before this delegate-queue operation ends and a racing completion can run.
    task.cancel()
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

// MARK: - Delegate

/// Routes `URLSession` delegate callbacks, which arrive on the session's serial delegate queue,
/// to the per-task state in the table.
final class StreamingSessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
  private let table: StreamingTaskTable

  init(table: StreamingTaskTable) {
    self.table = table
  }

  func urlSession(
    _ session: URLSession,
    dataTask: URLSessionDataTask,
    didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let identifier = dataTask.taskIdentifier
    guard let httpResponse = response as? HTTPURLResponse else {
      let continuation = table.removeAwaitingResponse(identifier)
      completionHandler(.cancel)
      // swift-corelibs-foundation ignores the disposition, so cancel explicitly.
      StreamingTaskTable.cancelFromDelegateQueue(dataTask)
      continuation?.resume(throwing: HTTPStreamingSessionError.nonHTTPResponse)
      return
    }
    switch table.responseArrived(identifier, response: httpResponse) {
    case .deliver(let continuation, let streamingResponse):
      completionHandler(.allow)
      continuation.resume(returning: streamingResponse)
    case .alreadyStreaming:
      completionHandler(.allow)
    case .unknown:
      completionHandler(.cancel)
      StreamingTaskTable.cancelFromDelegateQueue(dataTask)
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    table.bodyContinuation(for: dataTask.taskIdentifier)?.yield(data)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    switch table.complete(task.taskIdentifier) {
    case .awaitingResponse(let continuation):
      if let error {
        continuation.resume(throwing: error)
      } else if let httpResponse = task.response as? HTTPURLResponse {
        // The transfer finished without a response callback; the head is still known to the task.
        let (body, bodyContinuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        bodyContinuation.finish()
        continuation.resume(returning: HTTPStreamingResponse(response: httpResponse, body: body))
      } else if task.response != nil {
        continuation.resume(throwing: HTTPStreamingSessionError.nonHTTPResponse)
      } else {
        continuation.resume(throwing: URLError(.badServerResponse))
      }
    case .streaming(let bodyContinuation):
      if let error {
        bodyContinuation.finish(throwing: error)
      } else {
        bodyContinuation.finish()
      }
    case .awaitingContinuation, .failedBeforeContinuation, nil:
      break
    }
  }

  func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
    // Normally the session's `invalidate()` already emptied the table; this covers the URL loading
    // system invalidating the session on its own.
    table.invalidate()?.fail(with: HTTPStreamingSessionError.invalidated)
  }
}
