// The 0.x `Network` singleton, its four delegates unchanged, running on the 2.x engine. The delegate
// object adds the Authorization token (preflight), logs each raw response (task completed), refreshes
// the token on a 401 and answers `.retry` (retry), and logs GraphQL errors (GraphQL error). Two routes:
//   (a) 0.x call sites kept: the 0.x `ApolloClient` over `HTTPNetworkTransportOnAsyncChain`;
//   (b) engine swapped under a 2.x client: `DelegateTransportInterceptorProvider(delegate:transport:)` in
//       the 2.x `RequestChainNetworkTransport` and `ApolloClient`.
// Each route starts from an expired token and must show 401 → refresh → retry, the new token reaching
// the server, the expected hero, and the GraphQL-error delegate called on partial data.
//
//   swift run MigratedNetworkSingleton                                # in-process scripted server, no setup
//   swift run MigratedNetworkSingleton http://127.0.0.1:4010/graphql  # TestServer; /graphql becomes /graphql-auth
import ApolloAsyncChain
import ApolloDelegateTransport
import Foundation
import StarWarsAPI

/// One client's way of running the four checks, so both routes go through the same assertions.
struct Route: Sendable {
  let name: String
  let me: @Sendable () async throws -> String?
  let requestHeader: @Sendable (String) async throws -> String?
  let heroName: @Sendable (Episode) async throws -> String?
  /// The hero's name and the GraphQL error messages of `ErrorFieldQuery` (partial data).
  let errorField: @Sendable () async throws -> (hero: String?, errors: [String])
}

struct CheckFailed: Error, CustomStringConvertible {
  let description: String
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
  guard condition else { throw CheckFailed(description: message()) }
}

/// A 0.x `fetch` awaited; the result handler runs once on the configured queue.
func fetch0x<Query: GraphQLQuery>(_ query: Query) async throws -> ApolloDelegateTransport.GraphQLResult<Query.Data> {
  try await withCheckedThrowingContinuation { continuation in
    Network.shared.apollo.fetch(query: query, cachePolicy: .fetchIgnoringCacheData, queue: AppConfiguration.current.callbackQueue) {
      continuation.resume(with: $0)
    }
  }
}

/// (a) The 0.x call sites, unchanged.
let legacyRoute = Route(
  name: "0.x ApolloClient + HTTPNetworkTransportOnAsyncChain",
  me: { try await fetch0x(MeQuery()).data?.me },
  requestHeader: { try await fetch0x(RequestHeaderQuery(name: $0)).data?.requestHeader },
  heroName: { try await fetch0x(HeroNameQuery(episode: .init($0))).data?.hero?.name },
  errorField: {
    let result = try await fetch0x(ErrorFieldQuery())
    return (result.data?.hero?.name, (result.errors ?? []).compactMap(\.message))
  })

/// (b) The 2.x client, the same delegate object under it.
func makeAsyncRoute() -> Route {
  let client = Network.shared.makeAsyncChainClient()
  return Route(
    name: "2.x ApolloClient + DelegateTransportInterceptorProvider",
    me: { try await client.fetch(query: MeQuery(), cachePolicy: .networkOnly).data?.me },
    requestHeader: { try await client.fetch(query: RequestHeaderQuery(name: $0), cachePolicy: .networkOnly).data?.requestHeader },
    heroName: { try await client.fetch(query: HeroNameQuery(episode: .init($0)), cachePolicy: .networkOnly).data?.hero?.name },
    errorField: {
      let response = try await client.fetch(query: ErrorFieldQuery(), cachePolicy: .networkOnly)
      return (response.data?.hero?.name, (response.errors ?? []).compactMap(\.message))
    })
}

/// Runs one route from an expired token; returns the user the server saw.
func run(_ route: Route, startingWith expiredToken: String) async throws -> String {
  print("\(route.name), starting with \"\(expiredToken)\":")
  UserManager.shared.logIn(token: expiredToken)
  let refreshesBefore = UserManager.shared.reAuthenticationCount
  let mark = Logger.count

  // 1. The expired token gets a 401; the retry delegate refreshes it and the request goes again.
  let me = try await route.me()
  let lines = Logger.lines(from: mark)
  let statuses = lines.filter { $0.hasPrefix("completed:") }.map { String($0.prefix { $0 != "," }) }
  let sent = lines.filter { $0.hasPrefix("willSend:") }.compactMap { $0.components(separatedBy: "Authorization: ").last }
  try check(UserManager.shared.reAuthenticationCount == refreshesBefore + 1,
            "expected exactly one re-authentication, got \(UserManager.shared.reAuthenticationCount - refreshesBefore) (responses: \(statuses))")
  guard let token = UserManager.shared.currentAuthToken, let user = UserManager.shared.currentUser else {
    throw CheckFailed(description: "the token endpoint answered without a token and its user")
  }
  try check(statuses == ["completed: HTTP 401", "completed: HTTP 200"], "expected a 401 then a 200, the delegate saw \(statuses)")
  try check(sent == ["Bearer \(expiredToken)", "Bearer \(token)"], "expected the expired token, then the new one; willSend sent \(sent)")
  try check(me == user, "the server named \(me ?? "nobody") instead of \(user), the owner of the new token")
  print("  -> 401, refreshed, retried: me = \(user)")

  // 2. The header the server received is the refreshed token (the preflight delegate's work).
  let header = try await route.requestHeader("Authorization")
  try check(header == "Bearer \(token)", "the server saw Authorization: \(header ?? "none"), not the new token")

  // 3. An ordinary query: the Empire Strikes Back hero.
  let hero = try await route.heroName(.EMPIRE)
  try check(hero == "Luke Skywalker", "expected Luke Skywalker as the EMPIRE hero, got \(hero ?? "none")")
  print("  -> server saw the new token; hero(EMPIRE) = \(hero ?? "")")

  // 4. Partial data with an error: the GraphQL-error delegate is asked, declines to retry, data arrives.
  let errorMark = Logger.count
  let partial = try await route.errorField()
  let delegateSaw = Logger.lines(from: errorMark).contains("GraphQL errors: errorField failed")
  try check(delegateSaw, "the GraphQL-error delegate was not called with \"errorField failed\"")
  try check(partial.errors == ["errorField failed"] && partial.hero == "R2-D2",
            "expected R2-D2 with the error \"errorField failed\", got \(partial.hero ?? "no hero") and \(partial.errors)")
  print("  -> GraphQL-error delegate saw \"errorField failed\"; partial data kept (hero \(partial.hero ?? ""))")
  return user
}

print("Endpoint: \(AppConfiguration.current.summary)")
do {
  let legacyUser = try await run(legacyRoute, startingWith: "expired-token")
  let asyncUser = try await run(makeAsyncRoute(), startingWith: "expired-again")
  print("OK: the 0.x Network delegates ran unchanged on the 2.x engine under the 0.x client (\(legacyUser)) and the 2.x client (\(asyncUser)): 401 → refresh → retry, token sent, hero Luke Skywalker, GraphQL errors seen")
} catch {
  print("FAILED: \(error)")
  exit(1)
}
