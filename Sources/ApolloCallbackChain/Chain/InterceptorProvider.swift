import Foundation

/// Supplies the interceptors of each request's chain (asked once per `send`; `retry` reuses them).
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: adopt ApolloAsyncChain.InterceptorProvider; until then run this provider on the 2.x chain with ApolloMigration.CallbackProviderOnAsyncChain")
#endif
public protocol InterceptorProvider {
  /// The interceptors of one request's chain, in the order they run. Asked once per request; return new
  /// instances when an interceptor keeps per-request state.
  func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any ApolloInterceptor]
  /// An interceptor that sees every error of the request's chain before the caller does, or `nil` for none.
  func additionalErrorInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> (any ApolloErrorInterceptor)?
}

#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: adopt ApolloAsyncChain.InterceptorProvider; until then run this provider on the 2.x chain with ApolloMigration.CallbackProviderOnAsyncChain")
#endif
extension InterceptorProvider {
  /// No error interceptor by default.
  public func additionalErrorInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> (any ApolloErrorInterceptor)? {
    nil
  }
}

/// The 1.x default chain, with fresh interceptors per request:
/// MaxRetry, CacheRead, NetworkFetch, ResponseCode, MultipartResponseParsing, JSON (or Incremental for
/// `@defer` operations) parsing, AutomaticPersistedQuery, CacheWrite. Open, so apps subclass it to add theirs.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: adopt ApolloAsyncChain.InterceptorProvider; until then run this provider on the 2.x chain with ApolloMigration.CallbackProviderOnAsyncChain")
#endif
open class DefaultInterceptorProvider: InterceptorProvider {
  private let client: URLSessionClient
  private let shouldInvalidateClientOnDeinit: Bool
  private let store: ApolloStore

  /// - Parameter shouldInvalidateClientOnDeinit: when the provider goes away, invalidate the client —
  ///   which silently ends its in-flight requests, as upstream.
  public init(client: URLSessionClient = URLSessionClient(),
              shouldInvalidateClientOnDeinit: Bool = true,
              store: ApolloStore) {
    self.client = client
    self.shouldInvalidateClientOnDeinit = shouldInvalidateClientOnDeinit
    self.store = store
  }

  deinit {
    if shouldInvalidateClientOnDeinit {
      client.invalidate()
    }
  }

  /// The default chain, in the order the type's comment lists, with new instances for every request and the
  /// `@defer`-aware parser for operations that have deferred fragments. Override it to add interceptors
  /// (calling `super` and inserting into the result keeps the defaults).
  open func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any ApolloInterceptor] {
    let parser: any ApolloInterceptor = Operation.hasDeferredFragments
      ? IncrementalJSONResponseParsingInterceptor(normalizer: store.normalizer)
      : JSONResponseParsingInterceptor(normalizer: store.normalizer)
    return [
      MaxRetryInterceptor(),
      CacheReadInterceptor(store: store),
      NetworkFetchInterceptor(client: client),
      ResponseCodeInterceptor(),
      MultipartResponseParsingInterceptor(),
      parser,
      AutomaticPersistedQueryInterceptor(),
      CacheWriteInterceptor(store: store),
    ]
  }

  /// None: errors go straight to the caller. Override it to recover from or retry errors in one place.
  open func additionalErrorInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> (any ApolloErrorInterceptor)? {
    nil
  }
}
