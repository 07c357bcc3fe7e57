@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
@testable import ApolloCore
import XCTest

// The executor reading network data into selection sets (upstream's
// GraphQLExecutor_SelectionSetMapper_FromResponse_Tests, in our own words).

private enum NameField: SelectionList { static var selections: [Selection] { [.field("name", String.self)] } }
private enum OptionalNameField: SelectionList { static var selections: [Selection] { [.field("name", String?.self)] } }
private enum CustomDateField: SelectionList { static var selections: [Selection] { [.field("birthday", RawScalar.self)] } }
private enum EpisodeField: SelectionList { static var selections: [Selection] { [.field("episode", GraphQLEnum<Episode>.self)] } }
private enum FavoritesField: SelectionList { static var selections: [Selection] { [.field("favorites", [String].self)] } }
private enum OptionalFavoritesField: SelectionList { static var selections: [Selection] { [.field("favorites", [String]?.self)] } }
private enum FavoritesWithNullsField: SelectionList { static var selections: [Selection] { [.field("favorites", [String?].self)] } }
private enum EpisodeListField: SelectionList { static var selections: [Selection] { [.field("episodes", [GraphQLEnum<Episode>?]?.self)] } }

private typealias NameData = QueryData<NameField>
private typealias OptionalNameData = QueryData<OptionalNameField>

final class ExecutorFromResponseTests: XCTestCase {
  func test_nonNullScalar_givenData_readsValue() throws {
    let data = try execute(NameData.self, ["name": "Luke Skywalker"])
    XCTAssertEqual(data.__data["name"] as String, "Luke Skywalker")
  }

  func test_nonNullScalar_givenMissingKey_throwsMissingValueAtFieldPath() {
    assertExecutionError(try execute(NameData.self, [:]), path: ["name"], .missingValue)
  }

  func test_nonNullScalar_givenNull_throwsNullValueAtFieldPath() {
    assertExecutionError(try execute(NameData.self, ["name": .null]), path: ["name"], .nullValue)
  }

  func test_nonNullScalar_givenIntForStringField_convertsToString() throws {
    let data = try execute(NameData.self, ["name": 10])
    XCTAssertEqual(data.__data["name"] as String, "10")
  }

  func test_nonNullScalar_givenBoolForStringField_throwsCouldNotConvertAtFieldPath() {
    assertExecutionError(try execute(NameData.self, ["name": false]), path: ["name"], .couldNotConvert(value: false, to: String.self))
  }

  func test_customScalarKeptAsString_givenIntAndDouble_convertsToText() throws {
    XCTAssertEqual(try execute(NameData.self, ["name": 12345678]).__data["name"] as String, "12345678")
    XCTAssertEqual(try execute(NameData.self, ["name": 1234.5678]).__data["name"] as String, "1234.5678")
  }

  func test_customScalarStruct_receivesTheRawJSONValue() throws {
    let data = try execute(QueryData<CustomDateField>.self, ["birthday": 989561700])
    XCTAssertEqual((data.__data["birthday"] as RawScalar).raw, "989561700")
  }

  func test_optionalScalar_givenData_readsValue() throws {
    XCTAssertEqual(try execute(OptionalNameData.self, ["name": "Leia"]).__data["name"] as String?, "Leia")
  }

  func test_optionalScalar_givenMissingKey_throwsMissingValue_evenThoughNullable() {
    assertExecutionError(try execute(OptionalNameData.self, [:]), path: ["name"], .missingValue)
  }

  func test_optionalScalar_givenNull_readsNil() throws {
    XCTAssertNil(try execute(OptionalNameData.self, ["name": .null]).__data["name"] as String?)
  }

  func test_optionalScalar_givenBool_throwsCouldNotConvert() {
    assertExecutionError(try execute(OptionalNameData.self, ["name": true]), path: ["name"], .couldNotConvert(value: true, to: String.self))
  }

  func test_enum_givenKnownCase_readsCase() throws {
    let value = try execute(QueryData<EpisodeField>.self, ["episode": "JEDI"]).__data["episode"] as GraphQLEnum<Episode>
    XCTAssertEqual(value, .case(.JEDI))
  }

  func test_enum_givenUnknownName_readsUnknownCase() throws {
    let value = try execute(QueryData<EpisodeField>.self, ["episode": "CLONE_WARS"]).__data["episode"] as GraphQLEnum<Episode>
    XCTAssertEqual(value, .unknown("CLONE_WARS"))
  }

  func test_enum_givenInt_throwsCouldNotConvertToString() {
    assertExecutionError(try execute(QueryData<EpisodeField>.self, ["episode": 10]), path: ["episode"], .couldNotConvert(value: 10, to: String.self))
  }

  func test_enum_givenDouble_throwsCouldNotConvertToString() {
    assertExecutionError(try execute(QueryData<EpisodeField>.self, ["episode": 10.5]), path: ["episode"], .couldNotConvert(value: 10.5, to: String.self))
  }

  func test_enum_givenNullForNonNullField_throwsNullValue() {
    assertExecutionError(try execute(QueryData<EpisodeField>.self, ["episode": .null]), path: ["episode"], .nullValue)
  }

  func test_list_givenData_readsElements_andEmptyList() throws {
    XCTAssertEqual(try execute(QueryData<FavoritesField>.self, ["favorites": ["a", "b"]]).__data["favorites"] as [String], ["a", "b"])
    XCTAssertEqual(try execute(QueryData<FavoritesField>.self, ["favorites": []]).__data["favorites"] as [String], [])
  }

  func test_list_givenMissingKey_throwsMissingValue_andNull_throwsNullValue() {
    assertExecutionError(try execute(QueryData<FavoritesField>.self, [:]), path: ["favorites"], .missingValue)
    assertExecutionError(try execute(QueryData<FavoritesField>.self, ["favorites": .null]), path: ["favorites"], .nullValue)
  }

  func test_list_givenConvertibleElements_convertsEach() throws {
    XCTAssertEqual(try execute(QueryData<FavoritesField>.self, ["favorites": [10, 20, 30]]).__data["favorites"] as [String], ["10", "20", "30"])
  }

  func test_list_givenElementNotConvertible_throwsAtElementPath() {
    assertExecutionError(try execute(QueryData<FavoritesField>.self, ["favorites": [true, "x"]]),
                         path: ["favorites", "0"], .couldNotConvert(value: true, to: String.self))
  }

  func test_list_givenNonArray_throwsWrongType() {
    assertExecutionError(try execute(QueryData<FavoritesField>.self, ["favorites": "x"]), path: ["favorites"], .wrongType)
  }

  func test_optionalList_givenNull_readsNil() throws {
    XCTAssertNil(try execute(QueryData<OptionalFavoritesField>.self, ["favorites": .null]).__data["favorites"] as [String]?)
  }

  func test_listOfOptionals_givenNullElement_readsNilInPlace() throws {
    let value = try execute(QueryData<FavoritesWithNullsField>.self, ["favorites": ["Red", .null, "Bird"]]).__data["favorites"] as [String?]
    XCTAssertEqual(value, ["Red", nil, "Bird"])
  }

  func test_listOfOptionalEnums_givenUnknownElement_readsUnknown_andIntElementThrowsAtElementPath() throws {
    let value = try execute(QueryData<EpisodeListField>.self, ["episodes": ["JEDI", "UNKNOWN"]]).__data["episodes"] as [GraphQLEnum<Episode>?]?
    XCTAssertEqual(value, [.case(.JEDI), .unknown("UNKNOWN")])
    assertExecutionError(try execute(QueryData<EpisodeListField>.self, ["episodes": [1]]),
                         path: ["episodes", "0"], .couldNotConvert(value: 1, to: String.self))
  }
}
