import ApolloTestSupport
@testable import ApolloWebSocket
import Foundation
import StarWarsAPI
import XCTest

/// Routing is strictly by method.
final class SplitNetworkTransportTests: XCTestCase {
  final class CountingTransport: NetworkTransport, @unchecked Sendable {  // `calls` is behind `lock`
    private let lock = NSLock()
    private var _calls: [String] = []
    var calls: [String] { lock.withLock { _calls } }

    func send<Query: GraphQLQuery>(query: Query, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration)
      throws -> AsyncThrowingStream<GraphQLResponse<Query>, any Error>
    {
      lock.withLock { _calls.append("query:\(Query.operationName)") }
      return AsyncThrowingStream { $0.finish() }
    }

    func send<Mutation: GraphQLMutation>(mutation: Mutation, requestConfiguration: RequestConfiguration)
      throws -> AsyncThrowingStream<GraphQLResponse<Mutation>, any Error>
    {
      lock.withLock { _calls.append("mutation:\(Mutation.operationName)") }
      return AsyncThrowingStream { $0.finish() }
    }
  }

  func test_queriesMutationsAndSubscriptions_goToTheirOwnTransports() async throws {
    let queries = CountingTransport()
    let mutations = CountingTransport()
    let session = MockWebSocketSession()
    let socket = WebSocketTransport(urlSession: session, store: ApolloStore(), endpointURL: wsEndpoint)
    let split = SplitNetworkTransport(queryTransport: queries, mutationTransport: mutations, subscriptionTransport: socket)
    _ = try split.send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration())
    _ = try split.send(mutation: CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 1)),
                       requestConfiguration: RequestConfiguration())
    let subscription = try split.send(subscription: CountdownSubscription(from: 1, intervalMs: nil), fetchBehavior: .NetworkOnly,
                                      requestConfiguration: RequestConfiguration())
    XCTAssertEqual(queries.calls, ["query:HeroName"])
    XCTAssertEqual(mutations.calls, ["mutation:CreateReview"])
    _ = try await session.waitForTask(0)
    XCTAssertEqual(subscription.state, .pending)
  }

  func test_withoutASubscriptionTransportTheClient_throws() throws {
    let http = CountingTransport()
    let client = ApolloClient(networkTransport: SplitNetworkTransport(queryTransport: http, mutationTransport: http),
                              store: ApolloStore())
    XCTAssertThrowsError(try client.subscribe(subscription: CountdownSubscription(from: 1, intervalMs: nil))) { error in
      XCTAssertEqual(error as? ApolloClient.Error, .noSubscriptionTransport)
    }
  }

  func test_webSocketTransportAlone_servesApolloClient() async throws {
    let session = MockWebSocketSession()
    let transport = WebSocketTransport(urlSession: session, store: ApolloStore(), endpointURL: wsEndpoint)
    let client = ApolloClient(networkTransport: transport, store: ApolloStore())
    let fetch = Task { try await client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly) }
    let task = try await session.waitForTask(0)
    task.ack()
    try await task.waitForSent("subscribe")
    let id = try XCTUnwrap(task.subscribeID())
    // The subscribe body was built inside the client's context: it carries the clientLibrary extension.
    XCTAssertNotNil(task.sent(type: "subscribe")[0]["payload"]?["extensions"]?["clientLibrary"])
    task.next(id, #"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}"#)
    task.complete(id)
    let response = try await withTimeout { try await fetch.value }
    XCTAssertEqual(response.data?.hero?.name, "R2-D2")
  }
}
