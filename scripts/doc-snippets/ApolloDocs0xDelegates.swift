// check: language-modes 5
//
// The Apollo iOS 0.x documentation's networking setup ("Advanced networking configuration"): a `Network`
// singleton that is its transport's preflight, task-completed and retry delegate, and a `UserManager` that
// re-authenticates over `URLSession.shared`. Pasted as a 0.x app has it; the only edit is the import
// (`import Apollo` and `import Foundation` became `import ApolloDelegateTransport`). Swift 5 language mode:
// Swift 6 rejects `static let shared = Network()` (a non-Sendable class in a global), as the README says.
import ApolloDelegateTransport

final class UserManager {
  static let shared = UserManager()
  var currentAuthToken = "token"
  var hasAuthenticatedUser: Bool { !currentAuthToken.isEmpty }

  func requiresReAuthentication(basedOn error: Error, response: URLResponse?) -> Bool {
    (response as? HTTPURLResponse)?.statusCode == 401
  }

  func reAuthenticate(completion: @escaping (Error?) -> Void) {
    var request = URLRequest(url: URL(string: "https://example.com/auth/token")!)
    request.httpMethod = "POST"
    URLSession.shared.dataTask(with: request) { data, response, error in
      if let data = data, let token = String(data: data, encoding: .utf8) { self.currentAuthToken = token }
      completion(error)
    }.resume()
  }
}

enum Logger {
  enum Level { case debug, error }
  static func log(_ level: Level, _ message: String) { print(level, message) }
}

class Network {
  static let shared = Network()

  private lazy var networkTransport: HTTPNetworkTransport = {
    let client = URLSessionClient(sessionConfiguration: URLSessionConfiguration.default, callbackQueue: .main)
    let transport = HTTPNetworkTransport(url: URL(string: "http://localhost:8080/graphql")!, client: client)
    transport.delegate = self
    return transport
  }()

  private(set) lazy var apollo = ApolloClient(networkTransport: self.networkTransport)
}

extension Network: HTTPNetworkTransportPreflightDelegate {
  func networkTransport(_ networkTransport: HTTPNetworkTransport, shouldSend request: URLRequest) -> Bool {
    return UserManager.shared.hasAuthenticatedUser
  }

  func networkTransport(_ networkTransport: HTTPNetworkTransport, willSend request: inout URLRequest) {
    var headers = request.allHTTPHeaderFields ?? [String: String]()
    headers["Authorization"] = "Bearer \(UserManager.shared.currentAuthToken)"
    request.allHTTPHeaderFields = headers
    Logger.log(.debug, "Outgoing request: \(request)")
  }
}

extension Network: HTTPNetworkTransportTaskCompletedDelegate {
  func networkTransport(_ networkTransport: HTTPNetworkTransport,
                        didCompleteRawTaskForRequest request: URLRequest,
                        withData data: Data?,
                        response: URLResponse?,
                        error: Error?) {
    Logger.log(.debug, "Raw task completed for request: \(request)")
    if let error = error {
      Logger.log(.error, "Error: \(error)")
    }
    if let response = response as? HTTPURLResponse {
      Logger.log(.debug, "Response: \(response.statusCode) \(response.allHeaderFields)")
    } else {
      Logger.log(.error, "No URL Response received!")
    }
    if let data = data {
      Logger.log(.debug, "Data: \(String(describing: String(bytes: data, encoding: .utf8)))")
    }
  }
}

extension Network: HTTPNetworkTransportRetryDelegate {
  func networkTransport(_ networkTransport: HTTPNetworkTransport,
                        receivedError error: Error,
                        for request: URLRequest,
                        response: URLResponse?,
                        continueHandler: @escaping (HTTPNetworkTransport.ContinueAction) -> Void) {
    guard UserManager.shared.requiresReAuthentication(basedOn: error, response: response) else {
      continueHandler(.fail(error))
      return
    }
    UserManager.shared.reAuthenticate { (reAuthenticateError: Error?) in
      if let reAuthenticateError = reAuthenticateError {
        continueHandler(.fail(reAuthenticateError))
      } else {
        continueHandler(.retry)
      }
    }
  }
}

_ = Network.shared.apollo
