// A custom InterceptorProvider that keeps the default GraphQL interceptors and appends an
// AuthorizationInterceptor, which adds a bearer token to every request with `request.addHeader`.
//
//   swift run AuthProviderExample                                    # in-process scripted server, no setup
//   swift run AuthProviderExample http://127.0.0.1:4010/graphql      # TestServer (scripts/test-server.sh start);
//                                                                    # /graphql is switched to /graphql-auth
import ApolloAsyncChain
import Foundation
import StarWarsAPI

/// Adds `Authorization: Bearer <token>` to the request before passing it on.
struct AuthorizationInterceptor: GraphQLInterceptor {
  let token: String

  func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    var request = request
    request.addHeader(name: "Authorization", value: "Bearer \(token)")
    return await next(request)
  }
}

/// The default interceptors plus authorization. `DefaultInterceptorProvider` is final with an internal
/// init, so customizing means composing its `shared` instance, as here.
struct AuthProvider: InterceptorProvider {
  let token: String

  func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
    DefaultInterceptorProvider.shared.graphQLInterceptors(for: operation) + [AuthorizationInterceptor(token: token)]
  }
}

let environment = ExampleEnvironment.fromCommandLine()
// TestServer's /graphql-auth answers 401 without a valid token; its static token never expires.
var endpoint = environment.endpoint
if !environment.isEmbedded, endpoint.lastPathComponent == "graphql" {
  endpoint = endpoint.deletingLastPathComponent().appendingPathComponent("graphql-auth")
}
let token = ProcessInfo.processInfo.environment["APOLLO_TEST_STATIC_TOKEN"] ?? "static-valid-token"
let store = ApolloStore()
let transport = RequestChainNetworkTransport(
  urlSession: ApolloURLSessionOnStreamingSession(environment.session), interceptorProvider: AuthProvider(token: token),
  store: store, endpointURL: endpoint)
let client = ApolloClient(networkTransport: transport, store: store)
print("Endpoint: \(environment.isEmbedded ? environment.summary : endpoint.absoluteString)"
  + (endpoint != environment.endpoint ? " (switched from the given /graphql to /graphql-auth, the route that answers 401 without a valid token)" : ""))
if !environment.isEmbedded {
  print("Against a server this example asks MeQuery (whose token it is) where the embedded run asks HeroNameQuery")
}

do {
  if environment.isEmbedded {
    let hero = try await client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
    guard let name = hero.data?.hero?.name else { throw ExampleFailure("no hero; errors: \(hero.errors ?? [])") }
    print("HeroName: \(name)")
  } else {
    let me = try await client.fetch(query: MeQuery(), cachePolicy: .networkOnly)
    guard let user = me.data?.me else { throw ExampleFailure("no user; errors: \(me.errors ?? [])") }
    print("Me: \(user)")
  }
  let echoed = try await client.fetch(query: RequestHeaderQuery(name: "Authorization"), cachePolicy: .networkOnly)
  let header = echoed.data?.requestHeader
  print("Authorization header the server received: \(header ?? "<none>")")
  guard header == "Bearer \(token)" else { throw ExampleFailure("the server did not receive the bearer token") }
} catch {
  print("Failed: \(error)")
  exit(1)
}

struct ExampleFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
