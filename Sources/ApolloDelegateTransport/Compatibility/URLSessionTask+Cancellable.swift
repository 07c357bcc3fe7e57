import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// 0.x returned the real `URLSessionTask` from `send` as its `Cancellable`, and callers cast it back to
// read `currentRequest`. `URLSessionTask` is thread-safe and `Sendable` on every platform.
extension URLSessionTask: Cancellable {}
