import ApolloCore
import XCTest

private struct HeroQuery: GraphQLQuery {
  static let operationName = "Hero"
  static let operationDocument = OperationDocument(definition: OperationDefinition("query Hero($episode: Episode) { hero(episode: $episode) { id name friends { id name } } }"))
  var episode: String?
  var __variables: Variables? { episode.map { ["episode": $0] } }

  struct Data: RootSelectionSet {
    let __data: DataDict
    init(_dataDict: DataDict) throws { __data = _dataDict }
  }
}

final class StoreTests: XCTestCase {
  private let luke: JSONObject = ["hero": ["__typename": "Human", "id": "1000", "name": "Luke",
                                          "friends": [["__typename": "Human", "id": "1002", "name": "Han"], .null]]]

  func test_normalizer_keysObjectsByTypenameAndID_andRootFieldsByVariables() {
    let store = ApolloStore()
    let records = store.records(for: HeroQuery(episode: "EMPIRE"), data: luke)
    XCTAssertEqual(records["QUERY_ROOT"]?.fields[#"hero({"episode":"EMPIRE"})"#], .reference("Human:1000"))
    XCTAssertEqual(records["Human:1000"]?.fields["name"], .value("Luke"))
    XCTAssertEqual(records["Human:1000"]?.fields["friends"], .list([.reference("Human:1002"), .value(.null)]))
    XCTAssertEqual(records["Human:1002"]?.fields["name"], .value("Han"))
  }

  func test_normalizer_fallsBackToThePath_forObjectsWithoutID() {
    let store = ApolloStore()
    let records = store.records(for: HeroQuery(), data: ["hero": ["name": "Anon", "friends": [["name": "F"]]]])
    XCTAssertEqual(records["QUERY_ROOT"]?.fields["hero"], .reference("QUERY_ROOT.hero"))
    XCTAssertEqual(records["QUERY_ROOT.hero"]?.fields["friends"], .list([.reference("QUERY_ROOT.hero.friends.0")]))
  }

  func test_customCacheKeyRule_isUsed() {
    let store = ApolloStore(normalizer: ResponseNormalizer { $0["name"]?.stringValue.map { "Named:\($0)" } })
    let records = store.records(for: HeroQuery(), data: luke)
    XCTAssertNotNil(records["Named:Han"])
  }

  func test_readBack_rebuildsTheStoredResponse_withDependentKeys() throws {
    let store = ApolloStore()
    try store.publishRecords(store.records(for: HeroQuery(episode: "EMPIRE"), data: luke))
    let cached = try XCTUnwrap(store.readData(for: HeroQuery(episode: "EMPIRE")))
    XCTAssertEqual(cached.data, luke)
    XCTAssertTrue(cached.dependentKeys.contains("Human:1000.name"))
    XCTAssertTrue(cached.dependentKeys.contains(#"QUERY_ROOT.hero({"episode":"EMPIRE"})"#))
  }

  func test_readBack_ofAnOperationNeverWritten_isNil() throws {
    let store = ApolloStore()
    try store.publishRecords(store.records(for: HeroQuery(episode: "EMPIRE"), data: luke))
    XCTAssertNil(try store.readData(for: HeroQuery(episode: "JEDI")))
  }

  func test_cyclicReferences_doNotLoop_becauseReadsFollowTheStoredShape() throws {
    let store = ApolloStore()
    let cyclic: JSONObject = ["hero": ["__typename": "Human", "id": "1", "name": "A",
                                      "friends": [["__typename": "Human", "id": "2", "name": "B",
                                                   "friends": [["__typename": "Human", "id": "1", "name": "A"]]]]]]
    try store.publishRecords(store.records(for: HeroQuery(), data: cyclic))
    XCTAssertEqual(try store.readData(for: HeroQuery())?.data, cyclic)
  }

  func test_publish_reportsOnlyChangedFields() throws {
    let store = ApolloStore()
    let first = try store.publishRecords(store.records(for: HeroQuery(), data: luke))
    XCTAssertTrue(first.contains("Human:1000.name"))
    let again = try store.publishRecords(store.records(for: HeroQuery(), data: luke))
    XCTAssertTrue(again.isEmpty)
    var renamed = luke
    renamed["hero"] = ["__typename": "Human", "id": "1000", "name": "Skywalker", "friends": luke["hero"]?["friends"] ?? .null]
    XCTAssertEqual(try store.publishRecords(store.records(for: HeroQuery(), data: renamed)), ["Human:1000.name"])
  }

  func test_removeAll_dropsRecordsAndShapes() throws {
    let cache = InMemoryNormalizedCache()
    let store = ApolloStore(cache: cache)
    try store.publishRecords(store.records(for: HeroQuery(), data: luke))
    XCTAssertEqual(cache.recordCount, 3)
    try store.removeAll()
    XCTAssertEqual(cache.recordCount, 0)
    XCTAssertNil(try store.readData(for: HeroQuery()))
  }

  func test_concurrentPublishesAndReads_areSafe() async throws {
    let store = ApolloStore()
    let data = luke
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<200 {
        group.addTask {
          if index % 2 == 0 {
            _ = try? store.publishRecords(store.records(for: HeroQuery(episode: "E\(index % 10)"), data: data))
          } else {
            _ = try? store.readData(for: HeroQuery(episode: "E\(index % 10)"))
          }
        }
      }
    }
    XCTAssertEqual(try store.readData(for: HeroQuery(episode: "E0"))?.data, luke)
  }
}

final class IncrementalMergerTests: XCTestCase {
  func test_mergesDeferSpec20220824Items_byPath() throws {
    var merger = IncrementalResponseMerger()
    _ = try merger.apply(["data": ["hero": ["name": "R2"]], "hasNext": true])
    let outcome = try merger.apply(["incremental": [["data": ["friends": ["Luke"]], "path": ["hero"]]], "hasNext": false])
    XCTAssertEqual(outcome, .updated(GraphQLResponseBody(data: ["hero": ["name": "R2", "friends": ["Luke"]]], errors: nil, extensions: nil)))
  }

  func test_mergesPendingCompletedItems_byID_andForgetsCompletedIDs() throws {
    var merger = IncrementalResponseMerger()
    _ = try merger.apply(["data": ["hero": ["name": "R2"]], "pending": [["id": "0", "path": ["hero"]]], "hasNext": true])
    XCTAssertEqual(merger.pendingPaths["0"], ["hero"])
    _ = try merger.apply(["incremental": [["id": "0", "data": ["x": 1]]], "completed": [["id": "0"]], "hasNext": false])
    XCTAssertEqual(merger.current?.data, ["hero": ["name": "R2", "x": 1]])
    XCTAssertNil(merger.pendingPaths["0"])
  }

  func test_deepMerge_combinesNestedObjects_insteadOfReplacingThem() throws {
    var merger = IncrementalResponseMerger()
    _ = try merger.apply(["data": ["hero": ["stats": ["a": 1]]], "hasNext": true])
    _ = try merger.apply(["incremental": [["data": ["stats": ["b": 2]], "path": ["hero"]]], "hasNext": false])
    XCTAssertEqual(merger.current?.data, ["hero": ["stats": ["a": 1, "b": 2]]])
  }

  func test_itemErrors_andExtensions_accumulate() throws {
    var merger = IncrementalResponseMerger()
    _ = try merger.apply(["data": ["hero": [:]], "errors": [["message": "first"]], "hasNext": true])
    _ = try merger.apply(["incremental": [["data": [:], "path": ["hero"], "errors": [["message": "second"]]]],
                          "extensions": ["cost": 3], "hasNext": false])
    XCTAssertEqual(merger.current?.errors?.map(\.message), ["first", "second"])
    XCTAssertEqual(merger.current?.extensions, ["cost": 3])
  }

  func test_payloadWithoutHasNext_isNotIncremental() {
    var merger = IncrementalResponseMerger()
    XCTAssertThrowsError(try merger.apply(["data": [:]])) { error in
      XCTAssertEqual(error as? IncrementalResponseMerger.PayloadError, .notAnIncrementalPayload)
    }
  }

  func test_itemWithoutPathOrID_throwsMissingPath() throws {
    var merger = IncrementalResponseMerger()
    _ = try merger.apply(["data": [:], "hasNext": true])
    XCTAssertThrowsError(try merger.apply(["incremental": [["data": ["a": 1]]], "hasNext": false])) { error in
      XCTAssertEqual(error as? IncrementalResponseError, .missingPath)
    }
  }

  func test_listIndexPaths_resolve_andOutOfRangeIndexesDoNot() throws {
    var merger = IncrementalResponseMerger()
    _ = try merger.apply(["data": ["list": [["a": 1], .null]], "hasNext": true])
    _ = try merger.apply(["incremental": [["data": ["b": 2], "path": ["list", 0]]], "hasNext": true])
    XCTAssertEqual(merger.current?.data, ["list": [["a": 1, "b": 2], .null]])
    XCTAssertThrowsError(try merger.apply(["incremental": [["data": ["b": 2], "path": ["list", 5]]], "hasNext": false])) { error in
      XCTAssertEqual(error as? IncrementalResponseError, .unresolvablePath("list.5"))
    }
    XCTAssertThrowsError(try merger.apply(["incremental": [["data": ["b": 2], "path": ["list", 1]]], "hasNext": false]))
  }
}

final class StoreSubscriberTests: XCTestCase {
  private final class Listener: ApolloStoreSubscriber {
    let changes = Mutex<[Set<CacheKey>]>([])
    func store(_ store: ApolloStore, didChangeKeys changedKeys: Set<CacheKey>) {
      changes.withLock { $0.append(changedKeys) }
    }
  }

  func test_subscribersHearChangedKeysOnly_andNotAfterUnsubscribing() throws {
    let store = ApolloStore()
    let listener = Listener()
    store.subscribe(listener)
    try store.publishRecords(RecordSet(records: [Record(key: "A", fields: ["x": .value(1)])]))
    try store.publishRecords(RecordSet(records: [Record(key: "A", fields: ["x": .value(1)])]))
    try store.publishRecords(RecordSet(records: [Record(key: "A", fields: ["x": .value(2), "y": .value(3)])]))
    store.unsubscribe(listener)
    try store.publishRecords(RecordSet(records: [Record(key: "A", fields: ["x": .value(4)])]))
    XCTAssertEqual(listener.changes.withLock { $0 }, [["A.x"], ["A.x", "A.y"]])
  }

  func test_subscribersAreHeldWeakly() throws {
    let store = ApolloStore()
    weak var weakListener: Listener?
    do {
      let listener = Listener()
      weakListener = listener
      store.subscribe(listener)
    }
    XCTAssertNil(weakListener)
    XCTAssertNoThrow(try store.publishRecords(RecordSet(records: [Record(key: "A", fields: ["x": .value(1)])])))
  }
}
