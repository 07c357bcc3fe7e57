import ApolloAsyncChain
import ApolloCore

/// A 1.x `MaxRetryInterceptor` as a 2.x GraphQL interceptor.
///
/// | 1.x `MaxRetryInterceptor` | 2.x stage | when it runs |
/// |---|---|---|
/// | its configuration (limit, backoff) | the same count and backoff as 2.x `MaxRetryInterceptor` (`RetryBudget`) | GraphQL pre-flight, each attempt |
/// | `RetryError.hitMaxRetryCount` | 2.x `MaxRetriesError`, which 1.x code receives as `hitMaxRetryCount` | when the retries are spent |
///
/// The count is kept behind a lock rather than in an actor, as the 1.x interceptor is a class: a request
/// that starts on its caller's thread (the 1.x facade) then reaches the network with no hop to an actor.
struct CallbackMaxRetryOnAsyncChain: GraphQLInterceptor {
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
