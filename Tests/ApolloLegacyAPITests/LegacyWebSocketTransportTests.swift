import ApolloLegacyAPI
import ApolloTestSupport
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A socket that opens as soon as it is asked to connect and records what the transport writes.
private final class OpeningSocket: ApolloWebSocketClient, @unchecked Sendable {
  // @unchecked Sendable: `written` is a Recorder (locked); the other members are set by the transport before it
  // connects and read on the callback queue afterwards.
  var request: URLRequest
  var callbackQueue = DispatchQueue.main
  weak var delegate: (any WebSocketDelegate)?
  weak var pongDelegate: (any WebSocketPongDelegate)?
  let written = Recorder<String>()
  private(set) var isConnected = false

  init(request: URLRequest, protocols: [String]?) { self.request = request }
  convenience init() { self.init(request: URLRequest(url: URL(string: "ws://localhost/graphql")!), protocols: ["graphql-ws"]) }

  func connect() {
    isConnected = true
    callbackQueue.async { self.delegate?.websocketDidConnect(socket: self) }
  }
  func disconnect(forceTimeout: TimeInterval?, closeCode: UInt16) { isConnected = false }
  func write(string: String, completion: (() -> Void)?) { written.append(string); completion?() }
  /// Plays the server: hands `message` to the transport on its callback queue.
  func receive(_ message: JSON.Object) {
    let text = String(decoding: JSONSerializer.serialize(.object(message)), as: UTF8.self)
    callbackQueue.async { self.delegate?.websocketDidReceiveMessage(socket: self, text: text) }
  }
  /// The messages written so far, of `type`.
  func written(type: String) -> [JSON.Object] {
    written.values.compactMap { try? JSONParser.parseObject(Data($0.utf8)) }.filter { $0["type"]?.stringValue == type }
  }
  func write(data: Data, completion: (() -> Void)?) { completion?() }
  func write(ping: Data, completion: (() -> Void)?) { completion?() }
  func write(pong: Data, completion: (() -> Void)?) { completion?() }

  /// The payloads of the `connection_init` messages written so far.
  var connectionInitPayloads: [JSON?] {
    written.values.compactMap { try? JSONParser.parseObject(Data($0.utf8)) }
      .filter { $0["type"]?.stringValue == "connection_init" }.map { $0["payload"] }
  }
}

/// The 0.x socket as an `API.swift` app uses it, through `import Apollo` alone. There `GraphQLMap` is 0.x's
/// `[String: JSONEncodable?]`, so the 0.x docs' `connectingPayload: ["authToken": magicToken]` (a `String` variable)
/// and a `[String: String]` value compile, as they did against 0.33's socket, and reach the server as the same JSON.
final class LegacyWebSocketTransportTests: XCTestCase {
  private func waitForConnectionInits(_ socket: OpeningSocket, count: Int) {
    let deadline = Date().addingTimeInterval(5)
    while socket.connectionInitPayloads.count < count && Date() < deadline {
      RunLoop.current.run(until: Date().addingTimeInterval(0.01))
    }
  }

  func test_aPayloadBuiltFromVariables_isSentAsItsJSON() {
    let magicToken = "secret-token"
    let socket = OpeningSocket()
    let transport = WebSocketTransport(websocket: socket, connectingPayload: ["authToken": magicToken, "version": 2,
                                                                             "retries": Optional<Int>.none])
    waitForConnectionInits(socket, count: 1)
    XCTAssertEqual(socket.connectionInitPayloads.first, .object(["authToken": "secret-token", "version": 2, "retries": .null]))

    let refreshed: [String: String] = ["authToken": "fresh"]
    transport.updateConnectingPayload(refreshed)
    waitForConnectionInits(socket, count: 2)
    XCTAssertEqual(socket.connectionInitPayloads.last, .object(["authToken": "fresh"]))
    withExtendedLifetime(transport) {}
  }

  func test_literalPayloads_andNil_keepTheSocketsOwnInitializer() {
    let literal = OpeningSocket()
    let literalTransport = WebSocketTransport(websocket: literal, connectingPayload: ["authToken": "literal"])
    waitForConnectionInits(literal, count: 1)
    XCTAssertEqual(literal.connectionInitPayloads.first, .object(["authToken": "literal"]))

    let none = OpeningSocket()
    let noneTransport = WebSocketTransport(websocket: none, connectingPayload: nil)
    waitForConnectionInits(none, count: 1)
    XCTAssertEqual(none.connectionInitPayloads.count, 1)
    XCTAssertEqual(none.connectionInitPayloads.first ?? .string("?"), nil, "no payload member")
    withExtendedLifetime((literalTransport, noneTransport)) {}
  }

  func test_anEnumOfTheGeneratedCode_isSentAsItsRawValue() {
    let socket = OpeningSocket()
    let episode: Episode? = .jedi
    let transport = WebSocketTransport(websocket: socket, connectingPayload: ["episode": episode])
    waitForConnectionInits(socket, count: 1)
    XCTAssertEqual(socket.connectionInitPayloads.first, .object(["episode": "JEDI"]))
    withExtendedLifetime(transport) {}
  }

  /// The 0.x docs' setup end to end with `API.swift` code: the client over `SplitNetworkTransport` sends the
  /// subscription over the socket (`start` with the document and the variables as 0.x wrote them), and each `data`
  /// message is read with 0.x's rules and delivered; `cancel` sends `stop`.
  func test_anAPISwiftSubscription_goesOverTheSocket_andItsEventsAreRead() throws {
    let socket = OpeningSocket()
    let webSocket = WebSocketTransport(websocket: socket, connectingPayload: ["authToken": "t"])
    let http = HTTPNetworkTransport(url: URL(string: "http://localhost/graphql")!)
    let client = ApolloClient(networkTransport: SplitNetworkTransport(httpNetworkTransport: http, webSocketNetworkTransport: webSocket))
    waitForConnectionInits(socket, count: 1)
    socket.receive(["type": "connection_ack"])
    let names = Recorder<String?>()
    let delivered = expectation(description: "an event")
    let subscription = client.subscribe(subscription: HeroChangedSubscription(), queue: .main) { result in
      names.append(try? result.get().data?.hero?.name)
      delivered.fulfill()
    }
    let deadline = Date().addingTimeInterval(5)
    while socket.written(type: "start").isEmpty && Date() < deadline { RunLoop.current.run(until: Date().addingTimeInterval(0.01)) }
    let start = try XCTUnwrap(socket.written(type: "start").first)
    let id = try XCTUnwrap(start["id"]?.stringValue)
    XCTAssertEqual(start["payload"]?["operationName"], "HeroChanged")
    XCTAssertEqual(start["payload"]?["variables"], .object(["episode": "JEDI"]))
    XCTAssertEqual(start["payload"]?["query"]?.stringValue?.hasPrefix("subscription HeroChanged"), true)

    socket.receive(["type": "data", "id": .string(id), "payload": ["data": ["hero": [
      "__typename": "Droid", "name": "R2-D2", "friends": [["__typename": "Human", "name": "Luke Skywalker"]]]]]])
    wait(for: [delivered], timeout: 5)
    XCTAssertEqual(names.values, ["R2-D2"])

    subscription.cancel()
    let stopDeadline = Date().addingTimeInterval(5)
    while socket.written(type: "stop").isEmpty && Date() < stopDeadline { RunLoop.current.run(until: Date().addingTimeInterval(0.01)) }
    XCTAssertEqual(socket.written(type: "stop").first?["id"]?.stringValue, id)
    withExtendedLifetime(webSocket) {}
  }
}
