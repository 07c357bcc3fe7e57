import ApolloTestSupport
import ApolloWebSocket
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``LoggingWebSocketSession`` recording the 2.x transport against TestServer.
final class WebSocketEventLogIntegrationTests: IntegrationTestCase {
  /// Ids that look nothing like the default sequential ones.
  private struct RandomOperationIDs: OperationMessageIdCreator {
    mutating func requestId() -> String { UUID().uuidString }
  }

  /// Runs a countdown subscription through a 2.x transport on a logging `URLSession.shared` and returns the log.
  private func recordCountdown(_ configuration: WebSocketTransport.Configuration = .init()) async throws -> WebSocketEventLog {
    let session = LoggingWebSocketSession(wrapping: URLSession.shared)
    let transport = WebSocketTransport(urlSession: session, store: ApolloStore(), endpointURL: webSocketURL(TestServer.baseURL),
                                           configuration: configuration)
    let stream = try transport.send(subscription: CountdownSubscription(from: 2, intervalMs: .some(10)), fetchBehavior: .NetworkOnly,
                                    requestConfiguration: RequestConfiguration())
    let values = try await withTimeout(15) {
      var values: [Int] = []
      for try await response in stream { values.append(response.data?.countdown ?? -1) }
      return values
    }
    XCTAssertEqual(values, [2, 1, 0])
    return session.log
  }

  /// `created`, `resumed`, or `<sent|received> <type> <id>` for each event.
  private func outline(_ log: WebSocketEventLog) -> [String] {
    log.events.map { event in
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
  }

  func test_loggingSession_records2xSubscriptionFramesAndStatesInOrder() async throws {
    let log = try await recordCountdown().normalized()
    XCTAssertEqual(outline(log), [
      "created graphql-transport-ws",
      "resumed",
      "sent connection_init",
      "received connection_ack",
      "sent subscribe #1",
      "received next #1",
      "received next #1",
      "received next #1",
      "received complete #1",
    ], log.description)
    XCTAssertEqual(log.receivedMessages.compactMap { $0["payload"]?["data"]?["countdown"]?.intValue }, [2, 1, 0])
    guard case .created(let url, _) = log.events.first?.kind else { return XCTFail("no created event first") }
    XCTAssertEqual(url, webSocketURL(TestServer.baseURL))
  }

  func test_normalizedLogs_ofTheSameSubscriptionWithOtherOperationIDs_areEqual() async throws {
    let sequential = try await recordCountdown()
    let random = try await recordCountdown(.init(operationMessageIdCreator: RandomOperationIDs()))
    XCTAssertNotEqual(sequential.sentMessages.last?["id"], random.sentMessages.last?["id"], "the ids on the wire differ")
    XCTAssertEqual(sequential.normalized(), random.normalized(), "\(sequential.normalized())\n---\n\(random.normalized())")
  }
}
