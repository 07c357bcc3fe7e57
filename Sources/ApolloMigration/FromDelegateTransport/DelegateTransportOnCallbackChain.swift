import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport
import Foundation

/// The app's 0.x `HTTPNetworkTransport` delegate object on the 1.x callback chain: the "legacy provider
/// mimicking the current stack" of the interceptor RFC.
///
/// | 0.x hook | 1.x stage | when it runs |
/// |---|---|---|
/// | `shouldSend` / `willSend` | ``DelegatePreflightInterceptor`` | right before `NetworkFetchInterceptor`; `false` → `cancelledByDelegate` via `handleErrorAsync`, nothing sent |
/// | `didCompleteRawTaskForRequest` (response) | ``DelegateTaskCompletedInterceptor`` | right after `NetworkFetchInterceptor`, before any check |
/// | `didCompleteRawTaskForRequest` (transport failure) | ``DelegateTransportErrorInterceptor`` | when the fetch reports its error |
/// | `didCompleteRawTaskForRequest` (cancelled, `NSURLErrorCancelled`) | `DelegateCancelledTaskInterceptor`, before the fetch | when the chain is cancelled while the request is on the wire |
/// | the persisted-query retry (sent by the transport itself, after the client's one cache read) | `DelegatePersistedQueryRetryCacheRead`, then 1.x's `AutomaticPersistedQueryInterceptor` | on `PersistedQueryNotFound`: the retried pass does not deliver a cached result again |
/// | `receivedError … continueHandler` | ``DelegateResponseInterceptor`` / ``DelegateTransportErrorInterceptor`` | non-2xx, body not JSON / not an object / transport failure |
/// | `.retry` | `chain.retry` | restarts the chain from the request before the preflight (preflight runs again) |
/// | `.fail(error)` | `handleErrorAsync` / completion | `error` reaches the caller unchanged |
/// | `receivedGraphQLErrors … retryHandler` | ``DelegateResponseInterceptor`` | 2xx JSON object with a non-empty `errors` |
///
/// A `multipart/mixed` response (which 0.x never read) streams as on 1.x: each part the client hands
/// the chain reaches `didCompleteRawTaskForRequest` and is then parsed and delivered on its own.
///
/// Threads (1.x runs each interceptor on the thread that called it onward): the preflight runs on the
/// thread that called `send` (for a retry, the thread that answered the delegate); the task-completed,
/// retry and GraphQL-error delegates run on the `URLSessionClient`'s callback queue (its delegate
/// queue; an `ApolloCallbackChain.URLSessionClientOnStreamingSession`'s `callbackQueue`). The chain then hops to the transport's
/// `callbackQueue` to complete.
///
/// The delegate is held weakly. Retries have no bound unless `maxRetries` is given (then 1.x's
/// `MaxRetryInterceptor` comes first). The interceptors, in order: [`MaxRetryInterceptor`],
/// `CacheReadInterceptor`, preflight, `NetworkFetchInterceptor`, task completed, response (in place of
/// `ResponseCodeInterceptor`), `MultipartResponseParsingInterceptor`, `JSONResponseParsingInterceptor` (the incremental one for
/// an operation with deferred fragments), `AutomaticPersistedQueryInterceptor`,
/// `CacheWriteInterceptor`; plus ``DelegateTransportErrorInterceptor`` as the additional error
/// interceptor. A data mismatch is the parser's error and never reaches the retry delegate (0.x's split).
public final class DelegateTransportCallbackInterceptorProvider: ApolloCallbackChain.InterceptorProvider {
  let binding: DelegateTransportBinding
  private let client: ApolloCallbackChain.URLSessionClient
  private let store: ApolloStore
  /// Retries allowed after the first attempt; `nil` (the default) for none, as 0.x.
  public let maxRetries: Int?

  /// - Parameters:
  ///   - delegate: the app's 0.x delegate object, held weakly: keep it alive.
  ///   - transport: the first argument of every delegate method: the app's `HTTPNetworkTransport` or a
  ///     stand-in for the endpoint; nothing is sent through it.
  ///   - client: the 1.x session client the fetch interceptor sends through.
  ///   - store: the store the cache interceptors read and write.
  ///   - maxRetries: the retry bound; `nil` for none.
  public init(delegate: any HTTPNetworkTransportDelegate, transport: HTTPNetworkTransport,
              client: ApolloCallbackChain.URLSessionClient, store: ApolloStore, maxRetries: Int? = nil) {
    self.binding = DelegateTransportBinding(delegate: delegate, transport: transport)
    self.client = client
    self.store = store
    self.maxRetries = maxRetries
  }

  /// The 0.x-shaped stack described above, fresh for each request.
  public func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any ApolloInterceptor] {
    // As 1.x's default provider: operations with deferred fragments get the incremental parser.
    let parser: any ApolloInterceptor = Operation.hasDeferredFragments
      ? IncrementalJSONResponseParsingInterceptor(normalizer: store.normalizer)
      : ApolloCallbackChain.JSONResponseParsingInterceptor(normalizer: store.normalizer)
    var interceptors: [any ApolloInterceptor] = []
    if let maxRetries { interceptors.append(ApolloCallbackChain.MaxRetryInterceptor(maxRetriesAllowed: maxRetries)) }
    interceptors += [
      CacheReadInterceptor(store: store),
      DelegatePreflightInterceptor(binding: binding),
      DelegateCancelledTaskInterceptor(binding: binding),
      NetworkFetchInterceptor(client: client),
      DelegateTaskCompletedInterceptor(binding: binding),
      DelegateResponseInterceptor(binding: binding),
      MultipartResponseParsingInterceptor(),
      parser,
      DelegatePersistedQueryRetryCacheRead(),
      ApolloCallbackChain.AutomaticPersistedQueryInterceptor(),
      CacheWriteInterceptor(store: store),
    ]
    return interceptors
  }

  /// ``DelegateTransportErrorInterceptor``.
  public func additionalErrorInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> (any ApolloErrorInterceptor)? {
    DelegateTransportErrorInterceptor(binding: binding)
  }
}
