import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A WebSocket connection as ``WebSocketTransport`` drives it: the bundled ``WebSocket`` is one, and an app may bring
/// its own (1.x's seam for a different socket library).
///
/// The transport sets itself as ``delegate`` and its own serial queue as ``callbackQueue``; observe the transport
/// through ``WebSocketTransportDelegate`` instead of replacing either.
public protocol WebSocketClient: AnyObject {
  /// The upgrade request; the transport changes its headers (client awareness,
  /// ``WebSocketTransport/updateHeaderValues(_:reconnectIfConnected:)``), which the next ``connect()`` sends.
  var request: URLRequest { get set }

  /// Receives the connection's events, on ``callbackQueue``.
  var delegate: (any WebSocketClientDelegate)? { get set }

  /// Where every delegate call runs.
  var callbackQueue: DispatchQueue { get set }

  /// Opens the connection in the background; the delegate hears ``WebSocketClientDelegate/websocketDidConnect(socket:)``
  /// or ``WebSocketClientDelegate/websocketDidDisconnect(socket:error:)``.
  func connect()

  /// Closes the connection: `nil` or a positive `forceTimeout` closes with a close frame, zero or less at once.
  func disconnect(forceTimeout: TimeInterval?)

  /// Sends a ping frame; `completion` runs on ``callbackQueue`` once it was written.
  func write(ping: Data, completion: (() -> Void)?)

  /// Sends a text frame.
  func write(string: String)
}

/// What a ``WebSocketClient`` reports, on its ``WebSocketClient/callbackQueue``.
public protocol WebSocketClientDelegate: AnyObject {
  /// The opening handshake is done.
  func websocketDidConnect(socket: any WebSocketClient)

  /// The connection ended: `error` is `nil` after a forced local close or a TCP close without a close frame,
  /// otherwise what ended it.
  func websocketDidDisconnect(socket: any WebSocketClient, error: (any Error)?)

  /// A text frame arrived.
  func websocketDidReceiveMessage(socket: any WebSocketClient, text: String)

  /// A binary frame arrived.
  func websocketDidReceiveData(socket: any WebSocketClient, data: Data)
}

/// A client that can route through a SOCKS proxy (1.x: for debugging with a proxy such as Charles).
///
/// Kept for source compatibility only: the dependency-free socket has no proxy support, so setting
/// ``enableSOCKSProxy`` on ``WebSocket`` is remembered and has no effect (MIGRATION.md, "The 1.x WebSocket").
public protocol SOCKSProxyable {
  /// Whether the connection should go through the system's SOCKS proxy.
  var enableSOCKSProxy: Bool { get set }
}
