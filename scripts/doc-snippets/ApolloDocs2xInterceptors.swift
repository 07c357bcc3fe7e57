// check: language-modes 6 5
//
// The Apollo iOS 2.x documentation's interceptors ("Request chain customization"): an HTTP interceptor that
// adds a token to the `URLRequest`, one that logs the `HTTPURLResponse`, a provider that adds both to the
// defaults, and a transport on a `URLSession` built from a `URLSessionConfiguration`. Pasted as a 2.x app has
// it; the only edit is the import (`import Apollo` and `import Foundation` became `import ApolloAsyncChain`).
// Compiled in both language modes: 2.x code is Swift 6 code, and a target still in Swift 5 mode uses it too.
import ApolloAsyncChain

struct AuthorizationInterceptor: HTTPInterceptor {
  let token: @Sendable () -> String

  func intercept(request: URLRequest, next: NextHTTPInterceptorFunction) async throws -> HTTPResponse {
    var request = request
    request.setValue("Bearer \(token())", forHTTPHeaderField: "Authorization")
    return try await next(request)
  }
}

struct ResponseLoggingInterceptor: HTTPInterceptor {
  func intercept(request: URLRequest, next: NextHTTPInterceptorFunction) async throws -> HTTPResponse {
    let response = try await next(request)
    let head: HTTPURLResponse = response.response
    print("HTTP \(head.statusCode) for \(request.url?.absoluteString ?? "?")")
    return response
  }
}

struct NetworkInterceptorProvider: InterceptorProvider {
  func httpInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any HTTPInterceptor] {
    DefaultInterceptorProvider.shared.httpInterceptors(for: operation)
      + [AuthorizationInterceptor(token: { "token" }), ResponseLoggingInterceptor()]
  }
}

let configuration = URLSessionConfiguration.default
configuration.timeoutIntervalForRequest = 30
let store = ApolloStore()
let transport = RequestChainNetworkTransport(
  urlSession: URLSession(configuration: configuration), interceptorProvider: NetworkInterceptorProvider(), store: store,
  endpointURL: URL(string: "https://example.com/graphql")!)
let client = ApolloClient(networkTransport: transport, store: store)
_ = client
