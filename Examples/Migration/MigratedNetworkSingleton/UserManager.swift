import ApolloDelegateTransport
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Who is logged in, and with which token; the app code the 0.x delegates call.
final class UserManager: @unchecked Sendable {
  // @unchecked Sendable: `token`, `user` and `reAuthentications` are read and written only under `lock`.

  static let shared = UserManager()

  private let lock = NSLock()
  private var token: String?
  private var user: String?
  private var reAuthentications = 0

  var hasAuthenticatedUser: Bool { lock.withLock { token != nil } }
  var currentAuthToken: String? { lock.withLock { token } }
  /// The user the server named when it minted the current token.
  var currentUser: String? { lock.withLock { user } }
  var reAuthenticationCount: Int { lock.withLock { reAuthentications } }

  /// Logs in with a token the app had stored, which may have expired since.
  func logIn(token: String) {
    lock.withLock {
      self.token = token
      user = nil
    }
  }

  /// Only an HTTP 401 means the token is no longer good; anything else is not this object's business.
  func requiresReAuthentication(basedOn error: any Error, response: URLResponse?) -> Bool {
    (response as? HTTPURLResponse)?.statusCode == 401
  }

  /// `POST /auth/token`; calls back with `nil` once the new token is stored, or with the error.
  func reAuthenticate(completion: @escaping ((any Error)?) -> Void) {
    var request = URLRequest(url: AppConfiguration.current.tokenURL)
    request.httpMethod = "POST"
    AppConfiguration.current.tokenClient.sendRequest(request) { result in
      switch result {
      case .success(let (data, response)):
        guard response.statusCode == 200, let object = try? JSONParser.parseObject(data),
              let token = object["token"]?.stringValue else {
          completion(AuthenticationError(description: "POST \(request.url?.path ?? "") answered \(response.statusCode)"))
          return
        }
        self.lock.withLock {
          self.token = token
          self.user = object["user"]?.stringValue
          self.reAuthentications += 1
        }
        completion(nil)
      case .failure(let error):
        completion(error)
      }
    }
  }
}

struct AuthenticationError: Error, CustomStringConvertible {
  let description: String
}
