// The 1.x "Network" pattern: a provider that places a user-management (bearer token) interceptor and two
// logging interceptors among the defaults, and a shared Network object that builds the client.
//
//   swift run CallbackNetworkExample                                  # in-process scripted server
//   swift run CallbackNetworkExample http://127.0.0.1:4010/graphql    # TestServer; uses /graphql-auth
import ApolloCallbackChain
import Foundation
import StarWarsAPI

let environment = ExampleEnvironment.fromCommandLine()
var endpoint = environment.endpoint
var renewURL: URL?
let session: URLSessionClient
if environment.isEmbedded {
  session = URLSessionClientOnStreamingSession(session: environment.session)
} else {
  // TestServer's /graphql-auth answers 401 without a valid token; tokens come from POST /auth/token.
  if endpoint.lastPathComponent == "graphql" {
    endpoint = endpoint.deletingLastPathComponent().appendingPathComponent("graphql-auth")
  }
  renewURL = endpoint.deletingLastPathComponent().appendingPathComponent("auth/token")
  session = URLSessionClient(callbackQueue: nil)  // not `.main`: nothing runs the main run loop here
}
let userManager = UserManager(renewURL: renewURL)
let network = Network(endpoint: endpoint, session: session, userManager: userManager) { print("  [log] \($0)") }
let queue = DispatchQueue(label: "CallbackNetworkExample")

/// Runs one fetch and waits for its single completion.
///
/// The client comes in as an argument rather than being read from the global: top-level globals are
/// main-actor isolated in Swift 6 and not in Swift 5, so this way the file compiles in both language modes
/// (scripts/check-doc-snippets.sh builds the old-generation examples in Swift 5 mode too).
func fetchOnce<Query: GraphQLQuery>(_ query: Query, on client: ApolloClient) -> Result<GraphQLResult<Query.Data>, any Error> {
  let done = DispatchSemaphore(value: 0)
  let box = ResultBox<Query.Data>()
  client.fetch(query: query, cachePolicy: .fetchIgnoringCacheData, queue: queue) { result in
    box.result = result
    done.signal()
  }
  guard done.wait(timeout: .now() + 15) == .success, let result = box.result else {
    print("FAILED: no completion within 15 s")
    exit(1)
  }
  return result
}

final class ResultBox<Data: RootSelectionSet>: @unchecked Sendable {
  // @unchecked Sendable: written once on the callback queue before the semaphore is signalled, read after.
  var result: Result<GraphQLResult<Data>, any Error>?
}

print("Endpoint: \(environment.isEmbedded ? environment.summary : endpoint.absoluteString)"
  + (endpoint != environment.endpoint ? " (switched from the given /graphql to /graphql-auth, the route that answers 401 without a valid token)" : ""))

// 1. Nobody logged in: the interceptor fails with its typed error before anything is sent.
userManager.logOut()
switch fetchOnce(RequestHeaderQuery(name: "Authorization"), on: network.apollo) {
case .failure(UserManagementInterceptor.UserError.noUserLoggedIn):
  print("Logged out: failed with UserError.noUserLoggedIn, as expected")
case let other:
  print("FAILED: expected noUserLoggedIn, got \(other)")
  exit(1)
}

// 2. Logged in with an expired token: it is renewed asynchronously, then sent.
userManager.logInWithExpiredToken()
switch fetchOnce(RequestHeaderQuery(name: "Authorization"), on: network.apollo) {
case .success(let result):
  let header = result.data?.requestHeader ?? "<none>"
  guard header.hasPrefix("Bearer "), header != "Bearer expired-token" else {
    print("FAILED: the server saw \(header)")
    exit(1)
  }
  print("Renewed token reached the server: \(header)")
case .failure(let error):
  print("FAILED: \(error)")
  exit(1)
}

// 3. A query with the renewed token.
switch fetchOnce(HeroNameQuery(episode: nil), on: network.apollo) {
case .success(let result):
  print("ok: hero is \(result.data?.hero?.name ?? "<none>")")
case .failure(let error):
  print("FAILED: \(error)")
  exit(1)
}
