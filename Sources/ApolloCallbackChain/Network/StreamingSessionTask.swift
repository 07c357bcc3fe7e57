import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The task a ``URLSessionClientOnStreamingSession`` returns: it never runs on a `URLSession`;
/// cancelling it stops the request.
public final class StreamingSessionTask: URLSessionTask, @unchecked Sendable {
  // @unchecked Sendable: `identifier` and `request` are immutable; `onCancel` is guarded by `cancelState`, a Mutex.
  let identifier: Int
  private let request: URLRequest
  private let cancelState = Mutex<(cancelled: Bool, onCancel: (@Sendable () -> Void)?)>((false, nil))

  init(identifier: Int, request: URLRequest) {
    self.identifier = identifier
    self.request = request
    super.init()
  }

  var onCancel: (@Sendable () -> Void)? {
    get { cancelState.withLock { $0.onCancel } }
    set { cancelState.withLock { $0.onCancel = newValue } }
  }

  public override var originalRequest: URLRequest? { request }
  public override var currentRequest: URLRequest? { request }

  /// Cancels the request; the completion (if the client still knows the task) gets
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
