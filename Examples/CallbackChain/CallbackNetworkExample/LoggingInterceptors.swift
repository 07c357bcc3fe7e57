import ApolloCallbackChain
import Foundation

/// Prints each outgoing request, then proceeds.
struct RequestLoggingInterceptor: ApolloInterceptor {
  let id = InterceptorID.next()
  let log: @Sendable (String) -> Void

  func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    log("Outgoing request: \(Operation.operationName) to \(request.graphQLEndpoint.absoluteString)")
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

/// Prints each response. A missing response is reported as an error — and the chain still proceeds, as
/// in the 1.x documentation, so the parsers behind it report their own error too.
struct ResponseLoggingInterceptor: ApolloInterceptor {
  enum ResponseLoggingError: Error {
    case notYetReceived
  }

  let id = InterceptorID.next()
  let log: @Sendable (String) -> Void

  func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    defer {
      chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
    }
    guard let response else {
      chain.handleErrorAsync(ResponseLoggingError.notYetReceived, request: request, response: nil, completion: completion)
      return
    }
    log("HTTP \(response.httpResponse.statusCode), \(response.rawData.count) bytes: \(String(decoding: response.rawData.prefix(120), as: UTF8.self))")
  }
}
