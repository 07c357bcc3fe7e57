// A 1.x `InterceptorProvider` with the app's own interceptors, running on the 2.x request chain:
// a token interceptor adding `Authorization` before the fetch, a logging interceptor right after it,
// and a re-authenticating interceptor that on a 401 renews the token and calls `chain.retry`. Two routes:
//   (a) `CallbackProviderOnAsyncChain` under the 2.x `RequestChainNetworkTransport` and `ApolloClient`;
//   (b) 1.x call sites kept: `RequestChainNetworkTransportOnAsyncChain` passed to the 1.x `ApolloClient`.
// Each route starts from an expired token and must show 401 → renew → retry, the new token reaching the
// server, and the expected hero.
//
//   swift run MigratedCallbackProvider                                # in-process scripted server, no setup
//   swift run MigratedCallbackProvider http://127.0.0.1:4010/graphql  # TestServer; /graphql becomes /graphql-auth
import ApolloAsyncChain
import ApolloCallbackChain
import ApolloMigration
import Foundation
import StarWarsAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One client's way of running the checks, so both routes go through the same assertions.
struct Route {
  let name: String
  let me: () async throws -> String?
  let requestHeader: (String) async throws -> String?
  let heroName: (Episode) async throws -> String?
}

struct CheckFailed: Error, CustomStringConvertible {
  let description: String
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
  guard condition else { throw CheckFailed(description: message()) }
}

// MARK: Where requests go

let environment = ExampleEnvironment.fromCommandLine()
let embeddedServer: ScriptedServer? = environment.isEmbedded ? StarWarsScriptedServer.makeAuthenticating() : nil
let endpoint: URL = {
  let given = environment.endpoint
  // TestServer's /graphql-auth answers 401 without a valid token.
  guard !environment.isEmbedded, given.lastPathComponent == "graphql" else { return given }
  return given.deletingLastPathComponent().appendingPathComponent("graphql-auth")
}()
/// `POST` here mints a token: `{"token": "...", "user": "user-<n>"}`.
let tokenURL: URL = {
  var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
  components?.path = "/auth/token"
  components?.query = nil
  return components?.url ?? endpoint
}()
/// The 2.x session every GraphQL request goes through, on both routes.
let graphQLSession: any ApolloURLSession = embeddedServer ?? ApolloURLSessionOnStreamingSession(environment.session)
/// The app's 1.x session client. On the 2.x engine the provider's `NetworkFetchInterceptor` is replaced
/// by `graphQLSession`, so this client only carries the token renewal.
let sessionClient: ApolloCallbackChain.URLSessionClient = embeddedServer.map { URLSessionClientOnStreamingSession(session: $0) }
  ?? ApolloCallbackChain.URLSessionClient(callbackQueue: nil)  // not `.main`: nothing runs the main run loop here
let userManager = UserManager(client: sessionClient, tokenURL: tokenURL)
let log = EventLog()
let callbackQueue = DispatchQueue(label: "MigratedCallbackProvider.callbacks")

// MARK: (a) The 1.x provider under the 2.x transport and client

func makeAsyncRoute() -> Route {
  let store = ApolloStore()
  let provider = NetworkInterceptorProvider(client: sessionClient, store: store, userManager: userManager, log: log)
  let transport = ApolloAsyncChain.RequestChainNetworkTransport(
    urlSession: graphQLSession, interceptorProvider: CallbackProviderOnAsyncChain(provider, store: store), store: store,
    endpointURL: endpoint)
  let client = ApolloAsyncChain.ApolloClient(networkTransport: transport, store: store)
  return Route(
    name: "2.x ApolloClient + CallbackProviderOnAsyncChain",
    me: { try await client.fetch(query: MeQuery(), cachePolicy: .networkOnly).data?.me },
    requestHeader: { try await client.fetch(query: RequestHeaderQuery(name: $0), cachePolicy: .networkOnly).data?.requestHeader },
    heroName: { try await client.fetch(query: HeroNameQuery(episode: .init($0)), cachePolicy: .networkOnly).data?.hero?.name })
}

// MARK: (b) The 1.x client and call sites, the 2.x engine under them

/// A 1.x `fetch` awaited; `fetchIgnoringCacheData` calls the handler once.
func fetch1x<Query: GraphQLQuery>(_ client: ApolloCallbackChain.ApolloClient, _ query: Query) async throws
  -> ApolloCallbackChain.GraphQLResult<Query.Data> {
  try await withCheckedThrowingContinuation { continuation in
    client.fetch(query: query, cachePolicy: .fetchIgnoringCacheData, queue: callbackQueue) { continuation.resume(with: $0) }
  }
}

func makeCallbackRoute() -> Route {
  let store = ApolloStore()
  let provider = NetworkInterceptorProvider(client: sessionClient, store: store, userManager: userManager, log: log)
  let transport = RequestChainNetworkTransportOnAsyncChain(
    interceptorProvider: provider, endpointURL: endpoint, urlSession: graphQLSession, store: store)
  let client = ApolloCallbackChain.ApolloClient(networkTransport: transport, store: store)
  return Route(
    name: "1.x ApolloClient + RequestChainNetworkTransportOnAsyncChain",
    me: { try await fetch1x(client, MeQuery()).data?.me },
    requestHeader: { try await fetch1x(client, RequestHeaderQuery(name: $0)).data?.requestHeader },
    heroName: { try await fetch1x(client, HeroNameQuery(episode: .init($0))).data?.hero?.name })
}

// MARK: The checks

/// Runs one route from an expired token; returns the user the server saw.
func run(_ route: Route, startingWith expiredToken: String) async throws -> String {
  print("\(route.name), starting with \"\(expiredToken)\":")
  userManager.logIn(token: expiredToken)
  let renewalsBefore = userManager.renewalCount
  let mark = log.count

  // 1. The expired token gets a 401; the re-authenticating interceptor renews it and retries the chain.
  let me = try await route.me()
  let lines = log.lines(from: mark)
  let received = lines.filter { $0.hasPrefix("received:") }.map { String($0.prefix { $0 != "," }) }
  let sent = lines.filter { $0.hasPrefix("sending ") }.compactMap { $0.components(separatedBy: "Authorization: ").last }
  try check(userManager.renewalCount == renewalsBefore + 1,
            "expected exactly one renewal, got \(userManager.renewalCount - renewalsBefore) (responses: \(received))")
  guard let token = userManager.token, let user = userManager.user else {
    throw CheckFailed(description: "the token endpoint answered without a token and its user")
  }
  try check(received == ["received: HTTP 401", "received: HTTP 200"], "expected a 401 then a 200, the logging interceptor saw \(received)")
  try check(lines.contains("renewed: retrying"), "the re-authenticating interceptor did not retry")
  try check(sent == ["Bearer \(expiredToken)", "Bearer \(token)"], "expected the expired token, then the new one; the token interceptor sent \(sent)")
  try check(me == user, "the server named \(me ?? "nobody") instead of \(user), the owner of the new token")
  print("  -> 401, renewed, chain.retry: me = \(user)")

  // 2. The header the server received is the renewed token.
  let header = try await route.requestHeader("Authorization")
  try check(header == "Bearer \(token)", "the server saw Authorization: \(header ?? "none"), not the new token")

  // 3. An ordinary query: the Empire Strikes Back hero.
  let hero = try await route.heroName(.EMPIRE)
  try check(hero == "Luke Skywalker", "expected Luke Skywalker as the EMPIRE hero, got \(hero ?? "none")")
  print("  -> server saw the new token; hero(EMPIRE) = \(hero ?? "")")
  return user
}

print("Endpoint: \(environment.isEmbedded ? environment.summary : endpoint.absoluteString)"
  + (endpoint != environment.endpoint ? " (switched from the given /graphql to /graphql-auth, the route that answers 401 without a valid token)" : ""))
do {
  let asyncUser = try await run(makeAsyncRoute(), startingWith: "expired-token")
  let callbackUser = try await run(makeCallbackRoute(), startingWith: "expired-again")
  print("OK: the 1.x interceptors ran on the 2.x chain under the 2.x client (\(asyncUser)) and the 1.x client (\(callbackUser)): 401 → renew → chain.retry, token sent, hero Luke Skywalker")
} catch {
  print("FAILED: \(error)")
  exit(1)
}
