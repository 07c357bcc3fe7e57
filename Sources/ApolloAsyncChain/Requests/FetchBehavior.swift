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
