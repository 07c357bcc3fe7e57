import ApolloAsyncChain
import ApolloDelegateTransport
import Foundation
import StarWarsAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where the app's requests go, decided once from the command line. A 0.x app had this as a URL
/// constant; here it is read lazily so that the `Network` singleton can reach it from any thread.
struct AppConfiguration: Sendable {
  static let current = AppConfiguration(ExampleEnvironment.fromCommandLine())

  /// The GraphQL endpoint: TestServer's `/graphql-auth` (401 without a valid token), or the embedded server.
  let endpoint: URL
  /// `POST` here mints a token: `{"token": "...", "user": "user-<n>"}`.
  let tokenURL: URL
  /// The 2.x session the GraphQL requests go through.
  let session: any ApolloURLSession
  /// The app's own 0.x session client, for the token refresh (it is not GraphQL, so it bypasses Apollo).
  let tokenClient: URLSessionClient
  /// Where completions run: a command-line tool does not run the main run loop (0.x defaults to main).
  let callbackQueue = DispatchQueue(label: "MigratedNetworkSingleton.callbacks")
  /// One line for the output.
  let summary: String

  init(_ environment: ExampleEnvironment) {
    let tokenQueue = OperationQueue()
    tokenQueue.maxConcurrentOperationCount = 1
    var endpoint = environment.endpoint
    if environment.isEmbedded {
      // One server behind both clients, so the token it mints is the one it then accepts.
      let server = StarWarsScriptedServer.makeAuthenticating()
      session = server
      tokenClient = URLSessionClientOnStreamingSession(session: server, callbackQueue: tokenQueue)
      summary = environment.summary
    } else {
      if endpoint.lastPathComponent == "graphql" {
        endpoint = endpoint.deletingLastPathComponent().appendingPathComponent("graphql-auth")
      }
      session = ApolloURLSessionOnStreamingSession(environment.session)
      tokenClient = URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: tokenQueue)
      summary = endpoint.absoluteString + (endpoint != environment.endpoint ? " (switched from the given /graphql to /graphql-auth, the route that answers 401 without a valid token)" : "")
    }
    self.endpoint = endpoint
    var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
    components?.path = "/auth/token"
    components?.query = nil
    tokenURL = components?.url ?? endpoint
  }
}

