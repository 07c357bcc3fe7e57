import Foundation

/// What a ``WebSocketTransport`` reports about its connection, on the transport's processing queue.
///
/// Every method has an empty default. 1.x declared the ping and pong methods only in that extension, so a
/// conformer's own versions were never called; here they are requirements and are called (MIGRATION.md).
public protocol WebSocketTransportDelegate: AnyObject {
  /// The first connection is open (`connection_init` goes out next).
  func webSocketTransportDidConnect(_ webSocketTransport: WebSocketTransport)
  /// A later connection is open; live subscriptions are sent again after `connection_init`.
  func webSocketTransportDidReconnect(_ webSocketTransport: WebSocketTransport)
  /// The connection ended; `error` is a ``WebSocketError`` of kind `networkError` unless it ended cleanly.
  func webSocketTransport(_ webSocketTransport: WebSocketTransport, didDisconnectWithError error: (any Error)?)
  /// The server sent a `ping` message (`graphql-transport-ws`); the data is its payload as JSON, `nil` without one.
  /// The transport has already answered with a `pong`.
  func webSocketTransport(_ webSocketTransport: WebSocketTransport, didReceivePingData: Data?)
  /// The server sent a `pong` message (`graphql-transport-ws`); the data is its payload as JSON, `nil` without one.
  func webSocketTransport(_ webSocketTransport: WebSocketTransport, didReceivePongData: Data?)
}

extension WebSocketTransportDelegate {
  /// Does nothing.
  public func webSocketTransportDidConnect(_ webSocketTransport: WebSocketTransport) {}
  /// Does nothing.
  public func webSocketTransportDidReconnect(_ webSocketTransport: WebSocketTransport) {}
  /// Does nothing.
  public func webSocketTransport(_ webSocketTransport: WebSocketTransport, didDisconnectWithError error: (any Error)?) {}
  /// Does nothing.
  public func webSocketTransport(_ webSocketTransport: WebSocketTransport, didReceivePingData: Data?) {}
  /// Does nothing.
  public func webSocketTransport(_ webSocketTransport: WebSocketTransport, didReceivePongData: Data?) {}
}
