import ApolloCore
import Foundation

/// What the hooks of one stack run share: the current token, the retry budgets, and the log of
/// their calls. One per stack run, so a token refreshed in step 1 is still refreshed in step 2.
public final class ParityHookState: Sendable {
  private struct State {
    var token: String?
    var graphQLErrorRetriesLeft: Int
    var failureRetriesLeft: Int?
    var calls: [String] = []
  }

  /// What the hooks do.
  public let hooks: ParityHooks
  private let state: Mutex<State>

  /// Fresh state for `hooks`.
  public init(hooks: ParityHooks) {
    self.hooks = hooks
    state = Mutex(State(token: hooks.token, graphQLErrorRetriesLeft: hooks.retriesOnGraphQLErrors,
                        failureRetriesLeft: hooks.retryFailures))
  }

  /// The token to send now.
  public var token: String? { state.withLock { $0.token } }

  /// Appends one hook call to the log.
  public func record(_ call: String) {
    state.withLock { $0.calls.append(call) }
  }

  /// The calls so far.
  public var calls: [String] { state.withLock { $0.calls } }

  /// Whether a 401 should refresh the token and retry; if so the token is replaced and the call logged.
  /// A second 401 with the refreshed token is not retried again.
  public func refreshTokenAfter401() -> Bool {
    guard let refreshed = hooks.refreshedTokenOn401 else { return false }
    let refresh = state.withLock { state -> Bool in
      guard state.token != refreshed else { return false }
      state.token = refreshed
      return true
    }
    if refresh { record("refresh token after 401") }
    return refresh
  }

  /// Whether a response with GraphQL errors should be retried; spends one retry if so.
  public func spendGraphQLErrorRetry(messages: [String]) -> Bool {
    let retry = state.withLock { state -> Bool in
      guard state.graphQLErrorRetriesLeft > 0 else { return false }
      state.graphQLErrorRetriesLeft -= 1
      return true
    }
    record("graphQL errors \(messages) → \(retry ? "retry" : "deliver")")
    return retry
  }

  /// Whether a hook that counts its own retries (0.x) may retry a failure; spends one if so.
  public func spendFailureRetry() -> Bool {
    state.withLock { state -> Bool in
      guard let left = state.failureRetriesLeft, left > 0 else { return false }
      state.failureRetriesLeft = left - 1
      return true
    }
  }

  /// The `Authorization` header value for the current token.
  public var authorization: String? { token.map { "Bearer \($0)" } }
}
