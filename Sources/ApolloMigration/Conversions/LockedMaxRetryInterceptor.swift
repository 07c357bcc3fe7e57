import ApolloAsyncChain
import ApolloCore

/// 2.x `MaxRetryInterceptor`'s count and backoff (`RetryBudget`) behind a lock instead of an actor: the
/// retry bound of the adapters whose old retry counters were plain objects.
///
/// | old hook | 2.x stage | when it runs |
/// |---|---|---|
/// | 1.x `MaxRetryInterceptor` (its limit and backoff) | this, same configuration | GraphQL pre-flight, each attempt |
/// | the 0.x adapters' `maxRetries` | this, that limit, no backoff | GraphQL pre-flight, each attempt |
///
/// When the retries are spent it throws 2.x `MaxRetriesError`, which 1.x code receives as
/// `hitMaxRetryCount`. With no actor to hop to, a request that starts on its caller's thread (the facades)
/// reaches the network without moving to another thread.
struct LockedMaxRetryInterceptor: GraphQLInterceptor {
  private let budget: Mutex<RetryBudget>

  init(configuration: V2MaxRetryInterceptor.Configuration) {
    budget = Mutex(RetryBudget(configuration: configuration))
  }

  func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    let name = Request.Operation.operationName
    if let wait = try budget.withLock({ try $0.admit(operationName: name) }) {
      try await RetryBudget.backOff(wait)
    }
    return await next(request)
  }
}
