import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One WebSocket connection, as the transport uses it: the seam between ``WebSocketTransport`` and a socket.
///
/// `URLSessionWebSocketTask` conforms on Apple platforms; ``RFC6455WebSocketTask`` conforms everywhere.
public protocol WebSocketTask: Sendable {
  /// Starts the opening handshake.
  func resume()
  /// Sends one message.
  func send(_ message: URLSessionWebSocketTask.Message) async throws
  /// The next message; throws when the connection ends.
  func receive() async throws -> URLSessionWebSocketTask.Message
  /// Closes the connection with `closeCode`; a pending `receive()` then throws.
  func cancel(with closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?)
  /// Returns once the opening handshake is done, or throws its error. Sockets whose API says "connected" (0.x's
  /// `websocketDidConnect`) wait on it; the 2.x transport waits for `connection_ack` instead.
  func waitForOpen() async throws
}

extension WebSocketTask {
  /// Returns at once: a task that cannot tell when its handshake is done counts as open once resumed (its sends
  /// wait for the handshake, and a failed one ends `receive()`). ``RFC6455WebSocketTask`` answers exactly; a
  /// wrapper around another task should forward this call to it.
  public func waitForOpen() async throws {}
}

/// Creates ``WebSocketTask``s for requests.
public protocol WebSocketURLSession: Sendable {
  /// A new, unresumed task for `request`; the transport resumes it when it connects.
  func webSocketTask(with request: URLRequest) -> any WebSocketTask
}

#if !canImport(FoundationNetworking)
// Only Apple Foundation can open WebSockets with URLSession; swift-corelibs-foundation fails every
// URLSessionWebSocketTask with "WebSockets not supported by libcurl", so Linux uses RFC6455WebSocketSession.
extension URLSessionWebSocketTask: WebSocketTask {}

extension URLSession: WebSocketURLSession {
  public func webSocketTask(with request: URLRequest) -> any WebSocketTask {
    let task: URLSessionWebSocketTask = webSocketTask(with: request)
    return task
  }
}
#endif

/// The platform's working WebSocket session: `URLSession.shared` on Apple platforms, the dependency-free
/// ``RFC6455WebSocketSession`` where Foundation cannot open WebSockets (Linux).
public enum DefaultWebSocketURLSession {
  /// A new session each time it is read on Linux; the shared `URLSession` on Apple platforms.
  public static var platformDefault: any WebSocketURLSession {
    #if canImport(FoundationNetworking)
    return RFC6455WebSocketSession()
    #else
    return URLSession.shared
    #endif
  }
}
