@testable import ApolloDelegateWebSocket
import Foundation
import StarWarsAPI
import XCTest

/// Values recorded from any thread.
final class Recorder<Value>: @unchecked Sendable {
  // @unchecked Sendable: `_values` is behind `lock`.
  private let lock = NSLock()
  private var _values: [Value] = []
  var values: [Value] { lock.withLock { _values } }
  var count: Int { lock.withLock { _values.count } }
  func append(_ value: Value) { lock.withLock { _values.append(value) } }
}

/// What one operation's completion handler received: the response body, or the error.
typealias Delivery = Result<JSON.Object, any Error>

extension Recorder where Value == Delivery {
  var bodies: [JSON.Object] { values.compactMap { try? $0.get() } }
  var errors: [any Error] { values.compactMap { if case .failure(let error) = $0 { return error } else { return nil } } }
}

/// Records the transport delegate's calls as `connect`, `reconnect`, `disconnect` (nil error) or
/// `disconnect(networkError)`, with the threads' queue check.
final class TransportEvents: WebSocketTransportDelegate, @unchecked Sendable {
  // @unchecked Sendable: `_events` and `_errors` are behind `lock`.
  private let lock = NSLock()
  private var _events: [String] = []
  private var _errors: [(any Error)?] = []
  var events: [String] { lock.withLock { _events } }
  var disconnectErrors: [(any Error)?] { lock.withLock { _errors } }
  private func record(_ event: String) { lock.withLock { _events.append(event) } }

  func webSocketTransportDidConnect(_ webSocketTransport: WebSocketTransport) { record("connect") }
  func webSocketTransportDidReconnect(_ webSocketTransport: WebSocketTransport) { record("reconnect") }
  func webSocketTransport(_ webSocketTransport: WebSocketTransport, didDisconnectWithError error: (any Error)?) {
    lock.withLock {
      _errors.append(error)
      if let error = error as? WebSocketError, case .networkError = error.kind {
        _events.append("disconnect(networkError)")
      } else {
        _events.append(error == nil ? "disconnect" : "disconnect(\(error!))")
      }
    }
  }
}

extension WebSocketTransport {
  /// Waits until everything the transport was handed so far has run on its processing queue.
  func drain() { processingQueue.sync {} }

  /// Sends `operation` and records each delivery's body or error.
  @discardableResult
  func record<Operation: GraphQLOperation>(_ operation: Operation, into recorder: Recorder<Delivery>) -> any Cancellable {
    send(operation: operation) { result in recorder.append(result.map(\.body)) }
  }
}

/// A transport over `socket` with test defaults: no client-awareness defaults that depend on the bundle.
func makeTransport(_ socket: MockWebSocket, reconnect: Bool = true, reconnectionInterval: TimeInterval = 0.05,
                   allowSendingDuplicates: Bool = true, connectingPayload: GraphQLMap? = [:],
                   sendOperationIdentifiers: Bool = false) -> WebSocketTransport {
  WebSocketTransport(websocket: socket, clientName: "test-client", clientVersion: "1.0",
                     sendOperationIdentifiers: sendOperationIdentifiers, reconnect: reconnect,
                     reconnectionInterval: reconnectionInterval, allowSendingDuplicates: allowSendingDuplicates,
                     connectingPayload: connectingPayload)
}

/// A transport whose mock socket is open and acknowledged, with nothing sent yet; later `connect()`s do not open it.
func makeConnectedTransport(_ socket: MockWebSocket, reconnect: Bool = true, reconnectionInterval: TimeInterval = 0.05,
                            allowSendingDuplicates: Bool = true) -> WebSocketTransport {
  socket.opensOnConnect = true
  let transport = makeTransport(socket, reconnect: reconnect, reconnectionInterval: reconnectionInterval,
                                allowSendingDuplicates: allowSendingDuplicates)
  transport.drain()
  socket.ack()
  transport.drain()
  socket.clearSent()
  socket.opensOnConnect = false
  return transport
}

/// A `data` message for `id` carrying `payload`.
func dataMessage(id: String, _ payload: JSON.Object) -> JSON.Object {
  ["id": .string(id), "type": "data", "payload": .object(payload)]
}

func countdownPayload(_ value: Int) -> JSON.Object {
  ["data": ["countdown": .int(value)]]
}

let countdown = CountdownSubscription(from: 3, intervalMs: nil)

/// Polls `condition` until it holds or `timeout` passes.
func waitUntil(timeout: TimeInterval = 5, _ message: @autoclosure () -> String = "condition",
               file: StaticString = #filePath, line: UInt = #line, _ condition: () -> Bool) {
  let deadline = Date().addingTimeInterval(timeout)
  while !condition() {
    if Date() > deadline {
      XCTFail("timed out waiting for \(message())", file: file, line: line)
      return
    }
    Thread.sleep(forTimeInterval: 0.005)
  }
}
