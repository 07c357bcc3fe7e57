// check: language-modes 5
//
// The Apollo iOS 1.x documentation's request chain setup ("Creating a client" / "Advanced networking"): a
// token interceptor that renews an expired token before proceeding, request and response logging
// interceptors, a provider that places them among the defaults, and a `Network` singleton. Pasted as a 1.x
// app has it; the only edit is the import (`import Apollo` and `import Foundation` became
// `import ApolloCallbackChain`). Swift 5 language mode, as such an app's target is (the singleton).
import ApolloCallbackChain

struct Token {
  let value: String
  let expirationDate: Date
  var isExpired: Bool { expirationDate < Date() }
}

final class UserManager {
  static let shared = UserManager()
  var token: Token? = Token(value: "token", expirationDate: .distantFuture)

  func renewToken(completion: @escaping (Result<Token, Error>) -> Void) {
    let request = URLRequest(url: URL(string: "https://example.com/auth/token")!, cachePolicy: .reloadIgnoringLocalCacheData)
    URLSession.shared.dataTask(with: request) { data, response, error in
      if let error = error { return completion(.failure(error)) }
      let token = Token(value: String(decoding: data ?? Data(), as: UTF8.self), expirationDate: Date().addingTimeInterval(3600))
      self.token = token
      completion(.success(token))
    }.resume()
  }
}

class UserManagementInterceptor: ApolloInterceptor {
  enum UserError: Error {
    case noUserLoggedIn
  }

  public var id: String = UUID().uuidString

  private func addTokenAndProceed<Operation: GraphQLOperation>(
    _ token: Token,
    to request: HTTPRequest<Operation>,
    chain: RequestChain,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, Error>) -> Void) {
    request.addHeader(name: "Authorization", value: "Bearer \(token.value)")
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }

  func interceptAsync<Operation: GraphQLOperation>(
    chain: RequestChain,
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, Error>) -> Void) {
    guard let token = UserManager.shared.token else {
      chain.handleErrorAsync(UserError.noUserLoggedIn, request: request, response: response, completion: completion)
      return
    }
    if token.isExpired {
      UserManager.shared.renewToken { tokenRenewResult in
        switch tokenRenewResult {
        case .failure(let error):
          chain.handleErrorAsync(error, request: request, response: response, completion: completion)
        case .success(let token):
          self.addTokenAndProceed(token, to: request, chain: chain, response: response, completion: completion)
        }
      }
    } else {
      addTokenAndProceed(token, to: request, chain: chain, response: response, completion: completion)
    }
  }
}

class RequestLoggingInterceptor: ApolloInterceptor {
  public var id: String = UUID().uuidString

  func interceptAsync<Operation: GraphQLOperation>(
    chain: RequestChain,
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, Error>) -> Void) {
    print("Outgoing request: \(request)")
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

class ResponseLoggingInterceptor: ApolloInterceptor {
  enum ResponseLoggingError: Error {
    case notYetReceived
  }

  public var id: String = UUID().uuidString

  func interceptAsync<Operation: GraphQLOperation>(
    chain: RequestChain,
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, Error>) -> Void) {
    guard let receivedResponse = response else {
      chain.handleErrorAsync(ResponseLoggingError.notYetReceived, request: request, response: response, completion: completion)
      return
    }
    let httpResponse: HTTPURLResponse = receivedResponse.httpResponse
    print("HTTP Response: \(httpResponse.statusCode)")
    if let stringData = String(bytes: receivedResponse.rawData, encoding: .utf8) {
      print("Data: \(stringData)")
    } else {
      print("Could not convert data to string!")
    }
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

class NetworkInterceptorProvider: DefaultInterceptorProvider {
  override func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [ApolloInterceptor] {
    var interceptors = super.interceptors(for: operation)
    interceptors.insert(UserManagementInterceptor(), at: 0)
    interceptors.insert(RequestLoggingInterceptor(), at: 1)
    interceptors.append(ResponseLoggingInterceptor())
    return interceptors
  }
}

class Network {
  static let shared = Network()

  private(set) lazy var apollo: ApolloClient = {
    let client = URLSessionClient(sessionConfiguration: .default)
    let cache = InMemoryNormalizedCache()
    let store = ApolloStore(cache: cache)
    let provider = NetworkInterceptorProvider(client: client, store: store)
    let url = URL(string: "https://example.com/graphql")!
    let transport = RequestChainNetworkTransport(interceptorProvider: provider, endpointURL: url)
    return ApolloClient(networkTransport: transport, store: store)
  }()
}

_ = Network.shared.apollo
