// Queries and mutations over HTTP, subscriptions over a graphql-transport-ws WebSocket, through one
// SplitNetworkTransport behind one ApolloClient. The socket authenticates with a token in its
// `connection_init` payload; the server closes it with 4403 without one.
//
//   swift run WebSocketSplitExample                                    # embedded: no setup
//   swift run WebSocketSplitExample http://127.0.0.1:4010/graphql      # TestServer (scripts/test-server.sh start;
//                                                                      # its port is APOLLO_TEST_SERVER_PORT, 4010 by default)
//
// Embedded, HTTP goes to the in-process scripted server the other examples use, and the socket to an
// in-process graphql-transport-ws peer on a loopback port the system picks (LoopbackWebSocketPeer.swift).
// Against a server, the socket goes to its authenticating route /graphql-auth rather than the /graphql given.
// On Linux the socket is the package's RFC 6455 client (Foundation's URLSession cannot open WebSockets
// there); on Apple platforms it is URLSessionWebSocketTask.
import ApolloWebSocket
import StarWarsAPI

let environment = ExampleEnvironment.fromCommandLine()
let token = ProcessInfo.processInfo.environment["APOLLO_TEST_STATIC_TOKEN"] ?? "static-valid-token"

/// TestServer's URL as this shell configures it, for the hint printed on an embedded run and on failure.
let testServerGraphQL: String = {
  let variables = ProcessInfo.processInfo.environment
  if let url = variables["APOLLO_TEST_SERVER_URL"], !url.isEmpty { return url + "/graphql" }
  return "http://127.0.0.1:\(variables["APOLLO_TEST_SERVER_PORT"] ?? "4010")/graphql"
}()

/// The WebSocket route next to an HTTP endpoint: same host and port, `ws`/`wss`, path /graphql-auth.
func authenticatingSocketEndpoint(besides http: URL) -> URL? {
  var components = URLComponents(url: http, resolvingAgainstBaseURL: false)
  components?.scheme = http.scheme == "https" ? "wss" : "ws"
  components?.path = "/graphql-auth"
  components?.query = nil
  return components?.url
}

/// Whether `error` says that nothing answered at the endpoint (refused, unknown host, timed out), looking
/// through the errors it wraps.
func isUnreachable(_ error: any Error) -> Bool {
  let unreachable: Set<URLError.Code> = [.cannotConnectToHost, .cannotFindHost, .timedOut, .networkConnectionLost,
                                         .notConnectedToInternet]
  if let urlError = error as? URLError, unreachable.contains(urlError.code) { return true }
  let error = error as NSError
  if error.domain == NSURLErrorDomain, unreachable.contains(where: { $0.rawValue == error.code }) { return true }
  if let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error { return isUnreachable(underlying) }
  return false
}

let peer: LoopbackWebSocketPeer?
let socketEndpoint: URL
if environment.isEmbedded {
  do {
    let started = try LoopbackWebSocketPeer(expectedToken: token)
    peer = started
    socketEndpoint = started.endpoint
  } catch {
    print("Failed: the embedded WebSocket peer did not start: \(error)")
    exit(1)
  }
  print("Endpoint: embedded (HTTP: in-process scripted server; WebSocket: in-process graphql-transport-ws peer on "
    + "\(socketEndpoint.absoluteString)). Against TestServer: scripts/test-server.sh start, then "
    + "WebSocketSplitExample \(testServerGraphQL)")
} else {
  guard let derived = authenticatingSocketEndpoint(besides: environment.endpoint) else {
    print("Failed: no WebSocket URL can be derived from \(environment.endpoint.absoluteString)")
    exit(1)
  }
  peer = nil
  socketEndpoint = derived
  print("Endpoint: \(environment.endpoint.absoluteString) (HTTP); \(socketEndpoint.absoluteString) (WebSocket: the "
    + "server's authenticating route /graphql-auth, not the /graphql given)")
}

let store = ApolloStore()
let http = RequestChainNetworkTransport(
  urlSession: ApolloURLSessionOnStreamingSession(environment.session), interceptorProvider: DefaultInterceptorProvider.shared,
  store: store, endpointURL: environment.endpoint)

do {
  let socket = WebSocketTransport(
    store: store, endpointURL: socketEndpoint,
    configuration: .init(reconnectionInterval: 1, connectingPayload: ["Authorization": "Bearer \(token)"]))
  let transport = SplitNetworkTransport(queryTransport: http, mutationTransport: http, subscriptionTransport: socket)
  let client = ApolloClient(networkTransport: transport, store: store)

  let hero = try await client.fetch(query: HeroNameQuery(episode: .init(.EMPIRE)), cachePolicy: .networkOnly)
  print("Query over HTTP: hero is \(hero.data?.hero?.name ?? "?")")

  // Top-level code, no type annotation: this is the async `perform` (the deprecated callback form needs a handler).
  let review = try await client.perform(
    mutation: CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 5, commentary: "Over HTTP")))
  print("Mutation over HTTP: review with \(review.data?.createReview?.stars ?? 0) stars")

  var countdown: [Int] = []
  let subscription = try client.subscribe(subscription: CountdownSubscription(from: 3, intervalMs: .some(50)),
                                          cachePolicy: .networkOnly)
  for try await response in subscription {
    countdown.append(response.data?.countdown ?? -1)
  }
  peer?.stop()
  print("Subscription over the authenticated WebSocket (\(socketEndpoint.absoluteString)): \(countdown), state \(subscription.state)")
  guard countdown == [3, 2, 1, 0] else { exit(1) }
} catch where !environment.isEmbedded && isUnreachable(error) {
  print("No server answers at \(environment.endpoint.absoluteString): start TestServer with scripts/test-server.sh start "
    + "(it listens on APOLLO_TEST_SERVER_PORT, 4010 by default) and pass its /graphql URL, or run WebSocketSplitExample "
    + "without an argument to use the embedded servers.")
  exit(1)
} catch {
  print("Failed: \(error)")
  exit(1)
}
