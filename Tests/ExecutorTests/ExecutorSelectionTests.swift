@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
@testable import ApolloCore
import XCTest

// Objects, type cases, fragments, conditions and @defer, read from a network response.

/// `hero { __typename name ... on Droid { primaryFunction } ... on Human { height } ...HeroDetails
///   ... @defer(label: "friends") { friendCount } }`
private struct HeroQuery: TestSelectionSet {
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { TestObjects.Query }
  static var __selections: [Selection] { [.field("hero", Hero?.self)] }
  var hero: Hero? { __data["hero"] }

  struct Hero: TestSelectionSet {
    let __data: DataDict
    init(_dataDict: DataDict) { __data = _dataDict }
    static var __parentType: any ParentType { TestInterfaces.Character }
    static var __selections: [Selection] { [
      .field("__typename", String.self),
      .field("name", String.self),
      .inlineFragment(AsDroid.self),
      .inlineFragment(AsHuman.self),
      .deferred(FriendCount.self, label: "friends"),
      .fragment(HeroDetails.self),
    ] }
    static var __deferredFragments: [any Deferrable.Type] { [FriendCount.self] }
    var name: String { __data["name"] }
    var asDroid: AsDroid? { _asInlineFragment() }
    var asHuman: AsHuman? { _asInlineFragment() }

    struct AsDroid: TestInlineFragment {
      typealias RootEntityType = Hero
      let __data: DataDict
      init(_dataDict: DataDict) { __data = _dataDict }
      static var __parentType: any ParentType { TestObjects.Droid }
      static var __selections: [Selection] { [.field("primaryFunction", String.self)] }
      var primaryFunction: String { __data["primaryFunction"] }
    }

    struct AsHuman: TestInlineFragment {
      typealias RootEntityType = Hero
      let __data: DataDict
      init(_dataDict: DataDict) { __data = _dataDict }
      static var __parentType: any ParentType { TestObjects.Human }
      static var __selections: [Selection] { [.field("height", Double.self)] }
    }

    struct FriendCount: TestInlineFragment {
      typealias RootEntityType = Hero
      let __data: DataDict
      init(_dataDict: DataDict) { __data = _dataDict }
      static var __parentType: any ParentType { TestInterfaces.Character }
      static var __selections: [Selection] { [.field("friendCount", Int.self)] }
    }
  }
}

private struct HeroDetails: TestSelectionSet, Fragment {
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { TestInterfaces.Character }
  static var __selections: [Selection] { [.field("appearsIn", [String].self)] }
}

/// `search { __typename ... on Starship { length } ... on Character { name } }` on a union.
private struct SearchQuery: TestSelectionSet {
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { TestObjects.Query }
  static var __selections: [Selection] { [.field("search", [Result].self)] }

  struct Result: TestSelectionSet {
    let __data: DataDict
    init(_dataDict: DataDict) { __data = _dataDict }
    static var __parentType: any ParentType { TestUnions.SearchResult }
    static var __selections: [Selection] { [
      .field("__typename", String.self), .inlineFragment(AsStarship.self), .inlineFragment(AsCharacter.self),
    ] }
    var asStarship: AsStarship? { _asInlineFragment() }
    var asCharacter: AsCharacter? { _asInlineFragment() }

    struct AsStarship: TestInlineFragment {
      typealias RootEntityType = Result
      let __data: DataDict
      init(_dataDict: DataDict) { __data = _dataDict }
      static var __parentType: any ParentType { TestObjects.Starship }
      static var __selections: [Selection] { [.field("length", Double.self)] }
    }

    struct AsCharacter: TestInlineFragment {
      typealias RootEntityType = Result
      let __data: DataDict
      init(_dataDict: DataDict) { __data = _dataDict }
      static var __parentType: any ParentType { TestInterfaces.Character }
      static var __selections: [Selection] { [.field("name", String.self)] }
    }
  }
}

private enum ConditionalSelections: SelectionList {
  static var selections: [Selection] { [
    .field("id", String.self),
    .include(if: "includeName", .field("name", String.self)),
    .include(if: !"skipHeight", .field("height", Double.self)),
    .include(if: "a" && !"b", [.field("x", Int.self), .field("y", Int.self)]),
  ] }
}

private enum MergedSkipSelections: SelectionList {
  static var selections: [Selection] { [
    .include(if: !"skipName", .field("name", String.self)),
    .fragment(NameFragment.self),
  ] }
}

private struct NameFragment: TestSelectionSet, Fragment {
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { TestObjects.Query }
  static var __selections: [Selection] { [.field("name", String.self)] }
}

private enum ComplexConditionSelections: SelectionList {
  static var selections: [Selection] { [
    .include(if: ("a" && !"b" && "c") || "d" || !"e", .field("name", String.self)),
  ] }
}

/// `animal { species? ... @defer(if: $d, label: "s") { species } }`
private struct ConditionallyDeferredQuery: TestSelectionSet {
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { TestObjects.Query }
  static var __selections: [Selection] { [.field("animal", Animal.self)] }

  struct Animal: TestSelectionSet {
    let __data: DataDict
    init(_dataDict: DataDict) { __data = _dataDict }
    static var __parentType: any ParentType { TestInterfaces.Character }
    static var __selections: [Selection] { [
      .field("__typename", String.self), .deferred(if: "d", Species.self, label: "s"),
    ] }

    struct Species: TestInlineFragment {
      typealias RootEntityType = Animal
      let __data: DataDict
      init(_dataDict: DataDict) { __data = _dataDict }
      static var __parentType: any ParentType { TestInterfaces.Character }
      static var __selections: [Selection] { [.field("species", String.self)] }
    }
  }
}

/// `hero { friend { name } ... on Droid { friend { id } } }`: one child entity from two selections.
private struct MergedChildQuery: TestSelectionSet {
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { TestObjects.Query }
  static var __selections: [Selection] { [.field("hero", Hero.self)] }

  struct Hero: TestSelectionSet {
    let __data: DataDict
    init(_dataDict: DataDict) { __data = _dataDict }
    static var __parentType: any ParentType { TestInterfaces.Character }
    static var __selections: [Selection] { [
      .field("__typename", String.self), .field("friend", Friend.self), .inlineFragment(AsDroid.self),
    ] }

    struct Friend: TestSelectionSet {
      let __data: DataDict
      init(_dataDict: DataDict) { __data = _dataDict }
      static var __parentType: any ParentType { TestInterfaces.Character }
      static var __selections: [Selection] { [.field("name", String.self)] }
    }

    struct AsDroid: TestInlineFragment {
      typealias RootEntityType = Hero
      let __data: DataDict
      init(_dataDict: DataDict) { __data = _dataDict }
      static var __parentType: any ParentType { TestObjects.Droid }
      static var __selections: [Selection] { [.field("friend", Friend.self)] }

      struct Friend: TestSelectionSet {
        let __data: DataDict
        init(_dataDict: DataDict) { __data = _dataDict }
        static var __parentType: any ParentType { TestInterfaces.Character }
        static var __selections: [Selection] { [.field("id", String.self)] }
      }
    }
  }
}

final class ExecutorSelectionTests: XCTestCase {
  private let r2: JSON.Object = [
    "hero": ["__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech", "appearsIn": ["JEDI"],
             "friendCount": 3],
  ]

  func test_nestedObject_givenData_readsChild() throws {
    let data = try execute(HeroQuery.self, r2)
    XCTAssertEqual(data.hero?.name, "R2-D2")
  }

  func test_nestedObject_givenMissingChildField_throwsAtNestedPath() {
    assertExecutionError(try execute(HeroQuery.self, ["hero": ["__typename": "Droid", "appearsIn": [], "primaryFunction": "x"]]),
                         path: ["hero", "name"], .missingValue)
  }

  func test_nestedObject_givenNullForNonNullChildField_throwsNullValueAtNestedPath() {
    assertExecutionError(try execute(HeroQuery.self, ["hero": ["__typename": "Human", "name": .null, "height": 1.7, "appearsIn": []]]),
                         path: ["hero", "name"], .nullValue)
  }

  func test_nestedObject_givenNonObject_throwsWrongType() {
    assertExecutionError(try execute(HeroQuery.self, ["hero": "R2-D2"]), path: ["hero"], .wrongType)
  }

  func test_inlineFragment_onObjectType_matchesByTypename_andOtherTypeCaseIsNil() throws {
    let hero = try XCTUnwrap(try execute(HeroQuery.self, r2).hero)
    XCTAssertEqual(hero.asDroid?.primaryFunction, "Astromech")
    XCTAssertNil(hero.asHuman)
  }

  func test_inlineFragment_ofAnotherType_isNotRead_soItsFieldsNeedNotBePresent() throws {
    let hero = try XCTUnwrap(try execute(HeroQuery.self, ["hero": ["__typename": "Human", "name": "Luke", "height": 1.72, "appearsIn": []]]).hero)
    XCTAssertNil(hero.__data._data["primaryFunction"])
    XCTAssertNotNil(hero.asHuman)
  }

  func test_inlineFragment_onUnion_matchesMemberType_andInterfaceCaseByImplementingObjects() throws {
    let data = try execute(SearchQuery.self, ["search": [
      ["__typename": "Starship", "length": 150.0],
      ["__typename": "Human", "name": "Han"],
    ]])
    let results = data.__data["search"] as [SearchQuery.Result]
    XCTAssertEqual(results[0].asStarship?.__data["length"] as Double?, 150)
    XCTAssertNil(results[0].asCharacter)
    XCTAssertEqual(results[1].asCharacter?.__data["name"] as String?, "Han")
    XCTAssertNil(results[1].asStarship)
  }

  /// A 2.x behaviour, differing from 1.x: a typename the generated schema does not know still matches an
  /// interface type case that lists it (1.x matched no type case for an unknown typename).
  func test_difference_unknownTypename_matchesInterfaceListingIt_asIn2x() throws {
    let data = try execute(SearchQuery.self, ["search": [["__typename": "Wookiee", "name": "Chewbacca"]]])
    let result = (data.__data["search"] as [SearchQuery.Result])[0]
    XCTAssertEqual(result.asCharacter?.__data["name"] as String?, "Chewbacca")
  }

  func test_namedFragment_fieldsAreRead_andFragmentIsFulfilled() throws {
    let hero = try XCTUnwrap(try execute(HeroQuery.self, r2).hero)
    XCTAssertEqual(hero.__data["appearsIn"] as [String], ["JEDI"])
    XCTAssertTrue(hero.__data._fulfilledFragments.contains(ObjectIdentifier(HeroDetails.self)))
  }

  func test_deferredFragment_inNetworkResponse_isPending_andItsFieldIsNotRead() throws {
    let hero = try XCTUnwrap(try execute(HeroQuery.self, r2).hero)
    XCTAssertTrue(hero.__data._deferredFragments.contains(ObjectIdentifier(HeroQuery.Hero.FriendCount.self)))
    XCTAssertNil(hero.__data._data["friendCount"], "a deferred field arrives in a later payload")
    guard case .pending = Deferred<HeroQuery.Hero.FriendCount>(_dataDict: hero.__data).state else {
      return XCTFail("expected .pending")
    }
  }

  func test_deferredFragment_withConditionTrue_isDeferred() throws {
    let data = try execute(ConditionallyDeferredQuery.self, ["animal": ["__typename": "Human"]], variables: ["d": true])
    let animal = data.__data["animal"] as ConditionallyDeferredQuery.Animal
    XCTAssertEqual(animal.__data._deferredFragments, [ObjectIdentifier(ConditionallyDeferredQuery.Animal.Species.self)])
    XCTAssertEqual(animal.__data._fulfilledFragments, [ObjectIdentifier(ConditionallyDeferredQuery.Animal.self)])
  }

  func test_deferredFragment_withConditionFalse_isReadNowAndFulfilled() throws {
    let data = try execute(ConditionallyDeferredQuery.self, ["animal": ["__typename": "Human", "species": "human"]], variables: ["d": false])
    let animal = data.__data["animal"] as ConditionallyDeferredQuery.Animal
    XCTAssertEqual(animal.__data["species"] as String, "human")
    XCTAssertTrue(animal.__data._deferredFragments.isEmpty)
    XCTAssertTrue(animal.__data._fulfilledFragments.contains(ObjectIdentifier(ConditionallyDeferredQuery.Animal.Species.self)))
  }

  func test_deferredFragment_withConditionFalse_missingField_throwsMissingValue() {
    assertExecutionError(try execute(ConditionallyDeferredQuery.self, ["animal": ["__typename": "Human"]], variables: ["d": false]),
                         path: ["animal", "species"], .missingValue)
  }

  func test_deferredFragment_executedAsRootOfIncrementalPayload_isFulfilled() throws {
    let species = try execute(ConditionallyDeferredQuery.Animal.Species.self, ["species": "droid"])
    XCTAssertEqual(species.__data["species"] as String, "droid")
    XCTAssertTrue(species.__data._fulfilledFragments.contains(ObjectIdentifier(ConditionallyDeferredQuery.Animal.Species.self)))
  }

  func test_include_withBoolVariable_trueReadsField_falseSkipsIt() throws {
    let variables: ApolloAPI.GraphQLOperation.Variables = ["includeName": true, "skipHeight": true, "a": false, "b": false]
    let included = try execute(QueryData<ConditionalSelections>.self, ["id": "1", "name": "Luke"], variables: variables)
    XCTAssertEqual(included.__data["name"] as String?, "Luke")
    let skipped = try execute(QueryData<ConditionalSelections>.self, ["id": "1"],
                              variables: ["includeName": false, "skipHeight": true, "a": false, "b": false])
    XCTAssertNil(skipped.__data._data["name"])
    XCTAssertEqual(skipped.__data["id"] as String, "1", "unconditional siblings are still read")
  }

  func test_include_withGraphQLNullableBoolVariable_isHonoured() throws {
    let variables: ApolloAPI.GraphQLOperation.Variables = [
      "includeName": GraphQLNullable<Bool>.some(true), "skipHeight": GraphQLNullable<Bool>.some(true), "a": false, "b": false,
    ]
    XCTAssertEqual(try execute(QueryData<ConditionalSelections>.self, ["id": "1", "name": "Leia"], variables: variables).__data["name"] as String?, "Leia")
  }

  func test_skip_withTrueVariable_skipsField_andFalseReadsIt() throws {
    let skipping = try execute(QueryData<ConditionalSelections>.self, ["id": "1"],
                               variables: ["includeName": false, "skipHeight": true, "a": false, "b": false])
    XCTAssertNil(skipping.__data._data["height"])
    let reading = try execute(QueryData<ConditionalSelections>.self, ["id": "1", "height": 1.5],
                              variables: ["includeName": false, "skipHeight": false, "a": false, "b": false])
    XCTAssertEqual(reading.__data["height"] as Double?, 1.5)
  }

  func test_includeAndSkipOnOneGroup_readsOnlyWhenIncludeTrueAndSkipFalse() throws {
    let base: ApolloAPI.GraphQLOperation.Variables = ["includeName": false, "skipHeight": true]
    for (a, b, read) in [(true, false, true), (true, true, false), (false, false, false), (false, true, false)] {
      var variables = base
      variables["a"] = a
      variables["b"] = b
      let data = try execute(QueryData<ConditionalSelections>.self, ["id": "1", "x": 1, "y": 2], variables: variables)
      XCTAssertEqual(data.__data._data["x"] != nil, read, "a=\(a) b=\(b)")
      XCTAssertEqual(data.__data._data["y"] != nil, read, "a=\(a) b=\(b)")
    }
  }

  func test_conditionWithAbsentVariable_isFalse_evenWhenInverted() throws {
    let data = try execute(QueryData<ConditionalSelections>.self, ["id": "1", "name": "x", "height": 2.0], variables: [:])
    XCTAssertNil(data.__data._data["name"])
    XCTAssertNil(data.__data._data["height"], "@skip(if: $missing) excludes the field, as upstream evaluates it")
  }

  func test_fieldSkippedInOnePlace_butSelectedByAFragment_isRead() throws {
    let data = try execute(QueryData<MergedSkipSelections>.self, ["name": "Luke"], variables: ["skipName": true])
    XCTAssertEqual(data.__data["name"] as String, "Luke")
  }

  func test_complexCondition_followsItsTruthTable() throws {
    let rows: [([String: Bool], Bool)] = [
      (["a": true, "b": false, "c": true, "d": false, "e": true], true),
      (["a": true, "b": true, "c": true, "d": false, "e": true], false),
      (["a": false, "b": false, "c": false, "d": true, "e": true], true),
      (["a": false, "b": false, "c": false, "d": false, "e": false], true),
      (["a": false, "b": false, "c": false, "d": false, "e": true], false),
      (["a": true, "b": false, "c": false, "d": false, "e": true], false),
    ]
    for (values, expected) in rows {
      let variables = values.mapValues { $0 as any GraphQLOperationVariableValue }
      let data = try execute(QueryData<ComplexConditionSelections>.self, ["name": "x"], variables: variables)
      XCTAssertEqual(data.__data._data["name"] != nil, expected, "\(values)")
    }
  }

  func test_childEntityMergedFromParentAndTypeCase_fulfilsBothChildSelectionSets() throws {
    let data = try execute(MergedChildQuery.self, ["hero": ["__typename": "Droid", "friend": ["name": "Luke", "id": "1000"]]])
    let friend = (data.__data["hero"] as MergedChildQuery.Hero).__data["friend"] as MergedChildQuery.Hero.Friend
    XCTAssertTrue(friend.__data._fulfilledFragments.contains(ObjectIdentifier(MergedChildQuery.Hero.Friend.self)))
    XCTAssertTrue(friend.__data._fulfilledFragments.contains(ObjectIdentifier(MergedChildQuery.Hero.AsDroid.Friend.self)))
    XCTAssertEqual(friend.__data["id"] as String, "1000")
  }

  func test_childEntityOfAnotherTypeCase_readsOnlyTheParentSelections() throws {
    let data = try execute(MergedChildQuery.self, ["hero": ["__typename": "Human", "friend": ["name": "Leia"]]])
    let friend = (data.__data["hero"] as MergedChildQuery.Hero).__data["friend"] as MergedChildQuery.Hero.Friend
    XCTAssertNil(friend.__data._data["id"])
  }
}
