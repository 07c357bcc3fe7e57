import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `URLSessionTask` ``URLSessionClientOnStreamingSession`` returns in place of a real data task: it carries its
/// request and identifier, never runs on a `URLSession`, and hands `cancel()` to the client, which
/// completes the request as a cancelled data task.
final class StreamingSessionTask: URLSessionDataTask, @unchecked Sendable {
  // @unchecked Sendable: `streamingState` and `request` are immutable, and `streamingState` is Sendable.
  private let streamingState = StreamingTaskState()
  private let request: URLRequest

  init(request: URLRequest) {
    self.request = request
    super.init()
  }

  override var taskIdentifier: Int { streamingState.identifier }
  override var originalRequest: URLRequest? { request }
  override var currentRequest: URLRequest? { request }

  /// Never started on a session: the client runs the request itself.
  override func resume() {}

  /// Completes the request with `URLError(.cancelled)`; a second call does nothing.
  override func cancel() {
    streamingState.cancel()
  }

  /// Sets what `cancel()` does; runs it at once when `cancel()` came first.
  func onCancel(_ action: @escaping @Sendable () -> Void) {
    streamingState.onCancel(action)
  }

  /// The request ended: `cancel()` does nothing from now on, and the task lets go of what it would have done.
  func finish() {
    streamingState.finish()
  }
}
