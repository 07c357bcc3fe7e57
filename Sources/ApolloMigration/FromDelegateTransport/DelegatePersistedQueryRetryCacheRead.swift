import ApolloCallbackChain
import ApolloCore
import Foundation

/// Keeps 0.33's single cache delivery through a persisted-query retry on the 1.x chain.
///
/// | 0.x | on the 1.x chain | when |
/// |---|---|---|
/// | the client read the cache once; on `PersistedQueryNotFound` the transport re-sent on its own | this interceptor, just before 1.x's `AutomaticPersistedQueryInterceptor`: a `returnCacheDataAndFetch` request it is about to retry goes on as `fetchIgnoringCacheData`, so the retried pass's `CacheReadInterceptor` does not deliver the cached result a second time | a hash-only attempt answered with `PersistedQueryNotFound` |
///
/// The same downgrade a delegate-driven retry gets (`DelegateResponseInterceptor`); the retried pass still writes
/// its result to the cache.
struct DelegatePersistedQueryRetryCacheRead: ApolloInterceptor {
  let id = InterceptorID.next()

  func interceptAsync<Operation: GraphQLOperation>(
    chain: any ApolloCallbackChain.RequestChain, request: ApolloCallbackChain.HTTPRequest<Operation>,
    response: ApolloCallbackChain.HTTPResponse<Operation>?,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    if let json = request as? ApolloCallbackChain.JSONRequest<Operation>, json.autoPersistQueries, !json.isPersistedQueryRetry,
       response?.parsedResponse?.errors?.containsPersistedQueryNotFound == true {
      json.keepTheClientsOneCacheRead()
    }
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

extension ApolloCallbackChain.HTTPRequest {
  /// Before a retry 0.33's transport made on its own (a delegate's `.retry`, the persisted-query retry): 0.x's client
  /// had read the cache once, before the transport, so the retried pass on the 1.x chain must not read it again, as a
  /// cache-and-network request would (delivering the cached result a second time). It still writes its result.
  func keepTheClientsOneCacheRead() {
    if cachePolicy == .returnCacheDataAndFetch { cachePolicy = .fetchIgnoringCacheData }
  }
}
