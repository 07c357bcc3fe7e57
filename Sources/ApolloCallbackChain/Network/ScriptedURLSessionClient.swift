import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ``URLSessionClient`` that serves its requests from an ``HTTPStreamingSession`` — usually the core's
/// `ScriptedServer` — instead of a `URLSession`, so unit tests, examples and benchmarks run the real
/// 1.x chain without a network.
///
/// Callbacks follow the real client's rules (one per multipart part as it arrives plus one at the end,
/// `cancel(task:)` silent, `task.cancel()` reported as `NSURLErrorCancelled`).
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use an ApolloAsyncChain.ApolloURLSession (URLSessionStreamingSession; ScriptedServer in tests); until then ApolloMigration.RequestChainNetworkTransportOnAsyncChain takes one in its place")
#endif
public final class ScriptedURLSessionClient: URLSessionClient, @unchecked Sendable {
  // @unchecked Sendable: adds only immutable state and `nextIdentifier`, a Mutex.

  /// Where requests go.
  public let server: any HTTPStreamingSession
  private let deliveryQueue: DispatchQueue?
  private let nextIdentifier = Mutex(0)

  /// - Parameters:
  ///   - server: answers the requests.
  ///   - callbackQueue: the serial queue callbacks run on, like a session's delegate queue; `nil` runs
  ///     them on the task that reads the scripted response (one at a time per request).
  public init(server: any HTTPStreamingSession, callbackQueue: DispatchQueue? = nil) {
    self.server = server
    self.deliveryQueue = callbackQueue
    super.init(withoutSession: ())
  }

  @discardableResult
  public override func sendRequest(_ request: URLRequest,
                                   taskDescription: String? = nil,
                                   rawTaskCompletionHandler: RawCompletion? = nil,
                                   completion: @escaping Completion) -> URLSessionTask {
    let identifier = nextIdentifier.withLock { value -> Int in
      value += 1
      return value
    }
    guard register(TaskData(rawCompletion: rawTaskCompletionHandler, completionBlock: completion), for: identifier) else {
      completion(.failure(URLSessionClientError.sessionInvalidated))
      return URLSessionTask()
    }
    let task = ScriptedURLSessionTask(scriptedIdentifier: identifier, request: request)
    task.taskDescription = taskDescription
    let server = self.server
    // The task holds the client until the request ends, as a URLSession holds its delegate.
    let work = Task {
      do {
        let response = try await server.start(request)
        self.deliver { $0.received(response: response.response, forTask: identifier) }
        for try await chunk in response.body {
          self.deliver { $0.received(data: chunk, forTask: identifier) }
        }
        self.deliver { $0.completed(task: identifier, originalRequest: request, error: nil) }
      } catch {
        let reported: any Error = error is CancellationError ? URLError(.cancelled) : error
        self.deliver { $0.completed(task: identifier, originalRequest: request, error: reported) }
      }
    }
    task.onCancel = { [weak self] in
      work.cancel()
      self?.deliver { $0.completed(task: identifier, originalRequest: request, error: URLError(.cancelled)) }
    }
    return task
  }

  public override func cancel(task: URLSessionTask) {
    guard let scripted = task as? ScriptedURLSessionTask else { return super.cancel(task: task) }
    clear(task: scripted.scriptedIdentifier)
    scripted.cancel()
  }

  private func deliver(_ body: @escaping @Sendable (ScriptedURLSessionClient) -> Void) {
    if let deliveryQueue {
      deliveryQueue.async { body(self) }
    } else {
      body(self)
    }
  }
}

/// The task a ``ScriptedURLSessionClient`` returns: cancelling it stops the scripted response.
public final class ScriptedURLSessionTask: URLSessionTask, @unchecked Sendable {
  // @unchecked Sendable: `onCancel` is guarded by `cancelState`, a Mutex.
  let scriptedIdentifier: Int
  private let request: URLRequest
  private let cancelState = Mutex<(cancelled: Bool, onCancel: (@Sendable () -> Void)?)>((false, nil))

  init(scriptedIdentifier: Int, request: URLRequest) {
    self.scriptedIdentifier = scriptedIdentifier
    self.request = request
    super.init()
  }

  var onCancel: (@Sendable () -> Void)? {
    get { cancelState.withLock { $0.onCancel } }
    set { cancelState.withLock { $0.onCancel = newValue } }
  }

  public override var originalRequest: URLRequest? { request }
  public override var currentRequest: URLRequest? { request }

  /// Cancels the scripted response; the completion (if the client still knows the task) gets
  /// `networkError(… NSURLErrorCancelled)`.
  public override func cancel() {
    let action = cancelState.withLock { state -> (@Sendable () -> Void)? in
      guard !state.cancelled else { return nil }
      state.cancelled = true
      return state.onCancel
    }
    action?()
  }
}
