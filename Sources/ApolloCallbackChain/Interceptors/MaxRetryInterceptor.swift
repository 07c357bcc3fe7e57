import Foundation

/// Bounds how many passes a request makes through its chain (1.x: the first interceptor by default).
///
/// Its count is the only retry count there is: every `retry` — from an interceptor, the persisted-query
/// interceptor or the error handler — passes through it again and consumes the same budget.
/// `maxRetries + 1` passes are allowed; the next entry fails with ``RetryError/hitMaxRetryCount(count:operationName:)``.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use the built-in stages of ApolloAsyncChain.DefaultInterceptorProvider; until then ApolloMigration.CallbackProviderOnAsyncChain maps this interceptor to its 2.x stage")
#endif
public class MaxRetryInterceptor: ApolloInterceptor, @unchecked Sendable {
  // @unchecked Sendable: `hitCount` is guarded by `lock` (a Mutex); everything else is immutable.

  /// Retry limit and optional exponential backoff (1.24+).
  public struct Configuration: Sendable {
    /// How many retries a request may make: `maxRetries + 1` passes in all.
    public let maxRetries: Int
    /// The wait before the first retry, in seconds, when backoff is on.
    public let baseDelay: TimeInterval
    /// What each further retry's wait is multiplied by, when backoff is on.
    public let multiplier: Double
    /// The longest wait between passes, in seconds, jitter included.
    public let maxDelay: TimeInterval
    /// Whether retries wait at all; off, every retry runs at once (the pre-1.24 behaviour).
    public let enableExponentialBackoff: Bool
    /// Whether each wait is drawn at random from the upper half of the computed one, so clients that failed
    /// together do not
    /// retry together.
    public let enableJitter: Bool

    /// A configuration; the defaults allow three retries without waiting between them.
    public init(maxRetries: Int = 3, baseDelay: TimeInterval = 0.3, multiplier: Double = 2.0,
                maxDelay: TimeInterval = 20.0, enableExponentialBackoff: Bool = false, enableJitter: Bool = true) {
      self.maxRetries = maxRetries
      self.baseDelay = baseDelay
      self.multiplier = multiplier
      self.maxDelay = maxDelay
      self.enableExponentialBackoff = enableExponentialBackoff
      self.enableJitter = enableJitter
    }
  }

  /// Raised when the request has used up its retries.
  public enum RetryError: Error, LocalizedError {
    /// The request entered this interceptor after `count` retries already; `operationName` names its operation.
    case hitMaxRetryCount(count: Int, operationName: String)

    public var errorDescription: String? {
      switch self {
      case .hitMaxRetryCount(let count, let operationName):
        return "The maximum number of retries (\(count)) was hit without success for operation \"\(operationName)\"."
      }
    }
  }

  /// The limit and backoff this interceptor applies.
  public let configuration: Configuration
  private let lock = Mutex(0)
  public var id: String = InterceptorID.next()

  /// How many passes entered this interceptor successfully (never reset, as upstream).
  public var hitCount: Int { lock.withLock { $0 } }

  /// Allows `maxRetriesAllowed` retries with no wait between them (the pre-1.24 initializer).
  public init(maxRetriesAllowed: Int = 3) {
    self.configuration = Configuration(maxRetries: maxRetriesAllowed)
  }

  /// Allows ``Configuration/maxRetries`` retries, waiting between them as `configuration` says (1.24+).
  public init(configuration: Configuration) {
    self.configuration = configuration
  }

  public func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain,
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    let maxRetries = configuration.maxRetries
    let count = lock.withLock { count -> Int? in
      guard count <= maxRetries else { return nil }
      count += 1
      return count
    }
    guard let count else {
      chain.handleErrorAsync(RetryError.hitMaxRetryCount(count: maxRetries, operationName: Operation.operationName),
                             request: request, response: response, completion: completion)
      return
    }
    guard configuration.enableExponentialBackoff, count > 1 else {
      chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
      return
    }
    let delay = backoffDelay(forHit: count)
    // Upstream captures the interceptor weakly (if it is gone the chain stalls) and the chain strongly.
    let resume = Transfer { [weak self] in
      guard let self else { return }
      chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
    }
    DispatchQueue.global(qos: .userInitiated).asyncAfter(deadline: .now() + delay) {
      resume.value()
    }
  }

  /// The wait before pass number `hit` (see the core's `RetryBackoff`).
  func backoffDelay(forHit hit: Int) -> TimeInterval {
    RetryBackoff.delay(beforeAttempt: hit, baseDelay: configuration.baseDelay, multiplier: configuration.multiplier,
                       maxDelay: configuration.maxDelay, jitter: configuration.enableJitter)
  }
}
