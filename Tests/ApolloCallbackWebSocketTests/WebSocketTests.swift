@testable import ApolloCallbackWebSocket
import Foundation
import StarWarsAPI
import XCTest

/// Upstream's WebSocketTests, through a 1.x `ApolloClient` over the transport and a scripted socket
/// (`graphql-ws`, as upstream's mock socket spoke).
final class WebSocketTests: WSProtocolTestsBase {
  override var wsProtocol: WebSocket.WSProtocol { .graphql_ws }

  private var client: ApolloClient!

  override func tearDown() {
    client = nil
    super.tearDown()
  }

  private func buildClient(idCreator: any OperationMessageIdCreator = ApolloSequencedOperationMessageIdCreator()) {
    let store = ApolloStore()
    buildTransport(idCreator: idCreator, store: store)
    mockWebSocket.ack()
    flush()
    client = ApolloClient(networkTransport: transport, store: store)
  }

  private func subscribeReviews(_ results: Collected<Result<GraphQLResult<ReviewAddedSubscription.Data>, any Error>>) {
    _ = client.subscribe(subscription: ReviewAddedSubscription(), queue: resultQueue) { results.append($0) }
    flush()
  }

  private static let review = #"{"reviewAdded":{"__typename":"Review","episode":"JEDI","stars":5,"commentary":"A great movie"}}"#

  func test_localSingleSubscription_deliversTheData() {
    buildClient()
    let results = Collected<Result<GraphQLResult<ReviewAddedSubscription.Data>, any Error>>()
    subscribeReviews(results)
    serveData("1", Self.review)
    flush()
    XCTAssertEqual(results.values.count, 1)
    XCTAssertEqual(try results.values.first?.get().data?.reviewAdded?.stars, 5)
  }

  func test_localMissingSubscription_deliversNothing() {
    buildClient()
    let results = Collected<Result<GraphQLResult<ReviewAddedSubscription.Data>, any Error>>()
    subscribeReviews(results)
    Thread.sleep(forTimeInterval: 0.1)
    flush()
    XCTAssertTrue(results.values.isEmpty)
  }

  func test_localErrorMissingId_failsTheSubscriptionWithUnprocessedMessage() {
    buildClient()
    let results = Collected<Result<GraphQLResult<ReviewAddedSubscription.Data>, any Error>>()
    subscribeReviews(results)
    mockWebSocket.serve(#"{"type":"data","payload":{"data":\#(Self.review)}}"#)
    flush()
    XCTAssertEqual(results.values.count, 1)
    XCTAssertTrue(Self.isUnprocessed(Self.webSocketError(results.values.first)))
  }

  /// 1.25 drops a message for an id it has no handler for (an operation cancelled while the message was on its
  /// way); before 1.x it failed every subscription (upstream's old testLocalErrorUnknownId).
  func test_localUnknownId_isDropped() {
    buildClient()
    let results = Collected<Result<GraphQLResult<ReviewAddedSubscription.Data>, any Error>>()
    subscribeReviews(results)
    serveData("2", Self.review)
    flush()
    XCTAssertTrue(results.values.isEmpty)
  }

  func test_singleSubscriptionWithCustomOperationMessageIdCreator_usesItsIds() {
    struct CustomOperationMessageIdCreator: OperationMessageIdCreator {
      func requestId() -> String { "12345678" }
    }
    buildClient(idCreator: CustomOperationMessageIdCreator())
    let results = Collected<Result<GraphQLResult<ReviewAddedSubscription.Data>, any Error>>()
    subscribeReviews(results)
    XCTAssertEqual(mockWebSocket.written(type: "start").first?["id"], "12345678")
    serveData("12345678", Self.review)
    flush()
    XCTAssertEqual(try results.values.first?.get().data?.reviewAdded?.stars, 5)
  }
}
