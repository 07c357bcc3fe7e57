import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 1.x HTTP client: a `URLSession` whose delegate it is, calling back per task with the whole body,
/// or — for `multipart/mixed` responses — once per complete part as it arrives and once more at the end.
///
/// Built on a data-task delegate, which works on Linux (no `URLSession.bytes` there). Open, so tests and
/// apps can subclass it; ``ScriptedURLSessionClient`` serves requests from the core's scripted server.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use an ApolloAsyncChain.ApolloURLSession (URLSessionStreamingSession; ScriptedServer in tests); until then ApolloMigration.RequestChainNetworkTransportOnAsyncChain takes one in its place")
#endif
open class URLSessionClient: NSObject, URLSessionDelegate, URLSessionTaskDelegate, URLSessionDataDelegate,
  @unchecked Sendable
{
  // @unchecked Sendable: the task table, the session and the invalidated flag live in `state` (a Mutex).
  // Each `TaskData` is only touched by its task's callbacks, which the session delivers serially on the
  // delegate queue.

  public enum URLSessionClientError: Error, LocalizedError {
    case noHTTPResponse(request: URLRequest?)
    case sessionBecameInvalidWithoutUnderlyingError
    case dataForRequestNotFound(request: URLRequest?)
    case networkError(data: Data, response: HTTPURLResponse?, underlying: any Error)
    case sessionInvalidated
    case missingMultipartBoundary
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
        return underlying.localizedDescription
      case .sessionInvalidated:
        return "Attempted to create a new request after the session was invalidated."
      case .missingMultipartBoundary:
        return "A multipart HTTP response was received without specifying a boundary!"
      case .cannotParseBoundaryData:
        return "Cannot parse the multipart boundary data!"
      }
    }
  }

  public typealias RawCompletion = (Data?, HTTPURLResponse?, (any Error)?) -> Void
  public typealias Completion = (Result<(Data, HTTPURLResponse), any Error>) -> Void

  private struct State {
    var session: URLSession?
    var tasks: [Int: TaskData] = [:]
    var invalidated = false
  }

  private let state = Mutex(State())

  /// The session; `nil` after ``invalidate()``.
  open var session: URLSession! { state.withLock { $0.session } }

  /// - Parameters:
  ///   - callbackQueue: the session's delegate queue, where completions run. `.main` by default as
  ///     upstream; on Linux it only runs while something drives the main run loop.
  public init(sessionConfiguration: URLSessionConfiguration = .default,
              callbackQueue: OperationQueue? = .main,
              sessionDescription: String? = nil) {
    super.init()
    let session = URLSession(configuration: sessionConfiguration, delegate: self, delegateQueue: callbackQueue)
    session.sessionDescription = sessionDescription
    state.withLock { $0.session = session }
  }

  /// For subclasses that do not load through a `URLSession` (see ``ScriptedURLSessionClient``).
  init(withoutSession: Void) {
    super.init()
  }

  /// Cancels every task and makes the client unusable: later requests fail with `sessionInvalidated`,
  /// in-flight requests never call back (as upstream).
  public func invalidate() {
    let session = state.withLock { state -> URLSession? in
      state.invalidated = true
      let session = state.session
      state.session = nil
      state.tasks.removeAll()
      return session
    }
    session?.invalidateAndCancel()
  }

  /// Whether ``invalidate()`` was called.
  public var isInvalidated: Bool { state.withLock { $0.invalidated } }

  open func clear(task identifier: Int) {
    state.withLock { _ = $0.tasks.removeValue(forKey: identifier) }
  }

  open func clearAllTasks() {
    state.withLock { $0.tasks.removeAll() }
  }

  @discardableResult
  open func sendRequest(_ request: URLRequest,
                        taskDescription: String? = nil,
                        rawTaskCompletionHandler: RawCompletion? = nil,
                        completion: @escaping Completion) -> URLSessionTask {
    let session = state.withLock { $0.invalidated ? nil : $0.session }
    guard let session else {
      completion(.failure(URLSessionClientError.sessionInvalidated))
      return URLSessionTask()
    }
    let task = session.dataTask(with: request)
    task.taskDescription = taskDescription
    register(TaskData(rawCompletion: rawTaskCompletionHandler, completionBlock: completion), for: task.taskIdentifier)
    task.resume()
    return task
  }

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
    cancelOnDelegateQueue(task)
  }

  /// Cancels `task` so that the session reports `NSURLErrorCancelled` to its completion.
  ///
  /// On swift-corelibs-foundation `URLSessionTask.cancel()` can trap when it races the task's completion
  /// (see the core's `StreamingTaskTable`): cancelling from the session's serial delegate queue keeps it
  /// from interleaving with a completion callback. Elsewhere it cancels directly.
  final func cancelOnDelegateQueue(_ task: URLSessionTask) {
    #if canImport(FoundationNetworking)
    if let queue = state.withLock({ $0.session })?.delegateQueue {
      let handOff = Transfer(task)
      queue.addOperation { handOff.value.cancel() }
      return
    }
    #endif
    task.cancel()
  }

  // MARK: - Task bookkeeping shared by the URLSession delegate and scripted subclasses

  /// Stores a task's callbacks; returns `false` when the client was invalidated.
  @discardableResult
  final func register(_ data: TaskData, for identifier: Int) -> Bool {
    state.withLock { state in
      guard !state.invalidated else { return false }
      state.tasks[identifier] = data
      return true
    }
  }

  private final func taskData(for identifier: Int) -> TaskData? {
    state.withLock { $0.tasks[identifier] }
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
  final func received(data bytes: Data, forTask identifier: Int) {
    guard let data = taskData(for: identifier) else { return }
    guard data.isMultipart, let response = data.response else {
      data.data.append(bytes)
      return
    }
    guard data.splitter != nil else {
      data.data.append(bytes)
      data.completionBlock(.failure(URLSessionClientError.missingMultipartBoundary))
      return
    }
    let chunks = data.splitter?.append(bytes) ?? []
    for chunk in chunks {
      data.rawCompletion?(chunk, response, nil)
      data.completionBlock(.success((chunk, response)))
    }
  }

  /// The task ended. Delivers the body (or the multipart remainder, often empty), or the error.
  final func completed(task identifier: Int, originalRequest: URLRequest?, error: (any Error)?) {
    let data = state.withLock { $0.tasks.removeValue(forKey: identifier) }
    guard let data else { return }
    var body = data.data
    if var splitter = data.splitter {
      for chunk in splitter.finish() { body.append(chunk) }
      data.splitter = splitter
    }
    data.rawCompletion?(body, data.response, error)
    if let error {
      data.completionBlock(.failure(URLSessionClientError.networkError(data: body, response: data.response, underlying: error)))
    } else if let response = data.response {
      data.completionBlock(.success((body, response)))
    } else {
      data.completionBlock(.failure(URLSessionClientError.noHTTPResponse(request: originalRequest)))
    }
  }

  // MARK: - URLSession delegate

  open func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
    let remaining = state.withLock { state -> [TaskData] in
      defer { state.tasks.removeAll() }
      return Array(state.tasks.values)
    }
    for data in remaining {
      data.completionBlock(.failure(error ?? URLSessionClientError.sessionBecameInvalidWithoutUnderlyingError))
    }
  }

  open func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    completed(task: task.taskIdentifier, originalRequest: task.originalRequest, error: error)
    #if canImport(FoundationNetworking)
    // A cancelled task's report is still queued on its work queue; cancelling again waits for it before
    // the session drops the task from its registry (same workaround as the core's streaming session).
    if task.state == .canceling { task.cancel() }
    #endif
  }

  open func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    // Data arriving while the task is being cancelled is ignored, as upstream.
    guard dataTask.state != .canceling else { return }
    received(data: data, forTask: dataTask.taskIdentifier)
  }

  open func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                       completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
    received(response: response, forTask: dataTask.taskIdentifier)
    completionHandler(.allow)
  }
}

/// The callbacks and the accumulated state of one task.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use an ApolloAsyncChain.ApolloURLSession (URLSessionStreamingSession; ScriptedServer in tests); until then ApolloMigration.RequestChainNetworkTransportOnAsyncChain takes one in its place")
#endif
public final class TaskData: @unchecked Sendable {
  // @unchecked Sendable: only the owning task's callbacks touch the mutable fields, and the client
  // delivers those serially (URLSession's delegate queue, or one scripted task at a time).
  public let rawCompletion: URLSessionClient.RawCompletion?
  public let completionBlock: URLSessionClient.Completion
  var data = Data()
  var response: HTTPURLResponse?
  var isMultipart = false
  var splitter: MultipartChunkSplitter?

  init(rawCompletion: URLSessionClient.RawCompletion?, completionBlock: @escaping URLSessionClient.Completion) {
    self.rawCompletion = rawCompletion
    self.completionBlock = completionBlock
  }
}
