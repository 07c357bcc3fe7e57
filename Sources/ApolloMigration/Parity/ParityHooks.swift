/// What the hooks of a scenario do. Each generation implements these with its own hook types:
/// 0.x with one delegate object, 1.x with interceptors in a provider, 2.x with interceptors in a provider.
///
/// Whatever the options, the 1.x interceptors also wrap the completion they pass on (or retry with), as 1.x apps
/// do to log or post-process results, and record each result that comes back through it: the order of those
/// records, across retries too, is part of the hook calls an adapted 1.x stack must reproduce.
public struct ParityHooks: Sendable {
  /// Add `Authorization: Bearer <token>` to every request before it is sent.
  public var token: String?
  /// Log every response: its status and body size (0.x: the task-completed delegate; 1.x: an
  /// interceptor after the network fetch; 2.x: an HTTP interceptor).
  public var logResponses = false
  /// On a 401, replace the token with this one and send again (0.x: the retry delegate; 1.x: an
  /// interceptor after the fetch calling `chain.retry`; 2.x: a GraphQL interceptor throwing `Retry`).
  public var refreshedTokenOn401: String?
  /// Refuse to send (0.x: `shouldSend` false; 1.x/2.x: an interceptor that fails before the fetch).
  public var veto = false
  /// Send to this path instead of the endpoint's (0.x: `willSend`; 1.x/2.x: the request's endpoint).
  public var rewritePath: String?
  /// When a 2xx response carries GraphQL errors, send again, at most this many times (0.x: the
  /// GraphQL-error delegate; 1.x: an interceptor after parsing; 2.x: a GraphQL interceptor's `map`).
  public var retriesOnGraphQLErrors = 0
  /// Turn any failure into ``ParityHookError/recovered(_:)`` (0.x: the retry delegate's `.fail`;
  /// 1.x: the additional error interceptor; 2.x: a GraphQL interceptor's `mapErrors`).
  public var recoverFromErrors = false
  /// Retry every failure, at most this many times (0.x: the retry delegate counts; 1.x and 2.x:
  /// `MaxRetryInterceptor(maxRetriesAllowed:)`).
  public var retryFailures: Int?

  /// The hooks a scenario configures; every option defaults to "off", so a scenario names only what it uses.
  public init(token: String? = nil, logResponses: Bool = false, refreshedTokenOn401: String? = nil, veto: Bool = false,
              rewritePath: String? = nil, retriesOnGraphQLErrors: Int = 0, recoverFromErrors: Bool = false,
              retryFailures: Int? = nil) {
    self.token = token
    self.logResponses = logResponses
    self.refreshedTokenOn401 = refreshedTokenOn401
    self.veto = veto
    self.rewritePath = rewritePath
    self.retriesOnGraphQLErrors = retriesOnGraphQLErrors
    self.recoverFromErrors = recoverFromErrors
    self.retryFailures = retryFailures
  }
}

/// Errors the scenario hooks raise themselves.
public enum ParityHookError: Error, Hashable, CustomStringConvertible {
  /// The veto hook refused the request.
  case vetoed
  /// The recovery hook replaced a failure; holds the original failure's category.
  case recovered(String)
  /// The hook's own retry budget is spent.
  case retryLimit

  public var description: String {
    switch self {
    case .vetoed: return "vetoed by hook"
    case .recovered(let category): return "recovered from \(category)"
    case .retryLimit: return "retry limit reached"
    }
  }
}
