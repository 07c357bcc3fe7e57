import ApolloCallbackWebSocket
import ApolloDelegateWebSocket
import ApolloTestSupport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What 0.x's and 1.x's sockets tell their delegates when TestServer ends the connection, as their Starscream did:
/// a close frame is a `WSError` with its code (also through a logging session), a TCP close without one is `nil`,
/// a reset is an error.
final class SocketDisconnectTests: IntegrationTestCase {
  private typealias DelegateWSError = ApolloDelegateWebSocket.WSError
  private typealias CallbackWSError = ApolloCallbackWebSocket.WebSocket.WSError

  private enum Generation: CaseIterable { case v0, v1 }

  /// Connects the generation's socket to `/graphql` + `query`, sends `connection_init` and returns what its
  /// delegate was told when the server ended the connection.
  private func disconnectError(_ generation: Generation, _ query: String,
                               session: any WebSocketURLSession = DefaultWebSocketURLSession.platformDefault)
    async throws -> (any Error)?
  {
    let request = URLRequest(url: webSocketURL(TestServer.baseURL, "/graphql" + query))
    let events = DisconnectRecorder()
    let initMessage = #"{"type":"connection_init","payload":{}}"#
    let socket: AnyObject
    switch generation {
    case .v0:
      let v0 = ApolloWebSocket(request: request, protocols: ["graphql-ws"], session: session)
      v0.delegate = events
      v0.connect()
      try await expectEventually("connected", within: 5) { events.connected }
      v0.write(string: initMessage, completion: nil)
      socket = v0
    case .v1:
      let v1 = ApolloCallbackWebSocket.WebSocket(request: request, protocol: .graphql_ws, session: session)
      v1.delegate = events
      v1.connect()
      try await expectEventually("connected", within: 5) { events.connected }
      v1.write(string: initMessage)
      socket = v1
    }
    try await expectEventually("disconnected", within: 5) { events.disconnected }
    withExtendedLifetime(socket) {}
    return events.error
  }

  func test_aTCPCloseWithoutACloseFrame_isNoError() async throws {
    for generation in Generation.allCases {
      let error = try await disconnectError(generation, "?dropAfter=0&dropMode=fin")
      XCTAssertNil(error, "\(generation)")
    }
  }

  func test_aResetConnection_isAnError() async throws {
    for generation in Generation.allCases {
      let error = try await disconnectError(generation, "?dropAfter=0&dropMode=rst")
      XCTAssertNotNil(error, "\(generation): a reset is not a clean end")
      XCTAssertFalse(error is DelegateWSError || error is CallbackWSError, "\(generation): \(String(describing: error))")
    }
  }

  func test_aCloseFrame_isAWSErrorWithItsCode_alsoThroughALoggingSession() async throws {
    let logged = LoggingWebSocketSession(wrapping: DefaultWebSocketURLSession.platformDefault)
    for generation in Generation.allCases {
      for session in [DefaultWebSocketURLSession.platformDefault, logged] {
        let error = try await disconnectError(generation, "?closeAfter=0&closeCode=1000", session: session)
        let code = (error as? DelegateWSError)?.code ?? (error as? CallbackWSError)?.code
        XCTAssertEqual(code, 1000, "\(generation): \(String(describing: error)) over \(type(of: session))")
      }
    }
  }
}

/// Both generations' delegate: whether the socket connected, and what ended it.
private final class DisconnectRecorder: ApolloDelegateWebSocket.WebSocketDelegate, ApolloCallbackWebSocket.WebSocketClientDelegate,
  @unchecked Sendable
{
  // @unchecked Sendable: the state is behind `lock`.
  private let lock = NSLock()
  private var state: (connected: Bool, disconnected: Bool, error: (any Error)?) = (false, false, nil)
  var connected: Bool { lock.withLock { state.connected } }
  var disconnected: Bool { lock.withLock { state.disconnected } }
  var error: (any Error)? { lock.withLock { state.error } }

  private func connect() { lock.withLock { state.connected = true } }
  private func disconnect(_ error: (any Error)?) { lock.withLock { state.disconnected = true; state.error = error } }

  func websocketDidConnect(socket: any ApolloDelegateWebSocket.WebSocketClient) { connect() }
  func websocketDidDisconnect(socket: any ApolloDelegateWebSocket.WebSocketClient, error: (any Error)?) { disconnect(error) }
  func websocketDidReceiveMessage(socket: any ApolloDelegateWebSocket.WebSocketClient, text: String) {}
  func websocketDidReceiveData(socket: any ApolloDelegateWebSocket.WebSocketClient, data: Data) {}
  func websocketDidConnect(socket: any ApolloCallbackWebSocket.WebSocketClient) { connect() }
  func websocketDidDisconnect(socket: any ApolloCallbackWebSocket.WebSocketClient, error: (any Error)?) { disconnect(error) }
  func websocketDidReceiveMessage(socket: any ApolloCallbackWebSocket.WebSocketClient, text: String) {}
  func websocketDidReceiveData(socket: any ApolloCallbackWebSocket.WebSocketClient, data: Data) {}
}
