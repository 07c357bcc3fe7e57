@testable import ApolloDelegateWebSocket
import Foundation
import StarWarsAPI
import XCTest

/// 0.x SplitNetworkTransport: routing and client names (0.33 reference §4.6; test list §5 #40).
final class SplitNetworkTransportTests: XCTestCase {
  /// Records which operations reached it and answers nothing.
  final class RecordingTransport: UploadingNetworkTransport, @unchecked Sendable {
    // @unchecked Sendable: `_sent` is behind `lock`; the names are immutable.
    private let lock = NSLock()
    private var _sent: [String] = []
    let clientName: String
    let clientVersion: String
    var sent: [String] { lock.withLock { _sent } }

    init(clientName: String = "app", clientVersion: String = "1") {
      self.clientName = clientName
      self.clientVersion = clientVersion
    }

    func send<Operation: GraphQLOperation>(
      operation: Operation, completionHandler: @escaping (Result<GraphQLResponse<Operation.Data>, any Error>) -> Void
    ) -> any Cancellable {
      lock.withLock { _sent.append(operation.operationName) }
      return EmptyCancellable()
    }

    func upload<Operation: GraphQLOperation>(
      operation: Operation, files: [GraphQLFile],
      completionHandler: @escaping (Result<GraphQLResponse<Operation.Data>, any Error>) -> Void
    ) -> any Cancellable {
      lock.withLock { _sent.append("upload \(operation.operationName)") }
      return EmptyCancellable()
    }
  }

  func test_send_routesSubscriptionsToTheWebSocketAndEverythingElseToHTTP() {
    let http = RecordingTransport(), webSocket = RecordingTransport()
    let split = SplitNetworkTransport(httpNetworkTransport: http, webSocketNetworkTransport: webSocket)
    _ = split.send(operation: HeroNameQuery(episode: .none)) { _ in }
    _ = split.send(operation: CreateReviewMutation(episode: .case(.JEDI), review: ReviewInput(stars: 1))) { _ in }
    _ = split.send(operation: countdown) { _ in }
    _ = split.upload(operation: SingleUploadMutation(file: "a"), files: []) { _ in }
    XCTAssertEqual(http.sent, ["HeroName", "CreateReview", "upload SingleUpload"])
    XCTAssertEqual(webSocket.sent, ["Countdown"])
  }

  func test_clientNameAndVersion_passThroughWhenEqual() {
    let split = SplitNetworkTransport(httpNetworkTransport: RecordingTransport(), webSocketNetworkTransport: RecordingTransport())
    XCTAssertEqual(split.clientName, "app")
    XCTAssertEqual(split.clientVersion, "1")
  }

  func test_clientNameAndVersion_combineBothWhenTheyDiffer() {
    let split = SplitNetworkTransport(httpNetworkTransport: RecordingTransport(clientName: "web", clientVersion: "1"),
                                      webSocketNetworkTransport: RecordingTransport(clientName: "socket", clientVersion: "2"))
    XCTAssertEqual(split.clientName, "SPLIT_HTTPNAME_web_WEBSOCKETNAME_socket")
    XCTAssertEqual(split.clientVersion, "SPLIT_HTTPVERSION_1_WEBSOCKETVERSION_2")
  }

  func test_split_withARealWebSocketTransport_sendsTheSubscriptionOverTheSocket() {
    let socket = MockWebSocket()
    let webSocket = makeConnectedTransport(socket)
    let http = RecordingTransport(clientName: "test-client", clientVersion: "1.0")
    let split = SplitNetworkTransport(httpNetworkTransport: http, webSocketNetworkTransport: webSocket)
    _ = split.send(operation: countdown) { _ in }
    webSocket.drain()
    XCTAssertEqual(socket.sent(type: "start").count, 1)
    XCTAssertEqual(split.clientName, "test-client")
  }
}
