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
    public var errorDescription: String? {
      "The maximum number of retries (\(count)) was hit without success for operation \"\(operationName)\"."
    }
  }

  private let maxRetries: Int
  private let baseDelay: TimeInterval
  private let multiplier: Double
  private let maxDelay: TimeInterval
  private let enableExponentialBackoff: Bool
  private let enableJitter: Bool
  /// Attempts that reached this interceptor so far.
  public private(set) var hitCount = 0

  /// Allows `maxRetriesAllowed` retries, without backoff.
  public init(maxRetriesAllowed: Int = 3) {
    self.init(configuration: Configuration(maxRetries: maxRetriesAllowed))
  }

  /// Retries as `configuration` says.
  public init(configuration: Configuration) {
    maxRetries = configuration.maxRetries
    baseDelay = configuration.baseDelay
    multiplier = configuration.multiplier
    maxDelay = configuration.maxDelay
    enableExponentialBackoff = configuration.enableExponentialBackoff
    enableJitter = configuration.enableJitter
  }

  /// Counts the attempt, waits if backoff applies, and passes the request on.
  public func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    guard hitCount <= maxRetries else {
      throw MaxRetriesError(count: maxRetries, operationName: Request.Operation.operationName)
    }
    hitCount += 1
    if enableExponentialBackoff && hitCount > 1 {
      try Task.checkCancellation()
      let wait = RetryBackoff.delay(beforeAttempt: hitCount, baseDelay: baseDelay, multiplier: multiplier,
                                    maxDelay: maxDelay, jitter: enableJitter)
      try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000))
    }
    return await next(request)
  }
}
