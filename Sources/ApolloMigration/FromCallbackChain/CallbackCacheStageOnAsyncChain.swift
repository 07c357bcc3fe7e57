import ApolloAsyncChain
import ApolloCore

/// 1.x `CacheReadInterceptor` / `CacheWriteInterceptor` → the 2.x cache stage.
///
/// | 1.x hook | 2.x stage | when it runs |
/// |---|---|---|
/// | `CacheReadInterceptor` | itself, at its place among the pre-flight interceptors (``CallbackCacheReadOnAsyncChain``); here `readCacheData` only for a 2.x `NetworkFirst` request's fallback, a query's cache-and-network after the 1.x read (so that the chain streams; the duplicate is dropped above), or a `CacheReadInterceptor` placed after the fetch | after all GraphQL pre-flight interceptors |
/// | `CacheWriteInterceptor` | itself, after the parser (``CallbackCacheWriteOnAsyncChain``), which takes the records off the result; here `writeCacheData` only for one placed elsewhere in the list | when a server result reaches the top of the chain |
///
/// A 1.x list without `CacheReadInterceptor` never reads; one without `CacheWriteInterceptor` never writes
/// (the first interceptor drops the records).
struct CallbackCacheStageOnAsyncChain: CacheInterceptor {
  private let base = DefaultCacheInterceptor()

  func readCacheData<Request: GraphQLRequest>(from store: ApolloStore, request: Request) async throws
    -> V2GraphQLResponse<Request.Operation>?
  {
    if let send = CallbackSend.current {
      guard send.plan.readsCache else { return nil }
      // After 1.x's own read only a cache-and-network request reads again: a hit makes the chain fetch in a task, so
      // the result 1.x's read emitted goes up before the network answers; the duplicate is dropped above.
      if send.lock.withLock({ send.cacheReadDone && !send.rereadsCacheToStream }) { return nil }
    }
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
