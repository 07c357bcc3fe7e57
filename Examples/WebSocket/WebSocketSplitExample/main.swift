// Queries and mutations over HTTP, subscriptions over a graphql-transport-ws WebSocket, through one
// SplitNetworkTransport behind one ApolloClient. The socket authenticates with a token in its
// `connection_init` payload: TestServer's /graphql-auth closes the socket with 4403 without one.
//
//   scripts/test-server.sh start
//   swift run WebSocketSplitExample                                 # http://127.0.0.1:4010/graphql
//   swift run WebSocketSplitExample http://127.0.0.1:4010/graphql
//
// On Linux the socket is the package's RFC 6455 client (Foundation's URLSession cannot open WebSockets
// there); on Apple platforms it is URLSessionWebSocketTask.
import ApolloWebSocket
import Foundation
import StarWarsAPI

let arguments = CommandLine.arguments
let httpEndpoint = URL(string: arguments.count > 1 ? arguments[1] : "http://127.0.0.1:4010/graphql")!
// ws://host:port/graphql-auth
var components = URLComponents(url: httpEndpoint, resolvingAgainstBaseURL: false)!
components.scheme = httpEndpoint.scheme == "https" ? "wss" : "ws"
components.path = "/graphql-auth"
let socketEndpoint = components.url!
let token = ProcessInfo.processInfo.environment["APOLLO_TEST_STATIC_TOKEN"] ?? "static-valid-token"

let store = ApolloStore()
let http = RequestChainNetworkTransport(
  urlSession: URLSessionStreamingSession(), interceptorProvider: DefaultInterceptorProvider.shared, store: store,
  endpointURL: httpEndpoint)

do {
  let socket = try WebSocketTransport(
    store: store, endpointURL: socketEndpoint,
    configuration: .init(reconnectionInterval: 1, connectingPayload: ["Authorization": .string("Bearer \(token)")]))
  let transport = SplitNetworkTransport(queryTransport: http, mutationTransport: http, subscriptionTransport: socket)
  let client = ApolloClient(networkTransport: transport, store: store)

  let hero = try await client.fetch(query: HeroNameQuery(episode: .some(.EMPIRE)), cachePolicy: .networkOnly)
  print("Query over HTTP: hero is \(hero.data?.hero?.name ?? "?")")

  // Annotated: in top-level code Swift does not prefer the async `perform`, and the deprecated callback
  // `perform(mutation:publishResultToStore:queue:resultHandler:)` would be chosen instead.
  let review: GraphQLResponse<CreateReviewMutation> = try await client.perform(
    mutation: CreateReviewMutation(episode: .JEDI, review: ReviewInput(stars: 5, commentary: "Over HTTP")))
  print("Mutation over HTTP: review with \(review.data?.createReview?.stars ?? 0) stars")

  var countdown: [Int] = []
  let subscription = try client.subscribe(subscription: CountdownSubscription(from: 3, intervalMs: .some(50)),
                                          cachePolicy: .networkOnly)
  for try await response in subscription {
    countdown.append(response.data?.countdown ?? -1)
  }
  print("Subscription over the authenticated WebSocket (\(socketEndpoint.absoluteString)): \(countdown), state \(subscription.state)")
  guard countdown == [3, 2, 1, 0] else { exit(1) }
} catch {
  print("Failed: \(error)")
  exit(1)
}
