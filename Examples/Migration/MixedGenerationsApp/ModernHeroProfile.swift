// A screen already moved to 2.x: this file imports only ApolloAsyncChain, so `ApolloClient` and
// `CachePolicy` are 2.x's and need no qualification either. One generation per file keeps every file free
// of module-qualified names; only AppNetwork.swift, which builds both clients, sees both generations.
import ApolloAsyncChain
import StarWarsAPI

/// Reads the hero through the 2.x client.
struct ModernHeroProfile {
  let client: ApolloClient

  /// The cached hero's name, or `nil` on a miss; never touches the network.
  func cachedName(episode: Episode) async throws -> String? {
    let query = HeroNameQuery(episode: .init(episode))
    return try await client.fetch(query: query, cachePolicy: .cacheOnly)?.data?.hero?.name
  }

  /// The hero's name from the server (the result is written to the store).
  func fetchName(episode: Episode) async throws -> String? {
    let query = HeroNameQuery(episode: .init(episode))
    return try await client.fetch(query: query, cachePolicy: .networkOnly).data?.hero?.name
  }
}
