import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ``URLSessionClient`` that sends its requests through an ``HTTPStreamingSession`` instead of its
/// own `URLSession`: the core's ``ScriptedServer`` (examples, parity runs, tests without a network) or a
/// ``URLSessionStreamingSession``.
///
/// Callbacks keep the 0.x contract: the raw completion, then the completion, once, on the callback
/// queue; ``cancel(task:)`` silences the request. The returned `URLSessionTask` is a placeholder that
/// carries the request (`currentRequest`) but never runs, so calling `cancel()` on it directly does not
/// stop the request (unlike 0.x, where it delivered a cancellation error); use ``cancel(task:)``.
open class StreamingSessionClient: URLSessionClient, @unchecked Sendable {
  // @unchecked Sendable: `requests` is a Mutex; everything else is immutable.
  private let streamingSession: any HTTPStreamingSession
  private let deliveryQueue: OperationQueue
  private let taskFactory = URLSession(configuration: .ephemeral)
  /// The requests in flight, by placeholder task identifier, with the work that runs each one.
  private let requests = Mutex<[Int: Task<Void, Never>?]>([:])

  /// - Parameters:
  ///   - session: where requests go.
  ///   - callbackQueue: where callbacks run; `.main` by default as for ``URLSessionClient``, a private
  ///     serial queue when `nil`.
  public init(session: any HTTPStreamingSession, callbackQueue: OperationQueue? = .main) {
    self.streamingSession = session
    if let callbackQueue {
      deliveryQueue = callbackQueue
    } else {
      deliveryQueue = OperationQueue()
      deliveryQueue.maxConcurrentOperationCount = 1
    }
    super.init(sessionConfiguration: .ephemeral, callbackQueue: deliveryQueue)
  }

  @discardableResult
  open override func sendRequest(_ request: URLRequest, rawTaskCompletionHandler: RawCompletion? = nil,
                                 completion: @escaping Completion) -> URLSessionTask {
    let task = taskFactory.dataTask(with: request)  // never resumed
    let identifier = task.taskIdentifier
    let deliver = OnceCallback<Outcome> { outcome in
      rawTaskCompletionHandler?(outcome.data, outcome.response, outcome.error)
      if let error = outcome.error {
        completion(.failure(URLSessionClientError.networkError(data: outcome.data, response: outcome.response, underlying: error)))
      } else if let response = outcome.response {
        completion(.success((outcome.data, response)))
      } else {
        completion(.failure(URLSessionClientError.noHTTPResponse(request: request)))
      }
    }
    // Registered before the work starts, so a fast answer always finds its entry.
    requests.withLock { $0[identifier] = .some(nil) }
    let session = streamingSession
    let queue = deliveryQueue
    let work = Task { [requests] in
      var outcome = Outcome()
      do {
        let response = try await session.start(request)
        outcome.response = response.response
        for try await chunk in response.body { outcome.data.append(chunk) }
      } catch {
        outcome.error = error
      }
      // No entry: `cancel(task:)` or `invalidate()` silenced it.
      guard requests.withLock({ $0.removeValue(forKey: identifier) }) != nil else { return }
      let finished = outcome
      queue.addOperation { deliver(finished) }
    }
    requests.withLock { entries in
      if entries[identifier] != nil { entries[identifier] = work }
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
