import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Presents any ``HTTPStreamingSession`` (a ``ScriptedServer``, a ``URLSessionStreamingSession``, your own)
/// as an ``ApolloURLSession``.
///
/// The 0.x and 1.x generations have the same thing: `ApolloDelegateTransport.URLSessionClientOnStreamingSession`
/// and `ApolloCallbackChain.URLSessionClientOnStreamingSession`. It has no callback queue: results are
/// awaited.
public struct ApolloURLSessionOnStreamingSession: ApolloURLSession {
  /// The session behind it.
  public let session: any HTTPStreamingSession

  /// Wraps `session`.
  public init(_ session: any HTTPStreamingSession) {
    self.session = session
  }

  /// Starts the request on the wrapped session and cuts its body into chunks.
  public func chunks(for request: URLRequest) async throws -> (any AsyncChunkSequence, URLResponse) {
    try await session.chunks(for: request)
  }
}
