import ApolloCallbackChain
import Foundation

// The app's 1.x interceptors, as written for the 1.x chain; nothing here knows about 2.x.

/// Adds `Authorization: Bearer <token>` to every request. It runs again on each retry, so a retried
/// request carries whatever token is current by then.
struct TokenInterceptor: ApolloInterceptor {
  let id = InterceptorID.next()
  let userManager: UserManager
  let log: EventLog

  func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    if let token = userManager.token {
      request.addHeader(name: "Authorization", value: "Bearer \(token)")
    }
    log.record("sending \(Operation.operationName), Authorization: \(request.additionalHeaders["Authorization"] ?? "none")")
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

/// Logs each response as it comes off the network, before anything checks or parses it.
struct ResponseLoggingInterceptor: ApolloInterceptor {
  let id = InterceptorID.next()
  let log: EventLog

  func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    if let response {
      log.record("received: HTTP \(response.httpResponse.statusCode), \(response.rawData.count) bytes")
    } else {
      log.record("received: no response")
    }
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

/// On a 401, renews the token and starts the chain over (`chain.retry`), so the token interceptor adds
/// the new one. It sits before `ResponseCodeInterceptor`, which would otherwise turn the 401 into an error.
struct ReauthenticatingInterceptor: ApolloInterceptor {
  let id = InterceptorID.next()
  let userManager: UserManager
  let log: EventLog

  func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    guard let response, response.httpResponse.statusCode == 401 else {
      chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
      return
    }
    log.record("401: renewing the token")
    userManager.renewToken { result in
      switch result {
      case .success:
        self.log.record("renewed: retrying")
        chain.retry(request: request, completion: completion)
      case .failure(let error):
        chain.handleErrorAsync(error, request: request, response: response, completion: completion)
      }
    }
  }
}
