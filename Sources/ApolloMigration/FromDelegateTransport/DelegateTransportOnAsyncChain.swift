import ApolloAsyncChain
import ApolloCore
import ApolloDelegateTransport
import Foundation

/// The app's 0.x `HTTPNetworkTransport` delegate object, running on the 2.x request chain.
///
/// | 0.x hook | 2.x stage | when it runs |
/// |---|---|---|
/// | `shouldSend(request)` | ``DelegateTransportHTTPInterceptor`` (HTTP) | before the session, with the built `URLRequest`; `false` → `cancelledByDelegate`, nothing sent |
/// | `willSend(&request)` | ``DelegateTransportHTTPInterceptor`` (HTTP) | right after `shouldSend`; the changed request is sent |
/// | `didCompleteRawTaskForRequest` | ``DelegateTransportHTTPInterceptor`` (HTTP) | each attempt, once the whole body arrived or the session failed; before any check |
/// | `receivedError … continueHandler` | ``DelegateTransportHTTPInterceptor`` (HTTP) | non-2xx, transport failure, body not JSON / not an object |
/// | `.retry` | ``DelegateTransportRetryInterceptor`` (GraphQL) | `throw RequestChain.Retry`: the chain starts over, preflight included |
/// | `.fail(error)` | the chain's error | `error` reaches the caller unchanged |
/// | `receivedGraphQLErrors … retryHandler` | ``DelegateTransportHTTPInterceptor`` (HTTP) | 2xx JSON object with a non-empty `errors`; `true` retries as above |
///
/// Threads: every delegate method runs on the chain's task (started by `RequestChain.kickoff`, so it
/// sees the caller's task-local values), synchronously inside the HTTP stage, with no hop to any queue.
/// 0.x ran them on the session's callback queue (main by default); code that relied on main must hop
/// itself. A `continueHandler` / `retryHandler` may be called later, from any thread.
///
/// The delegate is held weakly, as `HTTPNetworkTransport.delegate` is; once it is released the hooks
/// are skipped. Retries have no bound by default, as in 0.x (only the delegate stops a loop); pass
/// `maxRetries` to put 2.x `MaxRetryInterceptor`'s count first (kept behind a lock, not in an actor, so a
/// request never hops to one), which ends the request with its `MaxRetriesError` once the delegate asked
/// for more retries than that. The count is the chain's: a persisted-query retry (the hash was not known)
/// takes one of the `maxRetries` too.
///
/// Only the network's errors take the delegate path (`URLError`, `NSURLErrorDomain`, a response that is not
/// HTTP); an error thrown by an HTTP interceptor placed inside this one reaches the caller unchanged, as 0.x's
/// build and preflight errors never reached its delegates. With a `NetworkFirst` request, a `.retry` or
/// `.fail(error)` answered by the delegate is a network failure to the 2.x chain, which answers it from the
/// cache (upstream 2.x's rule for any failure there); 0.x had no such policy.
///
/// The cache and parsing stages are the 2.x defaults (`DefaultCacheInterceptor`,
/// `JSONResponseParsingInterceptor`), and `AutomaticPersistedQueryInterceptor` handles
/// `PersistedQueryNotFound` before the GraphQL-error delegate could see it, as 0.x did. A `data` member
/// that does not match the selection set is the 2.x parser's error and never reaches the retry delegate
/// (in 0.x it was `ApolloClient`'s, with the same split).
public struct DelegateTransportInterceptorProvider: ApolloAsyncChain.InterceptorProvider {
  let binding: DelegateTransportBinding
  /// Retries allowed after the first attempt; `nil` (the default) allows any number, as 0.x.
  public let maxRetries: Int?
  let streamsMultipart: Bool
  let facade: LegacyFacadeStage?

  /// - Parameters:
  ///   - delegate: the app's 0.x delegate object (any mix of the preflight, task-completed, retry and
  ///     GraphQL-error protocols), held weakly: keep it alive.
  ///   - transport: the first argument of every delegate method: the app's existing
  ///     `HTTPNetworkTransport`, or a stand-in created for the endpoint. Nothing is sent through it.
  ///   - maxRetries: the retry bound; `nil` for none (0.x's behaviour).
  public init(delegate: any HTTPNetworkTransportDelegate, transport: HTTPNetworkTransport, maxRetries: Int? = nil) {
    self.init(binding: DelegateTransportBinding(delegate: delegate, transport: transport), maxRetries: maxRetries)
  }

  /// `streamsMultipart` false reads a `multipart/mixed` body as 0.x did (as JSON, so it fails): the
  /// 0.x facade's choice, whose callers get 0.x's results.
  /// `facade` is the 0.x facade's wire fix and body hand-off.
  init(binding: DelegateTransportBinding, maxRetries: Int?, streamsMultipart: Bool = true, facade: LegacyFacadeStage? = nil) {
    self.binding = binding
    self.maxRetries = maxRetries
    self.streamsMultipart = streamsMultipart
    self.facade = facade
  }

  /// 2.x `MaxRetryInterceptor`'s count when bounded, then ``DelegateTransportRetryInterceptor`` and
  /// `AutomaticPersistedQueryInterceptor`.
  public func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
    var interceptors: [any GraphQLInterceptor] = []
    if let maxRetries { interceptors.append(LockedMaxRetryInterceptor(configuration: .init(maxRetries: maxRetries))) }
    interceptors.append(DelegateTransportRetryInterceptor())
    interceptors.append(ApolloAsyncChain.AutomaticPersistedQueryInterceptor())
    return interceptors
  }

  /// ``DelegateTransportHTTPInterceptor`` alone: it makes 0.x's status and body checks itself, so the
  /// 2.x `ResponseCodeInterceptor` is not used.
  public func httpInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any HTTPInterceptor] {
    [DelegateTransportHTTPInterceptor(binding: binding, streamsMultipart: streamsMultipart, facade: facade)]
  }
}
