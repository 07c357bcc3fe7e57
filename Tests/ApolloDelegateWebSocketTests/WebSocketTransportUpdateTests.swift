@testable import ApolloDelegateWebSocket
import Foundation
import StarWarsAPI
import XCTest

/// Header, payload and client-name updates: each applies on a new connection (0.33 reference §4.5; test list §5
/// #38–#39; quirk Q21).
final class WebSocketTransportUpdateTests: XCTestCase {
  func test_updateHeaderValues_setsTheHeaderOnTheSocketRequest() {
    // §5 #38.
    let socket = MockWebSocket()
    let transport = makeTransport(socket)
    transport.updateHeaderValues(["Authorization": "UpdatedToken"])
    XCTAssertEqual(socket.request.value(forHTTPHeaderField: "Authorization"), "UpdatedToken")
  }

  func test_updateHeaderValues_withNil_removesTheHeader() {
    var request = URLRequest(url: URL(string: "ws://localhost/graphql")!)
    request.setValue("Bearer old", forHTTPHeaderField: "Authorization")
    let socket = MockWebSocket(request: request, protocols: ["graphql-ws"])
    let transport = makeTransport(socket)
    transport.updateHeaderValues(["Authorization": nil])
    XCTAssertNil(socket.request.value(forHTTPHeaderField: "Authorization"))
  }

  func test_updateHeaderValues_reconnectsAndResumesSubscriptionsWithoutAScheduledReconnect() {
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket, reconnectionInterval: 0.02)
    socket.opensOnConnect = true
    let events = TransportEvents()
    transport.delegate = events
    transport.record(countdown, into: Recorder())
    transport.drain()
    socket.clearSent()
    transport.updateHeaderValues(["Authorization": "New"])
    transport.drain()
    XCTAssertEqual(socket.disconnectCodes, [1000])
    XCTAssertEqual(socket.connectCalls, 2)
    XCTAssertEqual(events.events, ["disconnect(networkError)", "reconnect"])
    socket.ack()
    transport.drain()
    XCTAssertEqual(socket.sentTypes, ["connection_init", "start"])
    // The update's own disconnect schedules no second reconnection (0.33 restored the flag first and did).
    Thread.sleep(forTimeInterval: 0.15)
    XCTAssertEqual(socket.connectCalls, 2)
    socket.drop(nil)
    waitUntil("reconnection is on again") { socket.connectCalls == 3 }
  }

  /// Two updates in a row (a token refresh sets the headers, then the payload): reconnection is on again once both are
  /// done, as in 0.33. The second update took the first one's "off" for the setting to put back, and left it off.
  func test_twoUpdatesInARow_leaveReconnectionOn() {
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket, reconnectionInterval: 0.02)
    socket.opensOnConnect = true
    transport.updateHeaderValues(["Authorization": "New"])
    transport.updateConnectingPayload(["Authorization": "New"])
    transport.drain()
    socket.ack()
    transport.drain()
    let connects = socket.connectCalls
    socket.drop(nil)
    waitUntil("reconnection is on again") { socket.connectCalls == connects + 1 }
  }

  /// A pause right after an update stays paused: the update putting its setting back no longer turns reconnection on
  /// again under the pause, whose disconnect then scheduled a reconnection 0.5 s later.
  func test_aPauseRightAfterAnUpdate_staysPaused() {
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket, reconnectionInterval: 0.02)
    socket.opensOnConnect = true
    transport.updateHeaderValues(["Authorization": "New"])
    transport.pauseWebSocketConnection()
    transport.drain()
    let connects = socket.connectCalls
    Thread.sleep(forTimeInterval: 0.15)
    transport.drain()
    XCTAssertEqual(socket.connectCalls, connects, "no reconnection while paused")
  }

  func test_updateConnectingPayload_sendsTheNewPayloadOnTheNextConnectionInit() {
    // §5 #39: after updateConnectingPayload, initServer sends a connection_init with the new value.
    let socket = MockWebSocket()
    let transport = makeTransport(socket, reconnect: false)
    transport.updateConnectingPayload(["Authorization": "UpdatedToken"])
    socket.open()
    transport.drain()
    socket.clearSent()
    transport.initServer()
    transport.drain()
    XCTAssertEqual(socket.sent, [#"{"payload":{"Authorization":"UpdatedToken"},"type":"connection_init"}"#])
  }

  func test_updateConnectingPayload_reconnectsWithTheNewPayload() {
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket, reconnect: false)
    socket.opensOnConnect = true
    transport.updateConnectingPayload(["token": "new"])
    transport.drain()
    XCTAssertEqual(socket.disconnectCodes, [1000])
    XCTAssertEqual(socket.sent, [#"{"payload":{"token":"new"},"type":"connection_init"}"#])
  }

  func test_clientNameAndVersion_changesApplyToTheSocketRequest() {
    let socket = MockWebSocket()
    let transport = makeTransport(socket)
    transport.clientName = "renamed"
    transport.clientVersion = "2.0"
    XCTAssertEqual(socket.request.value(forHTTPHeaderField: "apollographql-client-name"), "renamed")
    XCTAssertEqual(socket.request.value(forHTTPHeaderField: "apollographql-client-version"), "2.0")
    XCTAssertEqual(socket.connectCalls, 1, "they apply on the next connection; nothing reconnects")
  }
}
