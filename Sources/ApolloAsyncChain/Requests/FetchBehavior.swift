import Foundation

/// When a request reads the cache and when it goes to the network.
///
/// Only the five named behaviours exist; the initializer is internal, as upstream.
public struct FetchBehavior: Sendable, Hashable {
  /// When the cache is read.
  public enum CacheReadBehavior: Sendable, Hashable {
    /// The cache is not read.
    case never
    /// The cache is read first; whether the network follows is up to ``FetchBehavior/NetworkFetchBehavior``.
    case beforeNetworkFetch
    /// The cache is read only when the network request fails (not for GraphQL errors in a response).
    case onNetworkFailure
  }

  /// When the network is used.
  public enum NetworkFetchBehavior: Sendable, Hashable {
    /// No request is sent.
    case never
    /// A request is sent whatever the cache held.
    case always
    /// A request is sent only when the cache read found nothing.
    case onCacheMiss
  }

  /// When the cache is read, relative to the network.
  public let cacheRead: CacheReadBehavior
  /// Whether a request is sent.
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
  /// Policies for queries, grouped by how many results a fetch returns, so that `fetch` can return one result, an
  /// optional one or a stream.
  public enum Query: Sendable, Hashable {
    /// Policies that produce one result.
    public enum SingleResponse: Sendable, Hashable {
      /// The cached result on a hit; on a miss the server's (``FetchBehavior/CacheFirst``).
      case cacheFirst
      /// The server's result; the cached one only when the request fails (``FetchBehavior/NetworkFirst``).
      case networkFirst
      /// The server's result, without reading the cache (``FetchBehavior/NetworkOnly``).
      case networkOnly
      /// The ``FetchBehavior`` the transports run for this policy, the one of the same name.
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
      /// Answers from the store alone; never sends a request.
      case cacheOnly
      /// Always ``FetchBehavior/CacheOnly``.
      public func toFetchBehavior() -> FetchBehavior { .CacheOnly }
    }

    /// The cached result, then the network's.
    public enum CacheAndNetwork: Sendable, Hashable {
      /// Yields the cached result (if any), then the server's.
      case cacheAndNetwork
      /// Always ``FetchBehavior/CacheAndNetwork``.
      public func toFetchBehavior() -> FetchBehavior { .CacheAndNetwork }
    }
  }

  /// Policies for subscriptions.
  public enum Subscription: Sendable, Hashable {
    /// The cached result (if any), then the server's results (``FetchBehavior/CacheAndNetwork``).
    case cacheThenNetwork
    /// Only the server's results (``FetchBehavior/NetworkOnly``).
    case networkOnly
    /// The ``FetchBehavior`` the transports run: `cacheThenNetwork` is ``FetchBehavior/CacheAndNetwork``.
    public func toFetchBehavior() -> FetchBehavior {
      switch self {
      case .cacheThenNetwork: return .CacheAndNetwork
      case .networkOnly: return .NetworkOnly
      }
    }
  }
}
