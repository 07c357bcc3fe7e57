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
      let server = makeEmbeddedAuthServer()
      session = server
      tokenClient = StreamingSessionClient(session: server, callbackQueue: tokenQueue)
      summary = environment.summary
    } else {
      if endpoint.lastPathComponent == "graphql" {
        endpoint = endpoint.deletingLastPathComponent().appendingPathComponent("graphql-auth")
      }
      session = ChunkedStreamingSession(environment.session)
      tokenClient = URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: tokenQueue)
      summary = endpoint.absoluteString
    }
    self.endpoint = endpoint
    var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
    components?.path = "/auth/token"
    components?.query = nil
    tokenURL = components?.url ?? endpoint
  }
}

/// The embedded stand-in for TestServer's auth routes: `/auth/token` mints `fresh-token-<n>` for
/// `user-<n>`; a GraphQL request without the latest token gets a 401, as `/graphql-auth` answers.
func makeEmbeddedAuthServer() -> ScriptedServer {
  let minted = Mutex(0)
  return ScriptedServer { request in
    if request.urlRequest.url?.path == "/auth/token" {
      let number = minted.withLock { $0 += 1; return $0 }
      return .json(["token": .string("fresh-token-\(number)"), "user": .string("user-\(number)")])
    }
    let number = minted.withLock { $0 }
    guard number > 0, request.header("Authorization") == "Bearer fresh-token-\(number)" else {
      return .json(["errors": [["message": "Unauthorized", "extensions": ["code": "UNAUTHENTICATED"]]]], statusCode: 401)
    }
    if request.operationName == MeQuery.operationName { return .json(["data": ["me": .string("user-\(number)")]]) }
    return StarWarsScriptedServer.response(to: request)
  }
}
