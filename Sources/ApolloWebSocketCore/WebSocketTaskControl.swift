import Foundation

/// What a ``WebSocketTask`` can offer beyond sending and receiving: the moment its opening handshake is done, and
/// a ping answered by a pong. The 0.x and 1.x Starscream-style sockets report both to their delegates; a task
/// without them is taken as open once resumed, and its pings are not sent.
///
/// ``RFC6455WebSocketTask`` conforms; a task that wraps another (a recording session, say) forwards both.
public protocol WebSocketTaskControl: WebSocketTask {
  /// Returns once the opening handshake is done; throws its error.
  func waitForOpen() async throws
  /// Sends a ping frame carrying `payload` and returns when the server's pong arrives.
  func sendPing(payload: Data) async throws
}

extension RFC6455WebSocketTask: WebSocketTaskControl {}
