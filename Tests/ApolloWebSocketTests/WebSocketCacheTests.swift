@testable import ApolloWebSocket
import Foundation
import StarWarsAPI
import XCTest

/// Cache behaviour of operations over the WebSocket.
final class WebSocketCacheTests: XCTestCase {
  /// A cache whose writes fail.
  final class FailingWriteCache: NormalizedCache, @unchecked Sendable {  // stateless apart from the wrapped cache
    struct WriteError: Error {}
    let base = InMemoryNormalizedCache()
    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] { try base.loadRecords(forKeys: keys) }
    func merge(records: RecordSet) throws -> Set<CacheKey> { throw WriteError() }
    func removeRecord(for key: CacheKey) throws { try base.removeRecord(for: key) }
    func removeRecords(matching pattern: CacheKey) throws { try base.removeRecords(matching: pattern) }
    func clear() throws { try base.clear() }
  }

  private let r2 = #"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}"#

  private func serve(_ session: MockWebSocketSession, index: Int = 0, data: String) async throws {
    let task = try await session.waitForTask(index)
    task.ack()
    try await task.waitForSent("subscribe")
    let id = try XCTUnwrap(task.subscribeID())
    task.next(id, data)
    task.complete(id)
  }

  func test_queryCacheFirstMissFetchesOverTheSocket_networkOnlyWithWritePopulatesTheCache() async throws {
    let store = ApolloStore()
    let session = MockWebSocketSession()
    let transport = WebSocketTransport(urlSession: session, store: store, endpointURL: wsEndpoint)
    let miss = Collector(try transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: .CacheFirst,
                                            requestConfiguration: RequestConfiguration()))
    try await serve(session, data: r2)
    try await miss.waitUntilDone()
    XCTAssertEqual(miss.values.map(\.source), [.server])
    let cached = try await store.load(HeroNameQuery(episode: nil))
    XCTAssertEqual(cached?.data?.hero?.name, "R2-D2")
  }

  func test_mutationWrites_honorWriteResultsToCache() async throws {
    for write in [true, false] {
      let store = ApolloStore()
      let session = MockWebSocketSession()
      let transport = WebSocketTransport(urlSession: session, store: store, endpointURL: wsEndpoint)
      let mutation = CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 5))
      let collector = Collector(try transport.send(mutation: mutation,
                                                   requestConfiguration: RequestConfiguration(writeResultsToCache: write)))
      try await serve(session, data: #"{"createReview":{"__typename":"Review","stars":5,"commentary":null}}"#)
      try await collector.waitUntilDone()
      XCTAssertEqual(collector.values.count, 1)
      let cached = try store.readIfComplete(mutation)
      XCTAssertEqual(cached != nil, write, "writeResultsToCache: \(write)")
    }
  }

  func test_subscriptionNetworkOnly_doesNotReadTheCache() async throws {
    let store = ApolloStore()
    try store.publishRecords(store.records(for: CountdownSubscription(from: 3, intervalMs: nil), data: ["countdown": 9]))
    let session = MockWebSocketSession()
    let transport = WebSocketTransport(urlSession: session, store: store, endpointURL: wsEndpoint)
    let collector = Collector(try transport.send(subscription: CountdownSubscription(from: 3, intervalMs: nil), fetchBehavior: .NetworkOnly,
                                                 requestConfiguration: RequestConfiguration()).stream)
    try await serve(session, data: #"{"countdown":3}"#)
    try await collector.waitUntilDone()
    XCTAssertEqual(collector.values.map(\.source), [.server])
  }

  func test_cacheWriteFailure_endsTheSubscriptionWithTheWriteError() async throws {
    let store = ApolloStore(cache: FailingWriteCache())
    let session = MockWebSocketSession()
    let transport = WebSocketTransport(urlSession: session, store: store, endpointURL: wsEndpoint)
    let stream = try transport.send(subscription: CountdownSubscription(from: 3, intervalMs: nil), fetchBehavior: .NetworkOnly,
                                    requestConfiguration: RequestConfiguration())
    let collector = Collector(stream.stream)
    let task = try await session.waitForTask(0)
    task.ack()
    try await task.waitForSent("subscribe")
    task.next(try XCTUnwrap(task.subscribeID()), #"{"countdown":3}"#)
    try await collector.waitUntilDone()
    XCTAssertTrue(collector.error is FailingWriteCache.WriteError)
    XCTAssertTrue(collector.values.isEmpty)
    // Decided: the state matches the stream (upstream leaves it at .finished(.cancelled)); complete is sent.
    XCTAssertEqual(stream.state, .finished(.error(FailingWriteCache.WriteError())))
    try await task.waitForSent("complete")
  }
}
