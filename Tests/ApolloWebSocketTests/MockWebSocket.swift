import ApolloTestSupport
@testable import ApolloWebSocket
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A scripted socket: the test plays the server by pushing messages, errors or a clean end, and reads what
/// the transport sent.
final class MockWebSocketTask: WebSocketTask, @unchecked Sendable {  // every mutable field is behind `lock`
  private let lock = NSLock()
  private var _resumed = false
  private var _sent: [String] = []
  private var _cancelCode: URLSessionWebSocketTask.CloseCode?
  private var inbox: [Result<URLSessionWebSocketTask.Message, any Error>?] = []  // nil = clean end
  private var waiter: CheckedContinuation<URLSessionWebSocketTask.Message, any Error>?
  private var ended = false
  var sendError: (any Error)?
  /// When set, `cancel` records its code but a pending `receive()` goes on waiting until the test ends the
  /// connection: a socket slow to notice its own cancellation.
  var holdsReceiveAfterCancel: Bool {
    get { lock.withLock { _holdsReceiveAfterCancel } }
    set { lock.withLock { _holdsReceiveAfterCancel = newValue } }
  }
  private var _holdsReceiveAfterCancel = false
  let request: URLRequest

  init(request: URLRequest) { self.request = request }

  var resumed: Bool { lock.withLock { _resumed } }
  var sent: [String] { lock.withLock { _sent } }
  var cancelCode: URLSessionWebSocketTask.CloseCode? { lock.withLock { _cancelCode } }
  /// The sent messages parsed as JSON objects.
  var sentMessages: [JSON.Object] { sent.compactMap { try? JSONParser.parseObject(Data($0.utf8)) } }
  func sent(type: String) -> [JSON.Object] { sentMessages.filter { $0["type"]?.stringValue == type } }

  func resume() { lock.withLock { _resumed = true } }

  func send(_ message: URLSessionWebSocketTask.Message) async throws {
    let error: (any Error)? = lock.withLock {
      if let sendError { return sendError }
      if case .string(let text) = message { _sent.append(text) }
      return nil
    }
    if let error { throw error }
  }

  func receive() async throws -> URLSessionWebSocketTask.Message {
    try await withCheckedThrowingContinuation { continuation in
      let next: Result<URLSessionWebSocketTask.Message, any Error>?? = lock.withLock {
        if !inbox.isEmpty { return .some(inbox.removeFirst()) }
        if ended { return .some(.failure(URLError(.cancelled))) }
        waiter = continuation
        return .none
      }
      switch next {
      case .none: break
      case .some(.none):
        lock.withLock { ended = true }
        continuation.resume(throwing: POSIXError(.ENOTCONN))
      case .some(.some(let result)): continuation.resume(with: result)
      }
    }
  }

  func cancel(with closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?) {
    let waiting = lock.withLock { () -> CheckedContinuation<URLSessionWebSocketTask.Message, any Error>? in
      if _cancelCode == nil { _cancelCode = closeCode }
      if _holdsReceiveAfterCancel { return nil }
      ended = true
      defer { waiter = nil }
      return waiter
    }
    waiting?.resume(throwing: URLError(.cancelled))
  }

  private func push(_ item: Result<URLSessionWebSocketTask.Message, any Error>?) {
    let waiting = lock.withLock { () -> CheckedContinuation<URLSessionWebSocketTask.Message, any Error>? in
      if let waiter {
        self.waiter = nil
        return waiter
      }
      inbox.append(item)
      return nil
    }
    guard let waiting else { return }
    switch item {
    case .none:
      lock.withLock { ended = true }
      waiting.resume(throwing: POSIXError(.ENOTCONN))
    case .some(let result): waiting.resume(with: result)
    }
  }

  // The server's side.
  func serve(_ json: String) { push(.success(.string(json))) }
  func ack() { serve(#"{"type":"connection_ack"}"#) }
  func next(_ id: String, _ data: String) { serve(#"{"type":"next","id":"\#(id)","payload":{"data":\#(data)}}"#) }
  func complete(_ id: String) { serve(#"{"type":"complete","id":"\#(id)"}"#) }
  func fail(_ error: any Error) { push(.failure(error)) }
  func closeCleanly() { push(nil) }

  /// Waits until `count` messages of `type` were sent.
  func waitForSent(_ type: String, count: Int = 1, timeout: Double = 5, file: StaticString = #filePath,
                   line: UInt = #line) async throws {
    try await expectEventually("\(count) \(type) sent", within: timeout, file: file, line: line) {
      self.sent(type: type).count >= count
    }
  }

  /// The id of the `index`th `subscribe`.
  func subscribeID(_ index: Int = 0) -> String? {
    let subscribes = sent(type: "subscribe")
    return index < subscribes.count ? subscribes[index]["id"]?.stringValue : nil
  }
}

/// Captures every request and hands out scripted tasks in order (new ones when the list runs out).
final class MockWebSocketSession: WebSocketURLSession, @unchecked Sendable {  // every mutable field is behind `lock`
  private let lock = NSLock()
  private var _tasks: [MockWebSocketTask] = []
  private var _requests: [URLRequest] = []

  var tasks: [MockWebSocketTask] { lock.withLock { _tasks } }
  var capturedRequests: [URLRequest] { lock.withLock { _requests } }

  func webSocketTask(with request: URLRequest) -> any WebSocketTask {
    lock.withLock {
      _requests.append(request)
      let task = MockWebSocketTask(request: request)
      _tasks.append(task)
      return task
    }
  }

  func task(_ index: Int) -> MockWebSocketTask { tasks[index] }

  /// Waits until the `index`th task exists and was resumed.
  func waitForTask(_ index: Int, timeout: Double = 5, file: StaticString = #filePath, line: UInt = #line)
    async throws -> MockWebSocketTask
  {
    try await expectEventually("task \(index) resumed", within: timeout, file: file, line: line) {
      self.tasks.count > index && self.tasks[index].resumed
    }
    return tasks[index]
  }
}

let wsEndpoint = URL(string: "ws://localhost:8080/graphql")!

/// Records delegate calls in order.
final class RecordingDelegate: WebSocketTransportDelegate, @unchecked Sendable {  // `events` is behind `lock`
  private let lock = NSLock()
  private var _events: [String] = []
  var events: [String] { lock.withLock { _events } }
  private func record(_ event: String) { lock.withLock { _events.append(event) } }

  func webSocketTransportDidConnect(_ webSocketTransport: isolated WebSocketTransport) { record("connect") }
  func webSocketTransportDidReconnect(_ webSocketTransport: isolated WebSocketTransport) { record("reconnect") }
  func webSocketTransport(_ webSocketTransport: isolated WebSocketTransport, didDisconnectWithError error: (any Error)?) {
    record(error == nil ? "disconnect" : "disconnect(error)")
  }
  func webSocketTransport(_ webSocketTransport: isolated WebSocketTransport, didReceivePingWithPayload payload: JSON.Object?) {
    record(payload == nil ? "ping" : "ping(payload)")
  }
  func webSocketTransport(_ webSocketTransport: isolated WebSocketTransport, didReceivePongWithPayload payload: JSON.Object?) {
    record(payload == nil ? "pong" : "pong(payload)")
  }
}

/// Collects a stream's values in the background.
final class Collector<Element: Sendable>: @unchecked Sendable {  // `values`/`error`/`done` are behind `lock`
  private let lock = NSLock()
  private var _values: [Element] = []
  private var _error: (any Error)?
  private var _done = false
  private var task: Task<Void, Never>?

  init(_ stream: AsyncThrowingStream<Element, any Error>) {
    task = Task {
      do {
        for try await value in stream { self.lock.withLock { self._values.append(value) } }
      } catch {
        self.lock.withLock { self._error = error }
      }
      self.lock.withLock { self._done = true }
    }
  }

  var values: [Element] { lock.withLock { _values } }
  var error: (any Error)? { lock.withLock { _error } }
  var done: Bool { lock.withLock { _done } }
  func cancel() { task?.cancel() }

  func waitForValues(_ count: Int, timeout: Double = 5, file: StaticString = #filePath, line: UInt = #line) async throws {
    try await expectEventually("\(count) values", within: timeout, file: file, line: line) { self.values.count >= count }
  }

  func waitUntilDone(timeout: Double = 5, file: StaticString = #filePath, line: UInt = #line) async throws {
    try await expectEventually("stream finished", within: timeout, file: file, line: line) { self.done }
  }
}
