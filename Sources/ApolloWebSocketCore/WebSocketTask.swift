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
}

extension WebSocketTask {
  /// Returns once the opening handshake is done, or throws its error: what a socket whose API says "connected"
  /// (0.x's `websocketDidConnect`, 1.x's `onConnect`) waits on (the 2.x transport waits for `connection_ack`
  /// instead). A task that is not a ``WebSocketTaskControl`` cannot tell, and counts as open once resumed (its sends
  /// wait for the handshake, and a failed one ends `receive()`).
  public func waitForHandshake() async throws {
    try await (self as? any WebSocketTaskControl)?.waitForOpen()
  }
}

extension WebSocketTask {
  /// Closes with `closeCode`, whatever number it is: the RFC 6455 client (also inside a logging wrapper) sends it
  /// as it is; another task gets the `URLSessionWebSocketTask.CloseCode` of that number (on Apple platforms any
  /// number has one), or `.normalClosure` where there is none.
  package func cancel(closeCode: Int, reason: Data?) {
    if let logged = self as? LoggedWebSocketTask { return logged.cancel(closeCode: closeCode, reason: reason) }
    if let task = self as? RFC6455WebSocketTask { return task.cancel(closeCode: closeCode, reason: reason) }
    cancel(with: URLSessionWebSocketTask.CloseCode(rawValue: closeCode) ?? .normalClosure, reason: reason)
  }
}

/// Creates ``WebSocketTask``s for requests.
///
/// `URLSession` conforms on every platform: its tasks are `URLSessionWebSocketTask`s on Apple platforms and
/// ``RFC6455WebSocketTask``s on Linux (see `URLSession.webSocketTask(with:)`); ``RFC6455WebSocketSession`` conforms
/// everywhere.
public protocol WebSocketURLSession: Sendable {
  /// A new, unresumed task for `request`; the transport resumes it when it connects.
  func webSocketTask(with request: URLRequest) -> any WebSocketTask
}

#if !canImport(FoundationNetworking)
extension URLSessionWebSocketTask: WebSocketTask {}

extension URLSession: WebSocketURLSession {
  /// A `URLSessionWebSocketTask` for `request`, not resumed.
  public func webSocketTask(with request: URLRequest) -> any WebSocketTask {
    let task: URLSessionWebSocketTask = webSocketTask(with: request)
    return task
  }
}
#else
// swift-corelibs-foundation fails every URLSessionWebSocketTask with "WebSockets not supported by libcurl", so
// on Linux a URLSession's WebSocket tasks are served by the RFC 6455 client instead; code written for Apple
// platforms (`WebSocketTransport(urlSession: URLSession.shared, ...)`) then runs unchanged for ws://.
extension URLSession: WebSocketURLSession {
  /// An ``RFC6455WebSocketTask`` for `request`, not resumed, configured from this session's configuration.
  ///
  /// Foundation on Linux cannot open WebSockets, so the dependency-free RFC 6455 client serves them. From the
  /// session's `configuration`:
  /// - `httpAdditionalHeaders` are added to the upgrade request; a header the request sets itself wins (as
  ///   `URLSession` does for other tasks). The WebSocket handshake headers (`Host`, `Upgrade`, `Connection`,
  ///   `Sec-WebSocket-Key`, `Sec-WebSocket-Version`) are always the client's own.
  /// - `timeoutIntervalForRequest` is the time allowed to open the TCP connection, and again the time allowed for
  ///   the server's answer to the upgrade request (``RFC6455WebSocketSession/connectTimeout`` and
  ///   ``RFC6455WebSocketSession/handshakeTimeout``).
  /// - Nothing else is used: an open connection has no idle timeout (`timeoutIntervalForResource` does not end
  ///   it, as with `URLSessionWebSocketTask`), and cookies, proxies and credentials are not applied.
  ///
  /// There is no TLS: a `wss://` (or `https://`) request fails once resumed, with
  /// ``RFC6455Error/tlsUnavailable`` from `send` and `receive`.
  ///
  /// A call with no type context (`let task = session.webSocketTask(with: request)`) still means Foundation's
  /// method returning `URLSessionWebSocketTask`, as before this conformance; with `any WebSocketTask` as the
  /// expected type, or through ``WebSocketURLSession``, it means this one.
  // Disfavoured so that code which compiled against Foundation alone stays unambiguous; the conformance's
  // witness is chosen by the protocol's signature, which only this method matches.
  @_disfavoredOverload
  public func webSocketTask(with request: URLRequest) -> any WebSocketTask {
    let timeout = configuration.timeoutIntervalForRequest
    return RFC6455WebSocketTask(request: Self.addingConfigurationHeaders(configuration, to: request),
                                connectTimeout: timeout, handshakeTimeout: timeout)
  }

  private static func addingConfigurationHeaders(_ configuration: URLSessionConfiguration,
                                                 to request: URLRequest) -> URLRequest {
    var request = request
    // Sorted, so a name given twice in different case resolves the same way every time.
    let additional = (configuration.httpAdditionalHeaders ?? [:])
      .compactMap { key, value -> (String, String)? in
        guard let name = key.base as? String else { return nil }
        return (name, value as? String ?? String(describing: value))
      }
      .sorted { $0.0 < $1.0 }
    for (name, value) in additional where request.value(forHTTPHeaderField: name) == nil {
      request.setValue(value, forHTTPHeaderField: name)
    }
    return request
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
