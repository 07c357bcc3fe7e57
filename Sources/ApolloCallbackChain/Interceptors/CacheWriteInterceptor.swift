import Foundation

/// Writes the parsed response's records to the store, then proceeds.
///
/// Fire-and-forget as upstream: a failed write is not reported. Errored or partial data is written, for
/// every operation type; `fetchIgnoringCacheCompletely` writes nothing. The core store is synchronous, so
/// the write is complete before the result is delivered.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use the built-in stages of ApolloAsyncChain.DefaultInterceptorProvider; until then ApolloMigration.CallbackProviderOnAsyncChain maps this interceptor to its 2.x stage")
#endif
public struct CacheWriteInterceptor: ApolloInterceptor {
  /// Raised when this interceptor cannot do its job.
  public enum CacheWriteError: Error, LocalizedError {
    /// The interceptor ran before the network step produced a response: the interceptors are in the wrong order.
    case noResponseToParse

    public var errorDescription: String? {
      switch self {
      case .noResponseToParse: return "The Cache Write Interceptor was called before a response was received to be parsed. Double-check the order of your interceptors."
      }
    }
  }

  /// Where the records go.
  public let store: ApolloStore
  public var id: String = InterceptorID.next()

  /// Writes each parsed response's records to `store`.
  public init(store: ApolloStore) {
    self.store = store
  }

  public func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain,
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    guard !chain.isCancelled else { return }
    guard request.cachePolicy != .fetchIgnoringCacheCompletely else {
      chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
      return
    }
    guard let response else {
      chain.handleErrorAsync(CacheWriteError.noResponseToParse, request: request, response: nil, completion: completion)
      return
    }
    if let records = response.cacheRecords {
      // The store's 1.x `publish`: at once unless callback transactions submitted earlier are pending, then
      // after them, never between a running read-write transaction's read and its write-back.
      store.publish(records: records, identifier: request.contextIdentifier)
    }
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}
