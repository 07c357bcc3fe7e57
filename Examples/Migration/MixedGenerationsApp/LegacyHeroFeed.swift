// A screen's data source still on 0.x: this file imports only ApolloDelegateTransport, so `ApolloClient`,
// `CachePolicy` and `GraphQLResult` are 0.x's and need no qualification. It is the app's code as it was; the
// migration leaves it alone until its turn comes.
import ApolloDelegateTransport
import StarWarsAPI

/// Loads the hero through the 0.x client with a 0.x cache policy.
struct LegacyHeroFeed {
  let client: ApolloClient
  let queue: DispatchQueue

  /// The hero's name and where it came from, through the 0.x callback `fetch`.
  func load(episode: Episode, policy: CachePolicy) async -> Result<(name: String?, fromCache: Bool), any Error> {
    await withCheckedContinuation { continuation in
      client.fetch(query: HeroNameQuery(episode: .init(episode)), cachePolicy: policy, queue: queue) { result in
        continuation.resume(returning: result.map { ($0.data?.hero?.name, $0.source == .cache) })
      }
    }
  }
}
