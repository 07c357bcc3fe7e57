import Foundation

/// Every way the RFC 6455 client can fail.
public enum RFC6455Error: Error, Hashable, CustomStringConvertible, LocalizedError {
  /// The URL is not `ws://` / `wss://` (or `http(s)://`), or has no host.
  case invalidURL(String)
  /// `wss://` was asked for; this client has no TLS.
  case tlsUnavailable
  /// `getaddrinfo` could not resolve the URL's host; `code` is its error code (an `EAI_*` value).
  case resolutionFailed(host: String, code: Int32)
  /// The TCP connection could not be opened.
  case connectFailed(errno: Int32)
  /// Connecting (`phase` "connect"), the opening handshake ("handshake") or the wait for the server's next
  /// byte on an open connection ("idle", with ``RFC6455WebSocketSession/idleTimeout``) took longer than
  /// allowed. An idle timeout closes the connection with 1001 (going away).
  case timedOut(phase: String)
  /// The server answered the upgrade with something other than a valid 101.
  case handshakeFailed(String)
  /// The server broke the framing rules; the connection was failed with close code 1002 (or 1007 / 1009).
  case protocolViolation(String)
  /// The server closed with a code other than 1000 / 1001 / 1005.
  case closedByServer(code: Int, reason: String)
  /// A socket call failed; a connection reset before the close handshake is this too (`ECONNRESET`).
  case socketError(errno: Int32)
  /// The connection was closed by this side (`cancel(with:reason:)`).
  case cancelled
  /// The server closed normally (1000, 1001, no code) or the TCP connection ended without a close frame.
  case connectionClosed
  /// `send` after the connection ended.
  case notConnected

  public var description: String {
    switch self {
    case .invalidURL(let url): return "Not a WebSocket URL: \(url)"
    case .tlsUnavailable:
      return "wss:// needs TLS, which the dependency-free RFC 6455 client does not provide on this platform; use ws:// or a TLS-terminating proxy"
    case .resolutionFailed(let host, let code): return "Could not resolve \(host) (getaddrinfo error \(code))"
    case .connectFailed(let code): return "Could not connect (errno \(code))"
    case .timedOut(let phase): return "WebSocket \(phase) timed out"
    case .handshakeFailed(let reason): return "WebSocket handshake failed: \(reason)"
    case .protocolViolation(let reason): return "WebSocket protocol violation: \(reason)"
    case .closedByServer(let code, let reason): return "WebSocket closed by the server with code \(code)\(reason.isEmpty ? "" : ": \(reason)")"
    case .socketError(let code): return "Socket error (errno \(code))"
    case .cancelled: return "WebSocket closed by the client"
    case .connectionClosed: return "WebSocket connection closed"
    case .notConnected: return "WebSocket is not connected"
    }
  }

  public var errorDescription: String? { description }
}
