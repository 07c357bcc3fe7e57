@testable import ApolloCallbackWebSocket
import Foundation
import XCTest

/// A scripted ``WebSocketClient`` (as upstream's MockWebSocket): the test plays the socket and the server, calling
/// the delegate on the client's callback queue as a real client does, and reads what the transport wrote.
final class MockWebSocket: WebSocketClient, @unchecked Sendable {  // every mutable field is behind `lock`
  private let lock = NSLock()
  private var _request: URLRequest
  private var _callbackQueue = DispatchQueue.main
  private weak var _delegate: (any WebSocketClientDelegate)?
  private var _written: [String] = []
  private var _connects = 0
  private var _disconnects: [TimeInterval?] = []
  private var _pings: [Data] = []
  private var _connected = false
  private var _holdsConnect = false
  private var _heldConnect = false
  /// Whether `connect()` reports an open connection by itself (a server that accepts).
  var acceptsConnections = true

  init(request: URLRequest = URLRequest(url: URL(string: "ws://localhost/graphql")!), protocol: WebSocket.WSProtocol) {
    var request = request
    request.setValue(`protocol`.description, forHTTPHeaderField: "Sec-WebSocket-Protocol")
    _request = request
  }

  var request: URLRequest {
    get { lock.withLock { _request } }
    set { lock.withLock { _request = newValue } }
  }
  var callbackQueue: DispatchQueue {
    get { lock.withLock { _callbackQueue } }
    set { lock.withLock { _callbackQueue = newValue } }
  }
  var delegate: (any WebSocketClientDelegate)? {
    get { lock.withLock { _delegate } }
    set { lock.withLock { _delegate = newValue } }
  }
  var written: [String] { lock.withLock { _written } }
  var connects: Int { lock.withLock { _connects } }
  var disconnects: [TimeInterval?] { lock.withLock { _disconnects } }
  var pings: [Data] { lock.withLock { _pings } }
  var isConnected: Bool { lock.withLock { _connected } }

  /// The written messages parsed as JSON objects.
  var writtenMessages: [JSON.Object] { written.compactMap { try? JSONParser.parseObject(Data($0.utf8)) } }
  func written(type: String) -> [JSON.Object] { writtenMessages.filter { $0["type"]?.stringValue == type } }
  var writtenTypes: [String] { writtenMessages.compactMap { $0["type"]?.stringValue } }

  func connect() {
    let accept = lock.withLock { () -> Bool in
      _connects += 1
      guard acceptsConnections, !_connected else { return false }
      _connected = true
      if _holdsConnect {
        _heldConnect = true
        return false
      }
      return true
    }
    if accept { onCallbackQueue { $0.websocketDidConnect(socket: self) } }
  }

  /// Holds the next connection's open event until ``releaseConnect()``, so a test can set the transport's
  /// delegate before the transport hears it.
  func holdConnect() { lock.withLock { _holdsConnect = true } }

  /// Reports a held open event and stops holding.
  func releaseConnect() {
    let held = lock.withLock { () -> Bool in
      defer { _holdsConnect = false; _heldConnect = false }
      return _heldConnect
    }
    if held { onCallbackQueue { $0.websocketDidConnect(socket: self) } }
  }

  func disconnect(forceTimeout: TimeInterval?) {
    let wasConnected = lock.withLock { () -> Bool in
      _disconnects.append(forceTimeout)
      defer { _connected = false }
      return _connected
    }
    guard wasConnected else { return }
    let error: (any Error)? = (forceTimeout ?? 1) > 0
      ? WebSocket.WSError(type: .protocolError, message: "connection closed by server", code: 1000) : nil
    onCallbackQueue { $0.websocketDidDisconnect(socket: self, error: error) }
  }

  func write(ping: Data, completion: (() -> Void)?) {
    lock.withLock { _pings.append(ping) }
    let transfer = Transfer(completion)
    callbackQueue.async { transfer.value?() }
  }

  func write(string: String) {
    lock.withLock { _written.append(string) }
  }

  // The server's side.

  /// Delivers a text frame.
  func serve(_ text: String) {
    onCallbackQueue { $0.websocketDidReceiveMessage(socket: self, text: text) }
  }
  /// Delivers a binary frame.
  func serve(data: Data) {
    onCallbackQueue { $0.websocketDidReceiveData(socket: self, data: data) }
  }
  func ack() { serve(#"{"type":"connection_ack"}"#) }
  /// The connection drops with `error` (a server gone away).
  func drop(_ error: any Error = POSIXError(.ECONNRESET)) {
    lock.withLock { _connected = false }
    onCallbackQueue { $0.websocketDidDisconnect(socket: self, error: error) }
  }

  private func onCallbackQueue(_ body: @escaping (any WebSocketClientDelegate) -> Void) {
    let queue = callbackQueue
    let transfer = Transfer(body)
    queue.async {
      guard let delegate = self.delegate else { return }
      transfer.value(delegate)
    }
  }
}

/// Values collected from several threads.
final class Collected<Value>: @unchecked Sendable {  // `values` is behind `lock`
  private let lock = NSLock()
  private var _values: [Value] = []
  var values: [Value] { lock.withLock { _values } }
  func append(_ value: Value) { lock.withLock { _values.append(value) } }
}

/// Records the transport delegate's calls, with the queue each ran on.
final class TransportEvents: WebSocketTransportDelegate, @unchecked Sendable {  // `events` is behind its lock
  let events = Collected<String>()
  let pings = Collected<Data?>()
  let pongs = Collected<Data?>()
  let errors = Collected<(any Error)?>()

  func webSocketTransportDidConnect(_ webSocketTransport: WebSocketTransport) { events.append("connect") }
  func webSocketTransportDidReconnect(_ webSocketTransport: WebSocketTransport) { events.append("reconnect") }
  func webSocketTransport(_ webSocketTransport: WebSocketTransport, didDisconnectWithError error: (any Error)?) {
    events.append("disconnect")
    errors.append(error)
  }
  func webSocketTransport(_ webSocketTransport: WebSocketTransport, didReceivePingData: Data?) {
    events.append("ping")
    pings.append(didReceivePingData)
  }
  func webSocketTransport(_ webSocketTransport: WebSocketTransport, didReceivePongData: Data?) {
    events.append("pong")
    pongs.append(didReceivePongData)
  }
}

/// Waits (polling) until `condition` holds; fails the test after `timeout`.
func waitUntil(_ description: String, timeout: TimeInterval = 5, file: StaticString = #filePath, line: UInt = #line,
               _ condition: () -> Bool) {
  let deadline = Date().addingTimeInterval(timeout)
  while !condition() {
    if Date() > deadline {
      XCTFail("Timed out waiting until \(description)", file: file, line: line)
      return
    }
    Thread.sleep(forTimeInterval: 0.005)
  }
}
