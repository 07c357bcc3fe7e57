@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
@testable import ApolloCore
import XCTest

// A `@defer` fragment that selects a field its parent selects too, with other subfields: both reads are views of
// one response object, so the object's data holds the subfields of both. Before, the parent's value was kept alone
// and the fragment's accessors found their fields missing (a `DataDict` precondition failure), and the merged
// response replaced the parent's list with the increment's, failing the parent's read.

/// `hero { __typename friend { __typename id } friends { __typename id }
///   ... @defer(label: "d") { friend { __typename name } friends { __typename name } } }`
private struct OverlapQuery: TestSelectionSet {
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { TestObjects.Query }
  static var __selections: [Selection] { [.field("hero", Hero.self)] }
  var hero: Hero { __data["hero"] }

  struct Hero: TestSelectionSet {
    let __data: DataDict
    init(_dataDict: DataDict) { __data = _dataDict }
    static var __parentType: any ParentType { TestInterfaces.Character }
    static var __selections: [Selection] { [
      .field("__typename", String.self),
      .field("friend", Friend.self),
      .field("friends", [Friend].self),
      .deferred(Details.self, label: "d"),
    ] }
    static var __deferredFragments: [any Deferrable.Type] { [Details.self] }
    var friend: Friend { __data["friend"] }
    var friends: [Friend] { __data["friends"] }
    var details: Details? { Deferred<Details>(_dataDict: __data).wrappedValue }

    struct Friend: TestSelectionSet {
      let __data: DataDict
      init(_dataDict: DataDict) { __data = _dataDict }
      static var __parentType: any ParentType { TestInterfaces.Character }
      static var __selections: [Selection] { [.field("__typename", String.self), .field("id", String.self)] }
      var id: String { __data["id"] }
    }

    struct Details: TestInlineFragment {
      typealias RootEntityType = Hero
      let __data: DataDict
      init(_dataDict: DataDict) { __data = _dataDict }
      static var __parentType: any ParentType { TestInterfaces.Character }
      static var __selections: [Selection] { [.field("friend", NamedFriend.self), .field("friends", [NamedFriend].self)] }
      var friend: NamedFriend { __data["friend"] }
      var friends: [NamedFriend] { __data["friends"] }

      struct NamedFriend: TestSelectionSet {
        let __data: DataDict
        init(_dataDict: DataDict) { __data = _dataDict }
        static var __parentType: any ParentType { TestInterfaces.Character }
        static var __selections: [Selection] { [.field("__typename", String.self), .field("name", String.self)] }
        var name: String { __data["name"] }
      }
    }
  }
}

final class DeferredOverlappingFieldTests: XCTestCase {
  private let initial: JSON.Object = [
    "data": ["hero": [
      "__typename": "Droid",
      "friend": ["__typename": "Human", "id": "1000"],
      "friends": [["__typename": "Human", "id": "1000"], ["__typename": "Human", "id": "1002"]],
    ]],
    "hasNext": true,
  ]

  private func increment(_ data: JSON.Object) -> JSON.Object {
    ["incremental": [["label": "d", "path": ["hero"], "data": .object(data)]], "hasNext": false]
  }

  private let namedFriends: JSON.Object = [
    "friend": ["__typename": "Human", "name": "Luke"],
    "friends": [["__typename": "Human", "name": "Luke"], ["__typename": "Human", "name": "Han"]],
  ]

  private func merged(_ payloads: [JSON.Object]) throws -> JSON.Object {
    var merger = IncrementalResponseMerger()
    for payload in payloads { _ = try merger.apply(payload) }
    return try XCTUnwrap(merger.current?.data)
  }

  private func execute(_ data: JSON.Object) throws -> (hero: OverlapQuery.Hero, records: RecordSet) {
    var executor = NetworkResponseExecutor(variables: nil, normalizing: true, readsArrivedDeferredFragments: true)
    let dataDict = try executor.execute(rootType: OverlapQuery.self, object: data, rootKey: "QUERY_ROOT")
    return (OverlapQuery(_dataDict: dataDict).hero, executor.records)
  }

  func test_mergedIncrement_keepsTheParentsSubfieldsOfAnObjectAndOfEachListElement() throws {
    let data = try merged([initial, increment(namedFriends)])
    let hero = try XCTUnwrap(data["hero"]?.objectValue)
    XCTAssertEqual(hero["friend"], ["__typename": "Human", "id": "1000", "name": "Luke"])
    XCTAssertEqual(hero["friends"], [
      ["__typename": "Human", "id": "1000", "name": "Luke"], ["__typename": "Human", "id": "1002", "name": "Han"],
    ])
  }

  func test_networkRead_fragmentAndParentEachReadTheirSubfieldsOfTheSharedObjects() throws {
    let (hero, records) = try execute(merged([initial, increment(namedFriends)]))
    XCTAssertEqual(hero.friend.id, "1000")
    XCTAssertEqual(hero.friends.map(\.id), ["1000", "1002"])
    let details = try XCTUnwrap(hero.details, "every field of the fragment arrived")
    XCTAssertEqual(details.friend.name, "Luke")
    XCTAssertEqual(details.friends.map(\.name), ["Luke", "Han"])
    XCTAssertEqual(records["QUERY_ROOT.hero.friend"]?.fields["name"], .value(.string("Luke")))
    XCTAssertEqual(records["QUERY_ROOT.hero.friend"]?.fields["id"], .value(.string("1000")))
  }

  func test_networkRead_beforeTheIncrement_leavesTheFragmentPending() throws {
    let (hero, _) = try execute(merged([initial]))
    XCTAssertNil(hero.details)
    XCTAssertEqual(hero.friend.id, "1000")
  }

  func test_networkRead_anIncrementWhoseValueDoesNotFit_failsTheResponse_insteadOfStayingPending() throws {
    let wrongType = try merged([initial, increment(["friend": "oops", "friends": .array([])])])
    assertExecutionError(try execute(wrongType), path: ["hero", "friend"], .wrongType)
    let nullName = try merged([initial, increment([
      "friend": ["__typename": "Human", "name": .null],
      "friends": [["__typename": "Human", "name": "Luke"], ["__typename": "Human", "name": "Han"]],
    ])])
    assertExecutionError(try execute(nullName), path: ["hero", "friend", "name"], .nullValue)
  }

  func test_cacheRead_fragmentAndParentEachReadTheirSubfieldsOfTheSharedObjects() throws {
    let cache = InMemoryNormalizedCache()
    _ = try cache.merge(records: execute(merged([initial, increment(namedFriends)])).records)
    let read = try GraphQLExecutor.read(OverlapQuery.self, withKey: "QUERY_ROOT", variables: nil, from: cache)
    XCTAssertEqual(read.data.hero.friend.id, "1000")
    let details = try XCTUnwrap(read.data.hero.details, "every field of the fragment is cached")
    XCTAssertEqual(details.friend.name, "Luke")
    XCTAssertEqual(details.friends.map(\.name), ["Luke", "Han"])
    XCTAssertEqual(read.data.hero.friends.map(\.id), ["1000", "1002"])
  }
}
