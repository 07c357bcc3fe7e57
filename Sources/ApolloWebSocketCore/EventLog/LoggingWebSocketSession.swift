import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ``WebSocketURLSession`` that records what happens on the sockets of another one in a ``WebSocketEventLog``.
///
/// Give it to any socket built on the ``WebSocketTask`` seam (the 2.x `WebSocketTransport(urlSession:…)`, and the
/// 0.x and 1.x sockets) in place of the session it wraps:
///
/// ```swift
/// let session = LoggingWebSocketSession(wrapping: URLSession.shared)
/// let transport = WebSocketTransport(urlSession: session, store: store, endpointURL: url)
/// // … run a subscription …
/// print(session.log.normalized())
/// ```
///
/// Each task it hands out forwards every call to the wrapped session's task and records it: creation (URL and
/// `Sec-WebSocket-Protocol`), `resume()`, every frame sent (before it is sent) and received, a failed send, the
/// first failing `receive()` (the end of the connection) and `cancel(with:reason:)`. Events from every task go to
/// one log in the order they happened; it is safe to use from any thread. Errors pass through unchanged.
public final class LoggingWebSocketSession: WebSocketURLSession {
  /// The session whose tasks are recorded.
  public let base: any WebSocketURLSession
  private let recorder = WebSocketEventRecorder()

  /// Records the tasks of `base`.
  public init(wrapping base: any WebSocketURLSession) {
    self.base = base
  }

  /// Everything recorded so far.
  public var log: WebSocketEventLog { recorder.log }

  /// Forgets what was recorded; later tasks keep counting connections from where they were.
  public func clear() { recorder.clear() }

  /// The wrapped session's task for `request`, recorded (a ``LoggedWebSocketTask``).
  public func webSocketTask(with request: URLRequest) -> any WebSocketTask {
    let connection = recorder.newConnection(
      url: request.url, subprotocol: request.value(forHTTPHeaderField: "Sec-WebSocket-Protocol"))
    return LoggedWebSocketTask(base: base.webSocketTask(with: request), connection: connection, recorder: recorder)
  }
}

/// A ``WebSocketTask`` that records its calls in its ``LoggingWebSocketSession``'s log and forwards them to `base`.
public final class LoggedWebSocketTask: WebSocketTask {
  /// The task that does the work (`URLSessionWebSocketTask`, ``RFC6455WebSocketTask``, …).
  public let base: any WebSocketTask
  /// Which of the session's connections this is (0 for the first).
  public let connection: Int
  private let recorder: WebSocketEventRecorder
  private let receiveEnded = Mutex(false)

  init(base: any WebSocketTask, connection: Int, recorder: WebSocketEventRecorder) {
    self.base = base
    self.connection = connection
    self.recorder = recorder
  }

  /// Records `resumed`, then resumes `base`.
  public func resume() {
    recorder.record(connection, .resumed)
    base.resume()
  }

  /// Records the frame, then sends it with `base` (recording a failure).
  public func send(_ message: URLSessionWebSocketTask.Message) async throws {
    if let frame = WebSocketLogFrame(message) { recorder.record(connection, .sent(frame)) }
    do {
      try await base.send(message)
    } catch {
      recorder.record(connection, .sendFailed(error: String(describing: error)))
      throw error
    }
  }

  /// Receives with `base` and records the frame, or the error when it is the first one.
  public func receive() async throws -> URLSessionWebSocketTask.Message {
    do {
      let message = try await base.receive()
      if let frame = WebSocketLogFrame(message) { recorder.record(connection, .received(frame)) }
      return message
    } catch {
      let first = receiveEnded.withLock { ended -> Bool in
        defer { ended = true }
        return !ended
      }
      if first { recorder.record(connection, .receiveEnded(error: String(describing: error))) }
      throw error
    }
  }

  /// Records the close code and reason, then cancels `base`.
  public func cancel(with closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?) {
    cancel(closeCode: closeCode.rawValue, reason: reason)
  }

  /// Logs the close, then closes the wrapped task with `closeCode`, whatever number it is.
  package func cancel(closeCode: Int, reason: Data?) {
    let text = reason.flatMap { String(data: $0, encoding: .utf8) }
    recorder.record(connection, .cancelled(closeCode: closeCode, reason: text))
    base.cancel(closeCode: closeCode, reason: reason)
  }
}

/// The log and the connection counter of one ``LoggingWebSocketSession``, behind one lock so that events from
/// every task keep one order.
final class WebSocketEventRecorder: Sendable {
  private struct State {
    var events: [WebSocketEvent] = []
    var connections = 0
  }

  private let state = Mutex(State())

  var log: WebSocketEventLog { WebSocketEventLog(events: state.withLock { $0.events }) }

  func clear() { state.withLock { $0.events = [] } }

  func newConnection(url: URL?, subprotocol: String?) -> Int {
    state.withLock { state in
      let connection = state.connections
      state.connections += 1
      state.events.append(WebSocketEvent(connection: connection, kind: .created(url: url, subprotocol: subprotocol)))
      return connection
    }
  }

  func record(_ connection: Int, _ kind: WebSocketEvent.Kind) {
    state.withLock { $0.events.append(WebSocketEvent(connection: connection, kind: kind)) }
  }
}
