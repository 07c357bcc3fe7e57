import ApolloAsyncChain
import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The scenario hooks written as a 2.x app writes them: a provider that adds its interceptors to the
/// default ones.
public struct ParityProviderV2: InterceptorProvider {
  /// The shared hook state.
  public let state: ParityHookState

  /// The 2.x defaults with the scenario's hooks (`state.hooks`) as 2.x interceptors; every hook call is
  /// recorded in `state`.
  public init(state: ParityHookState) {
    self.state = state
  }

  /// Retry limit, error recovery, APQ, the GraphQL-error and token hooks, outermost first.
  public func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
    [
      MaxRetryInterceptor(maxRetriesAllowed: state.hooks.retryFailures ?? 3),
      ParityErrorInterceptorV2(state: state),
      AutomaticPersistedQueryInterceptor(),
      ParityResponseInterceptorV2(state: state),
      ParityPreflightInterceptorV2(state: state),
    ]
  }

  /// The status check, then the response logger when the scenario logs responses.
  public func httpInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any HTTPInterceptor] {
    state.hooks.logResponses ? [ResponseCodeInterceptor(), ParityLogInterceptorV2(state: state)] : [ResponseCodeInterceptor()]
  }
}

/// Veto, token and endpoint rewrite; innermost, so it runs again on every attempt.
struct ParityPreflightInterceptorV2: GraphQLInterceptor {
  let state: ParityHookState

  func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    if state.hooks.veto {
      state.record("veto")
      throw ParityHookError.vetoed
    }
    var request = request
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
    return await next(request)
  }
}

/// Re-authentication on a 401 and retry on GraphQL errors.
struct ParityResponseInterceptorV2: GraphQLInterceptor {
  let state: ParityHookState

  func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    let state = self.state
    return await next(request)
      .mapErrors { error in
        if let error = error as? ResponseCodeInterceptor.ResponseCodeError, error.response.statusCode == 401,
           state.refreshTokenAfter401() {
          throw RequestChain<Request>.Retry(request: request)
        }
        throw error
      }
      .map { parsed in
        if state.hooks.retriesOnGraphQLErrors > 0, parsed.result.source == .server, let errors = parsed.result.errors,
           !errors.isEmpty, state.spendGraphQLErrorRetry(messages: errors.map { $0.message ?? "" }) {
          throw RequestChain<Request>.Retry(request: request)
        }
        return parsed
      }
  }
}

/// Retries failures (bounded by `MaxRetryInterceptor`) or replaces them.
struct ParityErrorInterceptorV2: GraphQLInterceptor {
  let state: ParityHookState

  func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    let state = self.state
    guard state.hooks.retryFailures != nil || state.hooks.recoverFromErrors else { return await next(request) }
    return await next(request).mapErrors { error in
      // `mapErrors` also sees the chain's own retries and cancellation: pass them on untouched.
      if error is RequestChain<Request>.Retry || error is CancellationError { throw error }
      let failure = ParityFailure(error)
      if state.hooks.retryFailures != nil {
        state.record("retry after \(failure)")
        throw RequestChain<Request>.Retry(request: request)
      }
      state.record("recover from \(failure)")
      throw ParityHookError.recovered(failure.category)
    }
  }
}

/// Logs each response chunk's status and size.
struct ParityLogInterceptorV2: HTTPInterceptor {
  let state: ParityHookState

  func intercept(request: URLRequest, next: NextHTTPInterceptorFunction) async throws -> HTTPResponse {
    let state = self.state
    return try await next(request).mapChunks { response, chunk in
      state.record("log \(response.statusCode) \(chunk.count) bytes")
      return chunk
    }
  }
}
