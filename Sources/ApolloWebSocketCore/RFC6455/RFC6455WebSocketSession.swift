import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Creates ``RFC6455WebSocketTask``s: WebSockets over POSIX sockets, without Foundation's networking.
public struct RFC6455WebSocketSession: WebSocketURLSession {
  /// Time allowed for the TCP connection.
  public var connectTimeout: TimeInterval
  /// Time allowed for the HTTP upgrade answer.
  public var handshakeTimeout: TimeInterval
  /// Largest message accepted; a bigger one fails the connection with 1009.
  public var maximumMessageSize: Int
  /// How long an open connection may go without a byte from the server (a message, a ping, anything)
  /// before it is closed with 1001 and fails with `timedOut(phase: "idle")`; `nil` (the default) waits
  /// for ever, as `URLSessionWebSocketTask` does. Servers that ping (`graphql-transport-ws` servers
  /// usually do) keep a healthy connection under any timeout longer than their ping interval.
  public var idleTimeout: TimeInterval?
  /// How many bytes of received messages may wait for the app to read them before the task stops reading the
  /// socket (TCP then slows the server down; nothing is dropped). One message is always accepted, however large
  /// (up to `maximumMessageSize`).
  public var maximumBufferedBytes: Int

  /// A session whose tasks use these limits.
  public init(connectTimeout: TimeInterval = 10, handshakeTimeout: TimeInterval = 10, maximumMessageSize: Int = 64 << 20,
              idleTimeout: TimeInterval? = nil, maximumBufferedBytes: Int = 16 << 20) {
    self.connectTimeout = connectTimeout
    self.handshakeTimeout = handshakeTimeout
    self.maximumMessageSize = maximumMessageSize
    self.idleTimeout = idleTimeout
    self.maximumBufferedBytes = maximumBufferedBytes
  }

  /// A task for `request`, not started: `resume()` connects.
  public func webSocketTask(with request: URLRequest) -> any WebSocketTask {
    RFC6455WebSocketTask(request: request, connectTimeout: connectTimeout, handshakeTimeout: handshakeTimeout,
                         maximumMessageSize: maximumMessageSize, idleTimeout: idleTimeout,
                         maximumBufferedBytes: maximumBufferedBytes)
  }
}
