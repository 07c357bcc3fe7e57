import ApolloWebSocketCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A scripted socket under ``WebSocket``: the test plays the server (messages, errors, the end of the connection)
/// and reads what was sent. It opens when resumed, or fails to open with `openError`.
final class ScriptedWebSocketTask: WebSocketTaskControl, @unchecked Sendable {  // every mutable field is behind `lock`
  private let lock = NSLock()
  private var _resumed = false
  private var _sent: [URLSessionWebSocketTask.Message] = []
  private var _pings: [Data] = []
  private var _cancelCode: URLSessionWebSocketTask.CloseCode?
  private var inbox: [Result<URLSessionWebSocketTask.Message, any Error>] = []
  private var waiter: CheckedContinuation<URLSessionWebSocketTask.Message, any Error>?
  private var ended: (any Error)?
  private var openWaiter: CheckedContinuation<Void, any Error>?
  private var pongWaiters: [CheckedContinuation<Void, any Error>] = []
  private var _opened = false
  let request: URLRequest
  var openError: (any Error)?
  /// Whether the handshake waits for ``finishHandshake()`` (or a cancel) instead of completing at once.
  var holdsHandshake = false
  /// Whether pings go unanswered: a ping then waits until the connection is cancelled (and fails), as a server that
  /// never sends the pong leaves it.
  var holdsPongs = false
  var sendError: (any Error)?

  init(request: URLRequest) { self.request = request }

  var resumed: Bool { lock.withLock { _resumed } }
  var sentTexts: [String] {
    lock.withLock { _sent }.compactMap { if case .string(let text) = $0 { return text } else { return nil } }
  }
  var pings: [Data] { lock.withLock { _pings } }
  var cancelCode: URLSessionWebSocketTask.CloseCode? { lock.withLock { _cancelCode } }

  func resume() { lock.withLock { _resumed = true } }

  func waitForOpen() async throws {
    if let openError { throw openError }
    guard holdsHandshake else { return }
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      let outcome: Result<Void, any Error>? = lock.withLock {
        if let ended { return .failure(ended) }
        if _opened { return .success(()) }
        openWaiter = continuation
        return nil
      }
      if let outcome { continuation.resume(with: outcome) }
    }
  }

  /// Completes a held handshake.
  func finishHandshake() {
    let waiter = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
      _opened = true
      defer { openWaiter = nil }
      return openWaiter
    }
    waiter?.resume()
  }

  func sendPing(payload: Data) async throws {
    lock.withLock { _pings.append(payload) }
    guard holdsPongs else { return }
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      let isOver = lock.withLock { () -> Bool in
        guard self.ended == nil else { return true }
        pongWaiters.append(continuation)
        return false
      }
      if isOver { continuation.resume(throwing: RFC6455Error.cancelled) }
    }
  }

  func send(_ message: URLSessionWebSocketTask.Message) async throws {
    let error: (any Error)? = lock.withLock {
      if let sendError { return sendError }
      _sent.append(message)
      return nil
    }
    if let error { throw error }
  }

  func receive() async throws -> URLSessionWebSocketTask.Message {
    try await withCheckedThrowingContinuation { continuation in
      let next: Result<URLSessionWebSocketTask.Message, any Error>? = lock.withLock {
        if !inbox.isEmpty { return inbox.removeFirst() }
        if let ended { return .failure(ended) }
        waiter = continuation
        return nil
      }
      if let next { continuation.resume(with: next) }
    }
  }

  func cancel(with closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?) {
    let (waiting, opening, pinging) = lock.withLock {
      () -> (CheckedContinuation<URLSessionWebSocketTask.Message, any Error>?, CheckedContinuation<Void, any Error>?,
             [CheckedContinuation<Void, any Error>]) in
      if _cancelCode == nil { _cancelCode = closeCode }
      if ended == nil { ended = RFC6455Error.cancelled }
      defer { waiter = nil; openWaiter = nil; pongWaiters = [] }
      return (waiter, openWaiter, pongWaiters)
    }
    waiting?.resume(throwing: RFC6455Error.cancelled)
    opening?.resume(throwing: RFC6455Error.cancelled)
    for ping in pinging { ping.resume(throwing: RFC6455Error.cancelled) }
  }

  /// The server sends `message`.
  func serve(_ message: URLSessionWebSocketTask.Message) { push(.success(message)) }
  /// The connection ends with `error`.
  func end(_ error: any Error) {
    let waiting = lock.withLock { () -> CheckedContinuation<URLSessionWebSocketTask.Message, any Error>? in
      if ended == nil { ended = error }
      defer { waiter = nil }
      return waiter
    }
    waiting?.resume(throwing: error)
  }

  private func push(_ item: Result<URLSessionWebSocketTask.Message, any Error>) {
    let waiting = lock.withLock { () -> CheckedContinuation<URLSessionWebSocketTask.Message, any Error>? in
      guard let waiter else {
        inbox.append(item)
        return nil
      }
      self.waiter = nil
      return waiter
    }
    waiting?.resume(with: item)
  }
}

/// Hands out a new ``ScriptedWebSocketTask`` per request, configured by `prepare`.
final class ScriptedWebSocketSession: WebSocketURLSession, @unchecked Sendable {  // `_tasks` is behind `lock`
  private let lock = NSLock()
  private var _tasks: [ScriptedWebSocketTask] = []
  var prepare: @Sendable (ScriptedWebSocketTask) -> Void = { _ in }

  var tasks: [ScriptedWebSocketTask] { lock.withLock { _tasks } }

  func webSocketTask(with request: URLRequest) -> any WebSocketTask {
    let task = ScriptedWebSocketTask(request: request)
    prepare(task)
    lock.withLock { _tasks.append(task) }
    return task
  }
}
