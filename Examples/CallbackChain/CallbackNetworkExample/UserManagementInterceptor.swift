import ApolloCallbackChain
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Who is logged in, and their token. Renewing goes to TestServer's `POST /auth/token`, or — for the
/// embedded server — mints a local token after a short pause, like a real refresh call would take.
final class UserManager: @unchecked Sendable {
  // @unchecked Sendable: `state` is only touched under `lock`.
  struct Token {
    let value: String
    let expiresAt: Date
    var isExpired: Bool { expiresAt <= Date() }
  }

  private let lock = NSLock()
  private var state: Token?
  private let renewURL: URL?

  init(renewURL: URL?) {
    self.renewURL = renewURL
  }

  var token: Token? {
    get { lock.lock(); defer { lock.unlock() }; return state }
    set { lock.lock(); state = newValue; lock.unlock() }
  }

  /// Logs in with an already expired token, so the first request has to renew it.
  func logInWithExpiredToken() {
    token = Token(value: "expired-token", expiresAt: .distantPast)
  }

  func logOut() {
    token = nil
  }

  /// Renews the token asynchronously and calls back with the new one.
  func renewToken(completion: @escaping @Sendable (Result<Token, any Error>) -> Void) {
    guard let renewURL else {
      DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
        let token = Token(value: "embedded-token-\(Int.random(in: 1000...9999))", expiresAt: Date().addingTimeInterval(3600))
        self.token = token
        completion(.success(token))
      }
      return
    }
    var request = URLRequest(url: renewURL)
    request.httpMethod = "POST"
    URLSession.shared.dataTask(with: request) { data, _, error in
      guard let data, let object = try? JSONParser.parseObject(data), let value = object["token"]?.stringValue else {
        return completion(.failure(error ?? UserManagementInterceptor.UserError.tokenRenewalFailed))
      }
      let token = Token(value: value, expiresAt: Date().addingTimeInterval(3600))
      self.token = token
      completion(.success(token))
    }.resume()
  }
}

/// Adds `Authorization: Bearer <token>`, renewing an expired token first; fails with a typed error when
/// nobody is logged in. The 1.x documentation's `UserManagementInterceptor`, written for this module.
final class UserManagementInterceptor: ApolloInterceptor, @unchecked Sendable {
  // @unchecked Sendable: only immutable state.
  enum UserError: Error, LocalizedError {
    case noUserLoggedIn
    case tokenRenewalFailed

    var errorDescription: String? {
      switch self {
      case .noUserLoggedIn: return "Nobody is logged in."
      case .tokenRenewalFailed: return "The token could not be renewed."
      }
    }
  }

  let id = InterceptorID.next()
  let userManager: UserManager

  init(userManager: UserManager) {
    self.userManager = userManager
  }

  private func addToken<Operation: GraphQLOperation>(_ token: UserManager.Token, to request: HTTPRequest<Operation>) {
    request.addHeader(name: "Authorization", value: "Bearer \(token.value)")
  }

  func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    guard let token = userManager.token else {
      chain.handleErrorAsync(UserError.noUserLoggedIn, request: request, response: response, completion: completion)
      return
    }
    guard token.isExpired else {
      addToken(token, to: request)
      chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
      return
    }
    // The renewal calls back on another thread; the chain, the request and the completion travel with it,
    // as they did in 1.x (the chain stays alive because this closure holds it).
    let resume = HandOff { (result: Result<UserManager.Token, any Error>) in
      switch result {
      case .success(let token):
        self.addToken(token, to: request)
        chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
      case .failure(let error):
        chain.handleErrorAsync(error, request: request, response: response, completion: completion)
      }
    }
    userManager.renewToken { result in resume.run(result) }
  }
}

/// Carries a 1.x continuation (non-`Sendable` closures) to the thread the renewal calls back on; it runs once.
struct HandOff<Value>: @unchecked Sendable {
  let run: (Value) -> Void
  init(_ run: @escaping (Value) -> Void) { self.run = run }
}
