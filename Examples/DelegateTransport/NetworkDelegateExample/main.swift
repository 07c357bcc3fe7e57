// The 0.x way to configure networking: one shared `Network` object owns the transport and the client,
// and is the transport's preflight, task-completed and retry delegate. It
//   - refuses to send while no user is logged in (`shouldSend`),
//   - adds the Authorization header and logs each request (`willSend`),
//   - logs the raw data of each completed task (`didCompleteRawTaskForRequest`),
//   - on an authentication failure (401) re-authenticates and retries, or fails with the
//     re-authentication error when that fails (`receivedError ... continueHandler`).
//
//   swift run NetworkDelegateExample                                # in-process scripted server, no setup
//   swift run NetworkDelegateExample http://127.0.0.1:4010/graphql  # TestServer; /graphql becomes /graphql-auth
import ApolloDelegateTransport
import Foundation
import StarWarsAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct AuthenticationError: Error, CustomStringConvertible {
  let description: String
}

/// The app's networking, as 0.x apps wrote it.
final class Network: HTTPNetworkTransportPreflightDelegate, HTTPNetworkTransportTaskCompletedDelegate,
  HTTPNetworkTransportRetryDelegate, @unchecked Sendable {
  // @unchecked Sendable: `user`, `token` and `log` are read and written only under `lock`; the rest is
  // immutable after `configure`, which runs before the first request.

  static let shared = Network()

  private let lock = NSLock()
  private var user: String?
  private var token: String?
  private var log: [String] = []
  private(set) var apollo: ApolloClient!
  private(set) var transport: HTTPNetworkTransport!
  private var tokenURL: URL!
  private var tokenClient: URLSessionClient!

  /// Builds the transport and the client; `client` decides where requests go.
  func configure(endpoint: URL, tokenURL: URL, client: URLSessionClient) {
    let transport = HTTPNetworkTransport(url: endpoint, client: client)
    transport.delegate = self
    self.transport = transport
    self.tokenURL = tokenURL
    self.tokenClient = client
    apollo = ApolloClient(networkTransport: transport)
  }

  func logIn(user: String, token: String) {
    lock.withLock {
      self.user = user
      self.token = token
    }
  }

  var lines: [String] { lock.withLock { log } }
  private func record(_ line: String) {
    print("  " + line)
    lock.withLock { log.append(line) }
  }

  // MARK: Preflight

  func networkTransport(_ networkTransport: HTTPNetworkTransport, shouldSend request: URLRequest) -> Bool {
    let loggedIn = lock.withLock { user != nil }
    if !loggedIn { record("shouldSend: no user logged in, refusing") }
    return loggedIn
  }

  func networkTransport(_ networkTransport: HTTPNetworkTransport, willSend request: inout URLRequest) {
    if let token = lock.withLock({ token }) {
      request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    }
    record("willSend: \(request.httpMethod ?? "?") \(request.url?.path ?? "") Authorization: \(request.value(forHTTPHeaderField: "Authorization") ?? "none")")
  }

  // MARK: Task completed

  func networkTransport(_ networkTransport: HTTPNetworkTransport, didCompleteRawTaskForRequest request: URLRequest,
                        withData data: Data?, response: URLResponse?, error: (any Error)?) {
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    record("completed: \(status) \(data.map { String(decoding: $0, as: UTF8.self) } ?? "<no data>")")
  }

  // MARK: Retry

  func networkTransport(_ networkTransport: HTTPNetworkTransport, receivedError error: any Error, for request: URLRequest,
                        response: URLResponse?, continueHandler: @escaping @Sendable (HTTPNetworkTransport.ContinueAction) -> Void) {
    guard let responseError = error as? GraphQLHTTPResponseError, responseError.response.statusCode == 401 else {
      continueHandler(.fail(error))
      return
    }
    record("received 401: re-authenticating")
    reauthenticate { result in
      switch result {
      case .success(let token):
        self.lock.withLock { self.token = token }
        self.record("re-authenticated, retrying")
        continueHandler(.retry)
      case .failure(let failure):
        self.record("re-authentication failed: \(failure)")
        continueHandler(.fail(failure))
      }
    }
  }

  /// `POST /auth/token`, through the same session client (so the embedded server answers it too).
  private func reauthenticate(_ completion: @escaping @Sendable (Result<String, any Error>) -> Void) {
    var request = URLRequest(url: tokenURL)
    request.httpMethod = "POST"
    tokenClient.sendRequest(request) { result in
      completion(result.flatMap { data, response in
        guard response.statusCode == 200, let token = (try? JSONParser.parseObject(data))?["token"]?.stringValue else {
          return .failure(AuthenticationError(description: "POST \(request.url?.path ?? "") answered \(response.statusCode)"))
        }
        return .success(token)
      })
    }
  }
}

// MARK: The run

let environment = ExampleEnvironment.fromCommandLine()
/// Set to make the embedded server refuse to mint tokens (the re-authentication failure path).
let mintingFails = Mutex(false)
// Callbacks on a private queue: a command-line tool does not run the main run loop (0.x defaults to main).
let callbackQueue = OperationQueue()
callbackQueue.maxConcurrentOperationCount = 1
var endpoint = environment.endpoint
let client: URLSessionClient
if environment.isEmbedded {
  client = URLSessionClientOnStreamingSession(
    session: StarWarsScriptedServer.makeAuthenticating(mintingFails: { mintingFails.withLock { $0 } }), callbackQueue: callbackQueue)
} else {
  if endpoint.lastPathComponent == "graphql" {
    endpoint = endpoint.deletingLastPathComponent().appendingPathComponent("graphql-auth")
  }
  client = URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: callbackQueue)
}
var tokenComponents = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
tokenComponents?.path = "/auth/token"
tokenComponents?.query = nil
let network = Network.shared
network.configure(endpoint: endpoint, tokenURL: tokenComponents?.url ?? endpoint, client: client)
print("Endpoint: \(environment.isEmbedded ? environment.summary : endpoint.absoluteString)"
  + (endpoint != environment.endpoint ? " (switched from the given /graphql to /graphql-auth, the route that answers 401 without a valid token)" : ""))

/// `fetch` with a continuation, so the top-level code can wait for the 0.x callback.
func fetchMe() async -> Result<GraphQLResult<MeQuery.Data>, any Error> {
  await withCheckedContinuation { continuation in
    network.apollo.fetch(query: MeQuery(), cachePolicy: .fetchIgnoringCacheCompletely, queue: DispatchQueue(label: "results")) { result in
      continuation.resume(returning: result)
    }
  }
}

func check(_ condition: Bool, _ message: String) {
  guard condition else {
    print("FAILED: \(message)")
    exit(1)
  }
}

print("1. No user logged in:")
let refused = await fetchMe()
if case .failure(let error) = refused {
  check(error as? GraphQLHTTPRequestError == .cancelledByDelegate, "expected cancelledByDelegate, got \(error)")
  print("   -> \(error.localizedDescription)")
} else {
  check(false, "a request was sent without a user")
}

print("2. Logged in with an expired token:")
network.logIn(user: "leia", token: "expired-token")
let me = await fetchMe()
switch me {
case .success(let result):
  check(result.data?.me != nil, "no user in \(result)")
  print("   -> me: \(result.data?.me ?? "?")")
case .failure(let error):
  check(false, "expected a user after re-authenticating, got \(error)")
}

if environment.isEmbedded {
  print("3. Token expired again, and re-authentication fails:")
  network.logIn(user: "leia", token: "expired-again")
  mintingFails.withLock { $0 = true }
  let failed = await fetchMe()
  if case .failure(let error) = failed {
    check(error is AuthenticationError, "expected the re-authentication error, got \(error)")
    print("   -> \(error)")
  } else {
    check(false, "expected a failure when re-authentication fails")
  }
} else {
  print("3. Skipped against a server: only the embedded server can be told to refuse new tokens (the failed re-authentication path)")
}

let completedCount = network.lines.filter { $0.hasPrefix("completed:") }.count
print("OK: refused without a user, re-authenticated and retried once; \(completedCount) tasks completed")
