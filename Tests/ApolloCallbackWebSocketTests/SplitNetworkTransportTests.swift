@testable import ApolloCallbackWebSocket
import Foundation
import StarWarsAPI
import XCTest

/// `SplitNetworkTransport` routes subscriptions to the socket and everything else to the HTTP transport.
final class SplitNetworkTransportTests: XCTestCase {
  private static let mockTransportName = "TestMockNetworkTransport"
  private static let mockTransportVersion = "TestMockNetworkTransportVersion"
  private static let webSocketName = "TestWebSocketTransport"
  private static let webSocketVersion = "TestWebSocketTransportVersion"

  private var uploading: RecordingUploadingTransport!
  private var webSocketTransport: WebSocketTransport!
  private var mockWebSocket: MockWebSocket!
  private var splitTransport: SplitNetworkTransport!

  override func setUp() {
    super.setUp()
    uploading = RecordingUploadingTransport(clientName: Self.mockTransportName, clientVersion: Self.mockTransportVersion)
    mockWebSocket = MockWebSocket(protocol: .graphql_transport_ws)
    webSocketTransport = WebSocketTransport(
      websocket: mockWebSocket,
      config: .init(clientName: Self.webSocketName, clientVersion: Self.webSocketVersion))
    splitTransport = SplitNetworkTransport(uploadingNetworkTransport: uploading, webSocketNetworkTransport: webSocketTransport)
  }

  override func tearDown() {
    splitTransport = nil
    webSocketTransport = nil
    mockWebSocket = nil
    uploading = nil
    super.tearDown()
  }

  func test_clientName_withDifferentNames_isSplit() {
    XCTAssertEqual(splitTransport.clientName, "SPLIT_HTTPNAME_\(Self.mockTransportName)_WEBSOCKETNAME_\(Self.webSocketName)")
  }

  func test_clientVersion_withDifferentVersions_isSplit() {
    XCTAssertEqual(splitTransport.clientVersion, "SPLIT_HTTPVERSION_\(Self.mockTransportVersion)_WEBSOCKETVERSION_\(Self.webSocketVersion)")
  }

  func test_clientName_withTheSameNames_isThatName() {
    webSocketTransport.clientName = "TestSplitClientName"
    uploading.clientName = "TestSplitClientName"
    XCTAssertEqual(splitTransport.clientName, "TestSplitClientName")
  }

  func test_clientVersion_withTheSameVersions_isThatVersion() {
    webSocketTransport.clientVersion = "TestSplitClientVersion"
    uploading.clientVersion = "TestSplitClientVersion"
    XCTAssertEqual(splitTransport.clientVersion, "TestSplitClientVersion")
  }

  func test_subscription_goesOverTheWebSocket() {
    waitUntil("connection_init written") { !mockWebSocket.written(type: "connection_init").isEmpty }
    mockWebSocket.ack()
    webSocketTransport.processingQueue.sync {}
    _ = splitTransport.send(operation: CountdownSubscription(from: 1, intervalMs: nil), cachePolicy: .default,
                            contextIdentifier: nil, context: nil, callbackQueue: .global()) { _ in }
    webSocketTransport.processingQueue.sync {}
    XCTAssertEqual(mockWebSocket.written(type: "subscribe").count, 1)
    XCTAssertTrue(uploading.sent.values.isEmpty)
  }

  func test_queryAndMutation_goOverTheUploadingTransport() {
    _ = splitTransport.send(operation: HeroNameQuery(episode: .none), cachePolicy: .default, contextIdentifier: nil,
                            context: nil, callbackQueue: .global()) { _ in }
    _ = splitTransport.send(operation: CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 1)),
                            cachePolicy: .default, contextIdentifier: nil, context: nil, callbackQueue: .global()) { _ in }
    webSocketTransport.processingQueue.sync {}
    XCTAssertEqual(uploading.sent.values, ["HeroName", "CreateReview"])
    XCTAssertTrue(mockWebSocket.written(type: "subscribe").isEmpty)
  }

  func test_upload_goesOverTheUploadingTransport() {
    _ = splitTransport.upload(operation: CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 1)),
                              files: [], context: nil, callbackQueue: .global()) { _ in }
    XCTAssertEqual(uploading.sent.values, ["upload:CreateReview"])
  }
}

/// An uploading transport that records what it was asked to send and never answers.
private final class RecordingUploadingTransport: UploadingNetworkTransport, @unchecked Sendable {  // names are set before use
  var clientName: String
  var clientVersion: String
  let sent = Collected<String>()

  init(clientName: String, clientVersion: String) {
    self.clientName = clientName
    self.clientVersion = clientVersion
  }

  func send<Operation: GraphQLOperation>(
    operation: Operation, cachePolicy: CachePolicy, contextIdentifier: UUID?, context: (any RequestContext)?,
    callbackQueue: DispatchQueue, completionHandler: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) -> any Cancellable {
    sent.append(Operation.operationName)
    return EmptyCancellable()
  }

  func upload<Operation: GraphQLOperation>(
    operation: Operation, files: [GraphQLFile], context: (any RequestContext)?, callbackQueue: DispatchQueue,
    completionHandler: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) -> any Cancellable {
    sent.append("upload:" + Operation.operationName)
    return EmptyCancellable()
  }
}
