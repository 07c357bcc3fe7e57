import Foundation

/// A WebSocket protocol or connection problem, as 0.x's `WebSocketTransport` reports it.
///
/// Which handler gets which kind (0.33): a message that is not JSON, has no known `type`, names an unknown id, or is
/// a `connection_error` goes to **every** handler as ``ErrorKind/unprocessedMessage(_:)``; a `data` or `error`
/// message without an object payload goes to its own handler as ``ErrorKind/neitherErrorNorPayloadReceived``; a lost
/// connection reaches the delegate (and fails later sends) as ``ErrorKind/networkError``, while the handlers get the
/// socket's own error. As in 0.33 there is no public initializer.
public struct WebSocketError: Error, LocalizedError {
  /// What went wrong.
  public enum ErrorKind: Sendable {
    /// Declared by 0.33; never produced (an `error` message is delivered as a result, see ``WebSocketTransport``).
    case errorResponse
    /// The connection ended with an error.
    case networkError
    /// A server message the transport could not route; carries the message's text.
    case unprocessedMessage(String)
    /// Declared by 0.33; never produced (the envelope always serializes).
    case serializedMessageError
    /// A `data` or `error` message for a known id whose `payload` is missing or not an object.
    case neitherErrorNorPayloadReceived

    var description: String {
      switch self {
      case .errorResponse: return "Received error response"
      case .networkError: return "Websocket network error"
      case .unprocessedMessage(let message): return "Websocket error: Unprocessed message \(message)"
      case .serializedMessageError: return "Websocket error: Serialized message not found"
      case .neitherErrorNorPayloadReceived: return "Websocket error: Did not receive an error or a payload."
      }
    }
  }

  /// The message's `payload` when it had an object payload.
  public let payload: JSON.Object?
  /// The underlying error: the JSON parse error of an unreadable message, the socket's error for ``ErrorKind/networkError``.
  public let error: (any Error)?
  /// What went wrong.
  public let kind: ErrorKind

  init(payload: JSON.Object? = nil, error: (any Error)? = nil, kind: ErrorKind) {
    self.payload = payload
    self.error = error
    self.kind = kind
  }

  /// `"<kind>. Error: <underlying error or nil>"`.
  public var errorDescription: String? {
    "\(kind.description). Error: \(String(describing: error))"
  }
}
