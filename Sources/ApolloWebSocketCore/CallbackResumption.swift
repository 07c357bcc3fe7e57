import ApolloCore
import Foundation

/// Bridges a callback that should come once into `async`, surviving the two ways Foundation's
/// `URLSessionWebSocketTask.sendPing(pongReceiveHandler:)` breaks that: the handler has been seen called twice
/// when a connection aborts (a second resume of a continuation traps), and not at all once the task is
/// cancelled (the caller would wait forever). The first outcome wins: the callback's, or `CancellationError`
/// when the calling Swift task is cancelled first; later ones are dropped.
package enum CallbackResumption {
  /// Runs `start`, handing it a completion that may be called any number of times, and returns the first outcome.
  package static func first(_ start: (@escaping @Sendable ((any Error)?) -> Void) -> Void) async throws {
    let slot = Slot()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        slot.install(continuation)
        start { error in slot.resume(with: error.map { .failure($0) } ?? .success(())) }
      }
    } onCancel: {
      slot.resume(with: .failure(CancellationError()))
    }
  }

  /// The continuation, or the outcome that arrived before it was installed.
  private final class Slot: Sendable {
    private enum State {
      case waiting
      case installed(CheckedContinuation<Void, any Error>)
      case arrived(Result<Void, any Error>)
      case done
    }

    private let state = Mutex(State.waiting)

    func install(_ continuation: CheckedContinuation<Void, any Error>) {
      let early = state.withLock { state -> Result<Void, any Error>? in
        if case .arrived(let result) = state {
          state = .done
          return result
        }
        state = .installed(continuation)
        return nil
      }
      if let early { continuation.resume(with: early) }
    }

    func resume(with result: Result<Void, any Error>) {
      let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
        switch state {
        case .waiting:
          state = .arrived(result)
          return nil
        case .installed(let continuation):
          state = .done
          return continuation
        case .arrived, .done:
          return nil
        }
      }
      continuation?.resume(with: result)
    }
  }
}
