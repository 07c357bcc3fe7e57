import ApolloCore
import ApolloDelegateTransport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns the 0.x delegates' completion-handler answers (`continueHandler`, `retryHandler`) into values
/// an `async` chain stage can await.
///
/// Only the first answer counts (0.x ignored later ones the same way). A delegate that never answers
/// leaves the request pending, as in 0.x, until the chain's task is cancelled; cancelling ends the wait
/// with `CancellationError`.
enum DelegateDecision {
  /// Calls `ask` with a handler and waits for the handler's first call.
  static func await<Answer: Sendable>(_ ask: (@escaping @Sendable (Answer) -> Void) -> Void) async throws -> Answer {
    // A cancelled request asks no delegate (a retry delegate would start a token refresh for nothing).
    try Task.checkCancellation()
    let once = OnceResume<Answer>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Answer, any Error>) in
        once.install(continuation)
        ask { answer in once.resume(with: .success(answer)) }
      }
    } onCancel: {
      once.resume(with: .failure(CancellationError()))
    }
  }
}

/// A continuation resumed at most once, from any thread.
private final class OnceResume<Answer: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Answer, any Error>?
    /// An answer that arrived before the continuation was installed (cancellation can come first).
    var early: Result<Answer, any Error>?
    var done = false
  }

  private let state = Mutex(State())

  func install(_ continuation: CheckedContinuation<Answer, any Error>) {
    let early = state.withLock { state -> Result<Answer, any Error>? in
      if let early = state.early {
        state.early = nil
        return early
      }
      state.continuation = continuation
      return nil
    }
    if let early { continuation.resume(with: early) }
  }

  func resume(with result: Result<Answer, any Error>) {
    let continuation = state.withLock { state -> CheckedContinuation<Answer, any Error>? in
      guard !state.done else { return nil }
      state.done = true
      guard let continuation = state.continuation else {
        state.early = result
        return nil
      }
      state.continuation = nil
      return continuation
    }
    continuation?.resume(with: result)
  }
}
