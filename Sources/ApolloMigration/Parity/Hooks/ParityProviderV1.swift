import ApolloCallbackChain
import ApolloCore
import Foundation

/// The scenario hooks written as a 1.x app writes them: a `DefaultInterceptorProvider` subclass that
/// places its interceptors around the defaults, plus an additional error interceptor.
public final class ParityProviderV1: DefaultInterceptorProvider, @unchecked Sendable {
  // @unchecked Sendable: the only stored property is the `Sendable` hook state; the superclass holds
  // immutable references (client, store) set once in its initializer.

  /// The shared hook state.
  public let state: ParityHookState

  /// The 1.x defaults over `client` and `store`, with the scenario's hooks (`state.hooks`) placed as a 1.x
  /// app places its own interceptors; every hook call is recorded in `state`.
  public init(client: URLSessionClient, store: ApolloStore, state: ParityHookState) {
    self.state = state
    super.init(client: client, shouldInvalidateClientOnDeinit: false, store: store)
  }

  public override func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any ApolloInterceptor] {
    var interceptors = super.interceptors(for: operation)
    if let limit = state.hooks.retryFailures, let index = interceptors.firstIndex(where: { $0 is MaxRetryInterceptor }) {
      interceptors[index] = MaxRetryInterceptor(maxRetriesAllowed: limit)
    }
    if let fetch = interceptors.firstIndex(where: { $0 is NetworkFetchInterceptor }) {
      interceptors.insert(ParityResponseInterceptorV1(state: state), at: fetch + 1)
      interceptors.insert(ParityPreflightInterceptorV1(state: state), at: fetch)
    }
    if let parser = interceptors.lastIndex(where: { $0 is JSONResponseParsingInterceptor || $0 is IncrementalJSONResponseParsingInterceptor }) {
      interceptors.insert(ParityGraphQLErrorInterceptorV1(state: state), at: parser + 1)
    }
    return interceptors
  }

  public override func additionalErrorInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> (any ApolloErrorInterceptor)? {
    state.hooks.retryFailures != nil || state.hooks.recoverFromErrors ? ParityErrorInterceptorV1(state: state) : nil
  }
}

/// Veto, token and endpoint rewrite, before the network fetch.
struct ParityPreflightInterceptorV1: ApolloInterceptor {
  let state: ParityHookState
  let id = InterceptorID.next()

  func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    if state.hooks.veto {
      state.record("veto")
      chain.handleErrorAsync(ParityHookError.vetoed, request: request, response: response,
                             completion: state.observing(completion, as: "pre-flight"))
      return
    }
    if let authorization = state.authorization {
      request.addHeader(name: "Authorization", value: authorization)
      state.record("token \(Redaction.secret(authorization))")
    }
    if let path = state.hooks.rewritePath,
       var components = URLComponents(url: request.graphQLEndpoint, resolvingAgainstBaseURL: false) {
      components.path = path
      request.graphQLEndpoint = components.url ?? request.graphQLEndpoint
      state.record("rewrite \(path)")
    }
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: state.observing(completion, as: "pre-flight"))
  }
}

/// Logging and re-authentication on a 401, right after the network fetch.
struct ParityResponseInterceptorV1: ApolloInterceptor {
  let state: ParityHookState
  let id = InterceptorID.next()

  func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    if state.hooks.logResponses, let response {
      state.record("log \(response.httpResponse.statusCode) \(response.rawData.count) bytes")
    }
    let observed = state.observing(completion, as: "response")
    if response?.httpResponse.statusCode == 401, state.refreshTokenAfter401() {
      chain.retry(request: request, completion: observed)
      return
    }
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: observed)
  }
}

/// Retries a response with GraphQL errors, after parsing.
struct ParityGraphQLErrorInterceptorV1: ApolloInterceptor {
  let state: ParityHookState
  let id = InterceptorID.next()

  func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    if state.hooks.retriesOnGraphQLErrors > 0, let errors = response?.parsedResponse?.errors, !errors.isEmpty,
       state.spendGraphQLErrorRetry(messages: errors.map { $0.message ?? "" }) {
      chain.retry(request: request, completion: state.observing(completion, as: "parsed"))
      return
    }
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: state.observing(completion, as: "parsed"))
  }
}

/// Retries failures (bounded by the provider's `MaxRetryInterceptor`) or replaces them.
struct ParityErrorInterceptorV1: ApolloErrorInterceptor {
  let state: ParityHookState

  func handleErrorAsync<Operation: GraphQLOperation>(
    error: any Error, chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    let failure = ParityFailure(error)
    if state.hooks.retryFailures != nil {
      if error is MaxRetryInterceptor.RetryError {
        state.record("give up after \(failure)")
        completion(.failure(error))
      } else {
        state.record("retry after \(failure)")
        chain.retry(request: request, completion: completion)
      }
      return
    }
    if state.hooks.recoverFromErrors {
      state.record("recover from \(failure)")
      completion(.failure(ParityHookError.recovered(failure.category)))
      return
    }
    completion(.failure(error))
  }
}

extension ParityHookState {
  /// `completion`, wrapped as 1.x apps wrap the completion they pass on: each result that comes back through it is
  /// recorded (`"<hook> completion · <delivery>"`) before it goes on. 1.x ran these wrappers innermost first and
  /// threaded a retried pass's wrappers into the next pass, so their records pin where an adapted stack hands
  /// results, errors and retries back.
  func observing<Data: RootSelectionSet>(
    _ completion: @escaping (Result<GraphQLResult<Data>, any Error>) -> Void, as hook: String
  ) -> (Result<GraphQLResult<Data>, any Error>) -> Void {
    { [self] result in
      record("\(hook) completion · \(ParityDelivery(result).summary)")
      completion(result)
    }
  }
}
