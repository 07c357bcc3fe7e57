import Foundation

/// How a query uses the normalized cache (1.x).
public enum CachePolicy: Hashable, Sendable {
  /// Return cached data when the whole query is in the cache, else fetch.
  case returnCacheDataElseFetch
  /// Always fetch; write the result to the cache.
  case fetchIgnoringCacheData
  /// Always fetch; neither read nor write the cache (results carry no dependent keys).
  case fetchIgnoringCacheCompletely
  /// Return cached data, or fail; never fetch.
  case returnCacheDataDontFetch
  /// Return cached data when present, then fetch and deliver again: the completion runs twice on a hit.
  case returnCacheDataAndFetch

  /// The policy default arguments use, read at call time. Settable, as in 1.x; guarded by a lock because
  /// Swift 6 forbids unsynchronized global mutable state.
  public static var `default`: CachePolicy {
    get { defaultCachePolicy.withLock { $0 } }
    set { defaultCachePolicy.withLock { $0 = newValue } }
  }
}

private let defaultCachePolicy = Mutex<CachePolicy>(.returnCacheDataElseFetch)
