import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a send after ``URLSessionClient/invalidate()`` returns: a task that belongs to no session and never starts.
///
/// A task made by a session stays registered with it until it completes (swift-corelibs-foundation), and one that is
/// never resumed never completes: one such task per send, with its request and body, would be kept for good.
final class NeverStartedTask: URLSessionDataTask, @unchecked Sendable {
  // @unchecked Sendable: `request` is immutable.
  private let request: URLRequest

  init(request: URLRequest) {
    self.request = request
    super.init()
  }

  override var originalRequest: URLRequest? { request }
  override var currentRequest: URLRequest? { request }
  override var state: URLSessionTask.State { .suspended }

  /// It never starts: the send already failed.
  override func resume() {}

  /// Nothing to stop: the send already failed.
  override func cancel() {}
}
