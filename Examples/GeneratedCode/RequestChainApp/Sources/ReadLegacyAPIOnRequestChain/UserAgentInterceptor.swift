// An interceptor as 0.34–0.53 apps wrote them: a class, generic over the operation, handing on by position. Its
// file imports ApolloCallbackChain rather than `Apollo`: the chain's `GraphQLOperation` and `GraphQLResult` are
// today's, which `Apollo` shadows with the `API.swift` ones.
import ApolloCallbackChain

final class UserAgentInterceptor: ApolloInterceptor {
  func interceptAsync<Operation: GraphQLOperation>(
    chain: RequestChain,
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, Error>) -> Void
  ) {
    request.addHeader(name: "User-Agent", value: "RequestChainApp/1.0")
    chain.proceedAsync(request: request, response: response, completion: completion)
  }
}

/// The app's provider: 0.34's `LegacyInterceptorProvider` with its own interceptor in front.
final class AppInterceptorProvider: LegacyInterceptorProvider {
  override func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [ApolloInterceptor] {
    [UserAgentInterceptor()] + super.interceptors(for: operation)
  }
}
