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
    guard register(data, for: identifier) else {
      completion(.failure(URLSessionClientError.sessionInvalidated))
      return URLSessionTask()
    }
    task.taskDescription = taskDescription
    let session = self.streamingSession
    // The task holds the client until the request ends, as a URLSession holds its delegate.
    let work = Task {
      do {
        let response = try await session.start(request)
        self.deliver { $0.received(response: response.response, forTask: identifier) }
        for try await chunk in response.body {
          // A response given up on (a part over the limit, no boundary) is cancelled where it is given up, as the
          // URLSession-backed client cancels its task (its entry is gone, so the cancel reports nothing); the read
          // also stops as soon as the entry is gone, whether or not the session heeds the cancel (with a callback
          // queue, the delivery above runs later than this check).
          self.deliver { if $0.received(data: chunk, forTask: identifier) { task.cancel() } }
          guard self.isTracking(task: identifier) else { break }
        }
        self.deliver { $0.completed(task: identifier, originalRequest: request, error: nil) }
      } catch {
        let reported: any Error = error is CancellationError ? URLError(.cancelled) : error
        self.deliver { $0.completed(task: identifier, originalRequest: request, error: reported) }
      }
    }
    task.onCancel { [weak self] in
      work.cancel()
      self?.deliver { $0.completed(task: identifier, originalRequest: request, error: URLError(.cancelled)) }
    }
    return task
  }

  public override func cancel(task: URLSessionTask) {
    guard let streaming = task as? StreamingSessionTask else { return super.cancel(task: task) }
    clear(task: streaming.identifier)
    streaming.cancel()
  }

  private func deliver(_ body: @escaping @Sendable (URLSessionClientOnStreamingSession) -> Void) {
    if let deliveryQueue {
      deliveryQueue.async { body(self) }
    } else {
      body(self)
    }
  }
}
