@testable import ApolloCallbackWebSocket
import Foundation
import StarWarsAPI

/// The 1.x socket's message handling on any bytes, for each sub-protocol: the bytes arrive as one text frame on a
/// connected, acknowledged transport with one open subscription. Besides not crashing: the socket stays open,
/// the subscription hears at most one delivery, and nothing is written but the `pong` a `ping` asks for.
func fuzzCallbackWebSocketMessages(_ data: Data) {
  let text = String(decoding: data, as: UTF8.self)
  for wsProtocol in [WebSocket.WSProtocol.graphql_ws, .graphql_transport_ws] {
    let socket = FuzzWebSocketClient(protocol: wsProtocol)
    let transport = WebSocketTransport(websocket: socket, config: .init(reconnect: false, connectOnInit: false))
    let results = DispatchQueue(label: "fuzz.callback-websocket.results")
    var deliveries = 0
    _ = transport.send(operation: CountdownSubscription(from: 1, intervalMs: nil), cachePolicy: .default,
                       contextIdentifier: nil, context: nil, callbackQueue: results) { _ in deliveries += 1 }
    transport.processingQueue.sync {
      transport.websocketDidConnect(socket: socket)
    }
    transport.processingQueue.sync {
      transport.websocketDidReceiveMessage(socket: socket, text: #"{"type":"connection_ack"}"#)
    }
    let before = socket.written.count
    transport.processingQueue.sync {
      transport.websocketDidReceiveMessage(socket: socket, text: text)
    }
    transport.processingQueue.sync {}
    results.sync {}

    fuzzCheck(transport.isConnected(), "a message closed the socket: \(text)")
    fuzzCheck(deliveries <= 1, "one message reached the subscription \(deliveries) times: \(text)")
    let written = socket.written.dropFirst(before).map { (try? OperationMessageEnvelope(parsing: $0))?.type }
    let isPing = (try? OperationMessageEnvelope(parsing: text))?.type == "ping"
    fuzzCheck(written == (isPing ? ["pong"] : []), "a message made the transport write \(written): \(text)")
  }
}

/// A connected in-process client that records what the transport writes.
private final class FuzzWebSocketClient: WebSocketClient {
  var request: URLRequest
  weak var delegate: (any WebSocketClientDelegate)?
  var callbackQueue = DispatchQueue(label: "fuzz.callback-websocket.socket")
  private(set) var written: [String] = []

  init(protocol wsProtocol: WebSocket.WSProtocol) {
    var request = URLRequest(url: URL(string: "ws://localhost/graphql")!)
    request.setValue(wsProtocol.description, forHTTPHeaderField: "Sec-WebSocket-Protocol")
    self.request = request
  }

  func connect() {}
  func disconnect(forceTimeout: TimeInterval?) {}
  func write(ping: Data, completion: (() -> Void)?) {}
  func write(string: String) { written.append(string) }
}
