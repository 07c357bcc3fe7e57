import Foundation

/// When a request reads the cache and when it goes to the network.
///
/// Only the five named behaviours exist; the initializer is internal, as upstream.
public struct FetchBehavior: Sendable, Hashable {
  /// When the cache is read.
  public enum CacheReadBehavior: Sendable, Hashable {
    case never
    case beforeNetworkFetch
    case onNetworkFailure
  }

  /// When the network is used.
  public enum NetworkFetchBehavior: Sendable, Hashable {
    case never
    case always
    case onCacheMiss
  }

  public let cacheRead: CacheReadBehavior
  public let networkFetch: NetworkFetchBehavior

  init(cacheRead: CacheReadBehavior, networkFetch: NetworkFetchBehavior) {
    self.cacheRead = cacheRead
    self.networkFetch = networkFetch
  }

  /// Cache hit answers; a miss goes to the network.
  public static let CacheFirst = FetchBehavior(cacheRead: .beforeNetworkFetch, networkFetch: .onCacheMiss)
  /// Network first; the cache answers only when the network fails.
  public static let NetworkFirst = FetchBehavior(cacheRead: .onNetworkFailure, networkFetch: .always)
  /// The cached value (if any), then the network's.
  public static let CacheAndNetwork = FetchBehavior(cacheRead: .beforeNetworkFetch, networkFetch: .always)
  /// Answers from the cache alone; a miss ends without a result (the client's cache-only fetch returns `nil`).
  public static let CacheOnly = FetchBehavior(cacheRead: .beforeNetworkFetch, networkFetch: .never)
  /// Always fetches from the server, without reading the cache; the result is still written to it unless
  /// `writeResultsToCache` is off.
  public static let NetworkOnly = FetchBehavior(cacheRead: .never, networkFetch: .always)
}

/// The cache policies of the 2.x client, one type per result shape.
public enum CachePolicy: Sendable, Hashable {
  public enum Query: Sendable, Hashable {
    /// Policies that produce one result.
    public enum SingleResponse: Sendable, Hashable {
      case cacheFirst, networkFirst, networkOnly
      public func toFetchBehavior() -> FetchBehavior {
        switch self {
        case .cacheFirst: return .CacheFirst
        case .networkFirst: return .NetworkFirst
        case .networkOnly: return .NetworkOnly
        }
      }
    }

    /// The cache only; a miss is `nil`.
    public enum CacheOnly: Sendable, Hashable {
      case cacheOnly
      public func toFetchBehavior() -> FetchBehavior { .CacheOnly }
    }

    /// The cached result, then the network's.
    public enum CacheAndNetwork: Sendable, Hashable {
      case cacheAndNetwork
      public func toFetchBehavior() -> FetchBehavior { .CacheAndNetwork }
    }
  }

  /// Policies for subscriptions.
  public enum Subscription: Sendable, Hashable {
    case cacheThenNetwork, networkOnly
    public func toFetchBehavior() -> FetchBehavior {
      switch self {
      case .cacheThenNetwork: return .CacheAndNetwork
      case .networkOnly: return .NetworkOnly
      }
    }
  }
}
