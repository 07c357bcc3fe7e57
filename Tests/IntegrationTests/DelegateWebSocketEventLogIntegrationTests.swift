import ApolloTestSupport
import ApolloDelegateWebSocket
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``LoggingWebSocketSession`` recording the 0.x transport against TestServer, so its frames can be set beside the
/// other generations' logs.
final class DelegateWebSocketEventLogIntegrationTests: IntegrationTestCase {
  func test_loggingSession_records0xSubscriptionFramesInOrder() async throws {
    let session = LoggingWebSocketSession(wrapping: URLSession.shared)
    let socket = ApolloWebSocket(request: URLRequest(url: webSocketURL(TestServer.baseURL)), protocols: ["graphql-ws"],
                                 session: session)
    let transport = WebSocketTransport(websocket: socket, reconnect: false)
    let deliveries = LegacyDeliveries<CountdownSubscription.Data>()
    _ = transport.send(operation: CountdownSubscription(from: 2, intervalMs: .some(10)), completionHandler: deliveries.handler)
    try await expectEventually("three values and the complete", within: 10) {
      deliveries.values.count == 3 && session.log.receivedMessages.last?["type"]?.stringValue == "complete"
    }
    let outline = session.log.normalized().events.map { event -> String in
      switch event.kind {
      case .created(_, let subprotocol): return "created \(subprotocol ?? "-")"
      case .resumed: return "resumed"
      case .sent(.text(let text)), .received(.text(let text)):
        let direction = if case .sent = event.kind { "sent" } else { "received" }
        let message = (try? JSONParser.parseObject(Data(text.utf8))) ?? [:]
        return [direction, message["type"]?.stringValue ?? "?", message["id"]?.stringValue].compactMap { $0 }.joined(separator: " ")
      default: return event.description
      }
    }
    XCTAssertEqual(outline, [
      "created graphql-ws",
      "resumed",
      "sent connection_init",
      "received connection_ack",
      "sent start #1",
      "received data #1",
      "received data #1",
      "received data #1",
      "received complete #1",
    ], session.log.description)
    XCTAssertEqual(deliveries.values.map { $0.data?.countdown }, [2, 1, 0])
  }
}
