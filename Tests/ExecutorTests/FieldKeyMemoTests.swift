@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
@testable import ApolloCore
import Foundation
import XCTest

/// The record keys a response parser keeps for its parts (`FieldKeyMemo`), and the conversion of variable
/// values that those keys are written from.
final class FieldKeyMemoTests: XCTestCase {
  private func group(_ name: String, alias: String? = nil, _ arguments: [String: InputValue]? = nil) -> CollectedFields.Group {
    CollectedFields.Group(first: Selection.Field(name, alias: alias, type: .scalar(String.self), arguments: arguments),
                          others: [])
  }

  func test_aKeyWithVariables_isWorkedOutOnce_thenServedForItsGroup() throws {
    let memo = FieldKeyMemo()
    let hero = group("hero", ["episode": .variable("episode")])
    XCTAssertEqual(try memo.key(for: hero, variables: ["episode": "JEDI"]), "hero(episode:JEDI)")
    // A memo serves one set of variables; what it answers second shows it did not work the key out again.
    XCTAssertEqual(try memo.key(for: hero, variables: ["episode": "EMPIRE"]), "hero(episode:JEDI)")
    XCTAssertEqual(try FieldKeyMemo().key(for: hero, variables: ["episode": "EMPIRE"]), "hero(episode:EMPIRE)",
                   "a second memo (another response) works its own key out")
  }

  func test_twoGroupsOfOneField_keepTheirOwnKeys() throws {
    let memo = FieldKeyMemo()
    let first = group("hero", ["episode": .variable("a")])
    let second = group("hero", alias: "other", ["episode": .variable("b")])
    let variables: GraphQLOperation.Variables = ["a": "JEDI", "b": "EMPIRE"]
    XCTAssertEqual(try memo.key(for: first, variables: variables), "hero(episode:JEDI)")
    XCTAssertEqual(try memo.key(for: second, variables: variables), "hero(episode:EMPIRE)")
    XCTAssertEqual(try memo.key(for: first, variables: variables), "hero(episode:JEDI)")
  }

  func test_aKeyWithoutVariables_isTheGroupsOwn() throws {
    XCTAssertEqual(try FieldKeyMemo().key(for: group("hero", ["episode": "JEDI"]), variables: nil), "hero(episode:JEDI)")
    XCTAssertEqual(try FieldKeyMemo().key(for: group("hero"), variables: nil), "hero")
  }

  func test_aMissingVariable_failsEveryTime_andNothingIsKept() throws {
    let memo = FieldKeyMemo()
    let hero = group("hero", ["episode": .variable("episode")])
    for _ in 0..<2 {
      XCTAssertThrowsError(try memo.key(for: hero, variables: [:])) { error in
        XCTAssertEqual((error as? GraphQLError)?.message, "Variable \"episode\" was not provided.")
      }
    }
    XCTAssertEqual(try memo.key(for: hero, variables: ["episode": "JEDI"]), "hero(episode:JEDI)")
  }

  func test_executionsSharingAMemo_writeTheSameRecordsAsExecutionsWithout() throws {
    let variables: GraphQLOperation.Variables = ["episode": "JEDI"]
    let data: JSON.Object = ["hero": "R2-D2"]
    let plain = try XCTUnwrap(GraphQLExecutor.execute(
      HeroQuery.self, variables: variables, data: data, normalizing: true).records)
    let memo = FieldKeyMemo()
    for _ in 0..<2 {
      let remembered = try XCTUnwrap(GraphQLExecutor.execute(
        HeroQuery.self, variables: variables, data: data, normalizing: true, cacheKeyForObject: nil, fieldKeys: memo).records)
      XCTAssertEqual(remembered, plain)
    }
    XCTAssertEqual(plain["QUERY_ROOT"]?.fields["hero(episode:JEDI)"], .value("R2-D2"))
  }

  // MARK: Variable values as JSON

  func test_variableValues_convertToJSON_whateverTheirSwiftType() {
    XCTAssertEqual(JSON(apiValue: Int32(5)), .int(5))
    XCTAssertEqual(JSON(apiValue: Int64(-7)), .int(-7))
    XCTAssertEqual(JSON(apiValue: 3), .int(3))
    XCTAssertEqual(JSON(apiValue: Float(1.5)), .double(1.5))
    // A Float that binary widening would write as 1.100000023841858 keeps its decimal form, as upstream writes it.
    XCTAssertEqual(JSON(apiValue: Float(1.1)), .double(1.1))
    XCTAssertEqual(JSON(apiValue: true), .bool(true))
    XCTAssertEqual(JSON(apiValue: "x"), .string("x"))
    XCTAssertEqual(JSON(apiValue: NSNull()), .null, "NSNull is still null after the value types are tested first")
    XCTAssertEqual(JSON(apiValue: nil), .null)
  }
}

/// `query Hero($episode: Episode) { hero(episode: $episode) }`, the hero read as a scalar (its name).
private struct HeroQuery: GraphQLQuery {
  static let operationName = "Hero"
  static let operationDocument = OperationDocument(definition: OperationDefinition("query Hero($episode: Episode) { hero(episode: $episode) }"))

  struct Data: TestSelectionSet {
    let __data: DataDict
    init(_dataDict: DataDict) { __data = _dataDict }
    static var __parentType: any ParentType { TestObjects.Query }
    static var __selections: [Selection] { [.field("hero", String.self, arguments: ["episode": .variable("episode")])] }
  }
}
