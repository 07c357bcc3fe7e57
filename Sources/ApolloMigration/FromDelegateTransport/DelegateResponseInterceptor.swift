import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// 0.x's response checks and the retry and GraphQL-error delegates as a 1.x interceptor; place it after
/// ``DelegateTaskCompletedInterceptor`` and before the parsing interceptor (it replaces 1.x's
/// `ResponseCodeInterceptor`).
///
/// - A status outside 200–299 (`GraphQLHTTPResponseError(.errorResponse)`), a body that is not JSON (the
///   parser's error) or not an object (`.invalidResponse`) goes to the retry delegate with the response:
///   `.retry` → `chain.retry` with the request as it was before the preflight (so `shouldSend` /
///   `willSend` run again); `.fail(error)` → `chain.handleErrorAsync(error)`. No retry delegate → the
///   0.x error goes to `chain.handleErrorAsync`.
/// - A non-empty `errors` array in a 2xx object goes to the GraphQL-error delegate: `true` → `chain.retry`,
///   `false` → proceeds, the errors stay in the result.
/// - Otherwise it proceeds, with the request as it was before the preflight, so the parsing, persisted
///   query and cache-write interceptors see the app's request type.
/// - A successful `multipart/mixed` response (`@defer`, subscriptions: 0.x never read these) proceeds
///   unchecked, part by part, to 1.x's `MultipartResponseParsingInterceptor`.
///
/// It runs on the `URLSessionClient`'s callback queue; after a delegate answers, the chain continues on
/// the thread that answered.
public struct DelegateResponseInterceptor: ApolloInterceptor, Sendable {
  let binding: DelegateTransportBinding
  /// Identifies the interceptor in its chain.
  public var id: String = InterceptorID.next()

  /// - Parameters: as ``DelegatePreflightInterceptor/init(delegate:transport:)``.
  public init(delegate: any HTTPNetworkTransportDelegate, transport: HTTPNetworkTransport) {
    self.binding = DelegateTransportBinding(delegate: delegate, transport: transport)
  }

  init(binding: DelegateTransportBinding) {
    self.binding = binding
  }

  /// Checks the response as 0.x did and routes it to the delegates.
  public func interceptAsync<Operation: GraphQLOperation>(
    chain: any ApolloCallbackChain.RequestChain, request: ApolloCallbackChain.HTTPRequest<Operation>,
    response: ApolloCallbackChain.HTTPResponse<Operation>?,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    guard let response else {
      chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
      return
    }
    let original = request.beforePreflight
    let sent = request.sentURLRequest ?? URLRequest(url: original.graphQLEndpoint)
    // 0.x never read multipart bodies; a successful one goes on to 1.x's multipart parser, as on 1.x.
    if LegacyResponseCheck.isMultipart(response.httpResponse), (200..<300).contains(response.httpResponse.statusCode) {
      chain.proceedAsync(request: original, response: response, interceptor: self, completion: completion)
      return
    }
    switch LegacyResponseCheck.check(data: response.rawData, response: response.httpResponse) {
    case .retryPath(let error):
      guard let delegate = binding.delegate as? any HTTPNetworkTransportRetryDelegate else {
        chain.handleErrorAsync(error, request: request, response: response, completion: completion)
        return
      }
      let once = CallbackOnce(chain: chain, request: request, original: original, response: response, completion: completion)
      delegate.networkTransport(binding.transport, receivedError: error, for: sent, response: response.httpResponse) { action in
        switch action {
        case .retry: once.retry()
        case .fail(let failure): once.fail(failure)
        }
      }
    case .body(let body):
      guard let errors = LegacyResponseCheck.errorsForDelegate(in: body, sentRequest: sent),
            let delegate = binding.delegate as? any HTTPNetworkTransportGraphQLErrorDelegate else {
        chain.proceedAsync(request: original, response: response, interceptor: self, completion: completion)
        return
      }
      let once = CallbackOnce(chain: chain, request: request, original: original, response: response, completion: completion)
      let interceptor = self
      delegate.networkTransport(binding.transport, receivedGraphQLErrors: errors) { shouldRetry in
        if shouldRetry { once.retry() } else { once.proceed(after: interceptor) }
      }
    }
  }
}

/// The 1.x chain's continuation for one delegate answer, taken at most once from any thread.
final class CallbackOnce<Operation: GraphQLOperation>: @unchecked Sendable {
  // @unchecked Sendable: the 1.x chain objects and the completion are taken out under `lock` (an
  // NSLock) exactly once, then used on the thread that answered, as 1.x chains allow.
  private struct Parts {
    let chain: any ApolloCallbackChain.RequestChain
    let request: ApolloCallbackChain.HTTPRequest<Operation>
    let original: ApolloCallbackChain.HTTPRequest<Operation>
    let response: ApolloCallbackChain.HTTPResponse<Operation>?
    let completion: (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  }

  private let lock = NSLock()
  private var parts: Parts?

  init(chain: any ApolloCallbackChain.RequestChain, request: ApolloCallbackChain.HTTPRequest<Operation>,
       original: ApolloCallbackChain.HTTPRequest<Operation>, response: ApolloCallbackChain.HTTPResponse<Operation>?,
       completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void) {
    parts = Parts(chain: chain, request: request, original: original, response: response, completion: completion)
  }

  private func take() -> Parts? {
    lock.lock()
    defer { lock.unlock() }
    let taken = parts
    parts = nil
    return taken
  }

  /// Takes the answer without using the chain (for a caller that completes by itself).
  func claim() -> Bool {
    take() != nil
  }

  func retry() {
    guard let parts = take() else { return }
    // 0.x sent every delegate-driven retry in persisted-query retry mode when APQ was on: the full document
    // beside the hash, GET only with `useGETForPersistedQueryRetry` (quirk Q5), as the 2.x adapter does.
    if let json = parts.original as? ApolloCallbackChain.JSONRequest<Operation>, json.autoPersistQueries {
      json.isPersistedQueryRetry = true
    }
    parts.original.keepTheClientsOneCacheRead()
    parts.chain.retry(request: parts.original, completion: parts.completion)
  }

  func fail(_ error: any Error) {
    guard let parts = take() else { return }
    parts.chain.handleErrorAsync(error, request: parts.request, response: parts.response, completion: parts.completion)
  }

  func proceed(after interceptor: any ApolloInterceptor) {
    guard let parts = take() else { return }
    parts.chain.proceedAsync(request: parts.original, response: parts.response, interceptor: interceptor,
                             completion: parts.completion)
  }
}
