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

/// The head of an HTTP response together with its streaming body.
public struct HTTPStreamingResponse: Sendable {
  /// The response head: status code and header fields.
  public let response: HTTPURLResponse
  /// Body bytes in arrival order. Ends normally at the end of the body, or with the transport error (e.g. URLError) if the connection fails mid-body.
  public let body: AsyncThrowingStream<Data, any Error>

  /// Creates a response from its head and its body stream.
  public init(response: HTTPURLResponse, body: AsyncThrowingStream<Data, any Error>) {
    self.response = response
    self.body = body
  }
}

/// Errors raised by an ``HTTPStreamingSession`` itself, as opposed to transport errors.
public enum HTTPStreamingSessionError: Error, Hashable, CustomStringConvertible {
  /// The URL loading system returned a response that is not an `HTTPURLResponse`.
  case nonHTTPResponse
  /// The session was invalidated before or while the request ran.
  case invalidated

  /// A human-readable description of the error.
  public var description: String {
    switch self {
    case .nonHTTPResponse:
      return "The URL loading system returned a response that is not an HTTP response."
    case .invalidated:
      return "The streaming session was invalidated before or while the request ran."
    }
  }
}
