import ApolloAsyncChain
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

/// The query watcher (reference: Cache/WatchQueryTests).
final class WatchQueryTests: XCTestCase {
  private static func hero(_ name: String, id: String = "2001", typename: String = "Droid") -> JSON.Object {
    ["data": ["hero": ["__typename": .string(typename), "id": .string(id), "name": .string(name)]]]
  }

  private func heroWithFriends(_ name: String, friends: [(String, String)]) -> JSON.Object {
    ["data": ["hero": ["__typename": "Droid", "id": "2001", "name": .string(name),
                       "friends": .array(friends.map { ["__typename": "Human", "id": .string($0.0), "name": .string($0.1)] })]]]
  }

  /// Collects the hero names a watcher delivers.
  private final class Deliveries: Sendable {
    let names = Recorder<String?>()
    let errors = Recorder<String>()
    var handler: @Sendable (Result<GraphQLResponse<HeroNameQuery>, any Error>) -> Void {
      { [names, errors] result in
        switch result {
        case .success(let response): names.append(response.data?.hero?.name)
        case .failure(let error): errors.append("\(error)")
        }
      }
    }
  }

  /// Waits for `count` deliveries, then a moment more so that an extra one would show.
  private func settle(_ deliveries: Deliveries, count: Int) async throws {
    try await expectEventually { deliveries.names.count >= count }
    try await Task.sleep(nanoseconds: 100_000_000)
  }

  func test_initialFetch_isDeliveredOnce_andItsOwnCacheWriteDoesNotTriggerIt() async throws {
    let harness = Harness(responses: [.json(Self.hero("R2-D2"))])
    let deliveries = Deliveries()
    let watcher = await harness.client.watch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly, resultHandler: deliveries.handler)
    try await settle(deliveries, count: 1)
    XCTAssertEqual(deliveries.names.values, ["R2-D2"])
    watcher.cancel()
  }

  func test_refetch_deliversTheNewResult() async throws {
    let harness = Harness(responses: [.json(Self.hero("R2-D2")), .json(Self.hero("Artoo"))])
    let deliveries = Deliveries()
    let watcher = await harness.client.watch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly, resultHandler: deliveries.handler)
    try await settle(deliveries, count: 1)
    await watcher.fetch(cachePolicy: .networkOnly)
    try await settle(deliveries, count: 2)
    XCTAssertEqual(deliveries.names.values, ["R2-D2", "Artoo"])
    watcher.cancel()
  }

  func test_overlappingQueryWithChangedData_updatesTheWatcherFromTheCache() async throws {
    let harness = Harness(responses: [.json(Self.hero("R2-D2")), .json(heroWithFriends("Artoo", friends: [("1000", "Luke")]))])
    let deliveries = Deliveries()
    let watcher = await harness.client.watch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly, resultHandler: deliveries.handler)
    try await settle(deliveries, count: 1)
    _ = try await harness.client.fetch(query: HeroAndFriendsQuery(episode: nil), cachePolicy: .networkOnly)
    try await settle(deliveries, count: 2)
    XCTAssertEqual(deliveries.names.values, ["R2-D2", "Artoo"])
    XCTAssertEqual(harness.server.requests.count, 2, "the update came from the cache, not a refetch")
    watcher.cancel()
  }

  func test_sameQueryWithOtherArguments_doesNotUpdateTheWatcher() async throws {
    let harness = Harness(server: StarWarsScriptedServer.make())
    let deliveries = Deliveries()
    let watcher = await harness.client.watch(query: HeroNameQuery(episode: .init(.JEDI)), cachePolicy: .networkOnly,
                                             resultHandler: deliveries.handler)
    try await settle(deliveries, count: 1)
    _ = try await harness.client.fetch(query: HeroNameQuery(episode: .init(.EMPIRE)), cachePolicy: .networkOnly)
    try await Task.sleep(nanoseconds: 150_000_000)
    XCTAssertEqual(deliveries.names.values, ["R2-D2"])
    watcher.cancel()
  }

  func test_listInTheWatchedResult_updatesFromAnotherQuerysKeys() async throws {
    let harness = Harness(responses: [.json(heroWithFriends("R2-D2", friends: [("1000", "Luke")]))])
    let friendNames = Recorder<[String]>()
    let watcher = await harness.client.watch(query: HeroAndFriendsQuery(episode: nil), cachePolicy: .networkOnly) { result in
      if case .success(let response) = result { friendNames.append((response.data?.hero?.friends ?? []).compactMap { $0?.name }) }
    }
    try await expectEventually { friendNames.count >= 1 }
    // Another query (another root entry) brings Luke's record with a new name.
    try harness.store.publishRecords(harness.store.records(
      for: HeroNameQuery(episode: .init(.EMPIRE)), data: ["hero": ["__typename": "Human", "id": "1000", "name": "Luke Skywalker"]]))
    try await expectEventually { friendNames.count >= 2 }
    XCTAssertEqual(friendNames.values, [["Luke"], ["Luke Skywalker"]])
    watcher.cancel()
  }

  func test_directStoreUpdate_notifiesTheWatcher() async throws {
    let harness = Harness(responses: [.json(Self.hero("R2-D2"))])
    let deliveries = Deliveries()
    let watcher = await harness.client.watch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly, resultHandler: deliveries.handler)
    try await settle(deliveries, count: 1)
    try harness.store.publishRecords(RecordSet(records: [Record(key: "Droid:2001", fields: ["name": .value("R2")])]))
    try await settle(deliveries, count: 2)
    XCTAssertEqual(deliveries.names.values, ["R2-D2", "R2"])
    watcher.cancel()
  }

  /// Holds each result on its way up until opened, counting the results that arrived.
  private actor ResultGate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private(set) var arrivals = 0

    func pass() async {
      arrivals += 1
      guard !isOpen else { return }
      await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
      isOpen = true
      for waiter in waiters { waiter.resume() }
      waiters = []
    }
  }

  private struct GatedResults: InterceptorProvider {
    struct Interceptor: GraphQLInterceptor {
      let gate: ResultGate
      func intercept<Request: GraphQLRequest>(request: Request, next: NextInterceptorFunction<Request>)
        async throws -> InterceptorResultStream<Request>
      {
        let upstream = await next(request).getStream()
        let (stream, continuation) = AsyncThrowingStream<ParsedResult<Request.Operation>, any Error>.makeStream()
        let gate = gate
        let task = Task {
          do {
            for try await element in upstream {
              await gate.pass()
              continuation.yield(element)
            }
            continuation.finish()
          } catch {
            continuation.finish(throwing: error)
          }
        }
        continuation.onTermination = { _ in task.cancel() }
        return InterceptorResultStream<Request>(stream: stream)
      }
    }
    let gate: ResultGate
    func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
      [Interceptor(gate: gate)]
    }
  }

  /// A change made by another writer after the watcher's first result was read from the cache, but before it was
  /// delivered (while the watcher's keys are still unknown), is not lost: once the result is delivered, the watcher
  /// looks at the change with the result's keys and reloads. Upstream decided with the keys it had then (none), and
  /// the watcher showed the older data until the next change.
  func test_aChangeWhileTheFirstResultIsOnItsWay_isSeenOnceTheResultIsDelivered() async throws {
    let gate = ResultGate()
    let harness = Harness(responses: [], provider: GatedResults(gate: gate))
    try harness.store.publishRecords(harness.store.records(for: HeroNameQuery(episode: nil), data: [
      "hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]]))
    let deliveries = Deliveries()
    let watcher = await harness.client.watch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheFirst, resultHandler: deliveries.handler)
    try await expectEventually("the cached result at the gate") { await gate.arrivals == 1 }
    try harness.store.publishRecords(RecordSet(records: [Record(key: "Droid:2001", fields: ["name": .value("Artoo")])]))
    try await Task.sleep(nanoseconds: 100_000_000)  // the change reaches the watcher before the result does
    await gate.open()
    try await settle(deliveries, count: 2)
    XCTAssertEqual(deliveries.names.values, ["R2-D2", "Artoo"])
    XCTAssertEqual(harness.server.requests.count, 0)
    watcher.cancel()
  }

  func test_incompleteObjectAfterAChange_triggersARefetchFromTheServer() async throws {
    let harness = Harness(responses: [.json(Self.hero("R2-D2")), .json(Self.hero("R2-D2 again"))])
    let deliveries = Deliveries()
    let watcher = await harness.client.watch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly, resultHandler: deliveries.handler)
    try await settle(deliveries, count: 1)
    // The hero now points at a record that lacks `name`: the cache can no longer answer the query.
    var records = RecordSet()
    records.merge(record: Record(key: "QUERY_ROOT", fields: ["hero": .reference("Droid:9")]))
    records.merge(record: Record(key: "Droid:9", fields: ["__typename": .value("Droid"), "id": .value("9")]))
    try harness.store.publishRecords(records)
    try await settle(deliveries, count: 2)
    XCTAssertEqual(deliveries.names.values, ["R2-D2", "R2-D2 again"])
    XCTAssertEqual(harness.server.requests.count, 2)
    watcher.cancel()
  }

  func test_identicalConcurrentFetches_doNotUpdateTheWatcher_butChangedDataDoesEachTime() async throws {
    let names = Mutex(["R2-D2", "R2-D2", "R2-D2", "R2-D2", "One", "Two", "Three"][...])
    let server = ScriptedServer { _ in .json(WatchQueryTests.hero(names.withLock { $0.popFirst() } ?? "none")) }
    let harness = Harness(server: server)
    let deliveries = Deliveries()
    let watcher = await harness.client.watch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly, resultHandler: deliveries.handler)
    try await settle(deliveries, count: 1)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<3 { group.addTask { _ = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly) } }
      try await group.waitForAll()
    }
    try await Task.sleep(nanoseconds: 150_000_000)
    XCTAssertEqual(deliveries.names.values, ["R2-D2"], "identical data changes no key")
    for expected in ["One", "Two", "Three"] {
      _ = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
      try await expectEventually { deliveries.names.values.last == expected }
    }
    XCTAssertEqual(deliveries.names.values, ["R2-D2", "One", "Two", "Three"])
    watcher.cancel()
  }

  func test_dependentKeys_areRefreshedAfterEachUpdate() async throws {
    let harness = Harness(responses: [.json(heroWithFriends("R2-D2", friends: [("1000", "Luke")]))])
    let friendNames = Recorder<[String]>()
    let watcher = await harness.client.watch(query: HeroAndFriendsQuery(episode: nil), cachePolicy: .networkOnly) { result in
      if case .success(let response) = result { friendNames.append((response.data?.hero?.friends ?? []).compactMap { $0?.name }) }
    }
    try await expectEventually { friendNames.count >= 1 }
    // The friends list now holds Han, a record the first result did not depend on.
    var records = RecordSet()
    records.merge(record: Record(key: "Droid:2001", fields: ["friends": .list([.reference("Human:1002")])]))
    records.merge(record: Record(key: "Human:1002", fields: ["__typename": .value("Human"), "id": .value("1002"), "name": .value("Han")]))
    try harness.store.publishRecords(records)
    try await expectEventually { friendNames.count >= 2 }
    try harness.store.publishRecords(RecordSet(records: [Record(key: "Human:1002", fields: ["name": .value("Han Solo")])]))
    try await expectEventually { friendNames.count >= 3 }
    XCTAssertEqual(friendNames.values, [["Luke"], ["Han"], ["Han Solo"]])
    watcher.cancel()
  }

  /// As upstream's store retains a subscribed watcher: one the caller does not keep still updates, until cancelled.
  func test_aWatcherNobodyKeeps_stillUpdates_untilCancelled() async throws {
    let harness = Harness(responses: [.json(Self.hero("R2-D2"))])
    let deliveries = Deliveries()
    weak var weakWatcher: GraphQLQueryWatcher<HeroNameQuery>?
    do {
      weakWatcher = await harness.client.watch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly,
                                               resultHandler: deliveries.handler)
    }
    try await settle(deliveries, count: 1)
    try harness.store.publishRecords(RecordSet(records: [Record(key: "Droid:2001", fields: ["name": .value("R2")])]))
    try await settle(deliveries, count: 2)
    XCTAssertEqual(deliveries.names.values, ["R2-D2", "R2"])
    weakWatcher?.cancel()
    try await expectEventually { weakWatcher == nil }
  }

  /// The store keeps the watcher, not the watcher the client: an app that drops its client (and its watchers)
  /// without cancelling frees the client, the store and the watcher, as upstream's weak client reference does.
  func test_droppingTheClientWithoutCancelling_freesTheClientStoreAndWatcher() async throws {
    let deliveries = Deliveries()
    weak var weakClient: ApolloClient?
    weak var weakStore: ApolloStore?
    weak var weakWatcher: GraphQLQueryWatcher<HeroNameQuery>?
    do {
      let harness = Harness(responses: [.json(Self.hero("R2-D2"))])
      weakClient = harness.client
      weakStore = harness.store
      weakWatcher = await harness.client.watch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly,
                                               resultHandler: deliveries.handler)
      try await settle(deliveries, count: 1)
    }
    try await expectEventually { weakClient == nil && weakStore == nil && weakWatcher == nil }
  }

  /// After `cancel()` the handler hears nothing more: not from a fetch asked for afterwards either.
  func test_afterCancel_aFetchDeliversNothing() async throws {
    let harness = Harness(responses: [.json(Self.hero("R2-D2")), .json(Self.hero("Artoo"))])
    let deliveries = Deliveries()
    let watcher = await harness.client.watch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly, resultHandler: deliveries.handler)
    try await settle(deliveries, count: 1)
    watcher.cancel()
    await watcher.fetch(cachePolicy: .networkOnly)
    try await Task.sleep(nanoseconds: 200_000_000)
    XCTAssertEqual(deliveries.names.values, ["R2-D2"])
    XCTAssertEqual(deliveries.errors.values, [])
  }

  /// Upstream's watcher passes every error but cancellation to the handler: a cache-only miss is `noResults`.
  func test_aCacheOnlyMiss_reachesTheHandlerAsNoResults() async throws {
    let harness = Harness(responses: [])
    let deliveries = Deliveries()
    let watcher = await harness.client.watch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheOnly, resultHandler: deliveries.handler)
    try await expectEventually { deliveries.errors.count >= 1 }
    XCTAssertEqual(deliveries.errors.values, ["\(ApolloClient.Error.noResults)"])
    XCTAssertEqual(deliveries.names.values, [])
    watcher.cancel()
  }

  func test_watcher_isReleasedAfterCancel_noRetainCycle() async throws {
    let harness = Harness(responses: [.json(Self.hero("R2-D2"))])
    let deliveries = Deliveries()
    weak var weakWatcher: GraphQLQueryWatcher<HeroNameQuery>?
    do {
      let watcher = await harness.client.watch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly, resultHandler: deliveries.handler)
      weakWatcher = watcher
      try await settle(deliveries, count: 1)
      watcher.cancel()
    }
    try await expectEventually { weakWatcher == nil }
    XCTAssertNil(weakWatcher)
  }
}
