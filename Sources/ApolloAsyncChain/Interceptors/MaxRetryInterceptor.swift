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
    public let maxRetries: Int
    public let baseDelay: TimeInterval
    public let multiplier: Double
    public let maxDelay: TimeInterval
    public let enableExponentialBackoff: Bool
    public let enableJitter: Bool

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
    public let count: Int
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

  public init(maxRetriesAllowed: Int = 3) {
    self.init(configuration: Configuration(maxRetries: maxRetriesAllowed))
  }

  public init(configuration: Configuration) {
    maxRetries = configuration.maxRetries
    baseDelay = configuration.baseDelay
    multiplier = configuration.multiplier
    maxDelay = configuration.maxDelay
    enableExponentialBackoff = configuration.enableExponentialBackoff
    enableJitter = configuration.enableJitter
  }

  public func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    guard hitCount <= maxRetries else {
      throw MaxRetriesError(count: maxRetries, operationName: Request.Operation.operationName)
    }
    hitCount += 1
    if enableExponentialBackoff && hitCount > 1 {
      try Task.checkCancellation()
      // As upstream: the first retry already waits baseDelay * multiplier.
      let delay = min(baseDelay * pow(multiplier, Double(hitCount - 1)), maxDelay)
      let wait = enableJitter ? Double.random(in: (delay / 2)...delay) : delay
      try await Task.sleep(nanoseconds: UInt64(max(0, wait) * 1_000_000_000))
    }
    return await next(request)
  }
}
