import Foundation

/// Reads a query's data from the store according to the request's cache policy.
///
/// | policy | hit | miss |
/// |---|---|---|
/// | fetchIgnoringCache… | (no read) proceed | — |
/// | returnCacheDataElseFetch | deliver, stop | proceed |
/// | returnCacheDataAndFetch | deliver, then proceed | proceed |
/// | returnCacheDataDontFetch | deliver | the store's error |
///
/// Mutations and subscriptions skip the cache. The core store is synchronous, so the read happens on the
/// calling thread (upstream hopped to the store's queue); deliveries still go through the callback queue.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use the built-in stages of ApolloAsyncChain.DefaultInterceptorProvider; until then ApolloMigration.CallbackProviderOnAsyncChain maps this interceptor to its 2.x stage")
#endif
public struct CacheReadInterceptor: ApolloInterceptor {
  private let store: ApolloStore
  public var id: String = InterceptorID.next()

  /// Reads from `store` (the client's store, so reads see the writes of `CacheWriteInterceptor`).
  public init(store: ApolloStore) {
    self.store = store
  }

  public func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain,
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    guard Operation.operationType == .query else {
      chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
      return
    }
    switch request.cachePolicy {
    case .fetchIgnoringCacheCompletely, .fetchIgnoringCacheData:
      chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
    case .returnCacheDataElseFetch, .returnCacheDataAndFetch, .returnCacheDataDontFetch:
      let policy = request.cachePolicy
      // The store's 1.x `load`: at once (on this thread) unless callback transactions submitted earlier are
      // pending, then after them on the store's queue, as 1.x's store queue ordered a read behind them.
      store.load(request.operation, callbackQueue: nil) { outcome in
        self.answer(outcome, policy: policy, chain: chain, request: request, response: response, completion: completion)
      }
    }
  }

  private func answer<Operation: GraphQLOperation>(
    _ outcome: Result<GraphQLResult<Operation.Data>, any Error>, policy: CachePolicy, chain: any RequestChain,
    request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    guard !chain.isCancelled else { return }
    switch (outcome, policy) {
    case (.success(let result), .returnCacheDataAndFetch):
      chain.returnValueAsync(for: request, value: result, completion: completion)
      chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
    case (.success(let result), _):
      chain.returnValueAsync(for: request, value: result, completion: completion)
    case (.failure(let error), .returnCacheDataDontFetch):
      chain.handleErrorAsync(error, request: request, response: response, completion: completion)
    case (.failure, _):
      chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
    }
  }
}

extension ApolloStore {
  /// The cached result of `operation`, read synchronously.
  ///
  /// - Throws: as 1.x: a bare `JSONDecodingError.missingValue` when the store has no root record,
  ///   otherwise ``GraphQLExecutionError`` naming the first missing field (a partial record is a miss).
  func loadResult<Operation: GraphQLOperation>(_ operation: Operation) throws -> GraphQLResult<Operation.Data> {
    let cached = try readDeferringKeys(operation)
    return GraphQLResult(
      data: cached.data, extensionsJSON: nil, errors: nil, source: .cache, dependentKeySource: cached.dependentKeys)
  }
}
