import ApolloLegacyAPI
import ApolloTestSupport
import XCTest

/// The 0.x `HeroAndFriendsNames` query for JEDI, under a name of this file's own.
private final class JediHeroQuery: GraphQLQuery {
  let operationDefinition: String =
    "query HeroAndFriendsNames($episode: Episode) { hero(episode: $episode) { __typename name friends { __typename name } } }"
  let operationName: String = "HeroAndFriendsNames"
  var variables: GraphQLMap? { ["episode": Episode.jedi] }
  typealias Data = HeroAndFriendsNamesData
}

// 0.33's store transactions over API.swift selection sets (mirrors the cases of upstream 0.33's
// ReadWriteFromStoreTests that apply): reads through the 0.x executor, writes keyed with 0.x's keys and published to
// the store's subscribers.
final class LegacyStoreTransactionTests: XCTestCase {
  private let queue = DispatchQueue(label: "LegacyStoreTransactionTests")
  private let heroKey = "QUERY_ROOT.hero(episode:JEDI)"

  private func r2d2Data(name: String = "R2-D2") -> HeroAndFriendsNamesData {
    HeroAndFriendsNamesData(unsafeResultMap: [
      "hero": ["__typename": "Droid", "name": name, "friends": [["__typename": "Human", "name": "Luke"] as ResultMap]] as ResultMap,
    ])
  }

  /// Runs a read-write transaction and waits for its completion on `queue`.
  private func readWrite<T>(_ store: ApolloStore, _ body: @escaping (ApolloStore.ReadWriteTransaction) throws -> T) -> Result<T, any Error> {
    let done = expectation(description: "transaction")
    let outcome = Mutex<Result<T, any Error>?>(nil)
    store.withinReadWriteTransaction(body, callbackQueue: queue) { result in
      outcome.withLock { $0 = result }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    return outcome.withLock { $0 } ?? .failure(CancellationError())
  }

  private func read<T>(_ store: ApolloStore, _ body: @escaping (ApolloStore.ReadTransaction) throws -> T) -> Result<T, any Error> {
    let done = expectation(description: "transaction")
    let outcome = Mutex<Result<T, any Error>?>(nil)
    store.withinReadTransaction(body, callbackQueue: queue) { result in
      outcome.withLock { $0 = result }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    return outcome.withLock { $0 } ?? .failure(CancellationError())
  }

  /// Whether `condition` holds within 2 s.
  private func poll(_ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(2)
    while !condition() && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    return condition()
  }

  func test_writeDataForQuery_storesItUnder0xPathKeys_andReadQueryGivesItBack() throws {
    let store = ApolloStore()
    try readWrite(store) { try $0.write(data: self.r2d2Data(), forQuery: JediHeroQuery()) }.get()
    let records = try store.cache.loadRecords(forKeys: ["QUERY_ROOT", heroKey])
    XCTAssertEqual(records["QUERY_ROOT"]?.fields["hero(episode:JEDI)"], .reference(heroKey))
    XCTAssertEqual(records[heroKey]?.fields["name"], .value(.string("R2-D2")))
    let data = try read(store) { try $0.read(query: JediHeroQuery()) }.get()
    XCTAssertEqual(data.hero?.name, "R2-D2")
    XCTAssertEqual(data.hero?.friends?.first??.name, "Luke")
  }

  func test_loadRecords_givesOneEntryPerKeyInOrder_nilWhereThereIsNoRecord() throws {
    let store = ApolloStore()
    try readWrite(store) { try $0.write(data: self.r2d2Data(), forQuery: JediHeroQuery()) }.get()
    let keys = try read(store) { transaction -> [String?] in
      var loaded: Result<[Record?], any Error>?
      transaction.loadRecords(forKeys: [self.heroKey, "nowhere", "QUERY_ROOT"]) { loaded = $0 }
      return try XCTUnwrap(loaded).get().map { $0?.key }
    }.get()
    XCTAssertEqual(keys, [heroKey, nil, "QUERY_ROOT"])
  }

  func test_writeObject_keysItsObjectsByTheStoresRule_withNoTypenamePrefix() throws {
    let store = ApolloStore()
    store.cacheKeyForObject = { $0["name"] }
    try readWrite(store) { try $0.write(object: self.r2d2Data(), withKey: "QUERY_ROOT", variables: ["episode": Episode.jedi]) }.get()
    let records = try store.cache.loadRecords(forKeys: ["QUERY_ROOT", "R2-D2", "Luke"])
    XCTAssertEqual(records["QUERY_ROOT"]?.fields["hero(episode:JEDI)"], .reference("R2-D2"))
    XCTAssertEqual(records["R2-D2"]?.fields["friends"], .list([.reference("Luke")]))
    XCTAssertEqual(records["Luke"]?.fields["__typename"], .value(.string("Human")))
  }

  func test_readObject_readsASelectionSetFromItsRecordKey() throws {
    let store = ApolloStore()
    try readWrite(store) { try $0.write(data: self.r2d2Data(), forQuery: JediHeroQuery()) }.get()
    let hero = try read(store) { try $0.readObject(ofType: HeroAndFriendsNamesData.Hero.self, withKey: self.heroKey) }.get()
    XCTAssertEqual(hero.name, "R2-D2")
  }

  func test_readQuery_withoutItsRootRecord_failsWithMissingValue() {
    let store = ApolloStore()
    XCTAssertThrowsError(try read(store) { try $0.read(query: JediHeroQuery()) }.get()) { error in
      if case JSONDecodingError.missingValue = error {} else { XCTFail("\(error)") }
    }
  }

  func test_updateQuery_changesTheStoredData_andAWatcherReloadsIt() throws {
    let server = ScriptedServer(responses: [.json(["data": r2d2Data().jsonObject.jsonValueForTest])])
    let transport = HTTPNetworkTransport(url: URL(string: "http://legacy.invalid/graphql")!,
                                         client: URLSessionClientOnStreamingSession(session: server))
    let client = ApolloClient(networkTransport: transport)
    let names = Recorder<String?>()
    let watcher = client.watch(query: JediHeroQuery(), cachePolicy: .fetchIgnoringCacheData, queue: queue) {
      names.append(try? $0.get().data?.hero?.name)
    }
    XCTAssertTrue(poll { names.count == 1 })
    try readWrite(client.store) { try $0.update(query: JediHeroQuery()) { $0.hero?.name = "Artoo" } }.get()
    XCTAssertTrue(poll { names.count == 2 })
    XCTAssertEqual(names.values, ["R2-D2", "Artoo"])
    XCTAssertEqual(server.requests.count, 1, "the watcher reloaded from the store")
    watcher.cancel()
  }

  func test_updateObject_changesOneRecord() throws {
    let store = ApolloStore()
    try readWrite(store) { transaction in
      try transaction.write(data: self.r2d2Data(), forQuery: JediHeroQuery())
      try transaction.updateObject(ofType: HeroAndFriendsNamesData.Hero.self, withKey: self.heroKey) { $0.name = "Artoo" }
    }.get()
    XCTAssertEqual(try store.cache.loadRecords(forKeys: [heroKey])[heroKey]?.fields["name"], .value(.string("Artoo")))
  }

  func test_update_ofAQueryMissingANullableField_failsBeforeTheBodyRuns_as0xRead_unlike1x() throws {
    let store = ApolloStore()
    // The hero without `friends` (nullable): 1.x's update reads it as absent, 0.x's read fails.
    try store.publishRecords(RecordSet(records: [
      Record(key: "QUERY_ROOT", fields: ["hero(episode:JEDI)": .reference(heroKey)]),
      Record(key: heroKey, fields: ["__typename": .value(.string("Droid")), "name": .value(.string("R2-D2"))]),
    ]))
    let bodyRan = Mutex(false)
    let outcome = readWrite(store) { try $0.update(query: JediHeroQuery()) { _ in bodyRan.withLock { $0 = true } } }
    XCTAssertThrowsError(try outcome.get()) { error in
      XCTAssertEqual((error as? GraphQLResultError)?.pathString, "hero.friends")
    }
    XCTAssertFalse(bodyRan.withLock { $0 })
  }

  func test_withinReadTransaction_deliversTheBodysError_asItsFailure() {
    let store = ApolloStore()
    struct BodyFailed: Error {}
    XCTAssertThrowsError(try read(store) { _ -> Int in throw BodyFailed() }.get()) { error in
      XCTAssertTrue(error is BodyFailed)
    }
  }

  func test_withinReadWriteTransaction_withoutACallbackQueue_completesOnTheTransactionsThread() {
    let store = ApolloStore()
    let done = expectation(description: "completion")
    let bodyThread = Mutex<Thread?>(nil)
    let completionThread = Mutex<Thread?>(nil)
    store.withinReadWriteTransaction({ _ in bodyThread.withLock { $0 = Thread.current } }) { _ in
      completionThread.withLock { $0 = Thread.current }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    let body = bodyThread.withLock { $0 }
    XCTAssertNotNil(body)
    XCTAssertFalse(body?.isMainThread ?? true)
    XCTAssertTrue(body === completionThread.withLock { $0 }, "the completion ran on another thread than the body")
  }

  func test_aWriteThenAReadSubmittedBackToBack_theReadSeesTheWrite() throws {
    let store = ApolloStore()
    let done = expectation(description: "read")
    let read = Mutex<Result<JediHeroQuery.Data, any Error>?>(nil)
    store.withinReadWriteTransaction({ try $0.write(data: self.r2d2Data(), forQuery: JediHeroQuery()) })
    store.withinReadTransaction({ try $0.read(query: JediHeroQuery()) }) { result in
      read.withLock { $0 = result }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    XCTAssertEqual(try read.withLock { $0 }?.get().hero?.name, "R2-D2")
  }

  func test_load_deliversTheCachedDataWithSourceCache_andAMissAsFailure() throws {
    let store = ApolloStore()
    let missed = expectation(description: "miss")
    store.load(query: JediHeroQuery()) { result in
      if case .failure = result { missed.fulfill() }
    }
    wait(for: [missed], timeout: 5)
    try readWrite(store) { try $0.write(data: self.r2d2Data(), forQuery: JediHeroQuery()) }.get()
    let loaded = expectation(description: "hit")
    let outcome = Mutex<(GraphQLResult<HeroAndFriendsNamesData>.Source, String?)?>(nil)
    store.load(query: JediHeroQuery()) { result in
      if let value = try? result.get() { outcome.withLock { $0 = (value.source, value.data?.hero?.name) } }
      loaded.fulfill()
    }
    wait(for: [loaded], timeout: 5)
    XCTAssertEqual(outcome.withLock { $0 }?.0, .cache)
    XCTAssertEqual(outcome.withLock { $0 }?.1, "R2-D2")
  }
}

private extension JSONObject {
  /// The object as the core's JSON, for a scripted response.
  var jsonValueForTest: JSON { JSON(foundationValue: self) ?? .null }
}
