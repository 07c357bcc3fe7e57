@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
@testable import ApolloCore
import XCTest

// Records and keys written for a response (upstream's GraphQLExecutor_ResultNormalizer_FromResponse_Tests
// and the cache-key resolution tests).

/// `hero(episode: $episode) { __typename id name friends { __typename id name } }` and `r2: hero { name }`.
private struct HeroAndFriends: TestSelectionSet {
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { TestObjects.Query }
  static var __selections: [Selection] { [.field("hero", Hero.self, arguments: ["episode": .variable("episode")])] }

  struct Hero: TestSelectionSet {
    let __data: DataDict
    init(_dataDict: DataDict) { __data = _dataDict }
    static var __parentType: any ParentType { TestInterfaces.Character }
    static var __selections: [Selection] { [
      .field("__typename", String.self), .field("id", String.self), .field("name", String.self),
      .field("friends", [Friend].self),
    ] }

    struct Friend: TestSelectionSet {
      let __data: DataDict
      init(_dataDict: DataDict) { __data = _dataDict }
      static var __parentType: any ParentType { TestInterfaces.Character }
      static var __selections: [Selection] { [.field("__typename", String.self), .field("id", String.self), .field("name", String.self)] }
    }
  }
}

private struct AliasedHero: TestSelectionSet {
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { TestObjects.Query }
  static var __selections: [Selection] { [.field("hero", Name.self), .field("hero", alias: "r2", Catchphrase.self)] }

  struct Name: TestSelectionSet {
    let __data: DataDict
    init(_dataDict: DataDict) { __data = _dataDict }
    static var __parentType: any ParentType { TestInterfaces.Character }
    static var __selections: [Selection] { [.field("name", String.self)] }
  }

  struct Catchphrase: TestSelectionSet {
    let __data: DataDict
    init(_dataDict: DataDict) { __data = _dataDict }
    static var __parentType: any ParentType { TestInterfaces.Character }
    static var __selections: [Selection] { [.field("catchphrase", String.self)] }
  }
}

/// `hero { __typename ... on Human { property: name height(unit: FOOT) } ... on Droid { property: primaryFunction height(unit: METER) } }`
private struct TypeDependentHero: TestSelectionSet {
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { TestObjects.Query }
  static var __selections: [Selection] { [.field("hero", Hero.self)] }

  struct Hero: TestSelectionSet {
    let __data: DataDict
    init(_dataDict: DataDict) { __data = _dataDict }
    static var __parentType: any ParentType { TestInterfaces.Character }
    static var __selections: [Selection] { [
      .field("__typename", String.self), .inlineFragment(AsHuman.self), .inlineFragment(AsDroid.self),
    ] }

    struct AsHuman: TestInlineFragment {
      typealias RootEntityType = Hero
      let __data: DataDict
      init(_dataDict: DataDict) { __data = _dataDict }
      static var __parentType: any ParentType { TestObjects.Human }
      static var __selections: [Selection] { [
        .field("name", alias: "property", String.self), .field("height", Double.self, arguments: ["unit": "FOOT"]),
      ] }
    }

    struct AsDroid: TestInlineFragment {
      typealias RootEntityType = Hero
      let __data: DataDict
      init(_dataDict: DataDict) { __data = _dataDict }
      static var __parentType: any ParentType { TestObjects.Droid }
      static var __selections: [Selection] { [
        .field("primaryFunction", alias: "property", String.self), .field("height", Double.self, arguments: ["unit": "METER"]),
      ] }
    }
  }
}

/// `hero { __typename name }` where the field's type is an interface with key fields.
private struct AnimalHero: TestSelectionSet {
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { TestObjects.Query }
  static var __selections: [Selection] { [.field("hero", Animal.self)] }

  struct Animal: TestSelectionSet {
    let __data: DataDict
    init(_dataDict: DataDict) { __data = _dataDict }
    static var __parentType: any ParentType { TestInterfaces.Animal }
    static var __selections: [Selection] { [.field("__typename", String.self), .field("name", String.self)] }
  }
}

final class NormalizationTests: XCTestCase {
  private let r2AndFriends: JSON.Object = ["hero": [
    "__typename": "Droid", "id": "2001", "name": "R2-D2",
    "friends": [
      ["__typename": "Human", "id": "1000", "name": "Luke Skywalker"],
      ["__typename": "Human", "id": "1002", "name": "Han Solo"],
      ["__typename": "Human", "id": "1003", "name": "Leia Organa"],
    ],
  ]]

  func test_objectWithoutCacheKey_isStoredUnderItsPathFromQueryRoot() throws {
    let records = try normalize(HeroAndFriends.self, r2AndFriends, variables: ["episode": GraphQLNullable<String>.none])
    XCTAssertEqual(records["QUERY_ROOT"]?.fields["hero"], .reference("QUERY_ROOT.hero"))
    XCTAssertEqual(records["QUERY_ROOT.hero"]?.fields["name"], .value("R2-D2"))
  }

  func test_fieldWithStringArgument_keysThePathWithTheArgument() throws {
    let records = try normalize(HeroAndFriends.self, r2AndFriends, variables: ["episode": "JEDI"])
    XCTAssertEqual(records["QUERY_ROOT"]?.fields["hero(episode:JEDI)"], .reference("QUERY_ROOT.hero(episode:JEDI)"))
    XCTAssertNotNil(records["QUERY_ROOT.hero(episode:JEDI)"])
  }

  func test_fieldWithEnumArgument_keysThePathWithTheEnumName() throws {
    let records = try normalize(HeroAndFriends.self, r2AndFriends, variables: ["episode": GraphQLEnum(Episode.EMPIRE)])
    XCTAssertEqual(records["QUERY_ROOT"]?.fields["hero(episode:EMPIRE)"], .reference("QUERY_ROOT.hero(episode:EMPIRE)"))
  }

  func test_listOfObjectsWithoutCacheKey_isStoredUnderIndexedPaths() throws {
    let records = try normalize(HeroAndFriends.self, r2AndFriends, variables: ["episode": GraphQLNullable<String>.none])
    XCTAssertEqual(records["QUERY_ROOT.hero"]?.fields["friends"], .list([
      .reference("QUERY_ROOT.hero.friends.0"), .reference("QUERY_ROOT.hero.friends.1"), .reference("QUERY_ROOT.hero.friends.2"),
    ]))
    XCTAssertEqual(records["QUERY_ROOT.hero.friends.1"]?.fields["name"], .value("Han Solo"))
  }

  func test_objectsWithCacheKeyInfo_areStoredUnderTypenameAndID_andReferencedByIt() throws {
    let records = try TestSchemaConfiguration.$keysByID.withValue(true) {
      try normalize(HeroAndFriends.self, r2AndFriends, variables: ["episode": GraphQLNullable<String>.none])
    }
    XCTAssertEqual(records["QUERY_ROOT"]?.fields["hero"], .reference("Droid:2001"))
    XCTAssertEqual(records["Droid:2001"]?.fields["friends"], .list([
      .reference("Human:1000"), .reference("Human:1002"), .reference("Human:1003"),
    ]))
    XCTAssertEqual(records["Human:1003"]?.fields["name"], .value("Leia Organa"))
    XCTAssertNil(records["QUERY_ROOT.hero"])
  }

  func test_fieldAndItsAlias_areStoredInOneRecord() throws {
    let records = try normalize(AliasedHero.self, ["hero": ["name": "R2-D2"], "r2": ["catchphrase": "Beeep"]])
    XCTAssertEqual(records["QUERY_ROOT.hero"]?.fields["name"], .value("R2-D2"))
    XCTAssertEqual(records["QUERY_ROOT.hero"]?.fields["catchphrase"], .value("Beeep"))
    XCTAssertNil(records["QUERY_ROOT"]?.fields["r2"], "records are keyed by field name, never by alias")
  }

  func test_aliasesOnTwoTypeCases_areStoredUnderTheRealFieldOfTheCaseThatRan() throws {
    let human = try normalize(TypeDependentHero.self, ["hero": ["__typename": "Human", "property": "Luke", "height": 5.8]])
    XCTAssertEqual(human["QUERY_ROOT.hero"]?.fields["name"], .value("Luke"))
    XCTAssertEqual(human["QUERY_ROOT.hero"]?.fields["height(unit:FOOT)"], .value(5.8))
    XCTAssertNil(human["QUERY_ROOT.hero"]?.fields["property"])
    XCTAssertNil(human["QUERY_ROOT.hero"]?.fields["height"])

    let droid = try normalize(TypeDependentHero.self, ["hero": ["__typename": "Droid", "property": "Astromech", "height": 1.0]])
    XCTAssertEqual(droid["QUERY_ROOT.hero"]?.fields["primaryFunction"], .value("Astromech"))
    XCTAssertEqual(droid["QUERY_ROOT.hero"]?.fields["height(unit:METER)"], .value(1.0))
  }

  func test_objectOfTypeWithKeyFields_isStoredUnderItsKeyFieldValue() throws {
    let records = try normalize(AnimalHero.self, ["hero": ["__typename": "Hero", "name": "R2-D2"]])
    XCTAssertEqual(records["QUERY_ROOT"]?.fields["hero"], .reference("Hero:R2-D2"))
  }

  func test_objectOfUnknownType_underInterfaceWithKeyFields_usesTheInterfaceKeyFields() throws {
    let records = try normalize(AnimalHero.self, ["hero": ["__typename": "Cat", "name": "Tom"]])
    XCTAssertEqual(records["QUERY_ROOT"]?.fields["hero"], .reference("Cat:Tom"))
  }

  func test_multipleKeyFields_joinWithPlus_andEscapeBackslashAndPlus() throws {
    let object = ObjectData(json: ["__typename": "Dog", "id": 10, "species": "Be\\ag+le"])
    XCTAssertEqual(TestSchema.cacheKey(for: object), "Dog:10+Be\\\\ag\\+le")
  }

  func test_missingKeyField_givesNoKey() {
    XCTAssertNil(TestSchema.cacheKey(for: ObjectData(json: ["__typename": "Dog", "id": 10])))
  }

  func test_integerIDs_zeroAndOne_stayIntegers_andBoolIDsGiveNoKey() {
    TestSchemaConfiguration.$keysByID.withValue(true) {
      XCTAssertEqual(TestSchema.cacheKey(for: ObjectData(json: ["__typename": "Human", "id": 0])), "Human:0")
      XCTAssertEqual(TestSchema.cacheKey(for: ObjectData(json: ["__typename": "Human", "id": 1])), "Human:1")
      XCTAssertNil(TestSchema.cacheKey(for: ObjectData(json: ["__typename": "Human", "id": true])))
    }
  }

  func test_objectWithoutTypename_getsNoKey() {
    TestSchemaConfiguration.$keysByID.withValue(true) {
      XCTAssertNil(TestSchema.cacheKey(for: ObjectData(json: ["id": "1"])))
    }
  }

  func test_sameObjectReachedTwice_mergesFieldsIntoOneRecord() throws {
    let records = try TestSchemaConfiguration.$keysByID.withValue(true) {
      try normalize(HeroAndFriends.self, ["hero": [
        "__typename": "Droid", "id": "2001", "name": "R2-D2",
        "friends": [["__typename": "Droid", "id": "2001", "name": "R2-D2"]],
      ]], variables: ["episode": GraphQLNullable<String>.none])
    }
    XCTAssertEqual(records["Droid:2001"]?.fields["friends"], .list([.reference("Droid:2001")]))
    XCTAssertEqual(records["Droid:2001"]?.fields["name"], .value("R2-D2"))
  }
}

final class FieldCacheKeyTests: XCTestCase {
  private func key(_ field: Selection.Field, _ variables: ApolloAPI.GraphQLOperation.Variables? = nil) throws -> String {
    try FieldCacheKey.key(for: field, variables: variables)
  }

  private func hero(alias: String? = nil, _ arguments: [String: InputValue]? = nil) -> Selection.Field {
    Selection.Field("hero", alias: alias, type: .scalar(String.self), arguments: arguments)
  }

  func test_nameOnly_andAlias_keyByName() throws {
    XCTAssertEqual(try key(hero()), "hero")
    XCTAssertEqual(try key(hero(alias: "r2")), "hero")
  }

  func test_stringArgument_withOrWithoutAlias() throws {
    XCTAssertEqual(try key(hero(["episode": "JEDI"])), "hero(episode:JEDI)")
    XCTAssertEqual(try key(hero(alias: "r2", ["episode": "JEDI"])), "hero(episode:JEDI)")
  }

  func test_integerFloatAndNullArguments_keyAsWritten() throws {
    XCTAssertEqual(try key(hero(["episode": 1])), "hero(episode:1)")
    XCTAssertEqual(try key(hero(["episode": 1.99])), "hero(episode:1.99)")
    XCTAssertEqual(try key(hero(["episode": 5.0])), "hero(episode:5.0)")
    XCTAssertEqual(try key(hero(["episode": .null])), "hero(episode:null)")
  }

  func test_emptyArguments_keyByName() throws {
    XCTAssertEqual(try key(hero([:])), "hero")
  }

  func test_listArgument_separatesElementsWithCommaSpace() throws {
    XCTAssertEqual(try key(hero(["episodes": [1, 1, 2]])), "hero(episodes:[1, 1, 2])")
  }

  func test_objectArgument_isBracketed_withSortedKeys_includingNestedNull() throws {
    XCTAssertEqual(try key(hero(["nested": ["foo": 1, "bar": "2"]])), "hero([nested:bar:2,foo:1])")
    XCTAssertEqual(try key(hero(["nested": ["foo": 1, "bar": .null]])), "hero([nested:bar:null,foo:1])")
  }

  func test_objectArgumentWithVariables_keysWithTheVariableValues() throws {
    XCTAssertEqual(try key(hero(["nested": ["foo": .variable("a"), "bar": .variable("b")]]), ["a": 1, "b": "2"]),
                   "hero([nested:bar:2,foo:1])")
    XCTAssertEqual(try key(hero(["nested": ["foo": .variable("a"), "bar": .variable("b")]]), ["a": 1, "b": GraphQLNullable<String>.null]),
                   "hero([nested:bar:null,foo:1])")
  }

  func test_argumentOrder_doesNotChangeTheKey() throws {
    let first = Selection.Field("hero", type: .scalar(String.self), arguments: ["foo": "a", "bar": "b"])
    let second = Selection.Field("hero", type: .scalar(String.self), arguments: ["bar": "b", "foo": "a"])
    XCTAssertEqual(try key(first), try key(second))
    XCTAssertEqual(try key(first), "hero(bar:b,foo:a)")
  }

  func test_variableArgument_valueNoneNullAndEnum() throws {
    let field = hero(["episode": .variable("episode")])
    XCTAssertEqual(try key(field, ["episode": "JEDI"]), "hero(episode:JEDI)")
    XCTAssertEqual(try key(field, ["episode": GraphQLNullable<String>.none]), "hero", "an unset variable drops the argument")
    XCTAssertEqual(try key(field, ["episode": GraphQLNullable<String>.null]), "hero(episode:null)")
    XCTAssertEqual(try key(field, ["episode": GraphQLEnum(Episode.EMPIRE)]), "hero(episode:EMPIRE)")
    XCTAssertEqual(try key(field, ["episode": Episode.NEWHOPE]), "hero(episode:NEWHOPE)")
  }

  func test_missingVariable_throwsVariableNotProvided() {
    XCTAssertThrowsError(try key(hero(["episode": .variable("episode")]), [:])) { error in
      XCTAssertEqual((error as? GraphQLError)?.message, "Variable \"episode\" was not provided.")
    }
  }
}
