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
  public convenience init(configuration: URLSessionConfiguration = .default) {
    self.init(configuration: configuration, forwardingFor: nil)
  }

  /// Creates a session whose underlying `URLSession` uses `configuration` and asks the delegate of `owner` (an app's own
  /// `URLSession`, held weakly) to decide redirects and authentication challenges, on `owner`'s delegate queue, so its
  /// certificate pinning or redirect policy still applies.
  package init(configuration: URLSessionConfiguration, forwardingFor owner: URLSession?) {
    let delegateQueue = OperationQueue()
    delegateQueue.maxConcurrentOperationCount = 1
    delegateQueue.name = "ApolloCore.URLSessionStreamingSession.delegate"
    let table = StreamingTaskTable(delegateQueue: delegateQueue)
    self.table = table
    self.urlSession = URLSession(
      configuration: URLSessionPlatformWorkarounds.configuration(configuration),
      delegate: StreamingSessionDelegate(table: table, forwardingFor: owner),
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
    let request = URLSessionPlatformWorkarounds.request(request)
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
}
