@testable import ApolloDelegateWebSocket
import Foundation
import StarWarsAPI
import XCTest

/// Broken framing under the transport (the RFC 6455 client fails the connection): a typed error to every handler, a
/// wrapped one to the delegate, no crash, and a usable transport again after the reconnection (quirk Q18).
final class WebSocketTransportMalformedFrameTests: XCTestCase {
  func test_brokenFraming_givesEveryHandlerTheTypedErrorAndTheTransportReconnects() {
    let session = ScriptedWebSocketSession()
    let socket = ApolloWebSocket(request: URLRequest(url: URL(string: "ws://localhost:4000/graphql")!),
                                 protocols: ["graphql-ws"], session: session)
    let transport = WebSocketTransport(websocket: socket, clientName: "c", clientVersion: "v", reconnectionInterval: 0.02)
    let events = TransportEvents()
    transport.delegate = events
    let subscription = Recorder<Delivery>(), query = Recorder<Delivery>()
    transport.record(countdown, into: subscription)
    transport.record(HeroNameQuery(episode: .none), into: query)
    let first = session.tasks[0]
    first.open()
    first.push(.string(#"{"type":"connection_ack"}"#))
    waitUntil("both starts") { first.sentTypes == ["connection_init", "start", "start"] }

    first.end(RFC6455Error.protocolViolation("reserved bits set"))
    waitUntil("a new connection") { session.tasks.count == 2 }
    transport.drain()
    XCTAssertEqual(subscription.errors.first as? RFC6455Error, .protocolViolation("reserved bits set"))
    XCTAssertEqual(query.errors.first as? RFC6455Error, .protocolViolation("reserved bits set"))
    guard let wrapped = events.disconnectErrors.first as? WebSocketError, case .networkError = wrapped.kind else {
      return XCTFail("expected a networkError for the delegate, got \(events.disconnectErrors)")
    }
    XCTAssertEqual(wrapped.error as? RFC6455Error, .protocolViolation("reserved bits set"))

    let second = session.tasks[1]
    second.open()
    second.push(.string(#"{"type":"connection_ack"}"#))
    waitUntil("the re-sent subscription only") { second.sentTypes == ["connection_init", "start"] }
    second.push(.string(#"{"id":"1","payload":{"data":{"countdown":1}},"type":"data"}"#))
    waitUntil("the delivery") { subscription.bodies.count == 1 }
    XCTAssertEqual(subscription.bodies, [countdownPayload(1)])
    XCTAssertEqual(events.events, ["connect", "disconnect(networkError)", "reconnect"])
  }

  func test_binaryFrame_isIgnoredAndTheConnectionStays() {
    let session = ScriptedWebSocketSession()
    let socket = ApolloWebSocket(request: URLRequest(url: URL(string: "ws://localhost:4000/graphql")!),
                                 protocols: ["graphql-ws"], session: session)
    let transport = WebSocketTransport(websocket: socket, clientName: "c", clientVersion: "v")
    let recorder = Recorder<Delivery>()
    transport.record(countdown, into: recorder)
    let task = session.tasks[0]
    task.open()
    task.push(.string(#"{"type":"connection_ack"}"#))
    task.push(.data(Data([0xc3, 0x28, 0xff])))
    task.push(.string(#"{"id":"1","payload":{"data":{"countdown":2}},"type":"data"}"#))
    waitUntil("the delivery") { recorder.count == 1 }
    XCTAssertEqual(recorder.bodies, [countdownPayload(2)])
    XCTAssertTrue(transport.isConnected())
  }
}
