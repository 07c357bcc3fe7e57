import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking

/// A `URLCache` that forwards everything to the cache it wraps, but answers a data task's lookup
/// synchronously.
///
/// swift-corelibs-foundation looks a data task's cached response up on a background queue when the
/// task is resumed, and a `cancel()` that lands before that lookup returns is reported only afterwards.
/// That late report can race the task's completion and trap the process ("Trying to access a behaviour
/// for a task that in not in the registry"). Answering the lookup synchronously closes the window:
/// by the time `resume()` returns the task's protocol exists and `cancel()` takes the direct path.
/// What is cached, and when it is used, is unchanged.
final class SynchronousLookupURLCache: URLCache, @unchecked Sendable {
  // @unchecked Sendable: no mutable state of its own; every call goes to `base`, whose contents
  // URLCache guards with its own internal lock (and on disk with atomic writes).
  private let base: URLCache

  init(wrapping base: URLCache) {
    self.base = base
    // No storage of its own: zero capacities, and an existing directory so nothing is created.
    super.init(memoryCapacity: 0, diskCapacity: 0, diskPath: NSTemporaryDirectory())
  }

  override func cachedResponse(for request: URLRequest) -> CachedURLResponse? {
    base.cachedResponse(for: request)
  }

  override func storeCachedResponse(_ cachedResponse: CachedURLResponse, for request: URLRequest) {
    base.storeCachedResponse(cachedResponse, for: request)
  }

  override func removeCachedResponse(for request: URLRequest) {
    base.removeCachedResponse(for: request)
  }

  override func removeAllCachedResponses() {
    base.removeAllCachedResponses()
  }

  override func removeCachedResponses(since date: Date) {
    base.removeCachedResponses(since: date)
  }

  override func getCachedResponse(
    for dataTask: URLSessionDataTask,
    completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
  ) {
    guard let request = dataTask.currentRequest else {
      completionHandler(nil)
      return
    }
    completionHandler(base.cachedResponse(for: request))
  }
}
#endif
