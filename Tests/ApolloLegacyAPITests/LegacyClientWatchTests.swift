import ApolloLegacyAPI
import ApolloTestSupport
import XCTest

/// The 0.x `HeroAndFriendsNames` query, under a name of this file's own.
private final class WatchedHeroQuery: GraphQLQuery {
  let operationDefinition: String =
    "query HeroAndFriendsNames($episode: Episode) { hero(episode: $episode) { __typename name friends { __typename name } } }"
  let operationName: String = "HeroAndFriendsNames"
  var variables: GraphQLMap? { ["episode": Episode.jedi] }
  typealias Data = HeroAndFriendsNamesData
}

/// The same query with its variable as a stored property an app can change, as 0.x generated it.
private final class EpisodeHeroQuery: GraphQLQuery {
  let operationDefinition: String =
    "query HeroAndFriendsNames($episode: Episode) { hero(episode: $episode) { __typename name friends { __typename name } } }"
  let operationName: String = "HeroAndFriendsNames"
  var episode: Episode?
  init(episode: Episode?) { self.episode = episode }
  var variables: GraphQLMap? { ["episode": episode] }
  typealias Data = HeroAndFriendsNamesData
}

/// A variable whose JSON form is itself, which no JSON can hold.
private struct NotJSON: JSONEncodable {
  var jsonValue: JSONValue { self }
}

private final class UnsendableQuery: GraphQLQuery {
  let operationDefinition: String = "query Unsendable($value: String) { hero { __typename name friends { __typename name } } }"
  let operationName: String = "Unsendable"
  var variables: GraphQLMap? { ["value": NotJSON()] }
  typealias Data = HeroAndFriendsNamesData
}

// `ApolloClient.watch` for API.swift queries on the 0.x client: 0.33's watcher (the steps of ApolloDelegateTransport's
// WatchQueryTests) over the boxed query, read with 0.x's rules and keys.
final class LegacyClientWatchTests: XCTestCase {
  private typealias Outcome = Result<GraphQLResult<HeroAndFriendsNamesData>, any Error>
  private let queue = DispatchQueue(label: "LegacyClientWatchTests")

  private func hero(_ name: String) -> ScriptedResponse {
    .json(["data": ["hero": ["__typename": "Droid", "id": "2001", "name": .string(name), "friends": []]]])
  }

  private func makeClient(_ responses: [ScriptedResponse]) -> (ApolloClient, ScriptedServer) {
    let server = ScriptedServer(responses: responses)
    let transport = HTTPNetworkTransport(url: URL(string: "http://legacy.invalid/graphql")!,
                                         client: URLSessionClientOnStreamingSession(session: server))
    return (ApolloClient(networkTransport: transport), server)
  }

  private func watch(_ client: ApolloClient, cachePolicy: CachePolicy = .fetchIgnoringCacheData)
    -> (GraphQLQueryWatcher<WatchedHeroQuery>, Recorder<Outcome>)
  {
    let deliveries = Recorder<Outcome>()
    let watcher = client.watch(query: WatchedHeroQuery(), cachePolicy: cachePolicy, queue: queue) { deliveries.append($0) }
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
    XCTAssertEqual(names(deliveries), ["R2-D2"])
    XCTAssertEqual(sources(deliveries), [.server])
    // The refetch writes a new name into the record the watcher depends on: that write is the watcher's own
    // (tagged with its context), so it is delivered once, as the fetch's result, and causes no reload.
    watcher.refetch()
    waitFor(deliveries, count: 2)
    XCTAssertEqual(names(deliveries), ["R2-D2", "Artoo"])
    XCTAssertEqual(sources(deliveries), [.server, .server])
    XCTAssertEqual(server.requests.count, 2)
    watcher.cancel()
  }

  func test_storeWriteTouchingItsData_reloadsFromTheCacheUnder0xPathKeys_withoutARequest() throws {
    let (client, server) = makeClient([hero("R2-D2")])
    let (watcher, deliveries) = watch(client)
    try rename(client, to: "Artoo")
    waitFor(deliveries, count: 2)
    XCTAssertEqual(names(deliveries), ["R2-D2", "Artoo"])
    XCTAssertEqual(sources(deliveries), [.server, .cache])
    XCTAssertEqual(server.requests.count, 1)
    watcher.cancel()
  }

  func test_aWriteToOtherData_doesNotReload() throws {
    let (client, _) = makeClient([hero("R2-D2")])
    let (watcher, deliveries) = watch(client)
    try client.store.publishRecords(RecordSet(records: [Record(key: "QUERY_ROOT", fields: ["villain": .value(.string("Vader"))])]))
    waitFor(deliveries, count: 1)
    watcher.cancel()
  }

  func test_anotherFetchOfTheSameQuery_updatesTheWatcher() {
    let (client, _) = makeClient([hero("R2-D2"), hero("Artoo")])
    let (watcher, deliveries) = watch(client)
    let done = expectation(description: "fetch")
    client.fetch(query: WatchedHeroQuery(), cachePolicy: .fetchIgnoringCacheData, queue: queue) { _ in done.fulfill() }
    wait(for: [done], timeout: 5)
    waitFor(deliveries, count: 2)
    XCTAssertEqual(names(deliveries), ["R2-D2", "Artoo"])
    watcher.cancel()
  }

  func test_aFailedReload_alwaysRefetchesFromTheServer_as0xHadNoRefetchOnFailedUpdates() throws {
    let (client, server) = makeClient([hero("R2-D2"), hero("Artoo")])
    let (watcher, deliveries) = watch(client)
    // The hero's record loses `friends`, which the query selects: the reload misses.
    try client.store.cache.removeRecord(for: "QUERY_ROOT.hero(episode:JEDI)")
    try rename(client, to: "Artoo")
    waitFor(deliveries, count: 2)
    XCTAssertEqual(server.requests.count, 2)
    XCTAssertEqual(sources(deliveries), [.server, .server])
    XCTAssertEqual(names(deliveries), ["R2-D2", "Artoo"])
    watcher.cancel()
  }

  func test_refetch_fetchesFromTheServerAgain() {
    let (client, server) = makeClient([hero("R2-D2"), hero("Artoo")])
    let (watcher, deliveries) = watch(client)
    watcher.refetch()
    waitFor(deliveries, count: 2)
    XCTAssertEqual(names(deliveries), ["R2-D2", "Artoo"])
    XCTAssertEqual(server.requests.count, 2)
    watcher.cancel()
  }

  func test_watchWithReturnCacheDataDontFetch_answersFromTheCacheOnly() throws {
    let (client, server) = makeClient([hero("R2-D2")])
    let first = watch(client)
    first.0.cancel()
    let (watcher, deliveries) = watch(client, cachePolicy: .returnCacheDataDontFetch)
    XCTAssertEqual(sources(deliveries), [.cache])
    XCTAssertEqual(names(deliveries), ["R2-D2"])
    XCTAssertEqual(server.requests.count, 1)
    watcher.cancel()
  }

  func test_cancel_stopsDeliveries() throws {
    let (client, _) = makeClient([hero("R2-D2")])
    let (watcher, deliveries) = watch(client)
    watcher.cancel()
    try rename(client, to: "Artoo")
    waitFor(deliveries, count: 1)
  }

  func test_aQueryWhoseVariablesHaveNoJSONForm_failsOnTheQueue_atTheWatchAndAtEachRefetch_andSendsNothing() {
    let (client, server) = makeClient([hero("R2-D2")])
    let first = expectation(description: "failure at the watch")
    let second = expectation(description: "failure at the refetch")
    let failures = Mutex<[any Error]>([])
    let queue = self.queue
    let watcher = client.watch(query: UnsendableQuery(), queue: queue) { result in
      dispatchPrecondition(condition: .onQueue(queue))
      if case .failure(let error) = result {
        let count = failures.withLock { $0.append(error); return $0.count }
        (count == 1 ? first : second).fulfill()
      }
    }
    wait(for: [first], timeout: 5)
    watcher.refetch()
    wait(for: [second], timeout: 5)
    XCTAssertEqual(failures.withLock { $0.map { $0 as? LegacyOperationError } }, [.variableHasNoJSONForm("value"), .variableHasNoJSONForm("value")])
    XCTAssertTrue(server.requests.isEmpty)
    watcher.cancel()
  }

  func test_differs0x_aWatchedQueryWhoseVariableChanged_refetchesWithTheVariablesItWasWatchedWith() {
    // 0.x read a watched query's variables at each refetch; here the query is boxed for the wire when `watch` is
    // called (MIGRATION, "bring your generated code"): watch the query again to send other variables.
    let (client, server) = makeClient([hero("R2-D2"), hero("R2-D2")])
    let query = EpisodeHeroQuery(episode: .jedi)
    let deliveries = Recorder<Outcome>()
    let watcher = client.watch(query: query, cachePolicy: .fetchIgnoringCacheData, queue: queue) { deliveries.append($0) }
    waitFor(deliveries, count: 1)
    query.episode = .empire
    watcher.refetch()
    waitFor(deliveries, count: 2)
    XCTAssertEqual(server.requests.map { $0.variables?["episode"] }, ["JEDI", "JEDI"])
    watcher.cancel()
  }
}
