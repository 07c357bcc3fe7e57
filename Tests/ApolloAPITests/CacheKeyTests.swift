import Foundation
import XCTest

@_spi(Execution) import ApolloAPI
@_spi(Execution) import GeneratedFixturesV2

/// Record keys from `SchemaMetadata.cacheKey(for:inferredToImplementInterface:)` (upstream
/// `CacheKeyResolutionTests`, `ObjectDataTransformerTests`).
final class CacheKeyTests: XCTestCase {
  // MARK: SchemaConfiguration

  func test_cache_key_from_configuration_is_typename_and_id() {
    XCTAssertEqual(IDSchema.cacheKey(for: objectData(["__typename": "Person", "id": "ada"])), "Person:ada")
  }

  func test_cache_key_from_configuration_uses_unique_key_group_instead_of_typename() {
    XCTAssertEqual(GroupedSchema.cacheKey(for: objectData(["__typename": "Omega", "letter": "δ"])), "GreekLetters:δ")
  }

  func test_cache_key_from_configuration_applies_to_unknown_typename() {
    XCTAssertEqual(IDSchema.cacheKey(for: objectData(["__typename": "Zeta", "id": "ω"])), "Zeta:ω")
  }

  func test_cache_key_is_nil_when_configuration_and_key_fields_give_none() {
    XCTAssertNil(KeyFieldSchema.cacheKey(for: objectData(["__typename": "Omega", "id": "1"])))
    XCTAssertNil(KeyFieldSchema.cacheKey(for: objectData(["__typename": "Zeta", "id": "1"])))
  }

  func test_cache_key_is_nil_without_typename() {
    XCTAssertNil(IDSchema.cacheKey(for: objectData(["id": "1"])))
    XCTAssertNil(IDSchema.cacheKey(for: objectData(["__typename": 5, "id": "1"])))
  }

  func test_cache_key_info_from_nil_json_value_throws_missing_value() {
    XCTAssertThrowsError(try CacheKeyInfo(jsonValue: nil)) { error in
      XCTAssertEqual(error as? JSONDecodingError, .missingValue)
    }
    XCTAssertEqual(try CacheKeyInfo(jsonValue: 7, uniqueKeyGroup: "G"), CacheKeyInfo(id: "7", uniqueKeyGroup: "G"))
  }

  // MARK: Key fields

  func test_cache_key_from_single_key_field() {
    XCTAssertEqual(KeyFieldSchema.cacheKey(for: objectData(["__typename": "Hero", "name": "R2-D2"])), "Hero:R2-D2")
  }

  func test_cache_key_from_multiple_key_fields_escapes_backslash_and_plus() {
    let dog = objectData(["__typename": "Dog", "id": 10, "species": "Be\\ag+le"])
    XCTAssertEqual(KeyFieldSchema.cacheKey(for: dog), "Dog:10+Be\\\\ag\\+le")
  }

  func test_cache_key_is_nil_when_a_key_field_is_missing() {
    XCTAssertNil(KeyFieldSchema.cacheKey(for: objectData(["__typename": "Dog", "id": 10])))
  }

  func test_cache_key_uses_interface_key_fields_for_a_type_without_its_own() {
    let cat = objectData(["__typename": "Cat", "id": 10])
    XCTAssertNil(KeyFieldSchema.cacheKey(for: cat))
    XCTAssertEqual(KeyFieldSchema.cacheKey(for: cat, inferredToImplementInterface: TestTypes.Animal), "Cat:10")
  }

  func test_cache_key_uses_interface_key_fields_for_an_unknown_type() {
    let lynx = objectData(["__typename": "Lynx", "id": "l1"])
    XCTAssertEqual(KeyFieldSchema.cacheKey(for: lynx, inferredToImplementInterface: TestTypes.Animal), "Lynx:l1")
  }

  func test_configuration_takes_precedence_over_key_fields() {
    XCTAssertEqual(IDSchema.cacheKey(for: objectData(["__typename": "Hero", "name": "R2-D2", "id": "2001"])), "Hero:2001")
  }

  // MARK: Bool and Int ids

  func test_cache_key_bool_id_gives_no_key() {
    XCTAssertNil(IDSchema.cacheKey(for: objectData(["__typename": "Omega", "id": true])))
    XCTAssertNil(IDSchema.cacheKey(for: objectData(["__typename": "Omega", "id": false])))
  }

  func test_cache_key_int_ids_zero_and_one_stay_integers() {
    XCTAssertEqual(IDSchema.cacheKey(for: objectData(["__typename": "Omega", "id": 0])), "Omega:0")
    XCTAssertEqual(IDSchema.cacheKey(for: objectData(["__typename": "Omega", "id": 1])), "Omega:1")
    XCTAssertEqual(IDSchema.cacheKey(for: objectData(["__typename": "Omega", "id": 2])), "Omega:2")
  }

  func test_object_data_reads_scalars_nested_objects_and_lists() {
    let data = objectData(["flag": true, "count": 1, "owner": ["name": "Ada"], "tags": ["a", "b"]])
    XCTAssertEqual(data["flag"] as? Bool, true)
    XCTAssertEqual(data["count"] as? Int, 1)
    let owner: ObjectData? = data["owner"]
    XCTAssertEqual(owner?["name"] as? String, "Ada")
    let tags: ListData? = data["tags"]
    XCTAssertEqual(tags?.count, 2)
    XCTAssertEqual(tags?[1] as? String, "b")
  }

  // MARK: The generated fixture schema

  func test_fixture_schema_keys_types_by_their_key_fields() {
    XCTAssertEqual(GeneratedFixturesV2.SchemaMetadata.cacheKey(for: objectData(["__typename": "Book", "id": "7"])), "Book:7")
    XCTAssertEqual(
      GeneratedFixturesV2.SchemaMetadata.cacheKey(for: objectData(["__typename": "Member", "branch": "main", "cardNumber": "00+42"])),
      "Member:main+00\\+42"
    )
    XCTAssertNil(GeneratedFixturesV2.SchemaMetadata.cacheKey(for: objectData(["__typename": "Query"])))
  }

  func test_fixture_schema_configuration_keys_shelves_by_code() {
    XCTAssertEqual(GeneratedFixturesV2.SchemaMetadata.cacheKey(for: objectData(["__typename": "Shelf", "code": "A1"])), "Shelf:A1")
  }

  func test_fixture_schema_interface_key_fields_apply_to_unknown_catalog_types() {
    let magazine = objectData(["__typename": "Magazine", "id": "m3"])
    XCTAssertNil(GeneratedFixturesV2.SchemaMetadata.cacheKey(for: magazine))
    XCTAssertEqual(GeneratedFixturesV2.SchemaMetadata.cacheKey(for: magazine, inferredToImplementInterface: Interfaces.CatalogItem), "Magazine:m3")
  }

  func test_fixture_schema_types_and_type_conditions() {
    XCTAssertEqual(GeneratedFixturesV2.SchemaMetadata.objectType(forTypename: "Book"), Objects.Book)
    XCTAssertNil(GeneratedFixturesV2.SchemaMetadata.objectType(forTypename: "Magazine"))
    XCTAssertTrue(Interfaces.Borrowable.canBeConverted(from: Objects.Book))
    XCTAssertFalse(Interfaces.Borrowable.canBeConverted(from: Objects.Periodical))
    XCTAssertTrue(Unions.SearchResult.canBeConverted(from: Objects.Author))
    XCTAssertFalse(Unions.SearchResult.canBeConverted(from: Object(typename: "Author", implementedInterfaces: [])))
    XCTAssertEqual(Objects.Member.keyFields, ["branch", "cardNumber"])
    XCTAssertNil(Objects.Shelf.keyFields)
  }
}
