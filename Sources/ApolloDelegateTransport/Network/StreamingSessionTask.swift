import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `URLSessionTask` ``URLSessionClientOnStreamingSession`` returns in place of a real data task: it carries its
/// request and identifier, never runs on a `URLSession`, and hands `cancel()` to the client, which
/// completes the request as a cancelled data task.
final class StreamingSessionTask: URLSessionDataTask, @unchecked Sendable {
  // @unchecked Sendable: `request` and `identifier` are immutable; the cancel state lives in a Mutex.
  private enum CancelState {
    case unarmed
    case armed(@Sendable () -> Void)
    case cancelled
  }

  private static let identifiers = Mutex(0)
  private let request: URLRequest
  private let identifier: Int
  private let cancelState = Mutex(CancelState.unarmed)

  init(request: URLRequest) {
    self.request = request
    self.identifier = Self.identifiers.withLock { next in
      next += 1
      return next
    }
    super.init()
  }

  override var taskIdentifier: Int { identifier }
  override var originalRequest: URLRequest? { request }
  override var currentRequest: URLRequest? { request }

  /// Never started on a session: the client runs the request itself.
  override func resume() {}

  /// Completes the request with `URLError(.cancelled)`; a second call does nothing.
  override func cancel() {
    let handler = cancelState.withLock { state -> (@Sendable () -> Void)? in
      defer { state = .cancelled }
      if case .armed(let handler) = state { return handler }
      return nil
    }
    handler?()
  }

  /// Sets what `cancel()` does; runs it at once when `cancel()` came first.
  func onCancel(_ handler: @escaping @Sendable () -> Void) {
    let runNow = cancelState.withLock { state -> Bool in
      if case .cancelled = state { return true }
      state = .armed(handler)
      return false
    }
    if runNow { handler() }
  }
}
