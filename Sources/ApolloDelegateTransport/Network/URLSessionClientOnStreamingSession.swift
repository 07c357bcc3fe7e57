import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ``URLSessionClient`` that sends its requests through an ``HTTPStreamingSession`` instead of its
/// own `URLSession`: the core's ``ScriptedServer`` (examples, parity runs, tests without a network) or a
/// ``URLSessionStreamingSession``.
///
/// Callbacks keep the 0.x contract: the raw completion, then the completion, once, on the callback
/// queue; ``cancel(task:)`` silences the request. The returned `URLSessionTask` stands in for the data
/// task 0.x returned: it carries the request (`currentRequest`), and calling `cancel()` on it stops the
/// request and completes it as a cancelled data task did, with the bytes so far and
/// `URLError(.cancelled)` (the raw completion, then `networkError`).
///
/// The 1.x and 2.x generations have the same thing: `ApolloCallbackChain.URLSessionClientOnStreamingSession`
/// and `ApolloAsyncChain.ApolloURLSessionOnStreamingSession`.
#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: use an ApolloAsyncChain.ApolloURLSession (URLSessionStreamingSession); until then ApolloMigration.HTTPNetworkTransportOnAsyncChain takes one in its place")
#endif
open class URLSessionClientOnStreamingSession: URLSessionClient, @unchecked Sendable {
  // @unchecked Sendable: adds only immutable state; the tasks in flight live in the base class's table.
  private let streamingSession: any HTTPStreamingSession
  private let deliveryQueue: OperationQueue

  /// - Parameters:
  ///   - session: where requests go.
  ///   - callbackQueue: where callbacks run. `nil` (the default, as for the 1.x and 2.x clients over a
  ///     streaming session) runs them on a private serial queue, off the main queue; pass `.main` for
  ///     ``URLSessionClient``'s default.
  public init(session: any HTTPStreamingSession, callbackQueue: OperationQueue? = nil) {
    self.streamingSession = session
    if let callbackQueue {
      deliveryQueue = callbackQueue
    } else {
      deliveryQueue = OperationQueue()
      deliveryQueue.maxConcurrentOperationCount = 1
    }
    // No URLSession: every request goes to `session`.
    super.init(servingStreamingSessionWith: deliveryQueue)
  }

  /// After ``URLSessionClient/invalidate()``, fails at once with
  /// ``URLSessionClient/URLSessionClientError/sessionBecameInvalidWithoutUnderlyingError``, as the base client does.
  @discardableResult
  open override func sendRequest(_ request: URLRequest, rawTaskCompletionHandler: RawCompletion? = nil,
                                 completion: @escaping Completion) -> URLSessionTask {
    let task = StreamingSessionTask(request: request)
    let identifier = task.taskIdentifier
    // Every delivery hops onto the callback queue, even when it is serial.
    let entry = StreamingTaskData(rawCompletion: rawTaskCompletionHandler, completionBlock: completion,
                                  lane: CallbackLane(queue: deliveryQueue), task: task)
    // Registered before the work starts, so a fast answer always finds its entry.
    guard register(entry, forTask: identifier) else { return failInvalidated(request, completion: completion) }
    // What has arrived so far: a cancel completes with it, as a cancelled data task did.
    let progress = Mutex(Progress())
    let session = streamingSession
    // The work holds the client until the request ends, as a URLSession holds its delegate.
    let work = Task {
      do {
        let response = try await session.start(request)
        progress.withLock { $0.response = response.response }
        for try await chunk in response.body { progress.withLock { $0.data.append(chunk) } }
      } catch {
        progress.withLock { $0.error = error }
      }
      // The cancel action holds the client and the response read so far: an app (a 0.x watcher) may keep the task
      // after the end, however it ended.
      task.finish()
      // No entry: `cancel(task:)`, `invalidate()` or the task's own `cancel()` already settled it.
      guard let entry = self.takeEntry(forTask: identifier) else { return }
      Self.deliver(progress.withLock { $0 }, to: entry, request: request)
    }
    task.onCancel {
      // The entry first: the work, once cancelled, may end without an error and must then find none.
      let entry = self.takeEntry(forTask: identifier)
      work.cancel()
      guard let entry else { return }
      let cancelled = progress.withLock { progress -> Progress in
        progress.error = URLError(.cancelled)
        return progress
      }
      Self.deliver(cancelled, to: entry, request: request)
    }
    return task
  }

  /// Stops the request of `task` without calling its completions.
  open override func cancel(task: URLSessionTask) {
    guard let streaming = task as? StreamingSessionTask else { return super.cancel(task: task) }
    clear(task: streaming.taskIdentifier)
    streaming.cancel()
  }

  /// Stops every request without calling their completions.
  open override func clearAllTasks() {
    for case let entry as StreamingTaskData in takeAllEntries() {
      // Its entry is gone, so cancelling only stops the work.
      entry.task.cancel()
    }
  }

  private static func deliver(_ progress: Progress, to entry: TaskData, request: URLRequest) {
    entry.lane.submit {
      entry.rawCompletion?(progress.data, progress.response, progress.error)
      entry.completionBlock(result(of: URLSessionTaskOutcome(data: progress.data, response: progress.response,
                                                              error: progress.error),
                                   request: request))
    }
  }

  /// What a request has received so far, and how it ended.
  private struct Progress: Sendable {
    var data = Data()
    var response: HTTPURLResponse?
    var error: (any Error)?
  }
}

/// A request's callbacks, with the task whose `cancel()` stops its work.
private final class StreamingTaskData: TaskData, @unchecked Sendable {
  // @unchecked Sendable: adds only `task`, immutable and itself Sendable.
  let task: StreamingSessionTask

  init(rawCompletion: URLSessionClient.RawCompletion?, completionBlock: @escaping URLSessionClient.Completion,
       lane: CallbackLane, task: StreamingSessionTask) {
    self.task = task
    super.init(rawCompletion: rawCompletion, completionBlock: completionBlock, lane: lane)
  }
}
