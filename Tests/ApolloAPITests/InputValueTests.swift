import Foundation
import XCTest

@_spi(Internal) import ApolloAPI
@_spi(Unsafe) import GeneratedFixturesV2

/// Input objects, `@oneOf` inputs, `GraphQLNullable` and `GraphQLEnum` (upstream `InputDictTests`,
/// `GraphQLNullable` and `GraphQLEnum` behaviour).
final class InputValueTests: XCTestCase {
  // MARK: InputDict

  func test_input_dict_nullable_field_defaults_to_none() {
    let filter = CatalogFilter()
    XCTAssertEqual(filter.titleContains, GraphQLNullable<String>.none)
    XCTAssertEqual(filter.availability, GraphQLNullable<AvailabilityFilter>.none)
  }

  func test_input_dict_explicit_value_reads_back() {
    let filter = CatalogFilter(titleContains: "Dune", availability: .init(AvailabilityFilter(branch: "main")))
    XCTAssertEqual(filter.titleContains, .some("Dune"))
    XCTAssertEqual(filter.availability.unwrapped?.branch, "main")
    XCTAssertEqual(filter.availability.unwrapped?.minCopies, GraphQLNullable<Int32>.none)
  }

  func test_input_dict_null_reads_back_as_null() {
    let filter = CatalogFilter(titleContains: .null)
    XCTAssertEqual(filter.titleContains, GraphQLNullable<String>.null)
  }

  func test_input_object_setters_update_fields() {
    var availability = AvailabilityFilter(branch: "main")
    availability.branch = "east"
    availability.minCopies = 2
    XCTAssertEqual(availability.branch, "east")
    XCTAssertEqual(availability.minCopies, .some(2))
    availability.minCopies = .null
    XCTAssertEqual(availability.minCopies, .null)
  }

  func test_input_objects_compare_by_their_fields() {
    XCTAssertEqual(AvailabilityFilter(branch: "main", minCopies: 2), AvailabilityFilter(branch: "main", minCopies: 2))
    XCTAssertNotEqual(AvailabilityFilter(branch: "main", minCopies: 2), AvailabilityFilter(branch: "main"))
    XCTAssertNotEqual(AvailabilityFilter(branch: "main"), AvailabilityFilter(branch: "main", minCopies: .null))
  }

  func test_oneOf_input_sets_exactly_the_chosen_field() {
    let data = SearchBy.title("Dune").__data
    let title: GraphQLNullable<String> = data["title"]
    let isbn: GraphQLNullable<ISBN> = data["isbn"]
    XCTAssertEqual(title, .some("Dune"))
    XCTAssertEqual(isbn, .none)
    XCTAssertNotEqual(SearchBy.title("Dune"), SearchBy.author("Dune"))
    XCTAssertEqual(SearchBy.filter(CatalogFilter(genres: [.init(.poetry)])), .filter(CatalogFilter(genres: [.init(.poetry)])))
  }

  // MARK: GraphQLNullable

  func test_graphql_nullable_literals() {
    let string: GraphQLNullable<String> = "a"
    let int: GraphQLNullable<Int32> = 3
    let double: GraphQLNullable<Double> = 1.5
    let bool: GraphQLNullable<Bool> = true
    let list: GraphQLNullable<[String]> = ["a", "b"]
    let object: GraphQLNullable<[String: Int32]> = ["a": 1]
    let absent: GraphQLNullable<String> = nil
    XCTAssertEqual(string, .some("a"))
    XCTAssertEqual(int, .some(3))
    XCTAssertEqual(double, .some(1.5))
    XCTAssertEqual(bool, .some(true))
    XCTAssertEqual(list, .some(["a", "b"]))
    XCTAssertEqual(object, .some(["a": 1]))
    XCTAssertEqual(absent, .none)
  }

  func test_graphql_nullable_unwrapped_is_nil_for_none_and_null() {
    XCTAssertEqual(GraphQLNullable<String>.some("a").unwrapped, "a")
    XCTAssertNil(GraphQLNullable<String>.none.unwrapped)
    XCTAssertNil(GraphQLNullable<String>.null.unwrapped)
  }

  func test_graphql_nullable_coalescing_from_optional() {
    let present: String? = "a"
    let absent: String? = nil
    let fromPresent: GraphQLNullable<String> = present ?? .null
    let fromAbsentToNull: GraphQLNullable<String> = absent ?? .null
    let fromAbsentToNone: GraphQLNullable<String> = absent ?? .none
    XCTAssertEqual(fromPresent, .some("a"))
    XCTAssertEqual(fromAbsentToNull, .null)
    XCTAssertEqual(fromAbsentToNone, .none)
  }

  func test_graphql_nullable_enum_and_input_object_initializers() {
    let genre: GraphQLNullable<GraphQLEnum<Genre>> = .init(.fiction)
    XCTAssertEqual(genre, .some(.case(.fiction)))
    let availability: GraphQLNullable<AvailabilityFilter> = .init(AvailabilityFilter(branch: "main"))
    XCTAssertEqual(availability, .some(AvailabilityFilter(branch: "main")))
  }

  func test_graphql_nullable_dynamic_member_lookup_reads_the_wrapped_value() {
    let availability: GraphQLNullable<AvailabilityFilter> = .init(AvailabilityFilter(branch: "main"))
    XCTAssertEqual(availability.branch, "main")
    XCTAssertNil(GraphQLNullable<AvailabilityFilter>.null.branch)
  }

  // MARK: GraphQLEnum

  func test_graphql_enum_unknown_value_keeps_its_raw_value() {
    let genre = GraphQLEnum<Genre>(rawValue: "AUDIOBOOK")
    XCTAssertEqual(genre, .unknown("AUDIOBOOK"))
    XCTAssertEqual(genre.rawValue, "AUDIOBOOK")
    XCTAssertNil(genre.value)
  }

  func test_graphql_enum_known_value_maps_to_its_case() {
    XCTAssertEqual(GraphQLEnum<Genre>("NON_FICTION"), .case(.nonFiction))
    XCTAssertEqual(GraphQLEnum<Genre>(.poetry).rawValue, "POETRY")
    XCTAssertEqual(GraphQLEnum<Genre>.allCases.map(\.rawValue), ["FICTION", "NON_FICTION", "POETRY", "REFERENCE"])
  }

  func test_graphql_enum_equals_its_case_and_optional_compares_with_a_case() {
    let genre = GraphQLEnum<Genre>.case(.fiction)
    XCTAssertTrue(genre == .fiction)
    XCTAssertTrue(Genre.fiction == genre)
    XCTAssertTrue(genre != .poetry)
    let optional: GraphQLEnum<Genre>? = genre
    XCTAssertTrue(optional == .fiction)
    XCTAssertFalse(GraphQLEnum<Genre>?.none == .fiction)
    XCTAssertFalse(GraphQLEnum<Genre>.unknown("FICTION2") == .fiction)
  }

  func test_graphql_enum_pattern_matches_cases_in_a_switch() {
    func describe(_ genre: GraphQLEnum<Genre>) -> String {
      switch genre {
      case .fiction: return "fiction"
      case .poetry: return "poetry"
      default: return "other"
      }
    }
    XCTAssertEqual(describe(.case(.fiction)), "fiction")
    XCTAssertEqual(describe(.init(.poetry)), "poetry")
    XCTAssertEqual(describe(.unknown("AUDIOBOOK")), "other")
  }

  func test_graphql_enum_decodes_any_string_and_rejects_other_json() throws {
    XCTAssertEqual(try GraphQLEnum<Genre>(_jsonValue: "REFERENCE"), .case(.reference))
    XCTAssertEqual(try GraphQLEnum<Genre>(_jsonValue: "ZINE"), .unknown("ZINE"))
    XCTAssertThrowsError(try GraphQLEnum<Genre>(_jsonValue: 3)) { error in
      XCTAssertEqual(error as? JSONDecodingError, .couldNotConvert(value: 3, to: String.self))
    }
    XCTAssertEqual(GraphQLEnum<Genre>.case(.poetry)._jsonValue as? String, "POETRY")
  }

  /// Two values with the same GraphQL name are equal and hash alike, however they were built, as upstream compares
  /// them: a hand-built `.unknown("FICTION")` equals `.case(.FICTION)`.
  func test_graphQLEnum_equality_and_hash_follow_the_raw_value() {
    let known = GraphQLEnum<Genre>.case(.fiction)
    let spelled = GraphQLEnum<Genre>.unknown(Genre.fiction.rawValue)
    XCTAssertEqual(known, spelled)
    XCTAssertEqual(Set([known, spelled]).count, 1)
    XCTAssertNotEqual(known, .unknown("POETRY"))
  }
}
