import ApolloTestSupport
import ApolloAsyncChain
import ApolloCallbackWebSocket
import ApolloWebSocket
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The same subscription through the 1.x and the 2.x socket over `graphql-transport-ws`, each on a logging session
/// against TestServer: the deliveries are the same, and the frames differ only where MIGRATION.md 5.7.2 says
/// (1.x's `connection_init` carries `"payload":{}`).
final class CallbackWebSocketWireComparisonTests: IntegrationTestCase {
  private func record1x() async throws -> (values: [Int], log: WebSocketEventLog) {
    let logging = LoggingWebSocketSession(wrapping: DefaultWebSocketURLSession.platformDefault)
    let socket = WebSocket(request: URLRequest(url: webSocketURL(TestServer.baseURL)), protocol: .graphql_transport_ws,
                           session: logging)
    let transport = ApolloCallbackWebSocket.WebSocketTransport(websocket: socket)
    let values = Mutex<[Int]>([])
    _ = transport.send(operation: CountdownSubscription(from: 2, intervalMs: 10), cachePolicy: .fetchIgnoringCacheData,
                       contextIdentifier: nil, context: nil, callbackQueue: DispatchQueue(label: "1.x results")) { result in
      values.withLock { $0.append((try? result.get().data?.countdown) ?? -1) }
    }
    let done = await eventually {
      values.withLock { $0 } == [2, 1, 0] && logging.log.events.contains { event in
        if case .received(.text(let text)) = event.kind { return text.contains(#""complete""#) }
        return false
      }
    }
    XCTAssertTrue(done, "1.x: \(values.withLock { $0 })")
    let log = logging.log  // before closeConnection's connection_terminate, which 2.x has no counterpart for
    transport.closeConnection()
    return (values.withLock { $0 }, log)
  }

  private func record2x() async throws -> (values: [Int], log: WebSocketEventLog) {
    let logging = LoggingWebSocketSession(wrapping: DefaultWebSocketURLSession.platformDefault)
    let transport = ApolloWebSocket.WebSocketTransport(urlSession: logging, store: ApolloStore(),
                                                           endpointURL: webSocketURL(TestServer.baseURL))
    let stream = try transport.send(subscription: CountdownSubscription(from: 2, intervalMs: .some(10)),
                                    fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration())
    let values = try await withTimeout(15) {
      var values: [Int] = []
      for try await response in stream { values.append(response.data?.countdown ?? -1) }
      return values
    }
    return (values, logging.log)
  }

  /// The normalized log's frames as JSON objects, in order, with the direction.
  private func frames(_ log: WebSocketEventLog) -> [(String, JSON.Object)] {
    log.normalized().events.compactMap { event in
      switch event.kind {
      case .sent(.text(let text)): return (try? JSONParser.parseObject(Data(text.utf8))).map { ("sent", $0) }
      case .received(.text(let text)): return (try? JSONParser.parseObject(Data(text.utf8))).map { ("received", $0) }
      default: return nil
      }
    }
  }

  func test_sameSubscription_through1xAnd2x_deliversTheSameAndDiffersOnlyInTheDocumentedPayloads() async throws {
    let (values1x, log1x) = try await record1x()
    let (values2x, log2x) = try await record2x()
    XCTAssertEqual(values1x, [2, 1, 0])
    XCTAssertEqual(values2x, values1x)

    var frames1x = frames(log1x)
    let frames2x = frames(log2x)
    XCTAssertEqual(frames1x.map { "\($0.0) \($0.1["type"]?.stringValue ?? "?")" },
                   frames2x.map { "\($0.0) \($0.1["type"]?.stringValue ?? "?")" })
    // The documented differences, then nothing else.
    let init1x = frames1x.firstIndex { $0.1["type"] == "connection_init" }
    let init2x = frames2x.firstIndex { $0.1["type"] == "connection_init" }
    XCTAssertEqual(init1x.map { frames1x[$0].1["payload"] }, .some(.object([:])))
    XCTAssertEqual(init2x.map { frames2x[$0].1["payload"] }, .some(nil))
    if let init1x { frames1x[init1x].1["payload"] = nil }
    XCTAssertEqual(frames1x.map { JSONSerializer.string(.object($0.1)) }, frames2x.map { JSONSerializer.string(.object($0.1)) })
  }
}
