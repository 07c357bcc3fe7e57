import ApolloDelegateWebSocket
import ApolloTestSupport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What 0.x's socket tells its delegate when TestServer ends the connection, as Starscream 3 did: a close frame is a
/// `WSError` with its code (also through a logging session), a TCP close without one is `nil`, a reset is an error.
final class DelegateSocketDisconnectTests: IntegrationTestCase {
  private func disconnectError(_ query: String, session: any WebSocketURLSession = DefaultWebSocketURLSession.platformDefault)
    async throws -> (any Error)?
  {
    let socket = ApolloWebSocket(request: URLRequest(url: webSocketURL(TestServer.baseURL, "/graphql" + query)),
                                 protocols: ["graphql-ws"], session: session)
    let events = DisconnectRecorder()
    socket.delegate = events
    socket.connect()
    try await expectEventually("connected", within: 5) { events.connected }
    socket.write(string: #"{"type":"connection_init","payload":{}}"#, completion: nil)
    try await expectEventually("disconnected", within: 5) { events.disconnected }
    return events.error
  }

  func test_aTCPCloseWithoutACloseFrame_isNoError() async throws {
    let error = try await disconnectError("?dropAfter=0&dropMode=fin")
    XCTAssertNil(error)
  }

  func test_aResetConnection_isAnError() async throws {
    let error = try await disconnectError("?dropAfter=0&dropMode=rst")
    XCTAssertNotNil(error, "a reset is not a clean end")
    XCTAssertNil(error as? WSError)
  }

  func test_aCloseFrame_isAWSErrorWithItsCode_alsoThroughALoggingSession() async throws {
    let logged = LoggingWebSocketSession(wrapping: DefaultWebSocketURLSession.platformDefault)
    for session in [DefaultWebSocketURLSession.platformDefault, logged] {
      let error = try await disconnectError("?closeAfter=0&closeCode=1000", session: session)
      XCTAssertEqual((error as? WSError)?.code, 1000, "\(String(describing: error)) over \(type(of: session))")
    }
  }
}

private final class DisconnectRecorder: WebSocketDelegate, @unchecked Sendable {
  // @unchecked Sendable: the state is behind `lock`.
  private let lock = NSLock()
  private var state: (connected: Bool, disconnected: Bool, error: (any Error)?) = (false, false, nil)
  var connected: Bool { lock.withLock { state.connected } }
  var disconnected: Bool { lock.withLock { state.disconnected } }
  var error: (any Error)? { lock.withLock { state.error } }

  func websocketDidConnect(socket: any WebSocketClient) { lock.withLock { state.connected = true } }
  func websocketDidDisconnect(socket: any WebSocketClient, error: (any Error)?) {
    lock.withLock { state.disconnected = true; state.error = error }
  }
  func websocketDidReceiveMessage(socket: any WebSocketClient, text: String) {}
  func websocketDidReceiveData(socket: any WebSocketClient, data: Data) {}
}
