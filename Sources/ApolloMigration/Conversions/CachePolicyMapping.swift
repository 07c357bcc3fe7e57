import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore

/// The one table between 1.x `CachePolicy` and 2.x `FetchBehavior` (plus `writeResultsToCache`).
///
/// | 1.x CachePolicy | 2.x FetchBehavior | writeResultsToCache |
/// |---|---|---|
/// | returnCacheDataElseFetch | CacheFirst | true |
/// | fetchIgnoringCacheData | NetworkOnly | true |
/// | fetchIgnoringCacheCompletely | NetworkOnly | false |
/// | returnCacheDataDontFetch | CacheOnly | true |
/// | returnCacheDataAndFetch | CacheAndNetwork | true |
///
/// The way back reads the same rows; `NetworkFirst`, which 1.x cannot express, reads as
/// `fetchIgnoringCacheData`.
enum CachePolicyMapping {
  static let table: [(policy: V1CachePolicy, behavior: FetchBehavior, writeResultsToCache: Bool)] = [
    (.returnCacheDataElseFetch, .CacheFirst, true),
    (.fetchIgnoringCacheData, .NetworkOnly, true),
    (.fetchIgnoringCacheCompletely, .NetworkOnly, false),
    (.returnCacheDataDontFetch, .CacheOnly, true),
    (.returnCacheDataAndFetch, .CacheAndNetwork, true),
  ]

  /// The 2.x behaviour of a 1.x policy.
  static func fetchBehavior(for policy: V1CachePolicy) -> (behavior: FetchBehavior, writeResultsToCache: Bool) {
    let row = table.first { $0.policy == policy }!
    return (row.behavior, row.writeResultsToCache)
  }

  /// The 1.x policy of a 2.x behaviour.
  static func cachePolicy(for behavior: FetchBehavior, writeResultsToCache: Bool) -> V1CachePolicy {
    table.first { $0.behavior == behavior && $0.writeResultsToCache == writeResultsToCache }?.policy
      ?? table.first { $0.behavior == behavior }?.policy
      ?? .fetchIgnoringCacheData
  }
}
