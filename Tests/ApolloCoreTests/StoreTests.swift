@_spi(Execution) @_spi(Unsafe) import ApolloAPI
@testable import ApolloCore
import XCTest

// A query in the shape 2.x code generation emits, on a two-type schema whose configuration keys
// objects by `id` (as an app's edited `SchemaConfiguration.swift` does).

private enum StoreTestSchema: SchemaMetadata {
  static let configuration: any SchemaConfiguration.Type = StoreTestConfiguration.self
  static let query = Object(typename: "Query", implementedInterfaces: [])
  static let human = Object(typename: "Human", implementedInterfaces: [])

  static func objectType(forTypename typename: String) -> Object? {
    switch typename {
    case "Query": return query
    case "Human": return human
    default: return nil
    }
  }
}

private enum StoreTestConfiguration: SchemaConfiguration {
  static func cacheKeyInfo(for type: Object, object: ObjectData) -> CacheKeyInfo? {
    // An empty id stands for an object the app's configuration gives no key.
    guard let id = object["id"] as? String, !id.isEmpty else { return nil }
    return CacheKeyInfo(id: id)
  }
}

private struct HeroQuery: GraphQLQuery {
  static let operationName = "Hero"
  static let operationDocument = OperationDocument(definition: OperationDefinition(
    "query Hero($episode: Episode) { hero(episode: $episode) { __typename id name friends { __typename id name } } }"))
  var episode: GraphQLNullable<String> = nil
  var __variables: Variables? { ["episode": episode] }

  struct Data: RootSelectionSet {
    typealias Schema = StoreTestSchema
    let __data: DataDict
    init(_dataDict: DataDict) { __data = _dataDict }
    static var __parentType: any ParentType { StoreTestSchema.query }
    static var __selections: [Selection] { [.field("hero", Hero?.self, arguments: ["episode": .variable("episode")])] }
    var hero: Hero? { __data["hero"] }

    struct Hero: RootSelectionSet {
      typealias Schema = StoreTestSchema
      let __data: DataDict
      init(_dataDict: DataDict) { __data = _dataDict }
      static var __parentType: any ParentType { StoreTestSchema.human }
      static var __selections: [Selection] {
        [.field("__typename", String.self), .field("id", String.self), .field("name", String.self),
         .field("friends", [Friend?]?.self)]
      }
      var name: String { __data["name"] }
      var friends: [Friend?]? { __data["friends"] }

      struct Friend: RootSelectionSet {
        typealias Schema = StoreTestSchema
        let __data: DataDict
        init(_dataDict: DataDict) { __data = _dataDict }
        static var __parentType: any ParentType { StoreTestSchema.human }
        static var __selections: [Selection] {
          [.field("__typename", String.self), .field("id", String.self), .field("name", String.self)]
        }
        var name: String { __data["name"] }
      }
    }
  }
}

final class StoreTests: XCTestCase {
  private let luke: JSON.Object = ["hero": ["__typename": "Human", "id": "1000", "name": "Luke",
                                          "friends": [["__typename": "Human", "id": "1002", "name": "Han"], .null]]]

  private func records(_ query: HeroQuery, _ data: JSON.Object, in store: ApolloStore) throws -> RecordSet {
    try XCTUnwrap(store.normalizer.execute(query, data: data, normalizing: true).records)
  }

  func test_normalizer_keysObjectsByTheSchemasCacheKeyInfo_andRootFieldsByTheirArguments() throws {
    let store = ApolloStore()
    let records = try records(HeroQuery(episode: "EMPIRE"), luke, in: store)
    XCTAssertEqual(records["QUERY_ROOT"]?.fields["hero(episode:EMPIRE)"], .reference("Human:1000"))
    XCTAssertEqual(records["Human:1000"]?.fields["name"], .value("Luke"))
    XCTAssertEqual(records["Human:1000"]?.fields["friends"], .list([.reference("Human:1002"), .value(.null)]))
    XCTAssertEqual(records["Human:1002"]?.fields["name"], .value("Han"))
  }

  func test_normalizer_fallsBackToThePath_forObjectsWithoutKey() throws {
    let store = ApolloStore()
    let data: JSON.Object = ["hero": ["__typename": "Human", "id": "", "name": "Anon",
                                      "friends": [["__typename": "Human", "id": "", "name": "F"]]]]
    let records = try records(HeroQuery(), data, in: store)
    XCTAssertEqual(records["QUERY_ROOT"]?.fields["hero"], .reference("QUERY_ROOT.hero"))
    XCTAssertEqual(records["QUERY_ROOT.hero"]?.fields["friends"], .list([.reference("QUERY_ROOT.hero.friends.0")]))
  }

  func test_cacheKeyForObjectRule_isAskedBeforeTheSchema() throws {
    let store = ApolloStore(normalizer: ResponseNormalizer { $0["name"]?.stringValue.map { "Named:\($0)" } })
    let records = try records(HeroQuery(), luke, in: store)
    XCTAssertNotNil(records["Named:Han"])
    XCTAssertNil(records["Human:1002"])
  }

  func test_readBack_rebuildsTheStoredResponse_withDependentKeys() throws {
    let store = ApolloStore()
    try store.publishRecords(records(HeroQuery(episode: "EMPIRE"), luke, in: store))
    let cached = try store.read(HeroQuery(episode: "EMPIRE"))
    XCTAssertEqual(cached.data.jsonObject, luke)
    XCTAssertTrue(cached.dependentKeys.contains("Human:1000.name"))
    XCTAssertTrue(cached.dependentKeys.contains("QUERY_ROOT.hero(episode:EMPIRE)"))
  }

  /// The clients' cache hits keep the keys their read recorded and make them a set only when asked: the
  /// same set the public read returns, misses included.
  func test_aReadDeferringKeys_dependsOnTheSameKeys_asTheRead() throws {
    let store = ApolloStore()
    try store.publishRecords(records(HeroQuery(episode: "EMPIRE"), luke, in: store))
    let deferred = try store.readDeferringKeys(HeroQuery(episode: "EMPIRE"))
    let eager = try store.read(HeroQuery(episode: "EMPIRE"))
    XCTAssertEqual(deferred.dependentKeys.keys, eager.dependentKeys)
    XCTAssertEqual(deferred.data.jsonObject, eager.data.jsonObject)
    XCTAssertNil(try store.readIfCompleteDeferringKeys(HeroQuery(episode: "JEDI")))
  }

  func test_readBack_ofAnOperationNeverWritten_isAMiss() throws {
    let store = ApolloStore()
    try store.publishRecords(records(HeroQuery(episode: "EMPIRE"), luke, in: store))
    XCTAssertNil(try store.readIfComplete(HeroQuery(episode: "JEDI")))
    XCTAssertThrowsError(try store.read(HeroQuery(episode: "JEDI"))) { error in
      XCTAssertEqual((error as? GraphQLExecutionError)?.pathString, "hero")
    }
  }

  func test_cyclicReferences_doNotLoop_becauseReadsFollowTheSelections() throws {
    let store = ApolloStore()
    let cyclic: JSON.Object = ["hero": ["__typename": "Human", "id": "1", "name": "A",
                                      "friends": [["__typename": "Human", "id": "1", "name": "A"]]]]
    try store.publishRecords(records(HeroQuery(), cyclic, in: store))
    XCTAssertEqual(try store.read(HeroQuery()).data.jsonObject, cyclic)
  }

  func test_publish_reportsOnlyChangedFields() throws {
    let store = ApolloStore()
    let first = try store.publishRecords(records(HeroQuery(), luke, in: store))
    XCTAssertTrue(first.contains("Human:1000.name"))
    let again = try store.publishRecords(records(HeroQuery(), luke, in: store))
    XCTAssertTrue(again.isEmpty)
    var renamed = luke
    renamed["hero"] = ["__typename": "Human", "id": "1000", "name": "Skywalker", "friends": luke["hero"]?["friends"] ?? .null]
    XCTAssertEqual(try store.publishRecords(records(HeroQuery(), renamed, in: store)), ["Human:1000.name"])
  }

  func test_mergeIntoAStoredRecord_keepsItsOtherFields_andReportsNewAndChangedFieldsOnly() throws {
    let cache = InMemoryNormalizedCache(records: RecordSet(records: [
      Record(key: "QUERY_ROOT", fields: ["a": .value(.int(1)), "b": .value(.int(2))]),
    ]))
    let changed = try cache.merge(records: RecordSet(records: [
      Record(key: "QUERY_ROOT", fields: ["b": .value(.int(2)), "c": .value(.int(3))]),
      Record(key: "Human:1", fields: ["name": .value(.string("Luke"))]),
    ]))
    XCTAssertEqual(changed, ["QUERY_ROOT.c", "Human:1.name"])
    XCTAssertEqual(try cache.loadRecords(forKeys: ["QUERY_ROOT", "Human:1"]), [
      "QUERY_ROOT": Record(key: "QUERY_ROOT", fields: ["a": .value(.int(1)), "b": .value(.int(2)), "c": .value(.int(3))]),
      "Human:1": Record(key: "Human:1", fields: ["name": .value(.string("Luke"))]),
    ])
    XCTAssertEqual(try cache.merge(records: RecordSet(records: [Record(key: "QUERY_ROOT", fields: ["a": .value(.int(9))])])),
                   ["QUERY_ROOT.a"])
    XCTAssertEqual(try cache.loadRecords(forKeys: ["QUERY_ROOT"])["QUERY_ROOT"]?.fields["a"], .value(.int(9)))
  }

  func test_readIfComplete_rethrowsAFailingCache_ratherThanReportingAMiss() {
    final class FailingCache: NormalizedCache {
      struct Unavailable: Error, Equatable {}
      func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] { throw Unavailable() }
      func merge(records: RecordSet) throws -> Set<CacheKey> { [] }
      func removeRecord(for key: CacheKey) throws {}
      func removeRecords(matching pattern: CacheKey) throws {}
      func clear() throws {}
    }
    let store = ApolloStore(cache: FailingCache())
    XCTAssertThrowsError(try store.readIfComplete(HeroQuery())) { error in
      XCTAssertEqual(error as? FailingCache.Unavailable, FailingCache.Unavailable())
    }
  }

  func test_removeAll_dropsEveryRecord() throws {
    let cache = InMemoryNormalizedCache()
    let store = ApolloStore(cache: cache)
    try store.publishRecords(records(HeroQuery(), luke, in: store))
    XCTAssertEqual(cache.recordCount, 3)
    try store.removeAll()
    XCTAssertEqual(cache.recordCount, 0)
    XCTAssertNil(try store.readIfComplete(HeroQuery()))
  }

  func test_concurrentPublishesAndReads_areSafe() async throws {
    let store = ApolloStore()
    let data = luke
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<200 {
        group.addTask {
          let query = HeroQuery(episode: .some("E\(index % 10)"))
          if index % 2 == 0 {
            if let records = try? store.normalizer.execute(query, data: data, normalizing: true).records {
              _ = try? store.publishRecords(records)
            }
          } else {
            _ = try? store.readIfComplete(query)
          }
        }
      }
    }
    XCTAssertEqual(try store.read(HeroQuery(episode: "E0")).data.jsonObject, luke)
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

  /// Each increment is within the parser's depth, but increments placed under earlier ones would nest the response
  /// deeper and deeper (a stack overflow when it is read or freed): the one that would pass the limit is refused.
  func test_anIncrementThatWouldNestTheResponseTooDeep_isRefusedWithATypedError() throws {
    func nested(_ levels: Int) -> JSON.Object {
      var value: JSON.Object = [:]
      for _ in 0..<levels { value = ["n": .object(value)] }
      return value
    }
    var merger = IncrementalResponseMerger()
    _ = try merger.apply(["data": ["a": [:]], "hasNext": true])
    _ = try merger.apply(["incremental": [["data": .object(nested(400)), "path": ["a"]]], "hasNext": true])
    let deepPath: [JSON] = ["a"] + Array(repeating: "n", count: 300)
    XCTAssertThrowsError(try merger.apply(["incremental": [["data": .object(nested(300)), "path": .array(deepPath)]],
                                           "hasNext": false])) { error in
      XCTAssertEqual(error as? IncrementalResponseError, .nestingTooDeep)
    }
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

  /// As upstream's store (0.x, 1.x and 2.x): a subscriber is kept until it unsubscribes, so one the app made and let
  /// go of still hears every change. 2.x unsubscribes with the token `subscribe` returned.
  func test_subscribers_areKeptUntilTheyUnsubscribe_byTokenToo() throws {
    let store = ApolloStore()
    weak var weakListener: Listener?
    let token: ApolloStore.SubscriptionToken
    do {
      let listener = Listener()
      weakListener = listener
      token = store.subscribe(listener)
    }
    try store.publishRecords(RecordSet(records: [Record(key: "A", fields: ["x": .value(1)])]))
    XCTAssertEqual(weakListener?.changes.withLock { $0 }, [["A.x"]])
    store.unsubscribe(token)
    XCTAssertNil(weakListener)
    XCTAssertNoThrow(try store.publishRecords(RecordSet(records: [Record(key: "A", fields: ["x": .value(2)])])))
  }

  /// A 1.x subscriber implements only the method with the context identifier, and conforms.
  func test_a1xSubscriber_implementsOnlyTheContextIdentifierMethod() throws {
    final class ContextListener: ApolloStoreSubscriber {
      let identifiers = Mutex<[UUID?]>([])
      func store(_ store: ApolloStore, didChangeKeys changedKeys: Set<CacheKey>, contextIdentifier: UUID?) {
        identifiers.withLock { $0.append(contextIdentifier) }
      }
    }
    let store = ApolloStore()
    let listener = ContextListener()
    store.subscribe(listener)
    let id = UUID()
    try store.publishRecords(RecordSet(records: [Record(key: "A", fields: ["x": .value(1)])]), identifier: id)
    XCTAssertEqual(listener.identifiers.withLock { $0 }, [id])
    store.unsubscribe(listener)
  }
}
