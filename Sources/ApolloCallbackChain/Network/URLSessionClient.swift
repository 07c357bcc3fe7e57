import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 1.x HTTP client: a `URLSession` whose delegate it is, calling back per task with the whole body,
/// or — for `multipart/mixed` responses — once per complete part as it arrives and once more at the end.
///
/// Built on a data-task delegate, which works on Linux (no `URLSession.bytes` there). Open, so tests and
/// apps can subclass it; ``URLSessionClientOnStreamingSession`` serves requests from the core's scripted server.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use an ApolloAsyncChain.ApolloURLSession (URLSessionStreamingSession; ScriptedServer in tests); until then ApolloMigration.RequestChainNetworkTransportOnAsyncChain takes one in its place")
#endif
open class URLSessionClient: NSObject, URLSessionDelegate, URLSessionTaskDelegate, URLSessionDataDelegate,
  @unchecked Sendable
{
  // @unchecked Sendable: its only state is the immutable `table` (thread-safe: a lock guards the session
  // and the tasks). Each `TaskData` is only touched by its task's callbacks, which arrive one at a time
  // (the table keeps the session's delegate queue serial; scripted subclasses deliver one at a time).

  /// How a request through the client fails, besides the session's own errors (1.x's cases and messages).
  public enum URLSessionClientError: Error, LocalizedError {
    /// The task ended without error but with no HTTP response (a non-HTTP URL, say).
    case noHTTPResponse(request: URLRequest?)
    /// The session was invalidated while the request was in flight and gave no error of its own.
    case sessionBecameInvalidWithoutUnderlyingError
    /// Never produced by this package: its task table cannot lose a task's data. Kept for source
    /// compatibility with upstream 1.x code that switches over it.
    case dataForRequestNotFound(request: URLRequest?)
    /// The task failed; holds the bytes received before the failure, the response if one arrived and the
    /// session's error.
    case networkError(data: Data, response: HTTPURLResponse?, underlying: any Error)
    /// A request was sent after ``invalidate()``; it is never started.
    case sessionInvalidated
    /// A `multipart/mixed` response names no `boundary`, so its parts cannot be found.
    case missingMultipartBoundary
    /// Never produced by this package. Kept for source compatibility with upstream 1.x code that switches
    /// over it.
    case cannotParseBoundaryData

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
      case .sessionInvalidated:
        return "Attempting to create a new request after the session has been invalidated!"
      case .missingMultipartBoundary:
        return "A multipart HTTP response was received without specifying a boundary!"
      case .cannotParseBoundaryData:
        return "Cannot parse the multipart boundary data!"
      }
    }
  }

  /// Called with what arrived, before ``Completion``: for each part of a multipart response, and when the
  /// task ends (the body, the response and the error, any of them `nil`).
  public typealias RawCompletion = (Data?, HTTPURLResponse?, (any Error)?) -> Void
  /// Called with each result of a task: the body and response (once, or once per multipart part), or the error.
  public typealias Completion = (Result<(Data, HTTPURLResponse), any Error>) -> Void

  /// The session, the tasks in flight and their delivery: the machinery the 0.x client shares.
  private let table: URLSessionTaskTable<TaskData>

  /// The session; `nil` after ``invalidate()``.
  open var session: URLSession! { table.session }

  /// - Parameters:
  ///   - sessionConfiguration: the session's configuration.
  ///   - callbackQueue: where completions run. `.main` by default as upstream; on Linux it only runs
  ///     while something drives the main run loop. A serial queue is the session's delegate queue, as
  ///     upstream; a concurrent one gets a private serial delegate queue in front of it, so that each
  ///     task's bytes arrive whole and in order, and its callbacks one after another.
  ///   - sessionDescription: the session's `sessionDescription`.
  public init(sessionConfiguration: URLSessionConfiguration = .default,
              callbackQueue: OperationQueue? = .main,
              sessionDescription: String? = nil) {
    table = URLSessionTaskTable(callbackQueue: callbackQueue)
    super.init()
    table.openSession(configuration: sessionConfiguration, delegate: self, sessionDescription: sessionDescription)
  }

  /// For subclasses that load requests themselves (``URLSessionClientOnStreamingSession``): no `URLSession`
  /// is created, and callbacks run where the subclass calls the bookkeeping methods.
  // Internal, for the streaming subclass only; it needs no argument, so `()` gives it a label apart from the public inits.
  init(servingStreamingSession: Void) {
    table = URLSessionTaskTable(callbackQueue: nil)
    super.init()
  }

  /// Cancels every task and makes the client unusable: later requests fail with `sessionInvalidated`,
  /// in-flight requests never call back (as upstream).
  public func invalidate() {
    table.invalidate()
    // As upstream, which cleared its tasks here: a client that runs requests of its own (over a streaming session)
    // stops them; for a URLSession's tasks the table has already seen to it.
    clearAllTasks()
  }

  /// Whether ``invalidate()`` was called.
  public var isInvalidated: Bool { table.isInvalidated }

  /// Forgets the task `identifier`: its completion is never called.
  open func clear(task identifier: Int) {
    table.removeEntry(forTask: identifier)
  }

  /// Forgets every task: no completion is called.
  open func clearAllTasks() {
    table.removeAllEntries()
  }

  /// Creates a data task for `request`, tracks it, resumes it and returns it.
  ///
  /// The completion runs on the callback queue: once with the whole body, or for a `multipart/mixed`
  /// response once per part as it arrives and once more at the end. After ``invalidate()`` it fails at
  /// once, on the calling thread, with `sessionInvalidated`.
  @discardableResult
  open func sendRequest(_ request: URLRequest,
                        taskDescription: String? = nil,
                        rawTaskCompletionHandler: RawCompletion? = nil,
                        completion: @escaping Completion) -> URLSessionTask {
    let lane = table.makeCallbackLane()
    let task = table.startTask(for: request, configure: { $0.taskDescription = taskDescription }) {
      TaskData(rawCompletion: rawTaskCompletionHandler, completionBlock: completion, lane: lane)
    }
    guard let task else {
      completion(.failure(URLSessionClientError.sessionInvalidated))
      return URLSessionTask()
    }
    return task
  }

  /// ``sendRequest(_:taskDescription:rawTaskCompletionHandler:completion:)`` without a task description.
  @discardableResult
  open func sendRequest(_ request: URLRequest,
                        rawTaskCompletionHandler: RawCompletion? = nil,
                        completion: @escaping Completion) -> URLSessionTask {
    sendRequest(request, taskDescription: nil, rawTaskCompletionHandler: rawTaskCompletionHandler, completion: completion)
  }

  /// Forgets the task, then cancels it: its completion is never called. (Cancelling the task directly
  /// reports `networkError(… NSURLErrorCancelled)` instead.)
  open func cancel(task: URLSessionTask) {
    clear(task: task.taskIdentifier)
    table.cancel(task)
  }

  /// Cancels `task` so that the session reports `NSURLErrorCancelled` to its completion, from the session's
  /// delegate queue where that cannot race the task's completion (a trap on swift-corelibs-foundation).
  final func cancelOnDelegateQueue(_ task: URLSessionTask) {
    table.cancel(task)
  }

  // MARK: - Task bookkeeping shared by the URLSession delegate and scripted subclasses

  /// Stores a task's callbacks; returns `false` when the client was invalidated.
  @discardableResult
  final func register(_ data: TaskData, for identifier: Int) -> Bool {
    table.register(data, forTask: identifier)
  }

  /// A lane for a new task's callbacks.
  final func makeCallbackLane() -> CallbackLane {
    table.makeCallbackLane()
  }

  /// Whether the task is still waiting for its callbacks (not ended, abandoned or cancelled).
  final func isTracking(task identifier: Int) -> Bool {
    taskData(for: identifier) != nil
  }

  private final func taskData(for identifier: Int) -> TaskData? {
    table.entry(forTask: identifier)
  }

  /// The response head arrived.
  final func received(response: URLResponse, forTask identifier: Int) {
    guard let data = taskData(for: identifier), let http = response as? HTTPURLResponse else { return }
    data.response = http
    if http.isMultipart {
      data.isMultipart = true
      if let boundary = http.multipartBoundary {
        data.splitter = MultipartChunkSplitter(boundary: boundary)
      }
    }
  }

  /// Body bytes arrived. Multipart responses are cut into parts as soon as a part is complete.
  /// - Returns: `true` when the response was abandoned here (a part over `MultipartLimits.maximumPartSize`, or a
  ///   multipart response without a boundary): its failure is delivered once and the task forgotten, so the
  ///   caller should stop the transfer.
  @discardableResult
  final func received(data bytes: Data, forTask identifier: Int) -> Bool {
    guard let data = taskData(for: identifier) else { return false }
    guard data.isMultipart, let response = data.response else {
      data.data.append(bytes)
      return false
    }
    guard data.splitter != nil else {
      // Its parts can never be found. 1.x failed the completion for every slice of the body and then passed the
      // whole body on as a success; here the failure comes once and the transfer stops.
      guard let abandoned = table.removeEntry(forTask: identifier) else { return false }
      abandoned.lane.submit { abandoned.completionBlock(.failure(URLSessionClientError.missingMultipartBoundary)) }
      return true
    }
    let chunks = data.splitter?.append(bytes) ?? []
    for chunk in chunks {
      data.lane.submit {
        data.rawCompletion?(chunk, response, nil)
        data.completionBlock(.success((chunk, response)))
      }
    }
    guard let splitter = data.splitter, splitter.isOverPartSizeLimit,
          let abandoned = table.removeEntry(forTask: identifier)
    else { return false }
    // Forgetting the task drops its later bytes and its completion.
    abandoned.splitter = nil
    abandoned.lane.submit { abandoned.completionBlock(.failure(MultipartPartTooLargeError(limit: splitter.maximumPartSize))) }
    return true
  }

  /// The task ended. Delivers the body (or the multipart remainder, often empty), or the error.
  final func completed(task identifier: Int, originalRequest: URLRequest?, error: (any Error)?) {
    guard let data = table.removeEntry(forTask: identifier) else { return }
    var body = data.data
    if var splitter = data.splitter {
      for chunk in splitter.finish() { body.append(chunk) }
      data.splitter = splitter
    }
    let response = data.response
    data.lane.submit {
      data.rawCompletion?(body, response, error)
      data.completionBlock(Self.result(of: URLSessionTaskOutcome(data: body, response: response, error: error),
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

  // MARK: - URLSession delegate

  /// Fails every request still in flight with the session's error (or
  /// ``URLSessionClientError/sessionBecameInvalidWithoutUnderlyingError``). Call `super` when overriding.
  open func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
    table.failAll(with: error ?? URLSessionClientError.sessionBecameInvalidWithoutUnderlyingError)
  }

  /// Delivers the task's result: the whole body, the last multipart chunk, or the error. Call `super`
  /// when overriding.
  open func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    table.taskDidComplete(task)
    completed(task: task.taskIdentifier, originalRequest: task.originalRequest, error: error)
  }

  /// Adds the bytes to the task's body, or for a multipart response delivers each complete part. Call
  /// `super` when overriding.
  open func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    // Data arriving while the task is being cancelled is ignored, as upstream.
    guard dataTask.state != .canceling else { return }
    if received(data: data, forTask: dataTask.taskIdentifier) {
      // Abandoned (a multipart part over MultipartLimits.maximumPartSize): stop the transfer.
      table.cancel(dataTask)
    }
  }

  open func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                       completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
    received(response: response, forTask: dataTask.taskIdentifier)
    completionHandler(.allow)
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

  /// Answers task-level challenges with default handling; override to supply credentials per task.
  open func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                       completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
    completionHandler(.performDefaultHandling, nil)
  }

  /// Does nothing; override to collect task metrics.
  open func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {}

  /// Answers `nil`: this client sends bodies as data, never as streams.
  open func urlSession(_ session: URLSession, task: URLSessionTask, needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void) {
    completionHandler(nil)
  }

  /// Does nothing; override to observe upload progress.
  open func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
                       totalBytesExpectedToSend: Int64) {}

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

/// The callbacks and the accumulated state of one task.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use an ApolloAsyncChain.ApolloURLSession (URLSessionStreamingSession; ScriptedServer in tests); until then ApolloMigration.RequestChainNetworkTransportOnAsyncChain takes one in its place")
#endif
public final class TaskData: URLSessionTaskEntry, @unchecked Sendable {
  // @unchecked Sendable: only the owning task's callbacks touch the mutable fields, and the client
  // receives those serially (the session's serial delegate queue, or one scripted task at a time); the
  // completions run through `lane`, one after another.
  /// Called with the raw data of each part and of the end (see ``URLSessionClient/RawCompletion``); `nil`
  /// when the caller did not ask for it.
  public let rawCompletion: URLSessionClient.RawCompletion?
  /// Called with each result of the task (see ``URLSessionClient/Completion``).
  public let completionBlock: URLSessionClient.Completion
  var data = Data()
  var response: HTTPURLResponse?
  var isMultipart = false
  var splitter: MultipartChunkSplitter?
  /// Where the completions run.
  package let lane: CallbackLane

  init(rawCompletion: URLSessionClient.RawCompletion?, completionBlock: @escaping URLSessionClient.Completion,
       lane: CallbackLane) {
    self.rawCompletion = rawCompletion
    self.completionBlock = completionBlock
    self.lane = lane
  }
}
