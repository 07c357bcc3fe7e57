import ApolloTestSupport
import ApolloWebSocket
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// TestServer's legacy `graphql-ws` sub-protocol (subscriptions-transport-ws), frame by frame over the RFC 6455
/// client, with no transport in between: what the 0.x and 1.x sockets are tested against has to be right first.
final class GraphQLWSTestServerTests: IntegrationTestCase {
  private static let initMessage = #"{"type":"connection_init","payload":{}}"#

  /// An open `graphql-ws` socket to TestServer; `pathAndQuery` carries the fault switches.
  private func open(_ pathAndQuery: String = "/graphql", handshakeTimeout: TimeInterval = 10,
                    subprotocol: String = "graphql-ws") -> GraphQLWSWire {
    var request = URLRequest(url: webSocketURL(TestServer.baseURL, pathAndQuery))
    request.setValue(subprotocol, forHTTPHeaderField: "Sec-WebSocket-Protocol")
    let task = RFC6455WebSocketTask(request: request, handshakeTimeout: handshakeTimeout)
    task.resume()
    return GraphQLWSWire(task: task)
  }

  /// A socket that sent `connection_init` and got its `connection_ack`.
  private func openAcknowledged(_ pathAndQuery: String = "/graphql") async throws -> GraphQLWSWire {
    let wire = open(pathAndQuery)
    try await wire.send(Self.initMessage)
    let ack = try await wire.next()
    XCTAssertEqual(ack["type"]?.stringValue, "connection_ack")
    return wire
  }

  private static func start(_ id: String, _ query: String) -> String {
    let payload: JSON = .object(["query": .string(query)])
    let message: JSON = .object(["id": .string(id), "type": .string("start"), "payload": payload])
    return JSONSerializer.string(message)
  }

  func test_graphQLWSConnectionInit_isAcknowledgedOnTheNegotiatedSubprotocol() async throws {
    let wire = try await openAcknowledged()
    XCTAssertEqual(wire.task.negotiatedProtocol, "graphql-ws")
    wire.task.cancel(with: .normalClosure, reason: nil)
  }

  func test_graphQLWSSubscription_sendsSeveralDataThenComplete() async throws {
    let wire = try await openAcknowledged()
    try await wire.send(Self.start("1", "subscription { countdown(from: 3, intervalMs: 10) }"))
    var values: [Int] = []
    var message = try await wire.next()
    while message["type"]?.stringValue == "data" {
      XCTAssertEqual(message["id"]?.stringValue, "1")
      values.append(message["payload"]?["data"]?["countdown"]?.intValue ?? -1)
      message = try await wire.next()
    }
    XCTAssertEqual(values, [3, 2, 1, 0])
    XCTAssertEqual(message["type"]?.stringValue, "complete")
    XCTAssertEqual(message["id"]?.stringValue, "1")
    wire.task.cancel(with: .normalClosure, reason: nil)
  }

  func test_graphQLWSStop_endsTheSubscriptionWithCompleteAndNoMoreData() async throws {
    let wire = try await openAcknowledged()
    try await wire.send(Self.start("7", "subscription { countdown(from: 1000, intervalMs: 20) }"))
    let first = try await wire.next()
    XCTAssertEqual(first["type"]?.stringValue, "data")
    try await wire.send(#"{"id":"7","type":"stop"}"#)
    var message = try await wire.next()
    while message["type"]?.stringValue == "data" { message = try await wire.next() }  // already on the way
    XCTAssertEqual(message["type"]?.stringValue, "complete")
    XCTAssertEqual(message["id"]?.stringValue, "7")
    // Nothing follows the complete: the next thing to arrive is the answer to a later query.
    try await wire.send(Self.start("8", "{ hero { name } }"))
    let after = try await wire.next()
    XCTAssertEqual(after["id"]?.stringValue, "8")
    try await expectEventually("the server to drop the stopped operation", within: 10) {
      try await TestServer.stats()["webSocketOperations"]?.intValue == 0
    }
    wire.task.cancel(with: .normalClosure, reason: nil)
  }

  func test_graphQLWSQueryAndMutationOverStart_eachSendOneDataThenComplete() async throws {
    let wire = try await openAcknowledged()
    try await wire.send(Self.start("q", "{ hero(episode: EMPIRE) { name } }"))
    let data = try await wire.next()
    XCTAssertEqual(data["type"]?.stringValue, "data")
    XCTAssertEqual(data["payload"]?["data"]?["hero"]?["name"]?.stringValue, "Luke Skywalker")
    let complete = try await wire.next()
    XCTAssertEqual(complete["type"]?.stringValue, "complete")
    XCTAssertEqual(complete["id"]?.stringValue, "q")

    try await wire.send(Self.start("m", #"mutation { createReview(episode: JEDI, review: {stars: 5}) { stars } }"#))
    let mutationData = try await wire.next()
    XCTAssertEqual(mutationData["payload"]?["data"]?["createReview"]?["stars"]?.intValue, 5)
    let mutationComplete = try await wire.next()
    XCTAssertEqual(mutationComplete["type"]?.stringValue, "complete")
    XCTAssertEqual(mutationComplete["id"]?.stringValue, "m")
    wire.task.cancel(with: .normalClosure, reason: nil)
  }

  func test_graphQLWSKeepAlive_arrivesRightAfterTheAckThenAtTheInterval() async throws {
    let wire = try await openAcknowledged("/graphql?serverPing=100")
    let clock = ContinuousClock.now
    for _ in 0..<3 {
      let message = try await wire.next()
      XCTAssertEqual(message, ["type": .string("ka")])
    }
    // The first right away, two more at 100 ms intervals.
    XCTAssertGreaterThanOrEqual(elapsed(since: clock), 0.15)
    wire.task.cancel(with: .normalClosure, reason: nil)
  }

  func test_graphQLWSInvalidOperation_getsErrorWithTheFirstErrorAndNoComplete() async throws {
    let wire = try await openAcknowledged()
    try await wire.send(Self.start("bad", "{ hero { name } xyzzy }"))
    let error = try await wire.next()
    XCTAssertEqual(error["type"]?.stringValue, "error")
    XCTAssertEqual(error["id"]?.stringValue, "bad")
    let text = error["payload"]?["message"]?.stringValue ?? ""
    XCTAssertTrue(text.hasPrefix("Cannot query field 'xyzzy' on type 'Query'."), text)
    // The socket stays usable and no complete for "bad" comes before the next answer.
    try await wire.send(Self.start("ok", "{ hero { name } }"))
    let next = try await wire.next()
    XCTAssertEqual(next["id"]?.stringValue, "ok")
    XCTAssertEqual(next["type"]?.stringValue, "data")
    wire.task.cancel(with: .normalClosure, reason: nil)
  }

  func test_graphQLWSRefusedInit_getsConnectionErrorThenClose1011() async throws {
    let wire = open("/graphql-auth")
    try await wire.send(Self.initMessage)
    let refusal = try await wire.next()
    XCTAssertEqual(refusal["type"]?.stringValue, "connection_error")
    XCTAssertEqual(refusal["payload"]?["message"]?.stringValue, "Unauthorized")
    let ending = await wire.ending()
    XCTAssertEqual(ending as? RFC6455Error, .closedByServer(code: 1011, reason: "Unauthorized"))
  }

  func test_graphQLWSUnparsableMessage_getsConnectionErrorAndTheSocketStaysOpen() async throws {
    let wire = try await openAcknowledged()
    try await wire.send("not json")
    let answer = try await wire.next()
    XCTAssertEqual(answer["type"]?.stringValue, "connection_error")
    try await wire.send(Self.start("1", "{ hero { name } }"))
    let data = try await wire.next()
    XCTAssertEqual(data["type"]?.stringValue, "data")
    wire.task.cancel(with: .normalClosure, reason: nil)
  }

  // MARK: Fault switches, one of each kind

  func test_graphQLWSRefuseSwitch_answersTheUpgradeWithThatStatus() async throws {
    let wire = open("/graphql?refuse=503")
    let error = await wire.openingError()
    guard case .handshakeFailed(let reason) = error as? RFC6455Error else {
      return XCTFail("expected a failed handshake, got \(String(describing: error))")
    }
    XCTAssertTrue(reason.contains("503"), reason)
  }

  func test_graphQLWSUpgradeDelaySwitch_holdsTheHandshakePastTheClientsTimeout() async throws {
    let wire = open("/graphql?upgradeDelayMs=2000", handshakeTimeout: 0.5)
    let error = await wire.openingError()
    XCTAssertEqual(error as? RFC6455Error, .timedOut(phase: "handshake"))
  }

  func test_graphQLWSAckDelaySwitch_delaysTheAck() async throws {
    let wire = open("/graphql?ackDelayMs=400")
    try await wire.send(Self.initMessage)
    let start = ContinuousClock.now
    let ack = try await wire.next()
    XCTAssertEqual(ack["type"]?.stringValue, "connection_ack")
    XCTAssertGreaterThanOrEqual(elapsed(since: start), 0.35)
    wire.task.cancel(with: .normalClosure, reason: nil)
  }

  /// The switch resets the connection by default, or closes it normally with `dropMode=fin`: the RFC 6455 client
  /// reports a reset as the socket error it is, a normal close without a close frame as `connectionClosed`.
  func test_graphQLWSDropAfterSwitch_endsTheConnectionWithoutACloseFrameAfterThatManyData() async throws {
    for (mode, expected) in [("rst", RFC6455Error.socketError(errno: ECONNRESET)), ("fin", .connectionClosed)] {
      let wire = try await openAcknowledged("/graphql?dropAfter=2&dropMode=\(mode)")
      try await wire.send(Self.start("1", "subscription { countdown(from: 10, intervalMs: 10) }"))
      let first = try await wire.next()
      let second = try await wire.next()
      XCTAssertEqual([first, second].map { $0["payload"]?["data"]?["countdown"]?.intValue }, [10, 9])
      let ending = await wire.ending()
      XCTAssertEqual(ending as? RFC6455Error, expected, mode)
      XCTAssertNil(wire.task.closeCode, "no close frame")
    }
  }

  func test_graphQLWSCloseAfterSwitch_closesWithTheGivenCodeAndReason() async throws {
    let wire = try await openAcknowledged("/graphql?closeAfter=1&closeCode=4500&closeReason=planned")
    try await wire.send(Self.start("1", "subscription { countdown(from: 10, intervalMs: 10) }"))
    let first = try await wire.next()
    XCTAssertEqual(first["type"]?.stringValue, "data")
    let ending = await wire.ending()
    XCTAssertEqual(ending as? RFC6455Error, .closedByServer(code: 4500, reason: "planned"))
  }

  func test_graphQLWSCloseAllRoute_closesLegacySocketsWithTheGivenCode() async throws {
    let wire = try await openAcknowledged()
    _ = try await TestServer.json("POST", "/_test/ws/close-all?code=4321&reason=all")
    let ending = await wire.ending()
    XCTAssertEqual(ending as? RFC6455Error, .closedByServer(code: 4321, reason: "all"))
  }

  func test_faultSwitchesOnGraphQLTransportWS_actTheSameWay() async throws {
    let wire = open("/graphql?closeAfter=1&closeCode=4500&closeReason=planned", subprotocol: "graphql-transport-ws")
    try await wire.send(Self.initMessage)
    let ack = try await wire.next()
    XCTAssertEqual(ack["type"]?.stringValue, "connection_ack")
    try await wire.send(#"{"id":"1","type":"subscribe","payload":{"query":"subscription { countdown(from: 10) }"}}"#)
    let first = try await wire.next()
    XCTAssertEqual(first["type"]?.stringValue, "next")
    let ending = await wire.ending()
    XCTAssertEqual(ending as? RFC6455Error, .closedByServer(code: 4500, reason: "planned"))

    let refused = open("/graphql?refuse=500", subprotocol: "graphql-transport-ws")
    let error = await refused.openingError()
    guard case .handshakeFailed(let reason) = error as? RFC6455Error else {
      return XCTFail("expected a failed handshake, got \(String(describing: error))")
    }
    XCTAssertTrue(reason.contains("500"), reason)
  }
}

/// One raw `graphql-ws` conversation: JSON text frames out, parsed JSON objects in, each read with a deadline.
private struct GraphQLWSWire: Sendable {
  let task: RFC6455WebSocketTask

  func send(_ text: String) async throws {
    try await task.send(.string(text))
  }

  /// The next message as a JSON object (a test failure, then a throw, when it is not one).
  func next(within seconds: Double = 10, file: StaticString = #filePath, line: UInt = #line) async throws -> JSON.Object {
    let message = try await withTimeout(seconds) { try await task.receive() }
    guard case .string(let text) = message else {
      XCTFail("expected a text frame, got \(message)", file: file, line: line)
      throw RFC6455Error.protocolViolation("binary frame")
    }
    return try JSONParser.parseObject(Data(text.utf8))
  }

  /// The error the receive side ends with (skipping any messages before it).
  func ending(within seconds: Double = 10) async -> (any Error)? {
    do {
      let _: Int = try await withTimeout(seconds) {
        while true { _ = try await task.receive() }
      }
      return nil
    } catch {
      return error
    }
  }

  /// The error the opening handshake fails with, or `nil` when it succeeds.
  func openingError(within seconds: Double = 10) async -> (any Error)? {
    do {
      try await withTimeout(seconds) { try await task.waitForOpen() }
      return nil
    } catch {
      return error
    }
  }
}
