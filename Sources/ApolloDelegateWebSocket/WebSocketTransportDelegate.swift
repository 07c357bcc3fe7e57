import Foundation

/// What a ``WebSocketTransport`` tells about its connection (0.x). Every method runs on the transport's processing
/// queue and has an empty default implementation.
public protocol WebSocketTransportDelegate: AnyObject {
  /// The first connection is open (before its `connection_ack`).
  func webSocketTransportDidConnect(_ webSocketTransport: WebSocketTransport)
  /// A later connection is open: an automatic reconnect, a resume after a pause, or the reconnect of a header or
  /// payload update. The stored subscriptions are re-sent after this call, once the server acknowledges.
  func webSocketTransportDidReconnect(_ webSocketTransport: WebSocketTransport)
  /// The connection ended; `error` wraps the socket's error as a ``WebSocketError`` of kind
  /// ``WebSocketError/ErrorKind/networkError``, or is `nil` for an end without an error.
  func webSocketTransport(_ webSocketTransport: WebSocketTransport, didDisconnectWithError error: (any Error)?)
}

extension WebSocketTransportDelegate {
  /// Does nothing; implement it to learn of the first connection.
  public func webSocketTransportDidConnect(_ webSocketTransport: WebSocketTransport) {}
  /// Does nothing; implement it to learn of reconnections.
  public func webSocketTransportDidReconnect(_ webSocketTransport: WebSocketTransport) {}
  /// Does nothing; implement it to learn of lost connections.
  public func webSocketTransport(_ webSocketTransport: WebSocketTransport, didDisconnectWithError error: (any Error)?) {}
}
