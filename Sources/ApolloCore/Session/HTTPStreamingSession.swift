import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A session that starts an HTTP request and hands back the response head as soon as it arrives,
/// with the body streaming in as the bytes come off the wire.
public protocol HTTPStreamingSession: Sendable {
  /// Starts `request` and returns once the response head has arrived.
  ///
  /// - Throws: The transport error if the request fails before a response head arrives,
  ///   `CancellationError` if the calling task is cancelled first, or an ``HTTPStreamingSessionError``.
  func start(_ request: URLRequest) async throws -> HTTPStreamingResponse
}
