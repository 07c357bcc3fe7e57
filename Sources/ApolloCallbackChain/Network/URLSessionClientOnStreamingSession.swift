import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ``URLSessionClient`` that sends its requests through an ``HTTPStreamingSession`` instead of a
/// `URLSession` of its own: the core's `ScriptedServer` (unit tests, examples and benchmarks run the real
/// 1.x chain without a network) or a `URLSessionStreamingSession`.
///
/// Callbacks follow the real client's rules (one per multipart part as it arrives plus one at the end,
/// `cancel(task:)` silent, `task.cancel()` reported as `NSURLErrorCancelled`). The 0.x and 2.x
/// generations have the same thing: `ApolloDelegateTransport.URLSessionClientOnStreamingSession` and
/// `ApolloAsyncChain.ApolloURLSessionOnStreamingSession`.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use an ApolloAsyncChain.ApolloURLSession (URLSessionStreamingSession; ScriptedServer in tests); until then ApolloMigration.RequestChainNetworkTransportOnAsyncChain takes one in its place")
#endif
public final class URLSessionClientOnStreamingSession: URLSessionClient, @unchecked Sendable {
  // @unchecked Sendable: adds only immutable state.

  /// Where requests go.
  public let streamingSession: any HTTPStreamingSession
  private let deliveryQueue: DispatchQueue?
  /// The requests reading now, for ``clearAllTasks()`` (and so `invalidate()`) to stop.
  private let running = Mutex<[Int: StreamingSessionTask]>([:])

  /// - Parameters:
  ///   - session: answers the requests.
  ///   - callbackQueue: the serial queue callbacks run on, like a session's delegate queue. `nil` (the
  ///     default, as for the 0.x and 2.x clients over a streaming session) runs them one at a time on the
  ///     task that reads the response: off the main queue, with no hop.
  public init(session: any HTTPStreamingSession, callbackQueue: DispatchQueue? = nil) {
    self.streamingSession = session
    self.deliveryQueue = callbackQueue
    super.init(servingStreamingSession: ())
  }

  @discardableResult
  public override func sendRequest(_ request: URLRequest,
                                   taskDescription: String? = nil,
                                   rawTaskCompletionHandler: RawCompletion? = nil,
                                   completion: @escaping Completion) -> URLSessionTask {
    let task = StreamingSessionTask(request: request)
    let identifier = task.identifier
    let data = TaskData(rawCompletion: rawTaskCompletionHandler, completionBlock: completion, lane: makeCallbackLane())
    // Running before it is registered: a `clearAllTasks()` that removes its entry then also stops it.
    running.withLock { $0[identifier] = task }
    guard register(data, for: identifier) else {
      _ = running.withLock { $0.removeValue(forKey: identifier) }
      completion(.failure(URLSessionClientError.sessionInvalidated))
      return URLSessionTask()
    }
    task.taskDescription = taskDescription
    let session = self.streamingSession
    // A cancel comes from any thread while the reader calls back. The gate stops the reader once the request is
    // cancelled (a cancelled session may end the body early, which must not read as the end of the response), and
    // without a callback queue it keeps the cancel's report from running while the reader is inside a callback (both
    // touch the task's data).
    let gate = ReadGate()
    // The task holds the client until the request ends, as a URLSession holds its delegate.
    let work = Task {
      defer { _ = self.running.withLock { $0.removeValue(forKey: identifier) } }
      do {
        let response = try await session.start(request)
        guard self.inReader(gate, identifier: identifier, request: request, { $0.received(response: response.response, forTask: identifier) })
        else { return }
        for try await chunk in response.body {
          // A response given up on (a part over the limit, no boundary) is cancelled where it is given up, as the
          // URLSession-backed client cancels its task (its entry is gone, so the cancel reports nothing); the read
          // also stops as soon as the entry is gone, whether or not the session heeds the cancel (with a callback
          // queue, the delivery above runs later than this check).
          guard self.inReader(gate, identifier: identifier, request: request, {
            if $0.received(data: chunk, forTask: identifier) { task.cancel() }
          }), self.isTracking(task: identifier) else { break }
        }
        _ = self.inReader(gate, identifier: identifier, request: request) {
          $0.completed(task: identifier, originalRequest: request, error: nil)
        }
      } catch {
        let reported: any Error = error is CancellationError ? URLError(.cancelled) : error
        _ = self.inReader(gate, identifier: identifier, request: request) {
          $0.completed(task: identifier, originalRequest: request, error: reported)
        }
      }
    }
    task.onCancel { [weak self] in
      // The gate first: the work, once cancelled, may end its body without an error and must then report nothing.
      let reportsNow = gate.cancel()
      work.cancel()
      if reportsNow { self?.reportCancel(of: identifier, request: request) }
    }
    return task
  }

  /// Hands on one of the reader's callbacks (on the callback queue, or here when there is none) unless the request was
  /// cancelled. `false` when it was: the reader stops (a cancel that came meanwhile is reported here).
  private func inReader(_ gate: ReadGate, identifier: Int, request: URLRequest,
                        _ body: @escaping @Sendable (URLSessionClientOnStreamingSession) -> Void) -> Bool {
    guard gate.enter() else { return false }
    deliver(body)
    guard !gate.leave() else {
      reportCancel(of: identifier, request: request)
      return false
    }
    return true
  }

  private func reportCancel(of identifier: Int, request: URLRequest) {
    deliver { $0.completed(task: identifier, originalRequest: request, error: URLError(.cancelled)) }
  }

  public override func cancel(task: URLSessionTask) {
    guard let streaming = task as? StreamingSessionTask else { return super.cancel(task: task) }
    clear(task: streaming.identifier)
    streaming.cancel()
  }

  /// Forgets every task, as the base client does, and stops their requests: a quiet subscription would otherwise keep
  /// reading, and keep the client, until its next part.
  public override func clearAllTasks() {
    super.clearAllTasks()
    let tasks = running.withLock { running in
      defer { running.removeAll() }
      return running
    }
    for (identifier, task) in tasks {
      // One registered since the line above loses its entry here too, so no cancel reports anything.
      clear(task: identifier)
      task.cancel()
    }
  }

  /// Who reports the end of a cancelled request: the cancel, at once, unless the reader is handing on a callback; then
  /// the reader, as it comes out. After a cancel the reader hands on no more.
  private final class ReadGate: @unchecked Sendable {
    // @unchecked Sendable: every stored property is read and written under `lock`.
    private let lock = NSLock()
    private var inCallback = false
    private var cancelled = false
    private var cancelWaits = false

    /// Before a callback: `false` once the request is cancelled.
    func enter() -> Bool {
      lock.lock()
      defer { lock.unlock() }
      guard !cancelled else { return false }
      inCallback = true
      return true
    }

    /// After a callback: `true` when a cancel came during it, which the reader now reports.
    func leave() -> Bool {
      lock.lock()
      defer { lock.unlock() }
      inCallback = false
      return cancelWaits
    }

    /// On cancel: `true` when no callback is running, so the cancel reports the end itself.
    func cancel() -> Bool {
      lock.lock()
      defer { lock.unlock() }
      guard !cancelled else { return false }
      cancelled = true
      cancelWaits = inCallback
      return !inCallback
    }
  }

  private func deliver(_ body: @escaping @Sendable (URLSessionClientOnStreamingSession) -> Void) {
    if let deliveryQueue {
      deliveryQueue.async { body(self) }
    } else {
      body(self)
    }
  }
}
