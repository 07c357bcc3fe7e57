@testable import ApolloDelegateWebSocket
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A scripted ``ApolloWebSocketClient``, as Apollo iOS 0.33's `MockWebSocket`: the test plays the server by calling
/// the delegate through ``receive(_:)``, ``open()`` and ``drop(_:)`` (synchronously, on the test's thread), and reads
/// what the transport wrote. It does not connect unless ``opensOnConnect`` is set.
final class MockWebSocket: ApolloWebSocketClient, @unchecked Sendable {
  // @unchecked Sendable: every mutable member is behind `lock`.
  private let lock = NSLock()
  private var _request: URLRequest
  private var _callbackQueue = DispatchQueue.main
  private weak var _delegate: (any WebSocketDelegate)?
  private weak var _pongDelegate: (any WebSocketPongDelegate)?
  private var _isConnected = false
  private var _sent: [String] = []
  private var _connectCalls = 0
  private var _disconnectCodes: [UInt16] = []
  private var _pings: [Data] = []
  private var _opensOnConnect = false
  private var _queuesAtConnect: [String] = []
  let protocols: [String]?

  init(request: URLRequest, protocols: [String]?) {
    _request = request
    self.protocols = protocols
  }

  convenience init(opensOnConnect: Bool = false) {
    self.init(request: URLRequest(url: URL(string: "ws://localhost:8080/graphql")!), protocols: ["graphql-ws"])
    self.opensOnConnect = opensOnConnect
  }

  var request: URLRequest {
    get { lock.withLock { _request } }
    set { lock.withLock { _request = newValue } }
  }
  var callbackQueue: DispatchQueue {
    get { lock.withLock { _callbackQueue } }
    set { lock.withLock { _callbackQueue = newValue } }
  }
  var delegate: (any WebSocketDelegate)? {
    get { lock.withLock { _delegate } }
    set { lock.withLock { _delegate = newValue } }
  }
  var pongDelegate: (any WebSocketPongDelegate)? {
    get { lock.withLock { _pongDelegate } }
    set { lock.withLock { _pongDelegate = newValue } }
  }
  var isConnected: Bool { lock.withLock { _isConnected } }
  /// Whether ``connect()`` opens at once (0.33's mock never opened).
  var opensOnConnect: Bool {
    get { lock.withLock { _opensOnConnect } }
    set { lock.withLock { _opensOnConnect = newValue } }
  }
  var connectCalls: Int { lock.withLock { _connectCalls } }
  /// The callback queue's label at each ``connect()``.
  var queuesAtConnect: [String] { lock.withLock { _queuesAtConnect } }
  var disconnectCodes: [UInt16] { lock.withLock { _disconnectCodes } }
  var pings: [Data] { lock.withLock { _pings } }

  /// Every text the transport wrote, in order.
  var sent: [String] { lock.withLock { _sent } }
  var sentMessages: [JSON.Object] { sent.compactMap { try? JSONParser.parseObject(Data($0.utf8)) } }
  func sent(type: String) -> [JSON.Object] { sentMessages.filter { $0["type"]?.stringValue == type } }
  var sentTypes: [String] { sentMessages.map { $0["type"]?.stringValue ?? "?" } }
  func clearSent() { lock.withLock { _sent = [] } }

  func connect() {
    let opens = lock.withLock { () -> Bool in
      _connectCalls += 1
      _queuesAtConnect.append(_callbackQueue.label)
      return _opensOnConnect
    }
    if opens { open() }
  }

  /// The server accepted the connection.
  func open() {
    lock.withLock { _isConnected = true }
    delegate?.websocketDidConnect(socket: self)
  }

  /// As Starscream: a client close reports `WSError(code: closeCode)`.
  func disconnect(forceTimeout: TimeInterval?, closeCode: UInt16) {
    lock.withLock {
      _disconnectCodes.append(closeCode)
      _isConnected = false
    }
    delegate?.websocketDidDisconnect(socket: self, error: WSError(type: .protocolError, message: "closed", code: Int(closeCode)))
  }

  /// The connection ended from the server's side (or the network's).
  func drop(_ error: (any Error)?) {
    lock.withLock { _isConnected = false }
    delegate?.websocketDidDisconnect(socket: self, error: error)
  }

  func write(string: String, completion: (() -> Void)?) {
    lock.withLock { _sent.append(string) }
    completion?()
  }
  func write(data: Data, completion: (() -> Void)?) { completion?() }
  func write(ping: Data, completion: (() -> Void)?) {
    lock.withLock { _pings.append(ping) }
    completion?()
  }
  func write(pong: Data, completion: (() -> Void)?) { completion?() }

  /// The server sent `text`.
  func receive(_ text: String) {
    delegate?.websocketDidReceiveMessage(socket: self, text: text)
  }

  /// The server sent `message` (serialized with sorted keys).
  func receive(_ message: JSON.Object) {
    receive(JSONSerializer.string(.object(message), sortedKeys: true))
  }

  /// The server acknowledged the connection.
  func ack() { receive(["type": "connection_ack"]) }
}
