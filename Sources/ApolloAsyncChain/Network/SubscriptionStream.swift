import Foundation

/// The lifecycle of a subscription.
public enum SubscriptionState: Sendable, Equatable, CustomStringConvertible {
  /// Why a subscription finished.
  public enum FinishReason: Sendable, Equatable {
    /// The server ended it (`complete`, or the end of the multipart response).
    case completed
    /// The consumer cancelled the stream or dropped it.
    case cancelled
    /// It failed with this error; all `.error` reasons compare equal.
    case error(any Error)

    /// Every `.error` equals every other, as upstream.
    public static func == (lhs: FinishReason, rhs: FinishReason) -> Bool {
      switch (lhs, rhs) {
      case (.completed, .completed), (.cancelled, .cancelled), (.error, .error): return true
      default: return false
      }
    }
  }

  /// Started, not yet live: waiting for the WebSocket connection, or (over multipart HTTP) for the first result.
  case pending
  /// Live: sent on an acknowledged WebSocket connection, or (over multipart HTTP) a first result has arrived.
  case active
  /// The WebSocket transport was paused; the subscription is sent again after it resumes.
  case paused
  /// The WebSocket connection was lost and the transport is reconnecting; `active` again if that succeeds.
  case reconnecting
  /// Over for good, for the given reason; no more results arrive.
  case finished(FinishReason)

  public var description: String {
    switch self {
    case .pending: return "pending"
    case .active: return "active"
    case .paused: return "paused"
    case .reconnecting: return "reconnecting"
    case .finished(.completed): return "finished(completed)"
    case .finished(.cancelled): return "finished(cancelled)"
    case .finished(.error(let error)): return "finished(error: \(error))"
    }
  }
}

/// The values of a subscription, with its current ``state``.
public struct SubscriptionStream<Element: Sendable>: AsyncSequence, Sendable {
  /// The values.
  public let stream: AsyncThrowingStream<Element, any Error>
  private let stateProvider: @Sendable () -> SubscriptionState

  /// A stream whose ``state`` is read from `stateProvider`, which must be thread-safe.
  public init(stream: AsyncThrowingStream<Element, any Error>, stateProvider: @escaping @Sendable () -> SubscriptionState) {
    self.stream = stream
    self.stateProvider = stateProvider
  }

  /// Where the subscription is in its lifecycle.
  public var state: SubscriptionState { stateProvider() }

  /// Iterates the values.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var base: AsyncThrowingStream<Element, any Error>.AsyncIterator
    public mutating func next() async throws -> Element? {
      try await base.next()
    }
  }

  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: stream.makeAsyncIterator())
  }
}

/// Thread-safe storage for a ``SubscriptionState``, for transports that build ``SubscriptionStream``s.
public final class SubscriptionStateStorage: Sendable {
  private let state = Mutex(SubscriptionState.pending)

  /// Storage starting at `.pending`.
  public init() {}

  /// The current state.
  public var value: SubscriptionState {
    get { state.withLock { $0 } }
    set { state.withLock { $0 = newValue } }
  }
}
