import Foundation

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
