import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The platform adjustments ``URLSessionStreamingSession`` applies, for other `URLSession`-backed
/// clients of this package that own their own `URLSession` (the 0.x and 1.x `URLSessionClient`, through
/// ``URLSessionTaskTable``).
///
/// Every member is a no-op on Apple platforms. On swift-corelibs-foundation they close the windows
/// described on ``URLSessionStreamingSession``: fractional timeouts truncated to zero, and a `cancel()`
/// that races an asynchronous cache lookup and traps the process.
public enum URLSessionPlatformWorkarounds {
  /// `configuration`, copied, with its URL cache answering lookups synchronously (Linux only): the same
  /// cache, consulted without the asynchronous hop that makes cancellation unsafe there (see
  /// `SynchronousLookupURLCache`). Never mutates `configuration`.
  public static func configuration(_ configuration: URLSessionConfiguration) -> URLSessionConfiguration {
    #if canImport(FoundationNetworking)
    guard let cache = configuration.urlCache, !(cache is SynchronousLookupURLCache),
          let adjusted = configuration.copy() as? URLSessionConfiguration
    else { return configuration }
    adjusted.urlCache = SynchronousLookupURLCache(wrapping: cache)
    return adjusted
    #else
    return configuration
    #endif
  }

  /// `request` with a fractional timeout rounded up to whole seconds (Linux only):
  /// swift-corelibs-foundation arms its timer with `Int(timeoutInterval) * 1000` ms, so 0.5 s would
  /// become 0 ms and fail at once, before anything is sent.
  public static func request(_ request: URLRequest) -> URLRequest {
    #if canImport(FoundationNetworking)
    let timeout = request.timeoutInterval
    guard timeout > 0, timeout.isFinite, timeout.rounded(.up) != timeout else { return request }
    var adjusted = request
    adjusted.timeoutInterval = timeout.rounded(.up)
    return adjusted
    #else
    return request
    #endif
  }

  /// Call from `urlSession(_:task:didCompleteWithError:)`: when `task` was cancelled, returns only after
  /// the work swift-corelibs-foundation queued for the cancellation has run (Linux only).
  public static func drainCancellation(of task: URLSessionTask) {
    StreamingTaskTable.drainCancellation(of: task)
  }
}
