import ApolloAsyncChain
import ApolloCore

/// 1.x `CacheReadInterceptor` / `CacheWriteInterceptor` → the 2.x cache stage.
///
/// | 1.x hook | 2.x stage | when it runs |
/// |---|---|---|
/// | `CacheReadInterceptor` | `readCacheData` (through `DefaultCacheInterceptor`) | after all GraphQL pre-flight interceptors, as the request's `FetchBehavior` says |
/// | `CacheWriteInterceptor` | `writeCacheData` (through `DefaultCacheInterceptor`) | when a server result reaches the top of the chain |
///
/// A 1.x list without `CacheReadInterceptor` never reads; one without `CacheWriteInterceptor` never writes
/// (the first interceptor drops the records). Difference: 1.x read the cache at CacheRead's position,
/// 2.x reads after every pre-flight interceptor, so custom pre-flight interceptors also run for cache hits.
struct CallbackCacheStageOnAsyncChain: CacheInterceptor {
  private let base = DefaultCacheInterceptor()

  func readCacheData<Request: GraphQLRequest>(from store: ApolloStore, request: Request) async throws
    -> V2GraphQLResponse<Request.Operation>?
  {
    guard CallbackSend.current?.plan.readsCache ?? true else { return nil }
    return try await base.readCacheData(from: store, request: request)
  }

  /// Tagged with the caller's 1.x `contextIdentifier`, as 1.x's `CacheWriteInterceptor` publishes, so a 1.x
  /// watcher does not hear its own fetch's write as a change.
  func writeCacheData<Request: GraphQLRequest>(to store: ApolloStore, request: Request,
                                               response: ParsedResult<Request.Operation>) async throws {
    guard let identifier = CallbackRequestContext.current?.contextIdentifier, let records = response.cacheRecords else {
      return try await base.writeCacheData(to: store, request: request, response: response)
    }
    try await store.publishRecordsSuspending(records, identifier: identifier)
  }
}
