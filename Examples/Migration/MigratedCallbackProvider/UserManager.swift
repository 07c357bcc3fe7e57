import ApolloCallbackChain
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The current token and how to renew it: `POST /auth/token` through the app's 1.x `URLSessionClient`.
final class UserManager: @unchecked Sendable {
  // @unchecked Sendable: `state` and `renewals` are read and written only under `lock`; the rest is immutable.
  struct RenewalFailed: Error, CustomStringConvertible {
    let description: String
  }

  private let lock = NSLock()
  private var state: (token: String, user: String?)?
  private var renewals = 0
  private let client: URLSessionClient
  private let tokenURL: URL

  init(client: URLSessionClient, tokenURL: URL) {
    self.client = client
    self.tokenURL = tokenURL
  }

  var token: String? { lock.withLock { state?.token } }
  /// The user the server named when it minted the current token.
  var user: String? { lock.withLock { state?.user } }
  var renewalCount: Int { lock.withLock { renewals } }

  /// Logs in with a token the app had stored, which may have expired since.
  func logIn(token: String) {
    lock.withLock { state = (token, nil) }
  }

  /// Renews the token; calls back on the client's queue with the new one, or the error.
  func renewToken(completion: @escaping (Result<String, any Error>) -> Void) {
    var request = URLRequest(url: tokenURL)
    request.httpMethod = "POST"
    client.sendRequest(request) { result in
      completion(result.flatMap { data, response in
        guard response.statusCode == 200, let object = try? JSONParser.parseObject(data),
              let token = object["token"]?.stringValue else {
          return .failure(RenewalFailed(description: "POST \(self.tokenURL.path) answered \(response.statusCode)"))
        }
        self.lock.withLock {
          self.state = (token, object["user"]?.stringValue)
          self.renewals += 1
        }
        return .success(token)
      })
    }
  }
}

/// The app's log: printed, and kept so the example can check what the interceptors did.
final class EventLog: Sendable {
  private let lines = Mutex<[String]>([])

  func record(_ line: String) {
    print("    " + line)
    lines.withLock { $0.append(line) }
  }

  /// Everything recorded from position `start` on.
  func lines(from start: Int) -> [String] {
    lines.withLock { Array($0.dropFirst(start)) }
  }

  var count: Int { lines.withLock { $0.count } }
}
