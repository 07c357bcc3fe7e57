@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
@testable import ApolloCore
import XCTest

// The executors keep each selection set's collected fields for the process; what they keep must not leak
// from one object, typename or set of variables to another.

/// `members { __typename name ... on Droid { primaryFunction } ... on Human { height } }`
private struct CrewQuery: TestSelectionSet {
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { TestObjects.Query }
  static var __selections: [Selection] { [.field("members", [Member].self)] }
  var members: [Member] { __data["members"] }

  struct Member: TestSelectionSet {
    let __data: DataDict
    init(_dataDict: DataDict) { __data = _dataDict }
    static var __parentType: any ParentType { TestInterfaces.Character }
    static var __selections: [Selection] { [
      .field("__typename", String.self),
      .field("name", String.self),
      .inlineFragment(AsDroid.self),
      .inlineFragment(AsHuman.self),
    ] }
    var name: String { __data["name"] }
    var asDroid: AsDroid? { _asInlineFragment() }
    var asHuman: AsHuman? { _asInlineFragment() }

    struct AsDroid: TestInlineFragment {
      typealias RootEntityType = Member
      let __data: DataDict
      init(_dataDict: DataDict) { __data = _dataDict }
      static var __parentType: any ParentType { TestObjects.Droid }
      static var __selections: [Selection] { [.field("primaryFunction", String.self)] }
      var primaryFunction: String { __data["primaryFunction"] }
    }

    struct AsHuman: TestInlineFragment {
      typealias RootEntityType = Member
      let __data: DataDict
      init(_dataDict: DataDict) { __data = _dataDict }
      static var __parentType: any ParentType { TestObjects.Human }
      static var __selections: [Selection] { [.field("height", Double.self)] }
      var height: Double { __data["height"] }
    }
  }
}

/// `badge { __typename code label @include(if: $withLabel) }`
private struct BadgeQuery: TestSelectionSet {
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { TestObjects.Query }
  static var __selections: [Selection] { [.field("badge", Badge.self)] }
  var badge: Badge { __data["badge"] }

  struct Badge: TestSelectionSet {
    let __data: DataDict
    init(_dataDict: DataDict) { __data = _dataDict }
    static var __parentType: any ParentType { TestObjects.Human }
    static var __selections: [Selection] { [
      .field("__typename", String.self),
      .field("code", String.self),
      .include(if: "withLabel", .field("label", String.self)),
    ] }
  }
}

final class CollectedFieldsCacheTests: XCTestCase {
  private let crew: JSON.Object = ["members": [
    ["__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"],
    ["__typename": "Human", "name": "Luke", "height": 1.72],
    ["__typename": "Droid", "name": "C-3PO", "primaryFunction": "Protocol"],
    ["__typename": "Wookiee", "name": "Chewbacca"],
  ]]

  private func assertCrew(_ data: CrewQuery, file: StaticString = #filePath, line: UInt = #line) {
    let members = data.members
    XCTAssertEqual(members.map(\.name), ["R2-D2", "Luke", "C-3PO", "Chewbacca"], file: file, line: line)
    XCTAssertEqual(members.map { $0.asDroid?.primaryFunction }, ["Astromech", nil, "Protocol", nil], file: file, line: line)
    XCTAssertEqual(members.map { $0.asHuman?.height }, [nil, 1.72, nil, nil], file: file, line: line)
  }

  func test_listOfMixedTypes_fromResponse_matchesEachElementsTypeCasesByItsOwnTypename() throws {
    assertCrew(try execute(CrewQuery.self, crew))
    // Again, now that the typenames' fields are kept.
    assertCrew(try execute(CrewQuery.self, crew))
  }

  func test_listOfMixedTypes_fromCache_matchesEachElementsTypeCasesByItsOwnTypename() throws {
    let cache = InMemoryNormalizedCache()
    _ = try cache.merge(records: normalize(CrewQuery.self, crew))
    assertCrew(try GraphQLExecutor.read(CrewQuery.self, withKey: "QUERY_ROOT", from: cache).data)
    assertCrew(try GraphQLExecutor.read(CrewQuery.self, withKey: "QUERY_ROOT", from: cache).data)
  }

  func test_conditionalField_followsEachExecutionsVariables() throws {
    let response: JSON.Object = ["badge": ["__typename": "Human", "code": "B1", "label": "Gold"]]
    for withLabel in [true, false, true] {
      let badge = try execute(BadgeQuery.self, response, variables: ["withLabel": withLabel]).badge
      XCTAssertEqual(badge.__data._data["label"] as? String, withLabel ? "Gold" : nil, "withLabel: \(withLabel)")
    }
  }

  func test_selectionDependence_namesTypeCasesAndConditions_notChildSelections() {
    let crewRoot = SelectionDependence([CrewQuery.self])
    XCTAssertFalse(crewRoot.onRuntimeType)
    XCTAssertFalse(crewRoot.onVariables)
    let member = SelectionDependence([CrewQuery.Member.self])
    XCTAssertTrue(member.onRuntimeType)
    XCTAssertFalse(member.onVariables)
    let badge = SelectionDependence([BadgeQuery.Badge.self])
    XCTAssertFalse(badge.onRuntimeType)
    XCTAssertTrue(badge.onVariables)
  }

  func test_fieldGroup_literalArguments_keepTheirRecordKey_variableArgumentsDoNot() throws {
    let literal = CollectedFields.Group(
      first: Selection.Field("shelves", type: .scalar(String.self), arguments: ["branch": "main"]), others: [])
    XCTAssertEqual(literal.fixedCacheKey, "shelves(branch:main)")
    let variable = CollectedFields.Group(
      first: Selection.Field("hero", type: .scalar(String.self), arguments: ["episode": .variable("episode")]), others: [])
    XCTAssertNil(variable.fixedCacheKey)
    XCTAssertEqual(try variable.cacheKey(variables: ["episode": "JEDI"]), "hero(episode:JEDI)")
  }
}
