@testable import ApolloDelegateWebSocket
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ``WebSocketURLSession`` whose tasks the test drives: it opens them (or fails their handshake), pushes server
/// messages or an ending error, and reads what was sent.
final class ScriptedWebSocketSession: WebSocketURLSession, @unchecked Sendable {
  // @unchecked Sendable: `_tasks` is behind `lock`.
  private let lock = NSLock()
  private var _tasks: [ScriptedWebSocketTask] = []
  var tasks: [ScriptedWebSocketTask] { lock.withLock { _tasks } }
  var last: ScriptedWebSocketTask? { tasks.last }

  func webSocketTask(with request: URLRequest) -> any WebSocketTask {
    let task = ScriptedWebSocketTask(request: request)
    lock.withLock { _tasks.append(task) }
    return task
  }
}

final class ScriptedWebSocketTask: WebSocketTaskControl, @unchecked Sendable {
  // @unchecked Sendable: every mutable member is behind `lock`.
  private let lock = NSLock()
  let request: URLRequest
  private var _resumed = false
  private var _sent: [URLSessionWebSocketTask.Message] = []
  private var _cancelCode: URLSessionWebSocketTask.CloseCode?
  private var opened: Result<Void, any Error>?
  private var openWaiters: [CheckedContinuation<Void, any Error>] = []
  private var inbox: [Result<URLSessionWebSocketTask.Message, any Error>] = []
  private var receiveWaiter: CheckedContinuation<URLSessionWebSocketTask.Message, any Error>?
  private var ended: (any Error)?

  init(request: URLRequest) { self.request = request }

  var resumed: Bool { lock.withLock { _resumed } }
  var cancelCode: URLSessionWebSocketTask.CloseCode? { lock.withLock { _cancelCode } }
  var sentTexts: [String] {
    lock.withLock { _sent }.compactMap { if case .string(let text) = $0 { return text } else { return nil } }
  }
  var sentTypes: [String] {
    sentTexts.compactMap { try? JSONParser.parseObject(Data($0.utf8))["type"]?.stringValue }
  }

  func resume() { lock.withLock { _resumed = true } }

  private var _pings: [Data] = []
  private var pongWaiters: [CheckedContinuation<Void, any Error>] = []
  var pings: [Data] { lock.withLock { _pings } }

  /// Records the ping and returns when the test answers it (``answerPings()``) or the task ends.
  func sendPing(payload: Data) async throws {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      let failure: (any Error)? = lock.withLock {
        if let ended { return ended }
        _pings.append(payload)
        pongWaiters.append(continuation)
        return nil
      }
      if let failure { continuation.resume(throwing: failure) }
    }
  }

  /// The server answered every ping sent so far.
  func answerPings() {
    let waiters = lock.withLock { () -> [CheckedContinuation<Void, any Error>] in
      defer { pongWaiters = [] }
      return pongWaiters
    }
    for waiter in waiters { waiter.resume() }
  }

  func waitForOpen() async throws {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      let outcome: Result<Void, any Error>? = lock.withLock {
        if let opened { return opened }
        openWaiters.append(continuation)
        return nil
      }
      if let outcome { continuation.resume(with: outcome) }
    }
  }

  /// The handshake succeeded (or, with `error`, failed; the task has then ended).
  func open(failing error: (any Error)? = nil) {
    let waiters = lock.withLock { () -> [CheckedContinuation<Void, any Error>] in
      opened = error.map { .failure($0) } ?? .success(())
      if let error { ended = error }
      defer { openWaiters = [] }
      return openWaiters
    }
    for waiter in waiters {
      if let error { waiter.resume(throwing: error) } else { waiter.resume() }
    }
  }

  /// What a write fails with, when set (the connection itself goes on until cancelled).
  var sendError: (any Error)? {
    get { lock.withLock { _sendError } }
    set { lock.withLock { _sendError = newValue } }
  }
  private var _sendError: (any Error)?

  func send(_ message: URLSessionWebSocketTask.Message) async throws {
    try lock.withLock {
      if let ended { throw ended }
      if let _sendError { throw _sendError }
      _sent.append(message)
    }
  }

  func receive() async throws -> URLSessionWebSocketTask.Message {
    try await withCheckedThrowingContinuation { continuation in
      let next: Result<URLSessionWebSocketTask.Message, any Error>? = lock.withLock {
        if !inbox.isEmpty { return inbox.removeFirst() }
        if let ended { return .failure(ended) }
        receiveWaiter = continuation
        return nil
      }
      if let next { continuation.resume(with: next) }
    }
  }

  /// The server sent `message`.
  func push(_ message: URLSessionWebSocketTask.Message) { deliver(.success(message)) }

  /// The connection ended with `error`.
  func end(_ error: any Error) {
    let pongWaiters = lock.withLock { () -> [CheckedContinuation<Void, any Error>] in
      ended = error
      defer { self.pongWaiters = [] }
      return self.pongWaiters
    }
    for waiter in pongWaiters { waiter.resume(throwing: error) }
    deliver(.failure(error))
  }

  private func deliver(_ item: Result<URLSessionWebSocketTask.Message, any Error>) {
    let waiter = lock.withLock { () -> CheckedContinuation<URLSessionWebSocketTask.Message, any Error>? in
      if let waiter = receiveWaiter {
        receiveWaiter = nil
        return waiter
      }
      if case .success = item { inbox.append(item) }
      return nil
    }
    waiter?.resume(with: item)
  }

  func cancel(with closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?) {
    lock.withLock { if _cancelCode == nil { _cancelCode = closeCode } }
    end(URLError(.cancelled))
  }
}

/// Records a socket's delegate calls (the callback queue check included).
final class SocketEvents: WebSocketDelegate, WebSocketPongDelegate, @unchecked Sendable {
  // @unchecked Sendable: `_events` and `_errors` are behind `lock`.
  private let lock = NSLock()
  private var _events: [String] = []
  private var _errors: [(any Error)?] = []
  let queueKey: DispatchSpecificKey<Bool>?
  init(queueKey: DispatchSpecificKey<Bool>? = nil) { self.queueKey = queueKey }

  var events: [String] { lock.withLock { _events } }
  var errors: [(any Error)?] { lock.withLock { _errors } }
  private func record(_ event: String) {
    let onQueue = queueKey.map { DispatchQueue.getSpecific(key: $0) == true } ?? true
    lock.withLock { _events.append(onQueue ? event : "\(event) (wrong queue)") }
  }

  func websocketDidConnect(socket: any WebSocketClient) { record("connect") }
  func websocketDidDisconnect(socket: any WebSocketClient, error: (any Error)?) {
    lock.withLock { _errors.append(error) }
    record("disconnect")
  }
  func websocketDidReceiveMessage(socket: any WebSocketClient, text: String) { record("text \(text)") }
  func websocketDidReceiveData(socket: any WebSocketClient, data: Data) { record("data \(data.count)") }
  func websocketDidReceivePong(socket: any WebSocketClient, data: Data?) { record("pong") }
}

/// A session whose tasks cannot ping or tell when they are open (they are not `WebSocketTaskControl`); everything
/// else goes to the scripted session's tasks.
final class NonPingingSession: WebSocketURLSession, @unchecked Sendable {
  // @unchecked Sendable: the only state is the scripted session, itself Sendable.
  let scripted: ScriptedWebSocketSession
  init(scripted: ScriptedWebSocketSession) { self.scripted = scripted }

  func webSocketTask(with request: URLRequest) -> any WebSocketTask {
    NonPingingTask(base: scripted.webSocketTask(with: request))
  }
}

private struct NonPingingTask: WebSocketTask {
  let base: any WebSocketTask
  func resume() { base.resume() }
  func send(_ message: URLSessionWebSocketTask.Message) async throws { try await base.send(message) }
  func receive() async throws -> URLSessionWebSocketTask.Message { try await base.receive() }
  func cancel(with closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?) { base.cancel(with: closeCode, reason: reason) }
}
