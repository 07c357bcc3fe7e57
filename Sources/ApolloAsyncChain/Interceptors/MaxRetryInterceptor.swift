import Foundation

/// Bounds how often one send may start over, with optional exponential backoff.
///
/// Its count is per send: providers build a fresh instance for each send and the chain reuses it for
/// every retry. Place it first, so that retries thrown by any later interceptor pass through it.
public actor MaxRetryInterceptor: GraphQLInterceptor {
  /// Retry limit and backoff.
  ///
  /// `Sendable` here (upstream's is not), so a configuration can be captured by a `Sendable` provider;
  /// every member is an immutable value, and code written against upstream compiles unchanged.
  public struct Configuration: Sendable {
    /// Retries allowed after the first attempt.
    public let maxRetries: Int
    /// The backoff base, in seconds.
    public let baseDelay: TimeInterval
    /// The backoff growth per retry.
    public let multiplier: Double
    /// The longest backoff, in seconds.
    public let maxDelay: TimeInterval
    /// Wait between retries.
    public let enableExponentialBackoff: Bool
    /// Randomize each wait within its upper half.
    public let enableJitter: Bool

    /// A configuration; the defaults match upstream.
    public init(maxRetries: Int = 3, baseDelay: TimeInterval = 0.3, multiplier: Double = 2.0, maxDelay: TimeInterval = 20.0,
                enableExponentialBackoff: Bool = false, enableJitter: Bool = true) {
      self.maxRetries = maxRetries
      self.baseDelay = baseDelay
      self.multiplier = multiplier
      self.maxDelay = maxDelay
      self.enableExponentialBackoff = enableExponentialBackoff
      self.enableJitter = enableJitter
    }
  }

  /// The retry budget is spent. `count` is the configured maximum.
  public struct MaxRetriesError: Error, LocalizedError {
    /// The configured maximum.
    public let count: Int
    /// The operation that ran out of retries.
    public let operationName: String

    package init(count: Int, operationName: String) {
      self.count = count
      self.operationName = operationName
    }

    public var errorDescription: String? {
      "The maximum number of retries (\(count)) was hit without success for operation \"\(operationName)\"."
    }
  }

  private var budget: RetryBudget
  /// Attempts that reached this interceptor so far.
  package var hitCount: Int { budget.hitCount }

  /// Allows `maxRetriesAllowed` retries, without backoff.
  public init(maxRetriesAllowed: Int = 3) {
    self.init(configuration: Configuration(maxRetries: maxRetriesAllowed))
  }

  /// Retries as `configuration` says.
  public init(configuration: Configuration) {
    budget = RetryBudget(configuration: configuration)
  }

  /// Counts the attempt, waits if backoff applies, and passes the request on.
  public func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    if let wait = try budget.admit(operationName: Request.Operation.operationName) {
      try await RetryBudget.backOff(wait)
    }
    return await next(request)
  }
}

/// One send's attempts against a ``MaxRetryInterceptor/Configuration``: what ``MaxRetryInterceptor`` keeps, and
/// what the migration module's `LockedMaxRetryInterceptor` keeps behind a lock for the adapted 1.x
/// `MaxRetryInterceptor` and the 0.x adapters' `maxRetries` (neither was an actor, and an actor hop per request
/// is a thread hand-off when the chain starts on a caller's thread).
package struct RetryBudget: Sendable {
  private let configuration: MaxRetryInterceptor.Configuration
  /// Attempts admitted so far.
  package private(set) var hitCount = 0

  package init(configuration: MaxRetryInterceptor.Configuration) {
    self.configuration = configuration
  }

  /// Counts one attempt, or throws ``MaxRetryInterceptor/MaxRetriesError`` when the retries are spent. Returns
  /// the backoff to wait before the attempt, in seconds, when the configuration backs off and this is a retry.
  package mutating func admit(operationName: String) throws -> TimeInterval? {
    guard hitCount <= configuration.maxRetries else {
      throw MaxRetryInterceptor.MaxRetriesError(count: configuration.maxRetries, operationName: operationName)
    }
    hitCount += 1
    guard configuration.enableExponentialBackoff && hitCount > 1 else { return nil }
    return RetryBackoff.delay(beforeAttempt: hitCount, baseDelay: configuration.baseDelay, multiplier: configuration.multiplier,
                              maxDelay: configuration.maxDelay, jitter: configuration.enableJitter)
  }

  /// Waits `seconds` unless the task is cancelled.
  package static func backOff(_ seconds: TimeInterval) async throws {
    try Task.checkCancellation()
    try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
  }
}
