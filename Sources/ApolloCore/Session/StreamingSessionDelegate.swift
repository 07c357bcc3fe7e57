import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Routes `URLSession` delegate callbacks, which arrive on the session's serial delegate queue,
/// to the per-task state in the table.
final class StreamingSessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
  private let table: StreamingTaskTable
  /// The app's own `URLSession` this session streams for, held weakly: its delegate decides redirects and
  /// authentication challenges (see StreamingSessionDelegate+Forwarding.swift).
  private let owner: WeakSession

  init(table: StreamingTaskTable, forwardingFor owner: URLSession? = nil) {
    self.table = table
    self.owner = WeakSession(session: owner)
  }

  /// The app's session, while it lives and has a delegate.
  var forwardingOwner: URLSession? {
    guard let session = owner.session, session.delegate != nil else { return nil }
    return session
  }

  func urlSession(
    _ session: URLSession,
    dataTask: URLSessionDataTask,
    didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let identifier = dataTask.taskIdentifier
    guard let httpResponse = response as? HTTPURLResponse else {
      let continuation = table.removeAwaitingResponse(identifier)
      completionHandler(.cancel)
      // swift-corelibs-foundation ignores the disposition, so cancel explicitly.
      StreamingTaskTable.cancelFromDelegateQueue(dataTask)
      continuation?.resume(throwing: HTTPStreamingSessionError.nonHTTPResponse)
      return
    }
    switch table.responseArrived(identifier, response: httpResponse) {
    case .deliver(let continuation, let streamingResponse):
      completionHandler(.allow)
      continuation.resume(returning: streamingResponse)
    case .alreadyStreaming:
      completionHandler(.allow)
    case .unknown:
      completionHandler(.cancel)
      StreamingTaskTable.cancelFromDelegateQueue(dataTask)
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    table.bodyContinuation(for: dataTask.taskIdentifier)?.yield(data)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    StreamingTaskTable.drainCancellation(of: task)
    switch table.complete(task.taskIdentifier) {
    case .awaitingResponse(let continuation):
      if let error {
        continuation.resume(throwing: error)
      } else if let httpResponse = task.response as? HTTPURLResponse {
        // The transfer finished without a response callback; the head is still known to the task.
        let (body, bodyContinuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        bodyContinuation.finish()
        continuation.resume(returning: HTTPStreamingResponse(response: httpResponse, body: body))
      } else if task.response != nil {
        continuation.resume(throwing: HTTPStreamingSessionError.nonHTTPResponse)
      } else {
        continuation.resume(throwing: URLError(.badServerResponse))
      }
    case .streaming(let bodyContinuation):
      if let error {
        bodyContinuation.finish(throwing: error)
      } else {
        bodyContinuation.finish()
      }
    case .awaitingContinuation, .failedBeforeContinuation, nil:
      break
    }
  }

  func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
    // Normally the session's `invalidate()` already emptied the table; this covers the URL loading
    // system invalidating the session on its own.
    table.invalidate()?.fail(with: HTTPStreamingSessionError.invalidated)
  }
}

/// The app's `URLSession`, held weakly: the streaming session must not keep it (or its delegate) alive.
private struct WeakSession: @unchecked Sendable {
  // @unchecked Sendable: set once and never changed; a weak reference to a `URLSession`, which is thread-safe.
  weak var session: URLSession?
}
