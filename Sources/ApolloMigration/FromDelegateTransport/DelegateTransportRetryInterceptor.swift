import ApolloAsyncChain
import ApolloCore
import Foundation

/// Turns ``DelegateTransportRetryRequested`` (a 0.x delegate's `.retry` / `true`) into a 2.x retry,
/// `throw RequestChain<Request>.Retry(request:)`, so the chain starts over from its first interceptor and
/// the preflight delegate runs again, as 0.x's transport re-sent from scratch.
///
/// As in 0.x (MIGRATION.md §5.5, quirk Q5), a delegate-driven retry of a request with automatic persisted queries enabled
/// is sent as a persisted-query retry (document and hash). Every other error passes through unchanged.
/// It sets no bound: 0.x had none. Put a `MaxRetryInterceptor` before it for one (the provider does
/// when given `maxRetries`).
public struct DelegateTransportRetryInterceptor: GraphQLInterceptor {
  /// The interceptor.
  public init() {}

  /// Passes the request on and maps the retry signal of this attempt onto a chain retry.
  public func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    // In place: a task of its own per request only to rename one error cost more than the rename.
    await InPlaceStreams.mapErrors(await next(request)) { error -> ParsedResult<Request.Operation>? in
      guard error is DelegateTransportRetryRequested else { throw error }
      throw RequestChain<Request>.Retry(request: Self.retryRequest(for: request))
    }
  }

  /// The request the retry sends: the same one, as a persisted-query retry when APQ is on, and without a
  /// second cache read. 0.x's transport re-sent on its own; the client had read the cache once, before it, so a
  /// `returnCacheDataAndFetch` request delivered the cached result once (the 2.x APQ retry does the same).
  static func retryRequest<Request: GraphQLRequest>(for request: Request) -> Request {
    var request = request
    if request.fetchBehavior.cacheRead == .beforeNetworkFetch, request.fetchBehavior.networkFetch != .never {
      request.fetchBehavior = .NetworkOnly
    }
    guard var persisted = request as? any AutoPersistedQueryCompatibleRequest,
          persisted.apqConfig.autoPersistQueries else { return request }
    persisted.isPersistedQueryRetry = true
    return (persisted as? Request) ?? request
  }
}
