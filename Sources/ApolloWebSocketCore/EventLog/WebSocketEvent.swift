import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One frame as a ``WebSocketEventLog`` keeps it: Foundation's `URLSessionWebSocketTask.Message` as a value that can
/// be compared.
public enum WebSocketLogFrame: Hashable, Sendable, Codable, CustomStringConvertible {
  /// A text frame (every GraphQL-over-WebSocket message is one).
  case text(String)
  /// A binary frame.
  case binary(Data)

  /// The frame of a Foundation message; `nil` for a kind of message this log does not know.
  public init?(_ message: URLSessionWebSocketTask.Message) {
    switch message {
    case .string(let text): self = .text(text)
    case .data(let data): self = .binary(data)
    @unknown default: return nil
    }
  }

  /// The text, or `binary(<n> bytes)`.
  public var description: String {
    switch self {
    case .text(let text): return text
    case .binary(let data): return "binary(\(data.count) bytes)"
    }
  }
}

/// One thing that happened on a WebSocket recorded by ``LoggingWebSocketSession``.
public struct WebSocketEvent: Hashable, Sendable, Codable, CustomStringConvertible {
  /// What happened.
  public enum Kind: Hashable, Sendable, Codable {
    /// The session made a task (a connection, not opened yet) for a request to `url`, offering `subprotocol`
    /// (the request's `Sec-WebSocket-Protocol` header, `nil` when it had none).
    case created(url: URL?, subprotocol: String?)
    /// The task was resumed: the connection opens.
    case resumed
    /// A frame was handed to the task to send (logged before the send, so it precedes any answer to it).
    case sent(WebSocketLogFrame)
    /// Sending failed with an error (its description).
    case sendFailed(error: String)
    /// A frame arrived.
    case received(WebSocketLogFrame)
    /// Receiving ended with an error (its description); logged once per connection, at the first failing receive.
    case receiveEnded(error: String)
    /// The task was cancelled with this close code and reason (`nil` when none was given or it was not UTF-8).
    case cancelled(closeCode: Int, reason: String?)
  }

  /// Which connection: 0 for the session's first task, 1 for the next (a reconnection), and so on.
  public var connection: Int
  /// What happened.
  public var kind: Kind

  /// An event on connection `connection`.
  public init(connection: Int, kind: Kind) {
    self.connection = connection
    self.kind = kind
  }

  /// One line: `#<connection> <what happened>`.
  public var description: String {
    let what: String
    switch kind {
    case .created(let url, let subprotocol):
      what = "created \(url?.absoluteString ?? "nil")" + (subprotocol.map { " [\($0)]" } ?? "")
    case .resumed: what = "resumed"
    case .sent(let frame): what = "sent \(frame)"
    case .sendFailed(let error): what = "send failed: \(error)"
    case .received(let frame): what = "received \(frame)"
    case .receiveEnded(let error): what = "receive ended: \(error)"
    case .cancelled(let code, let reason): what = "cancelled \(code)" + (reason.map { " \($0)" } ?? "")
    }
    return "#\(connection) \(what)"
  }
}
