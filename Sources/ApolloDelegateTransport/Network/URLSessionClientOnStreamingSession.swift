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
  // @unchecked Sendable: `requests` is a Mutex; everything else is immutable.
  private let streamingSession: any HTTPStreamingSession
  private let deliveryQueue: OperationQueue
  /// The requests in flight, by placeholder task identifier, with the work that runs each one.
  private let requests = Mutex<[Int: Task<Void, Never>?]>([:])

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
    super.init(withoutURLSession: (), callbackQueue: deliveryQueue)
  }

  @discardableResult
  open override func sendRequest(_ request: URLRequest, rawTaskCompletionHandler: RawCompletion? = nil,
                                 completion: @escaping Completion) -> URLSessionTask {
    let task = StreamingSessionTask(request: request)
    let identifier = task.taskIdentifier
    let deliver = OnceCallback<Outcome> { outcome in
      rawTaskCompletionHandler?(outcome.data, outcome.response, outcome.error)
      completion(Self.result(of: URLSessionTaskOutcome(data: outcome.data, response: outcome.response, error: outcome.error),
                             request: request))
    }
    // What has arrived so far: a cancel completes with it, as a cancelled data task did.
    let progress = Mutex(Outcome())
    // Registered before the work starts, so a fast answer always finds its entry.
    requests.withLock { $0[identifier] = .some(nil) }
    let session = streamingSession
    let queue = deliveryQueue
    let work = Task { [requests] in
      do {
        let response = try await session.start(request)
        progress.withLock { $0.response = response.response }
        for try await chunk in response.body { progress.withLock { $0.data.append(chunk) } }
      } catch {
        progress.withLock { $0.error = error }
      }
      // No entry: `cancel(task:)`, `invalidate()` or the task's own `cancel()` already settled it.
      guard requests.withLock({ $0.removeValue(forKey: identifier) }) != nil else { return }
      let finished = progress.withLock { $0 }
      queue.addOperation { deliver(finished) }
    }
    requests.withLock { entries in
      if entries[identifier] != nil { entries[identifier] = work }
    }
    task.onCancel { [requests] in
      guard let entry = requests.withLock({ $0.removeValue(forKey: identifier) }) else { return }
      entry?.cancel()
      let cancelled = progress.withLock { progress -> Outcome in
        progress.error = URLError(.cancelled)
        return progress
      }
      queue.addOperation { deliver(cancelled) }
    }
    return task
  }

  /// Stops the request of `task` without calling its completions.
  open override func cancel(task: URLSessionTask) {
    let work = requests.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    work??.cancel()
  }

  open override func clearAllTasks() {
    let all = requests.withLock { entries -> [Task<Void, Never>?] in
      defer { entries.removeAll() }
      return Array(entries.values)
    }
    for work in all { work?.cancel() }
    super.clearAllTasks()
  }

  private struct Outcome: Sendable {
    var data = Data()
    var response: HTTPURLResponse?
    var error: (any Error)?
  }
}
