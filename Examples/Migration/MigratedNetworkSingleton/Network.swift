import ApolloDelegateTransport
import ApolloMigration
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app's networking as the 0.x documentation set it up: one shared object that owns the client and
/// is its transport's delegate. Only the transport's type changed (see `networkTransport`); the
/// delegate methods below are the 0.x app's, untouched.
final class Network: @unchecked Sendable {
  // @unchecked Sendable (Swift 6 wants it for `static let`): the only state is the two lazy properties,
  // set once on first use, which must not race (an app touches `apollo` at launch; this example sends
  // one request at a time). The token lives in `UserManager`, under its lock.

  static let shared = Network()

  /// Was `HTTPNetworkTransport(url:)`. `HTTPNetworkTransportOnAsyncChain` keeps the 0.x call surface and
  /// the delegate, and sends through the 2.x request chain. `maxRetries` is the one thing 0.x lacked: a
  /// bound, so a server that rejects every token cannot keep the retry delegate looping.
  private lazy var networkTransport: HTTPNetworkTransportOnAsyncChain = {
    let configuration = AppConfiguration.current
    let transport = HTTPNetworkTransportOnAsyncChain(
      url: configuration.endpoint, session: configuration.session, callbackQueue: configuration.callbackQueue, maxRetries: 3)
    transport.delegate = self
    return transport
  }()

  /// The 0.x client every call site already uses.
  private(set) lazy var apollo = ApolloClient(networkTransport: self.networkTransport)
}

// MARK: - The 0.x delegates, as the app wrote them

extension Network: HTTPNetworkTransportPreflightDelegate {
  func networkTransport(_ networkTransport: HTTPNetworkTransport, shouldSend request: URLRequest) -> Bool {
    // Nothing goes out before someone has logged in.
    UserManager.shared.hasAuthenticatedUser
  }

  func networkTransport(_ networkTransport: HTTPNetworkTransport, willSend request: inout URLRequest) {
    if let token = UserManager.shared.currentAuthToken {
      request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    }
    Logger.log("willSend: \(request.httpMethod ?? "?") \(request.url?.path ?? "") Authorization: \(request.value(forHTTPHeaderField: "Authorization") ?? "none")")
  }
}

extension Network: HTTPNetworkTransportTaskCompletedDelegate {
  func networkTransport(_ networkTransport: HTTPNetworkTransport, didCompleteRawTaskForRequest request: URLRequest,
                        withData data: Data?, response: URLResponse?, error: (any Error)?) {
    let status = (response as? HTTPURLResponse).map { "HTTP \($0.statusCode)" } ?? "no response"
    Logger.log("completed: \(status), \(data?.count ?? 0) bytes\(error.map { ", error: \($0)" } ?? "")")
  }
}

extension Network: HTTPNetworkTransportRetryDelegate {
  func networkTransport(_ networkTransport: HTTPNetworkTransport, receivedError error: any Error, for request: URLRequest,
                        response: URLResponse?, continueHandler: @escaping (HTTPNetworkTransport.ContinueAction) -> Void) {
    guard UserManager.shared.requiresReAuthentication(basedOn: error, response: response) else {
      continueHandler(.fail(error))
      return
    }
    Logger.log("retry delegate: 401, re-authenticating")
    UserManager.shared.reAuthenticate { reAuthenticateError in
      if let reAuthenticateError {
        // The caller learns why re-authentication failed rather than seeing the 401 again.
        continueHandler(.fail(reAuthenticateError))
      } else {
        Logger.log("retry delegate: new token, retrying")
        continueHandler(.retry)
      }
    }
  }
}

extension Network: HTTPNetworkTransportGraphQLErrorDelegate {
  func networkTransport(_ networkTransport: HTTPNetworkTransport, receivedGraphQLErrors errors: [GraphQLError],
                        retryHandler: @escaping (Bool) -> Void) {
    Logger.log("GraphQL errors: \(errors.compactMap(\.message).joined(separator: "; "))")
    // Partial data is still worth showing: deliver it with its errors instead of retrying.
    retryHandler(false)
  }
}
