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
  /// What a 1.x request with `policy` does for an operation of `type`: 1.x's `CacheReadInterceptor` answered queries
  /// only, so a mutation or a subscription went to the network whatever its policy (its result still written unless
  /// the policy ignores the cache completely).
  static func fetchBehavior(
    for policy: V1CachePolicy, of type: GraphQLOperationType
  ) -> (behavior: FetchBehavior, writeResultsToCache: Bool) {
    let mapped = fetchBehavior(for: policy)
    return type == .query ? mapped : (.NetworkOnly, mapped.writeResultsToCache)
  }

  static func cachePolicy(for behavior: FetchBehavior, writeResultsToCache: Bool) -> V1CachePolicy {
    table.first { $0.behavior == behavior && $0.writeResultsToCache == writeResultsToCache }?.policy
      ?? table.first { $0.behavior == behavior }?.policy
      ?? .fetchIgnoringCacheData
  }
}
