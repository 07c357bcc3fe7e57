@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
@testable import ApolloCore
import StarWarsAPI
import XCTest

// A `@defer` part read by reading again only the objects its increments arrived at must give exactly what reading
// the whole merged response gives: the same data (values, fulfilled and pending fragments) and the same records.
// Each test feeds the parts of a response to both and compares them after every part (`DeferredDeferredFriendsQuery`: a
// fragment on every friend of the hero).

/// `query HeroID { hero { __typename name ... @defer(label: "d") { id since } } }`
private struct HeroIDQuery: GraphQLQuery {
  static let operationName = "HeroID"
  static let operationDocument = OperationDocument(definition: OperationDefinition(
    #"query HeroID { hero { __typename name ... @defer(label: "d") { id since } } }"#))
  typealias ResponseFormat = IncrementalDeferredResponseFormat
  static let responseFormat = IncrementalDeferredResponseFormat(deferredFragments: [
    DeferredFragmentIdentifier(label: "d", fieldPath: ["hero"]): Data.Hero.Details.self,
  ])

  struct Data: TestSelectionSet {
    let __data: DataDict
    init(_dataDict: DataDict) { __data = _dataDict }
    static var __parentType: any ParentType { TestObjects.Query }
    static var __selections: [Selection] { [.field("hero", Hero.self)] }

    struct Hero: TestSelectionSet {
      let __data: DataDict
      init(_dataDict: DataDict) { __data = _dataDict }
      static var __parentType: any ParentType { TestInterfaces.Character }
      static var __selections: [Selection] { [
        .field("__typename", String.self), .field("name", String.self), .deferred(Details.self, label: "d"),
      ] }
      static var __deferredFragments: [any Deferrable.Type] { [Details.self] }

      struct Details: TestInlineFragment {
        typealias RootEntityType = Hero
        let __data: DataDict
        init(_dataDict: DataDict) { __data = _dataDict }
        static var __parentType: any ParentType { TestInterfaces.Character }
        static var __selections: [Selection] { [.field("id", String.self), .field("since", String.self)] }
      }
    }
  }
}

final class IncrementalExecutionTests: XCTestCase {
  private func initial(_ ids: [String?]) -> JSON.Object {
    let friends: [JSON] = ids.map { id in id.map { .object(["__typename": "Human", "id": .string($0)]) } ?? .null }
    return ["data": ["hero": ["__typename": "Droid", "friends": .array(friends)]], "hasNext": true]
  }

  private func item(_ index: Int, best: String? = nil, since: String? = nil) -> JSON {
    var data: JSON.Object = [:]
    if let best { data["best"] = ["__typename": "Human", "name": .string(best)] }
    if let since { data["since"] = .string(since) }
    return ["label": "d", "path": ["hero", "friends", .int(index)], "data": .object(data)]
  }

  private func part(_ items: JSON...) -> JSON.Object { ["incremental": .array(items), "hasNext": true] }

  private func paths(of payload: JSON.Object) -> [[JSON]] {
    (payload["incremental"]?.arrayValue ?? []).compactMap { $0["path"]?.arrayValue }
  }

  /// Feeds `parts` after `first` to both readings and compares them after each, building on the previous reading only
  /// where `DeferredParts` offers it (as the parsers do); returns how many parts were read by increments (the others
  /// were declined, for the caller to read whole).
  @discardableResult
  private func assertIncrementsReadAsTheWhole<Query: GraphQLQuery>(
    _ first: JSON.Object, _ parts: [JSON.Object], as _: Query.Type = DeferredFriendsQuery.self,
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> Int {
    typealias Reading = (data: Query.Data, records: RecordSet?)
    var deferred = DeferredParts()
    guard case .updated(let initial, let firstCount, _) = try deferred.merge(first) else {
      XCTFail("the first part changed nothing", file: file, line: line)
      return 0
    }
    let firstReading: Reading = try GraphQLExecutor.execute(
      Query.self, variables: nil, data: XCTUnwrap(initial.data), normalizing: true)
    deferred.keep(firstReading, readAfter: firstCount)
    var readByIncrements = 0
    for (index, payload) in parts.enumerated() {
      guard case .updated(let body, let count, let previous) = try deferred.merge(payload) else { continue }
      let merged = try XCTUnwrap(body.data)
      let whole: Reading = try GraphQLExecutor.execute(Query.self, variables: nil, data: merged, normalizing: true)
      if let previous = previous as? Reading, let spliced = GraphQLExecutor.executeIncrements(
        Query.self, variables: nil, data: merged, paths: paths(of: payload),
        previous: (previous.data, previous.records), normalizing: true, cacheKeyForObject: nil, fieldKeys: nil)
      {
        readByIncrements += 1
        XCTAssertEqual(spliced.data.__data, whole.data.__data, "data after part \(index)", file: file, line: line)
        XCTAssertEqual(spliced.records, whole.records, "records after part \(index)", file: file, line: line)
      }
      deferred.keep(whole, readAfter: count)
    }
    return readByIncrements
  }

  func test_aFragmentOnEachListItem_arrivingOneByOne_inAnyOrder() throws {
    let read = try assertIncrementsReadAsTheWhole(initial(["a", "b", "c"]), [
      part(item(2, best: "Han", since: "1980")), part(item(0, best: "Luke", since: "1977")),
      part(item(1, best: "Leia", since: "1977")),
    ])
    XCTAssertEqual(read, 3)
  }

  func test_severalItemsInOnePart_andAFragmentThatArrivesInTwoParts() throws {
    let read = try assertIncrementsReadAsTheWhole(initial(["a", "b", "c"]), [
      part(item(0, best: "Luke", since: "1977"), item(1, best: "Leia")),
      part(item(1, since: "1977")),
      part(item(2, best: "Han", since: "1980")),
    ])
    XCTAssertEqual(read, 3)
  }

  func test_objectsKeyedByTheirID() throws {
    try TestSchemaConfiguration.$keysByID.withValue(true) {
      let read = try assertIncrementsReadAsTheWhole(initial(["a", "b"]), [
        part(item(1, best: "Leia", since: "1977")), part(item(0, best: "Luke", since: "1977")),
      ])
      XCTAssertEqual(read, 2)
    }
  }

  /// The fragment brings the hero's id: keyed by id, the hero's record key changes from its path to `Droid:2001`,
  /// and the whole reading has no record under the old key and a root pointing at the new one. Read whole.
  func test_anObjectWhoseKeyChangesWithWhatArrived_isReadWhole() throws {
    let first: JSON.Object = ["data": ["hero": ["__typename": "Droid", "name": "R2-D2"]], "hasNext": true]
    let arrived: JSON.Object = [
      "incremental": [["label": "d", "path": ["hero"], "data": ["id": "2001", "since": "1977"]]], "hasNext": false,
    ]
    try TestSchemaConfiguration.$keysByID.withValue(true) {
      XCTAssertEqual(try assertIncrementsReadAsTheWhole(first, [arrived], as: HeroIDQuery.self), 0)
    }
    XCTAssertEqual(try assertIncrementsReadAsTheWhole(first, [arrived], as: HeroIDQuery.self), 1,
                   "keyed by path, the key stays and the part is read by its increment")
  }

  /// A part that fails to read leaves no reading to build on: the next part is read whole (and fails the same way
  /// the whole reading does); readings kept out of order keep the latest.
  func test_thePartsReadings_areBuiltOnOnlyFromThePartJustBefore() throws {
    var parts = DeferredParts()
    guard case .updated(_, let first, let none) = try parts.merge(initial(["a", "b"])) else { return XCTFail("no update") }
    XCTAssertEqual(first, 1)
    XCTAssertNil(none)
    parts.keep("reading 1", readAfter: 1)
    guard case .updated(_, let second, let previous) = try parts.merge(part(item(0, best: "Luke", since: "1977"))) else {
      return XCTFail("no update")
    }
    XCTAssertEqual(second, 2)
    XCTAssertEqual(previous as? String, "reading 1")
    // Part 2 failed to read: nothing kept.
    guard case .updated(_, let third, let stale) = try parts.merge(part(item(1, best: "Leia", since: "1977"))) else {
      return XCTFail("no update")
    }
    XCTAssertEqual(third, 3)
    XCTAssertNil(stale, "reading 1 is two changes old")
    parts.keep("reading 3", readAfter: 3)
    parts.keep("reading 2, finished late", readAfter: 2)
    guard case .updated(_, _, let latest) = try parts.merge(part(item(1, since: "1977"))) else { return XCTFail("no update") }
    XCTAssertEqual(latest as? String, "reading 3")
  }

  /// One entity twice in the list (a server that sends it two ways, or keys that collide): its record holds what the
  /// whole reading wrote last, the second item's `since`, however the parts arrive. Merging the first item's reading
  /// over it when that item's fragment arrives last would keep the first item's instead. Read whole.
  func test_aRecordWrittenFromTwoPlaces_withDifferentValues_isReadWhole() throws {
    try TestSchemaConfiguration.$keysByID.withValue(true) {
      let read = try assertIncrementsReadAsTheWhole(initial(["a", "a"]), [
        part(item(1, best: "Han", since: "1980")), part(item(0, best: "Luke", since: "1977")),
      ])
      XCTAssertEqual(read, 1, "the second item's fragment is read by its increment; the first item's is read whole")
    }
  }

  /// A part that replaces a value that had arrived (a friend's list of friends becomes empty): what was read from the
  /// old value (the record of the friend's friend) is gone from the whole reading, although every field the friend's
  /// record had is written again with the value it had (the entity's list was already empty, from its second place in
  /// the list). Read whole.
  func test_aPartThatReplacesAnArrivedValue_isReadWhole() throws {
    func friends(at index: Int, _ ids: [String]) -> JSON.Object {
      let friends: [JSON] = ids.map { ["__typename": "Droid", "id": .string($0)] }
      return part(["label": "more", "path": ["hero", "friends", .int(index)], "data": ["friends": .array(friends)]])
    }
    let sameFriendTwice: JSON.Object = [
      "data": ["hero": ["__typename": "Human", "id": "1000", "friends": [
        ["__typename": "Human", "id": "1001"], ["__typename": "Human", "id": "1001"],
      ]]],
      "hasNext": true,
    ]
    let read = try assertIncrementsReadAsTheWhole(
      sameFriendTwice, [friends(at: 0, ["2000"]), friends(at: 1, []), friends(at: 0, [])], as: HeroFriendsDeferredQuery.self)
    XCTAssertEqual(read, 1, "the second part changes a field's value; the last one replaces a value that had arrived")

    var merger = IncrementalResponseMerger()
    _ = try merger.apply(sameFriendTwice)
    _ = try merger.apply(friends(at: 0, ["2000"]))
    XCTAssertFalse(merger.latestPayloadReplacedValues, "a part that only adds")
    _ = try merger.apply(friends(at: 0, ["2000"]))
    XCTAssertFalse(merger.latestPayloadReplacedValues, "the same value again")
    _ = try merger.apply(friends(at: 0, []))
    XCTAssertTrue(merger.latestPayloadReplacedValues)
  }

  /// What the splice checks before merging an object's new records over its earlier ones: every earlier record it
  /// reached is written again, with every field it had (else a field of a replaced reading would be left over).
  func test_theRecordsReadAgain_mustCoverEveryEarlierRecordAndField_theObjectReached() {
    let earlier = RecordSet(records: [
      Record(key: "Hero:1", fields: ["name": .value("R2"), "friend": .reference("User:1")]),
      Record(key: "User:1", fields: ["id": .value("1"), "name": .value("A"), "hero": .reference("Hero:1")]),
    ])
    let same = RecordSet(records: [
      Record(key: "Hero:1", fields: ["name": .value("R2"), "friend": .reference("User:1"), "since": .value("1977")]),
      Record(key: "User:1", fields: ["id": .value("1"), "name": .value("A"), "hero": .reference("Hero:1")]),
    ])
    XCTAssertTrue(same.containsEveryRecord(reachableFrom: "Hero:1", in: earlier), "a cycle of references ends")
    let fieldDropped = RecordSet(records: [
      Record(key: "Hero:1", fields: ["name": .value("R2"), "friend": .reference("User:1")]),
      Record(key: "User:1", fields: ["id": .value("1"), "hero": .reference("Hero:1")]),
    ])
    XCTAssertFalse(fieldDropped.containsEveryRecord(reachableFrom: "Hero:1", in: earlier), "User:1.name would be left over")
    let recordDropped = RecordSet(records: [Record(key: "Hero:1", fields: ["name": .value("R2"), "friend": .value(.null)])])
    XCTAssertFalse(recordDropped.containsEveryRecord(reachableFrom: "Hero:1", in: earlier), "User:1 would be left over")
  }

  func test_aPathThatCannotBeFollowed_isDeclined_forTheWholeReading() throws {
    var merger = IncrementalResponseMerger()
    _ = try merger.apply(initial(["a", nil]))
    let previous = try GraphQLExecutor.execute(
      DeferredFriendsQuery.self, variables: nil, data: XCTUnwrap(merger.current?.data), normalizing: true)
    let data = try XCTUnwrap(merger.current?.data)
    for path: [JSON] in [["hero", "friends", 1], ["hero", "friends", 5], ["hero", "enemies", 0], ["hero", "friends"], []] {
      XCTAssertNil(GraphQLExecutor.executeIncrements(
        DeferredFriendsQuery.self, variables: nil, data: data, paths: [path], previous: (previous.data, previous.records),
        normalizing: true, cacheKeyForObject: nil, fieldKeys: nil), "\(path)")
    }
  }
}
