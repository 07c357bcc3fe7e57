import ApolloCallbackWebSocket
import ApolloDelegateWebSocket
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The same subscription through the 0.x and the 1.x socket over `graphql-ws` (subscriptions-transport-ws), each on
/// a logging session against TestServer: the deliveries are the same, and the frames differ only where MIGRATION.md
/// 5.7 says. With ``CallbackWebSocketWireComparisonTests`` (1.x and 2.x over `graphql-transport-ws`) this puts the
/// three generations' sockets side by side.
final class SocketGenerationsWireComparisonTests: IntegrationTestCase {
  /// Waits for the server's `complete` frame and then for the handler to have seen `count` values: the frame
  /// is logged when the socket reads it, the last value reaches the handler a queue hop later.
  private func waitForComplete(_ logging: LoggingWebSocketSession, values: Mutex<[Int]>, count: Int = 3) async -> Bool {
    let completed = await eventually(within: 10) {
      logging.log.events.contains { event in
        if case .received(.text(let text)) = event.kind { return text.contains(#""complete""#) }
        return false
      }
    }
    return await eventually(within: 5) { values.withLock { $0.count } >= count } && completed
  }

  private func record0x() async throws -> (values: [Int], log: WebSocketEventLog) {
    let logging = LoggingWebSocketSession(wrapping: DefaultWebSocketURLSession.platformDefault)
    let socket = ApolloWebSocket(request: URLRequest(url: webSocketURL(TestServer.baseURL)), protocols: ["graphql-ws"],
                                 session: logging)
    let transport = ApolloDelegateWebSocket.WebSocketTransport(websocket: socket, reconnect: false)
    let values = Mutex<[Int]>([])
    _ = transport.send(operation: CountdownSubscription(from: 2, intervalMs: 10)) { result in
      values.withLock { $0.append((try? result.get().parseResultFast().data?.countdown) ?? -1) }
    }
    let done = await waitForComplete(logging, values: values)
    XCTAssertTrue(done, "0.x: \(values.withLock { $0 })")
    let log = logging.log
    transport.closeConnection()
    return (values.withLock { $0 }, log)
  }

  private func record1x() async throws -> (values: [Int], log: WebSocketEventLog) {
    let logging = LoggingWebSocketSession(wrapping: DefaultWebSocketURLSession.platformDefault)
    let socket = WebSocket(request: URLRequest(url: webSocketURL(TestServer.baseURL)), protocol: .graphql_ws, session: logging)
    let transport = ApolloCallbackWebSocket.WebSocketTransport(websocket: socket)
    let values = Mutex<[Int]>([])
    _ = transport.send(operation: CountdownSubscription(from: 2, intervalMs: 10), cachePolicy: .fetchIgnoringCacheData,
                       contextIdentifier: nil, context: nil, callbackQueue: DispatchQueue(label: "1.x results")) { result in
      values.withLock { $0.append((try? result.get().data?.countdown) ?? -1) }
    }
    let done = await waitForComplete(logging, values: values)
    XCTAssertTrue(done, "1.x: \(values.withLock { $0 })")
    let log = logging.log
    transport.closeConnection()
    return (values.withLock { $0 }, log)
  }

  /// The normalized log's frames as JSON objects, in order, with the direction.
  private func frames(_ log: WebSocketEventLog) -> [(direction: String, message: JSON.Object)] {
    log.normalized().events.compactMap { event in
      switch event.kind {
      case .sent(.text(let text)): return (try? JSONParser.parseObject(Data(text.utf8))).map { ("sent", $0) }
      case .received(.text(let text)): return (try? JSONParser.parseObject(Data(text.utf8))).map { ("received", $0) }
      default: return nil
      }
    }
  }

  func test_sameSubscription_through0xAnd1xOverGraphQLWS_deliversTheSameAndDiffersOnlyInTheDocumentedPayloads() async throws {
    let (values0x, log0x) = try await record0x()
    let (values1x, log1x) = try await record1x()
    XCTAssertEqual(values0x, [2, 1, 0])
    XCTAssertEqual(values1x, values0x)

    let frames0x = frames(log0x)
    let frames1x = frames(log1x)
    let outline = ["sent connection_init", "received connection_ack", "sent start", "received data", "received data",
                   "received data", "received complete"]
    XCTAssertEqual(frames0x.map { "\($0.direction) \($0.message["type"]?.stringValue ?? "?")" }, outline)
    XCTAssertEqual(frames1x.map { "\($0.direction) \($0.message["type"]?.stringValue ?? "?")" }, outline)
    XCTAssertEqual(frames0x.map { JSONSerializer.string(.object($0.message)) }, frames1x.map { JSONSerializer.string(.object($0.message)) },
                   "0.x:\n\(log0x.normalized())\n1.x:\n\(log1x.normalized())")
  }
}
