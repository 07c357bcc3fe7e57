import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The socket-facing protocols of 0.x, which 0.33 took from Starscream 3.1 (`WebSocketClient`, `WebSocketDelegate`,
// `WebSocketPongDelegate`, `WSError`) and extended (`ApolloWebSocketClient`). They keep Starscream's spellings so a
// 0.x app's own socket (a test's `MockWebSocket`, say) compiles, minus what cannot exist without Starscream:
//
// - the TLS members (`disableSSLCertValidation`, `overrideTrustHostname`, `desiredTrustHostname`,
//   `sslClientCertificate`, `security`, `enabledSSLCipherSuites`) are not requirements and their types do not
//   exist: certificate pinning and client certificates are the platform's (`URLSession` on Apple platforms; none on
//   Linux, where `wss://` fails with `RFC6455Error.tlsUnavailable`). A conformer deletes those members;
// - SOCKS proxies (`SOCKSProxyable`, `enableSOCKSProxy`) are not available;
// - `disconnect(forceTimeout:closeCode:)` sends the close code, but the timeout is not used.

/// Called by a ``WebSocketClient`` on its callback queue (Starscream 3's `WebSocketDelegate`).
public protocol WebSocketDelegate: AnyObject {
  /// The opening handshake is done.
  func websocketDidConnect(socket: any WebSocketClient)
  /// The connection ended; `error` is `nil` when it ended without one (the server went away without a close frame).
  func websocketDidDisconnect(socket: any WebSocketClient, error: (any Error)?)
  /// A text message arrived.
  func websocketDidReceiveMessage(socket: any WebSocketClient, text: String)
  /// A binary message arrived.
  func websocketDidReceiveData(socket: any WebSocketClient, data: Data)
}

/// Told of pongs (Starscream 3's `WebSocketPongDelegate`).
public protocol WebSocketPongDelegate: AnyObject {
  /// The answer to a ping arrived.
  func websocketDidReceivePong(socket: any WebSocketClient, data: Data?)
}

/// One WebSocket connection as 0.x's transport drives it (Starscream 3's `WebSocketClient`, without its TLS members).
public protocol WebSocketClient: AnyObject {
  /// Receives the connection's events; held weakly by ``ApolloWebSocket``.
  var delegate: (any WebSocketDelegate)? { get set }
  /// Receives pongs; held weakly by ``ApolloWebSocket``.
  var pongDelegate: (any WebSocketPongDelegate)? { get set }
  /// Whether the handshake is done and the connection has not ended.
  var isConnected: Bool { get }
  /// Opens the connection; ``WebSocketDelegate/websocketDidConnect(socket:)`` follows.
  func connect()
  /// Closes the connection with `closeCode`; ``WebSocketDelegate/websocketDidDisconnect(socket:error:)`` follows.
  func disconnect(forceTimeout: TimeInterval?, closeCode: UInt16)
  /// Sends a text message; `completion` runs once it is written.
  func write(string: String, completion: (() -> Void)?)
  /// Sends a binary message; `completion` runs once it is written.
  func write(data: Data, completion: (() -> Void)?)
  /// Sends a ping.
  func write(ping: Data, completion: (() -> Void)?)
  /// Sends a pong.
  func write(pong: Data, completion: (() -> Void)?)
}

extension WebSocketClient {
  /// Sends a text message.
  public func write(string: String) { write(string: string, completion: nil) }
  /// Sends a binary message.
  public func write(data: Data) { write(data: data, completion: nil) }
  /// Sends a ping.
  public func write(ping: Data) { write(ping: ping, completion: nil) }
  /// Sends a pong.
  public func write(pong: Data) { write(pong: pong, completion: nil) }
  /// Closes the connection normally (close code 1000).
  public func disconnect() { disconnect(forceTimeout: nil, closeCode: WSError.normalCloseCode) }
}

/// The socket ``WebSocketTransport`` creates through ``WebSocketTransport/provider``: a ``WebSocketClient`` made from
/// a request, whose request (headers) can change between connections and whose callbacks run on `callbackQueue`.
public protocol ApolloWebSocketClient: WebSocketClient {
  /// A socket for `request`, offering `protocols` as `Sec-WebSocket-Protocol`; it does not connect yet.
  init(request: URLRequest, protocols: [String]?)
  /// The upgrade request; a change applies to the next ``WebSocketClient/connect()``.
  var request: URLRequest { get set }
  /// Where the delegates are called.
  var callbackQueue: DispatchQueue { get set }
}
