@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
@testable import ApolloCore
import XCTest

// Reading records back through selections (upstream's ReadWriteFromStore, LoadQueryFromStore and
// BatchedLoad tests): data written by one operation serves another that selects the same fields.

/// `hero(episode: $episode) { __typename id name friends { __typename id name } }`
private struct HeroAndFriends: TestSelectionSet {
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { TestObjects.Query }
  static var __selections: [Selection] { [.field("hero", Hero?.self, arguments: ["episode": .variable("episode")])] }
  var hero: Hero? { __data["hero"] }

  struct Hero: TestSelectionSet {
    let __data: DataDict
    init(_dataDict: DataDict) { __data = _dataDict }
    static var __parentType: any ParentType { TestInterfaces.Character }
    static var __selections: [Selection] { [
      .field("__typename", String.self), .field("id", String.self), .field("name", String.self),
      .field("friends", [Friend?]?.self),
    ] }
    var name: String { __data["name"] }
    var friends: [Friend?]? { __data["friends"] }

    struct Friend: TestSelectionSet {
      let __data: DataDict
      init(_dataDict: DataDict) { __data = _dataDict }
      static var __parentType: any ParentType { TestInterfaces.Character }
      static var __selections: [Selection] { [.field("__typename", String.self), .field("id", String.self), .field("name", String.self)] }
      var name: String { __data["name"] }
    }
  }
}

/// `hero(episode: $episode) { name }`: a second operation over the same records.
private struct HeroName: TestSelectionSet {
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { TestObjects.Query }
  static var __selections: [Selection] { [.field("hero", Hero?.self, arguments: ["episode": .variable("episode")])] }

  struct Hero: TestSelectionSet {
    let __data: DataDict
    init(_dataDict: DataDict) { __data = _dataDict }
    static var __parentType: any ParentType { TestInterfaces.Character }
    static var __selections: [Selection] { [.field("name", String.self)] }
    var name: String { __data["name"] }
  }
}

/// `hero { name ... @defer(label: "id") { id } }`
private struct DeferredHero: TestSelectionSet {
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { TestObjects.Query }
  static var __selections: [Selection] { [.field("hero", Hero.self)] }

  struct Hero: TestSelectionSet {
    let __data: DataDict
    init(_dataDict: DataDict) { __data = _dataDict }
    static var __parentType: any ParentType { TestInterfaces.Character }
    static var __selections: [Selection] { [.field("name", String.self), .deferred(ID.self, label: "id")] }

    struct ID: TestInlineFragment {
      typealias RootEntityType = Hero
      let __data: DataDict
      init(_dataDict: DataDict) { __data = _dataDict }
      static var __parentType: any ParentType { TestInterfaces.Character }
      static var __selections: [Selection] { [.field("id", String.self)] }
    }
  }
}

/// Counts batch loads, to show that a list's references are loaded together.
private final class CountingCache: NormalizedCache, @unchecked Sendable {
  // Safe: the tests call it from one thread; the wrapped cache locks itself.
  let wrapped = InMemoryNormalizedCache()
  var loads = 0
  func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] { loads += 1; return try wrapped.loadRecords(forKeys: keys) }
  func merge(records: RecordSet) throws -> Set<CacheKey> { try wrapped.merge(records: records) }
  func removeRecord(for key: CacheKey) throws { try wrapped.removeRecord(for: key) }
  func removeRecords(matching pattern: CacheKey) throws { try wrapped.removeRecords(matching: pattern) }
  func clear() throws { try wrapped.clear() }
}

final class CacheReadTests: XCTestCase {
  private let episodeJEDI: ApolloAPI.GraphQLOperation.Variables = ["episode": "JEDI"]
  private let noEpisode: ApolloAPI.GraphQLOperation.Variables = ["episode": GraphQLNullable<String>.none]

  private func heroResponse(friendCount: Int = 3) -> JSON.Object {
    let friends: [JSON] = (0..<friendCount).map { index in
      ["__typename": "Human", "id": .string("10\(index)"), "name": .string("Friend \(index)")]
    }
    return ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2", "friends": .array(friends)]]
  }

  private func cache(
    with data: JSON.Object, variables: ApolloAPI.GraphQLOperation.Variables?, byID: Bool = false
  ) throws -> InMemoryNormalizedCache {
    let cache = InMemoryNormalizedCache()
    let records = try TestSchemaConfiguration.$keysByID.withValue(byID) {
      try normalize(HeroAndFriends.self, data, variables: variables)
    }
    _ = try cache.merge(records: records)
    return cache
  }

  func test_readQuery_givenDataInCache_returnsIt() throws {
    let cache = try cache(with: heroResponse(), variables: noEpisode)
    let read = try GraphQLExecutor.read(HeroAndFriends.self, withKey: "QUERY_ROOT", variables: noEpisode, from: cache)
    XCTAssertEqual(read.data.hero?.name, "R2-D2")
    XCTAssertEqual(read.data.hero?.friends?.compactMap { $0?.name }, ["Friend 0", "Friend 1", "Friend 2"])
  }

  func test_dataWrittenByOneOperation_servesAnotherSelectingASubset() throws {
    let cache = try cache(with: heroResponse(), variables: episodeJEDI, byID: true)
    let read = try GraphQLExecutor.read(HeroName.self, withKey: "QUERY_ROOT", variables: episodeJEDI, from: cache)
    XCTAssertEqual((read.data.__data["hero"] as HeroName.Hero?)?.name, "R2-D2")
    XCTAssertEqual(read.dependentKeys, ["QUERY_ROOT.hero(episode:JEDI)", "Droid:2001.name"])
  }

  func test_readQuery_givenFieldWithOtherArgumentValue_throwsMissingValueAtField() throws {
    let cache = try cache(with: heroResponse(), variables: episodeJEDI)
    assertExecutionError(
      try GraphQLExecutor.read(HeroAndFriends.self, withKey: "QUERY_ROOT", variables: ["episode": "EMPIRE"], from: cache),
      path: ["hero"], .missingValue)
  }

  func test_readQuery_givenNoRootRecord_throwsBareMissingValue() {
    XCTAssertThrowsError(try GraphQLExecutor.read(HeroAndFriends.self, withKey: "QUERY_ROOT", variables: noEpisode,
                                                  from: InMemoryNormalizedCache())) { error in
      XCTAssertEqual(error as? ApolloAPI.JSONDecodingError, .missingValue)
    }
  }

  func test_readQuery_givenReferencedRecordRemoved_throwsMissingValueAtElementPath() throws {
    let source = try cache(with: heroResponse(), variables: noEpisode)
    let pruned = InMemoryNormalizedCache()
    _ = try pruned.merge(records: RecordSet(records: source.allRecords.values.filter { $0.key != "QUERY_ROOT.hero.friends.2" }))
    assertExecutionError(try GraphQLExecutor.read(HeroAndFriends.self, withKey: "QUERY_ROOT", variables: noEpisode, from: pruned),
                         path: ["hero", "friends", "2"], .missingValue)
  }

  func test_readQuery_givenNullForNonNullField_throwsNullValue() throws {
    let cache = InMemoryNormalizedCache()
    _ = try cache.merge(records: RecordSet(records: [
      Record(key: "QUERY_ROOT", fields: ["hero": .reference("QUERY_ROOT.hero")]),
      Record(key: "QUERY_ROOT.hero", fields: ["name": .value(.null)]),
    ]))
    assertExecutionError(try GraphQLExecutor.read(HeroName.self, withKey: "QUERY_ROOT", variables: noEpisode, from: cache),
                         path: ["hero", "name"], .nullValue)
  }

  func test_readQuery_givenObjectStoredWhereStringExpected_throwsCouldNotConvert() throws {
    let cache = InMemoryNormalizedCache()
    _ = try cache.merge(records: RecordSet(records: [
      Record(key: "QUERY_ROOT", fields: ["hero": .reference("QUERY_ROOT.hero")]),
      Record(key: "QUERY_ROOT.hero", fields: ["name": .value(["bad": true])]),
    ]))
    XCTAssertThrowsError(try GraphQLExecutor.read(HeroName.self, withKey: "QUERY_ROOT", variables: noEpisode, from: cache)) { error in
      let error = error as? GraphQLExecutionError
      XCTAssertEqual(error?.pathString, "hero.name")
      guard case .couldNotConvert(_, let type)? = error?.underlying as? ApolloAPI.JSONDecodingError else {
        return XCTFail("expected couldNotConvert, got \(String(describing: error?.underlying))")
      }
      XCTAssertTrue(type == String.self)
    }
  }

  func test_readQuery_givenNullListAndNullElement_readsNil() throws {
    let cache = InMemoryNormalizedCache()
    _ = try cache.merge(records: RecordSet(records: [
      Record(key: "QUERY_ROOT", fields: ["hero": .reference("QUERY_ROOT.hero")]),
      Record(key: "QUERY_ROOT.hero", fields: ["__typename": .value("Droid"), "id": .value("1"), "name": .value("R2"),
                                              "friends": .list([.value(.null), .reference("QUERY_ROOT.hero.friends.1")])]),
      Record(key: "QUERY_ROOT.hero.friends.1", fields: ["__typename": .value("Human"), "id": .value("2"), "name": .value("Luke")]),
    ]))
    let read = try GraphQLExecutor.read(HeroAndFriends.self, withKey: "QUERY_ROOT", variables: noEpisode, from: cache)
    XCTAssertEqual(read.data.hero?.friends?.map { $0?.name }, [nil, "Luke"])
  }

  func test_listOfReferences_isLoadedInOneBatch() throws {
    let counting = CountingCache()
    _ = try counting.merge(records: try TestSchemaConfiguration.$keysByID.withValue(true) {
      try normalize(HeroAndFriends.self, heroResponse(friendCount: 100), variables: noEpisode)
    })
    let read = try GraphQLExecutor.read(HeroAndFriends.self, withKey: "QUERY_ROOT", variables: noEpisode, from: counting)
    XCTAssertEqual(read.data.hero?.friends?.count, 100)
    XCTAssertEqual(counting.loads, 3, "the root, the hero, then the hundred friends together")
  }

  func test_dependentKeys_nameEveryRecordFieldRead() throws {
    let cache = try cache(with: heroResponse(friendCount: 1), variables: noEpisode, byID: true)
    let read = try GraphQLExecutor.read(HeroAndFriends.self, withKey: "QUERY_ROOT", variables: noEpisode, from: cache)
    XCTAssertEqual(read.dependentKeys, [
      "QUERY_ROOT.hero", "Droid:2001.__typename", "Droid:2001.id", "Droid:2001.name", "Droid:2001.friends",
      "Human:100.__typename", "Human:100.id", "Human:100.name",
    ])
  }

  func test_deferredFragment_whoseFieldsAreCached_isFulfilled() throws {
    let cache = InMemoryNormalizedCache()
    _ = try cache.merge(records: RecordSet(records: [
      Record(key: "QUERY_ROOT", fields: ["hero": .reference("QUERY_ROOT.hero")]),
      Record(key: "QUERY_ROOT.hero", fields: ["name": .value("R2"), "id": .value("2001")]),
    ]))
    let hero = try GraphQLExecutor.read(DeferredHero.self, withKey: "QUERY_ROOT", from: cache).data.__data["hero"] as DeferredHero.Hero
    guard case .fulfilled(let fragment) = Deferred<DeferredHero.Hero.ID>(_dataDict: hero.__data).state else {
      return XCTFail("expected .fulfilled")
    }
    XCTAssertEqual(fragment.__data["id"] as String, "2001")
  }

  func test_deferredFragment_whoseFieldsAreNotCached_isPending_andTheReadSucceeds() throws {
    let cache = InMemoryNormalizedCache()
    _ = try cache.merge(records: RecordSet(records: [
      Record(key: "QUERY_ROOT", fields: ["hero": .reference("QUERY_ROOT.hero")]),
      Record(key: "QUERY_ROOT.hero", fields: ["name": .value("R2")]),
    ]))
    let read = try GraphQLExecutor.read(DeferredHero.self, withKey: "QUERY_ROOT", from: cache)
    let hero = read.data.__data["hero"] as DeferredHero.Hero
    guard case .pending = Deferred<DeferredHero.Hero.ID>(_dataDict: hero.__data).state else {
      return XCTFail("expected .pending")
    }
    XCTAssertEqual(hero.__data["name"] as String, "R2")
  }

  func test_selectionSetFromNetwork_equalsTheSameReadFromCache() throws {
    let response = heroResponse()
    let fromNetwork = try execute(HeroAndFriends.self, response, variables: noEpisode)
    let fromCache = try GraphQLExecutor.read(HeroAndFriends.self, withKey: "QUERY_ROOT", variables: noEpisode,
                                             from: try cache(with: response, variables: noEpisode)).data
    XCTAssertEqual(fromNetwork, fromCache)
  }
}
