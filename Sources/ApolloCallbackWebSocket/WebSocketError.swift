import Foundation

/// What went wrong in a ``WebSocketTransport``, as 1.x reported it to result handlers.
public struct WebSocketError: Error, LocalizedError {
  /// The kind of problem.
  public enum ErrorKind: Sendable {
    /// The server sent an `error` message for the operation; ``WebSocketError/payload`` holds it.
    case errorResponse
    /// The connection failed; ``WebSocketError/error`` is why.
    case networkError
    /// A message that could not be read or has no place here (bad JSON, an unknown or client-only type, a
    /// `data`/`next`/`complete` without an id); the associated value is its text.
    case unprocessedMessage(String)
    /// A message had no text to read.
    case serializedMessageError
    /// A `data`/`next` message carried no payload object.
    case neitherErrorNorPayloadReceived
    /// The upgrade was refused with this HTTP status.
    case upgradeError(code: Int)

    var description: String {
      switch self {
      case .errorResponse: return "Received error response"
      case .networkError: return "Websocket network error"
      case .unprocessedMessage(let message): return "Websocket error: Unprocessed message \(message)"
      case .serializedMessageError: return "Websocket error: Serialized message not found"
      case .neitherErrorNorPayloadReceived: return "Websocket error: Did not receive an error or a payload."
      case .upgradeError: return "Websocket error: Invalid HTTP upgrade."
      }
    }
  }

  /// The message's payload, when there was one.
  public let payload: JSONObject?

  /// The underlying error, if any.
  public let error: (any Error)?

  /// The kind of problem.
  public let kind: ErrorKind

  /// An error of `kind`, with the payload and underlying error it came with.
  public init(payload: JSONObject?, error: (any Error)?, kind: ErrorKind) {
    self.payload = payload
    self.error = error
    self.kind = kind
  }

  public var errorDescription: String? {
    "\(kind.description). Error: \(String(describing: error))"
  }
}
