import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 0.x session client: one `URLSession` with this object as its delegate, data tasks only, the
/// body of each task accumulated in memory and handed over when the task completes.
///
/// It works the same on Linux (swift-corelibs-foundation calls the data-delegate methods it needs) and
/// on Apple platforms. Subclass it to script responses in tests: override
/// ``sendRequest(_:rawTaskCompletionHandler:completion:)``.
///
/// Status codes are not checked here; the transport does that.
#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: use an ApolloAsyncChain.ApolloURLSession (URLSessionStreamingSession); until then ApolloMigration.HTTPNetworkTransportOnAsyncChain takes one in its place")
#endif
open class URLSessionClient: NSObject, URLSessionDelegate, URLSessionTaskDelegate, URLSessionDataDelegate, @unchecked Sendable {
  // @unchecked Sendable: its only state is the immutable `table` (thread-safe: a lock guards the session
  // and the tasks) and `callbackQueue`; each completion is called once, by whoever took its entry out.

  /// Transport-level failures.
  public enum URLSessionClientError: Error, LocalizedError {
    /// The task ended without an error but without an HTTP response.
    case noHTTPResponse(request: URLRequest?)
    /// The session was invalidated with a `nil` error; every task still running fails with this.
    case sessionBecameInvalidWithoutUnderlyingError
    /// Declared as in 0.x, where only its mock client produced it; this client never does.
    case dataForRequestNotFound(request: URLRequest?)
    /// The task failed: `underlying` is the session's error, `data` what arrived before it (usually empty) and
    /// `response` the response head if one arrived.
    case networkError(data: Data, response: HTTPURLResponse?, underlying: any Error)

    public var errorDescription: String? {
      switch self {
      case .noHTTPResponse(let request):
        return "The request did not receive an HTTP response. Request: \(String(describing: request))"
      case .sessionBecameInvalidWithoutUnderlyingError:
        return "The URL session became invalid, but no underlying error was returned."
      case .dataForRequestNotFound(let request):
        return "URLSessionClient was not able to locate the stored data for request \(String(describing: request))"
      case .networkError(_, _, let underlying):
        return "A network error occurred: \(underlying.localizedDescription)"
      }
    }
  }

  /// Receives the raw outcome of a task: accumulated data (empty when nothing arrived), response, error.
  public typealias RawCompletion = (Data?, HTTPURLResponse?, (any Error)?) -> Void
  /// Receives the outcome of a task: data and HTTP response, or the error.
  public typealias Completion = (Result<(Data, HTTPURLResponse), any Error>) -> Void

  /// The session, the tasks in flight and their delivery: the machinery the 1.x client shares.
  private let table: URLSessionTaskTable<TaskData>
  private let callbackQueue: OperationQueue?

  /// The session; `nil` after ``invalidate()``.
  open var session: URLSession! { table.session }

  /// - Parameters:
  ///   - sessionConfiguration: the session's configuration.
  ///   - callbackQueue: where every callback, and so every transport delegate and completion, runs.
  ///     `.main` by default, as upstream; on Linux the main queue only runs while something runs the main
  ///     run loop (an app, `RunLoop.main.run`, XCTest's `wait(for:)`), so pass your own queue in
  ///     command-line tools and `async` tests. A serial queue is the session's delegate queue, as upstream;
  ///     a concurrent one gets a private serial delegate queue in front of it, so that each task's bytes
  ///     arrive whole and in order (0.x lost or scrambled them there).
  public init(sessionConfiguration: URLSessionConfiguration = .default, callbackQueue: OperationQueue? = .main) {
    self.callbackQueue = callbackQueue
    self.table = URLSessionTaskTable(callbackQueue: callbackQueue)
    super.init()
    table.openSession(configuration: sessionConfiguration, delegate: self)
  }

  /// For subclasses that load requests themselves (``URLSessionClientOnStreamingSession``): no `URLSession`
  /// is created, and ``session`` is `nil`.
  // Internal, for the streaming subclass only; its label keeps it apart from the public init, whose arguments all have defaults.
  init(servingStreamingSessionWith callbackQueue: OperationQueue?) {
    self.callbackQueue = callbackQueue
    self.table = URLSessionTaskTable(callbackQueue: callbackQueue)
    super.init()
  }

  /// Stops tracking every task without calling their completions, then invalidates the session.
  ///
  /// Afterwards ``session`` is `nil` and ``sendRequest(_:rawTaskCompletionHandler:completion:)``
  /// completes at once with ``URLSessionClientError/sessionBecameInvalidWithoutUnderlyingError``
  /// (0.x crashed on the `nil` session, and left the `URLSession`, which retains this object, alive).
  public func invalidate() {
    clearAllTasks()
    table.invalidate()
  }

  /// Stops tracking the task `identifier`: its completion will not be called.
  open func clear(task identifier: Int) {
    table.removeEntry(forTask: identifier)
  }

  /// Stops tracking every task: no completion will be called.
  open func clearAllTasks() {
    table.removeAllEntries()
  }

  /// Creates a data task for `request`, tracks it, resumes it, and returns it.
  ///
  /// When the task completes, `rawTaskCompletionHandler` runs first, then `completion`, both on the
  /// callback queue.
  @discardableResult
  open func sendRequest(_ request: URLRequest,
                        rawTaskCompletionHandler: RawCompletion? = nil,
                        completion: @escaping Completion) -> URLSessionTask {
    let lane = table.makeCallbackLane()
    let task = table.startTask(for: request) {
      TaskData(rawCompletion: rawTaskCompletionHandler, completionBlock: completion, lane: lane)
    }
    return task ?? failInvalidated(request, completion: completion)
  }

  /// Stops tracking `task`, then cancels it: no completion is called.
  open func cancel(task: URLSessionTask) {
    clear(task: task.taskIdentifier)
    table.cancel(task)
  }

  // MARK: Task bookkeeping for subclasses that run requests themselves

  /// Stores a task's callbacks; `false` once the client was invalidated.
  final func register(_ taskData: TaskData, forTask identifier: Int) -> Bool {
    table.register(taskData, forTask: identifier)
  }

  /// Takes a task's callbacks out: the caller is now the only one that may call them.
  final func takeEntry(forTask identifier: Int) -> TaskData? {
    table.removeEntry(forTask: identifier)
  }

  /// Takes every task's callbacks out, in task order.
  final func takeAllEntries() -> [TaskData] {
    table.removeAllEntries()
  }

  /// Returns a task that is never resumed, after failing `completion` on the callback queue with
  /// ``URLSessionClientError/sessionBecameInvalidWithoutUnderlyingError``: a send after ``invalidate()``.
  final func failInvalidated(_ request: URLRequest, completion: @escaping Completion) -> URLSessionTask {
    let task = NeverStartedTask(request: request)
    let deliver = OnceCallback(completion)
    let fail: @Sendable () -> Void = { _ = deliver(.failure(URLSessionClientError.sessionBecameInvalidWithoutUnderlyingError)) }
    if let callbackQueue { callbackQueue.addOperation(fail) } else { DispatchQueue.global().async(execute: fail) }
    return task
  }

  // MARK: URLSessionDelegate

  /// Fails every task still tracked with `error` (or ``URLSessionClientError/sessionBecameInvalidWithoutUnderlyingError``),
  /// calling only their completions, not the raw ones.
  open func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
    table.failAll(with: error ?? URLSessionClientError.sessionBecameInvalidWithoutUnderlyingError)
  }

  /// Answers session-level challenges with default handling; override to pin certificates or supply credentials.
  open func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                       completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
    completionHandler(.performDefaultHandling, nil)
  }

  #if os(iOS) || os(tvOS) || os(watchOS)
  /// Does nothing; override to finish the work of a background session.
  open func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {}
  #endif

  // MARK: URLSessionTaskDelegate

  /// Answers task-level challenges with default handling; override to supply credentials per task.
  open func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                       completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
    completionHandler(.performDefaultHandling, nil)
  }

  /// Delivers the task's outcome: the raw completion first, then the completion with the data and response or a
  /// ``URLSessionClientError``. A task cleared by `cancel(task:)` or `invalidate()` calls neither.
  open func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    table.taskDidComplete(task)
    // No entry: the task was cleared (`cancel(task:)`, `invalidate()`), so nothing is called.
    guard let taskData = table.removeEntry(forTask: task.taskIdentifier) else { return }
    let (data, recorded) = taskData.snapshot()
    let response = recorded ?? task.response as? HTTPURLResponse
    let originalRequest = task.originalRequest
    taskData.lane.submit {
      taskData.rawCompletion?(data, response, error)
      taskData.completionBlock(Self.result(of: URLSessionTaskOutcome(data: data, response: response, error: error),
                                           request: originalRequest))
    }
  }

  /// What the completion of a task that ended with `outcome` receives, in this generation's errors.
  static func result(of outcome: URLSessionTaskOutcome, request: URLRequest?) -> Result<(Data, HTTPURLResponse), any Error> {
    switch outcome {
    case .success(let data, let response):
      return .success((data, response))
    case .networkError(let data, let response, let underlying):
      return .failure(URLSessionClientError.networkError(data: data, response: response, underlying: underlying))
    case .noHTTPResponse:
      return .failure(URLSessionClientError.noHTTPResponse(request: request))
    }
  }

  /// Answers `nil`: this client sends bodies as data, never as streams.
  open func urlSession(_ session: URLSession, task: URLSessionTask, needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void) {
    completionHandler(nil)
  }

  /// Does nothing; override to observe upload progress.
  open func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
                       totalBytesExpectedToSend: Int64) {}

  /// Does nothing; override to collect task metrics.
  open func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {}

  /// Does nothing; override to tell the user the request waits for connectivity.
  open func urlSession(_ session: URLSession, taskIsWaitingForConnectivity task: URLSessionTask) {}

  /// Lets a delayed request load as it is; override to change or cancel it.
  open func urlSession(_ session: URLSession, task: URLSessionTask, willBeginDelayedRequest request: URLRequest,
                       completionHandler: @escaping @Sendable (URLSession.DelayedRequestDisposition, URLRequest?) -> Void) {
    completionHandler(.continueLoading, nil)
  }

  /// Follows every redirect unchanged; override to stop or rewrite them.
  open func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                       newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
    completionHandler(request)
  }

  // MARK: URLSessionDataDelegate

  /// Appends the received bytes to the task's buffer, handed over whole when the task completes.
  open func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    table.entry(forTask: dataTask.taskIdentifier)?.append(data)
  }

  open func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                       completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
    if let response = response as? HTTPURLResponse {
      table.entry(forTask: dataTask.taskIdentifier)?.record(response)
    }
    completionHandler(.allow)
  }

  /// Does nothing: this client makes data tasks only, and never asks a task to become a stream task.
  open func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didBecome streamTask: URLSessionStreamTask) {}

  /// Does nothing: this client never asks a data task to become a download task.
  open func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didBecome downloadTask: URLSessionDownloadTask) {}

  /// Lets `URLCache` store the response as proposed; override to keep GraphQL responses out of it.
  open func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, willCacheResponse proposedResponse: CachedURLResponse,
                       completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void) {
    completionHandler(proposedResponse)
  }
}

/// The bookkeeping of one task: its completions, and the data and response received so far.
#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: use an ApolloAsyncChain.ApolloURLSession (URLSessionStreamingSession); until then ApolloMigration.HTTPNetworkTransportOnAsyncChain takes one in its place")
#endif
public class TaskData: URLSessionTaskEntry, @unchecked Sendable {
  // @unchecked Sendable: `data` and `response` are changed only by the session's delegate callbacks, which
  // run one at a time on its serial delegate queue (URLSessionTaskTable makes it serial), and read once by
  // `snapshot()` in the last of them. The completions are called once, through `lane`.
  /// Called first when the task completes, with whatever arrived (an empty body rather than `nil`); the transport uses
  /// it to call ``HTTPNetworkTransportTaskCompletedDelegate``.
  public let rawCompletion: URLSessionClient.RawCompletion?
  /// Called once when the task completes, after ``rawCompletion``, with the body and HTTP response or the failure.
  public let completionBlock: URLSessionClient.Completion
  private(set) var data = Data()
  private(set) var response: HTTPURLResponse?
  /// Where the completions run.
  package let lane: CallbackLane

  init(rawCompletion: URLSessionClient.RawCompletion?, completionBlock: @escaping URLSessionClient.Completion,
       lane: CallbackLane) {
    self.rawCompletion = rawCompletion
    self.completionBlock = completionBlock
    self.lane = lane
  }

  func append(_ bytes: Data) { data.append(bytes) }
  func record(_ response: HTTPURLResponse) { self.response = response }
  func snapshot() -> (Data, HTTPURLResponse?) { (data, response) }
}
