import ApolloLegacyAPIOnCallbackChain
import ApolloTestSupport
import XCTest

// 0.34–0.53's store transactions over API.swift selection sets: the request chain's `withinReadWriteTransaction`
// with the runtime's `update(query:)`, `write(data:forQuery:)`, `read(query:)`.
final class LegacyRequestChainStoreTransactionTests: XCTestCase {
  private let queue = DispatchQueue(label: "LegacyRequestChainStoreTransactionTests")

  private func transaction<T>(_ store: ApolloStore, _ body: @escaping (ApolloStore.ReadWriteTransaction) throws -> T) throws -> T {
    let done = expectation(description: "transaction")
    let outcome = Mutex<Result<T, any Error>?>(nil)
    store.withinReadWriteTransaction(body, callbackQueue: queue) { result in
      outcome.withLock { $0 = result }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    return try XCTUnwrap(outcome.withLock { $0 }).get()
  }

  func test_updateQuery_inTheChainsReadWriteTransaction_reachesAWatcherOfThatQuery() throws {
    let server = ScriptedServer(responses: [
      .json(["data": ["hero": ["__typename": "Droid", "name": "R2-D2", "friends": [["__typename": "Human", "name": "Luke"]]]]]),
    ])
    let store = ApolloStore()
    let provider = DefaultInterceptorProvider(client: URLSessionClientOnStreamingSession(session: server), store: store)
    let client = ApolloClient(networkTransport: RequestChainNetworkTransport(interceptorProvider: provider,
                                                                             endpointURL: URL(string: "http://legacy.invalid/graphql")!),
                              store: store)
    let names = Recorder<String?>()
    let watcher = client.watch(query: HeroAndFriendsNamesQuery(episode: .jedi), cachePolicy: .fetchIgnoringCacheData,
                               callbackQueue: queue) { names.append(try? $0.get().data?.hero?.name) }
    let deadline = Date().addingTimeInterval(2)
    while names.count < 1 && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }

    try transaction(store) { try $0.update(query: HeroAndFriendsNamesQuery(episode: .jedi)) { $0.hero?.name = "Artoo" } }
    while names.count < 2 && Date() < deadline.addingTimeInterval(2) { Thread.sleep(forTimeInterval: 0.005) }
    XCTAssertEqual(names.values, ["R2-D2", "Artoo"])
    let reread = try transaction(store) { try $0.read(query: HeroAndFriendsNamesQuery(episode: .jedi)) }
    XCTAssertEqual(reread.hero?.friends?.first??.name, "Luke")
    XCTAssertEqual(server.requests.count, 1)
    watcher.cancel()
  }

  func test_load_deliversTheCachedResultOnTheCallbackQueue_andAMissAsTheMissingValueError() throws {
    let store = ApolloStore()
    let missed = expectation(description: "miss")
    store.load(query: HeroAndFriendsNamesQuery(episode: .jedi), callbackQueue: queue) { result in
      if case .failure(let error) = result, case JSONDecodingError.missingValue = error { missed.fulfill() }
    }
    wait(for: [missed], timeout: 5)
    let data = HeroAndFriendsNamesData(unsafeResultMap: [
      "hero": ["__typename": "Droid", "name": "R2-D2", "friends": [] as [ResultMap?]] as ResultMap,
    ])
    try transaction(store) { try $0.write(data: data, forQuery: HeroAndFriendsNamesQuery(episode: .jedi)) }
    let loaded = expectation(description: "hit")
    let outcome = Mutex<(GraphQLResult<HeroAndFriendsNamesData>.Source, String?)?>(nil)
    store.load(query: HeroAndFriendsNamesQuery(episode: .jedi), callbackQueue: queue) { result in
      dispatchPrecondition(condition: .onQueue(self.queue))
      if let value = try? result.get() { outcome.withLock { $0 = (value.source, value.data?.hero?.name) } }
      loaded.fulfill()
    }
    wait(for: [loaded], timeout: 5)
    XCTAssertEqual(outcome.withLock { $0 }?.0, .cache)
    XCTAssertEqual(outcome.withLock { $0 }?.1, "R2-D2")
  }
}
