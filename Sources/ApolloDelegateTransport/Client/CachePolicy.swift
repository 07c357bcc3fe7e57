import Foundation

/// Where `ApolloClient.fetch` reads a query's result from (0.x).
public enum CachePolicy: Hashable, Sendable {
  /// The cache when it holds the whole result, else the network.
  case returnCacheDataElseFetch
  /// The network; the result is written to the cache.
  case fetchIgnoringCacheData
  /// The network; the result is not written to the cache.
  case fetchIgnoringCacheCompletely
  /// The cache only: a miss is an error.
  case returnCacheDataDontFetch
  /// The cache (when it holds the whole result), then the network: two callbacks on a hit.
  case returnCacheDataAndFetch
}
