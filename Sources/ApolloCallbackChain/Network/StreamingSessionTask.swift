import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The task a ``URLSessionClientOnStreamingSession`` returns: it never runs on a `URLSession`;
/// cancelling it stops the request.
public final class StreamingSessionTask: URLSessionTask, @unchecked Sendable {
  // @unchecked Sendable: `streamingState` and `request` are immutable, and `streamingState` is Sendable.
  private let streamingState = StreamingTaskState()
  private let request: URLRequest

  init(request: URLRequest) {
    self.request = request
    super.init()
  }

  /// The client's key for the task (the task's own `taskIdentifier` is left as `URLSessionTask` has it).
  var identifier: Int { streamingState.identifier }

  /// Sets what `cancel()` does; runs it at once when `cancel()` came first.
  func onCancel(_ action: @escaping @Sendable () -> Void) {
    streamingState.onCancel(action)
  }

  public override var originalRequest: URLRequest? { request }
  public override var currentRequest: URLRequest? { request }

  /// Cancels the request; the completion (if the client still knows the task) gets
  /// `networkError(… NSURLErrorCancelled)`.
  public override func cancel() {
    streamingState.cancel()
  }
}
