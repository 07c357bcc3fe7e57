import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a ``WebSocketTask`` can offer beyond sending and receiving: the moment its opening handshake is done, and
/// a ping answered by a pong. The 0.x and 1.x Starscream-style sockets report both to their delegates; a task
/// without them is taken as open once resumed, and its pings are not sent.
///
/// ``RFC6455WebSocketTask`` conforms, and so does `URLSessionWebSocketTask` on Apple platforms; a task that wraps
/// another (``LoggedWebSocketTask``) forwards both.
public protocol WebSocketTaskControl: WebSocketTask {
  /// Returns once the opening handshake is done; throws its error.
  func waitForOpen() async throws
  /// Sends a ping frame carrying `payload` and returns when the server's pong arrives.
  func sendPing(payload: Data) async throws
}

extension RFC6455WebSocketTask: WebSocketTaskControl {}

extension WebSocketTask {
  /// This task's ping, unless it cannot send one: a ``LoggedWebSocketTask`` conforms whatever it wraps, and can
  /// ping only when the task it wraps can.
  package var pingControl: (any WebSocketTaskControl)? {
    if let logged = self as? LoggedWebSocketTask { return logged.base.pingControl == nil ? nil : logged }
    return self as? any WebSocketTaskControl
  }
}

extension LoggedWebSocketTask: WebSocketTaskControl {
  /// The wrapped task's handshake; at once when it cannot tell.
  public func waitForOpen() async throws {
    try await (base as? any WebSocketTaskControl)?.waitForOpen()
  }

  /// The wrapped task's ping; `URLError(.unsupportedURL)` when it cannot ping.
  public func sendPing(payload: Data) async throws {
    guard let control = base as? any WebSocketTaskControl else { throw URLError(.unsupportedURL) }
    try await control.sendPing(payload: payload)
  }
}

#if !canImport(FoundationNetworking)
extension URLSessionWebSocketTask: WebSocketTaskControl {
  /// `URLSessionWebSocketTask` has no open event of its own: the first pong can only arrive once the handshake is
  /// done, and its handler gets the error when the handshake fails.
  public func waitForOpen() async throws {
    try await sendPing(payload: Data())
  }

  /// A ping (Foundation sends it without a payload, so `payload` is not used) and its pong.
  public func sendPing(payload: Data) async throws {
    try await CallbackResumption.first { done in sendPing(pongReceiveHandler: done) }
  }
}
#endif
