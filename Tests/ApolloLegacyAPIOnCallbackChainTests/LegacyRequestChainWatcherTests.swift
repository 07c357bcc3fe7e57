import ApolloLegacyAPIOnCallbackChain
import ApolloTestSupport
import XCTest

// `ApolloClient.watch` for an API.swift query on the request chain: the steps of ApolloCallbackChain's watcher
// (mirroring upstream 1.x WatchQueryTests), with 0.x's reading and keys.
final class LegacyRequestChainWatcherTests: XCTestCase {
  private typealias Outcome = Result<GraphQLResult<HeroAndFriendsNamesData>, any Error>
  private let queue = DispatchQueue(label: "LegacyRequestChainWatcherTests")

  private func hero(_ name: String) -> ScriptedResponse {
    .json(["data": ["hero": ["__typename": "Droid", "id": "2001", "name": .string(name), "friends": []]]])
  }

  private func makeClient(_ responses: [ScriptedResponse]) -> (ApolloClient, ScriptedServer) {
    let server = ScriptedServer(responses: responses)
    let store = ApolloStore()
    let provider = DefaultInterceptorProvider(client: URLSessionClientOnStreamingSession(session: server), store: store)
    let transport = RequestChainNetworkTransport(interceptorProvider: provider,
                                                 endpointURL: URL(string: "http://legacy.invalid/graphql")!)
    return (ApolloClient(networkTransport: transport, store: store), server)
  }

  private func watch(_ client: ApolloClient, refetchOnFailedUpdates: Bool = true)
    -> (GraphQLQueryWatcher<HeroAndFriendsNamesQuery>, Recorder<Outcome>)
  {
    let deliveries = Recorder<Outcome>()
    let watcher = client.watch(query: HeroAndFriendsNamesQuery(episode: .jedi), cachePolicy: .fetchIgnoringCacheData,
                               refetchOnFailedUpdates: refetchOnFailedUpdates, callbackQueue: queue) { deliveries.append($0) }
    waitFor(deliveries, count: 1)
    return (watcher, deliveries)
  }

  /// Waits until `count` deliveries arrived (2 s at most), then lets any extra one land before checking.
  private func waitFor(_ deliveries: Recorder<Outcome>, count: Int, file: StaticString = #filePath, line: UInt = #line) {
    let deadline = Date().addingTimeInterval(2)
    while deliveries.count < count && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    Thread.sleep(forTimeInterval: 0.1)
    queue.sync {}
    XCTAssertEqual(deliveries.count, count, "deliveries: \(names(deliveries))", file: file, line: line)
  }

  private func names(_ deliveries: Recorder<Outcome>) -> [String?] {
    deliveries.values.map { try? $0.get().data?.hero?.name }
  }

  private func sources(_ deliveries: Recorder<Outcome>) -> [GraphQLResult<HeroAndFriendsNamesData>.Source?] {
    deliveries.values.map { try? $0.get().source }
  }

  /// Another writer renames the hero in the record the watcher read (its 0.x path key).
  private func rename(_ client: ApolloClient, to name: String) throws {
    try client.store.publishRecords(RecordSet(records: [
      Record(key: "QUERY_ROOT.hero(episode:JEDI)", fields: ["name": .value(.string(name))]),
    ]))
  }

  func test_watch_deliversItsFetch_andItsOwnWriteIsNotAChange() {
    let (client, server) = makeClient([hero("R2-D2"), hero("Artoo")])
    let (watcher, deliveries) = watch(client)
    XCTAssertEqual(sources(deliveries), [.server])
    // The refetch writes a new name into the record the watcher depends on: that write is the watcher's own
    // (tagged with its context identifier), so it is delivered once, as the fetch's result, and causes no reload.
    watcher.refetch()
    waitFor(deliveries, count: 2)
    XCTAssertEqual(sources(deliveries), [.server, .server])
    XCTAssertEqual(deliveries.values.map { try? $0.get().data?.hero?.name }, ["R2-D2", "Artoo"])
    XCTAssertEqual(server.requests.count, 2)
    watcher.cancel()
  }

  func test_storeWriteTouchingItsData_reloadsFromTheCacheWith0xKeys_withoutARequest() throws {
    let (client, server) = makeClient([hero("R2-D2")])
    let (watcher, deliveries) = watch(client)
    try rename(client, to: "Artoo")
    waitFor(deliveries, count: 2)
    XCTAssertEqual(names(deliveries), ["R2-D2", "Artoo"])
    XCTAssertEqual(sources(deliveries), [.server, .cache])
    XCTAssertEqual(server.requests.count, 1)
    watcher.cancel()
  }

  func test_anotherFetchOfTheSameQuery_updatesTheWatcher() {
    let (client, _) = makeClient([hero("R2-D2"), hero("Artoo")])
    let (watcher, deliveries) = watch(client)
    let done = expectation(description: "fetch")
    client.fetch(query: HeroAndFriendsNamesQuery(episode: .jedi), cachePolicy: .fetchIgnoringCacheData, queue: queue) { _ in
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    waitFor(deliveries, count: 2)
    XCTAssertEqual(names(deliveries), ["R2-D2", "Artoo"])
    watcher.cancel()
  }

  func test_aFailedReload_refetchesFromTheServer_unlessRefetchOnFailedUpdatesIsOff() throws {
    for refetch in [true, false] {
      let (client, server) = makeClient([hero("R2-D2"), hero("Artoo")])
      let (watcher, deliveries) = watch(client, refetchOnFailedUpdates: refetch)
      // A write that leaves the hero's record without `friends`, which the query selects: the reload misses.
      try client.store.cache.removeRecord(for: "QUERY_ROOT.hero(episode:JEDI)")
      try rename(client, to: "Artoo")
      waitFor(deliveries, count: refetch ? 2 : 1)
      XCTAssertEqual(server.requests.count, refetch ? 2 : 1, "refetchOnFailedUpdates: \(refetch)")
      if refetch { XCTAssertEqual(sources(deliveries), [.server, .server]) }
      watcher.cancel()
    }
  }

  func test_cancel_stopsDeliveries() throws {
    let (client, _) = makeClient([hero("R2-D2")])
    let (watcher, deliveries) = watch(client)
    watcher.cancel()
    try rename(client, to: "Artoo")
    waitFor(deliveries, count: 1)
  }

  func test_aQueryWhoseVariablesHaveNoJSONForm_failsItsFetchOnTheQueue_andSendsNothing() {
    let (client, server) = makeClient([hero("R2-D2")])
    let done = expectation(description: "failure")
    let failure = Mutex<(any Error)?>(nil)
    let watcher = client.watch(query: UnsendableVariableQuery(), cachePolicy: .fetchIgnoringCacheData, callbackQueue: queue) { result in
      if case .failure(let error) = result { failure.withLock { $0 = error } }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    XCTAssertEqual(failure.withLock { $0 } as? LegacyOperationError, .variableHasNoJSONForm("value"))
    XCTAssertTrue(server.requests.isEmpty)
    watcher.cancel()
  }
}
