import Foundation
import XCTest

import ApolloAPI
@_spi(Unsafe) import GeneratedFixturesV2

/// Selection-set equality and hashing use only the fields of fragments the data fulfils
/// (upstream `SelectionSet_EquatableTests`).
final class SelectionSetEqualityTests: XCTestCase {
  private typealias Item = ItemDetailsQuery.Data.Item
  private typealias Catalog = CatalogQuery.Data.Catalog

  private func item(
    _ overrides: [String: DataDict.FieldValue] = [:], fulfilling fragments: Set<ObjectIdentifier>
  ) -> Item {
    var fields: [String: DataDict.FieldValue] = [
      "__typename": "Book", "id": "1", "title": "Dune", "genre": NSNull(), "published": NSNull(),
      "isbn": "x", "pageCount": 412,
    ]
    fields.merge(overrides) { _, new in new }
    return Item(_dataDict: DataDict(data: fields, fulfilledFragments: fragments))
  }

  func test_equality_ignores_fields_of_unfulfilled_type_cases() {
    let fulfilled = ids(Item.self, CatalogItemSummary.self)
    XCTAssertEqual(item(["pageCount": 1], fulfilling: fulfilled), item(["pageCount": 2], fulfilling: fulfilled))
  }

  func test_equality_compares_fields_of_fulfilled_type_cases() {
    let fulfilled = ids(Item.self, Item.AsBook.self, CatalogItemSummary.self)
    XCTAssertNotEqual(item(["pageCount": 1], fulfilling: fulfilled), item(["pageCount": 2], fulfilling: fulfilled))
  }

  func test_equality_compares_fields_of_the_entity_and_its_named_fragments() {
    let fulfilled = ids(Item.self, CatalogItemSummary.self)
    XCTAssertNotEqual(item(["title": "Dune"], fulfilling: fulfilled), item(["title": "Emma"], fulfilling: fulfilled))
  }

  func test_equality_ignores_fields_that_no_selection_asks_for() {
    let fulfilled = ids(Item.self, CatalogItemSummary.self)
    XCTAssertEqual(item(["unselected": 1], fulfilling: fulfilled), item(["unselected": 2], fulfilling: fulfilled))
  }

  func test_equality_treats_optional_and_plain_storage_of_a_value_alike() {
    let date = CalendarDate(year: 1965, month: 8, day: 1)
    let fulfilled = ids(Item.self, CatalogItemSummary.self)
    XCTAssertEqual(
      item(["published": Optional(date)], fulfilling: fulfilled), item(["published": date], fulfilling: fulfilled)
    )
  }

  func test_equality_treats_null_and_nil_optional_alike() {
    let fulfilled = ids(Item.self, CatalogItemSummary.self)
    XCTAssertEqual(
      item(["genre": NSNull()], fulfilling: fulfilled),
      item(["genre": GraphQLEnum<Genre>?.none], fulfilling: fulfilled)
    )
  }

  func test_equality_between_generated_init_and_executor_shaped_data() {
    let built = Item.AsBook(pageCount: 412, id: "1", title: "Dune", isbn: "x").asRootEntityType
    let executed = item(
      ["pageCount": 412, "tags": NSNull(), "authors": NSNull()],
      fulfilling: ids(Item.self, Item.AsBook.self, CatalogItemSummary.self, CatalogItemSummary.AsBook.self)
    )
    XCTAssertEqual(built, executed)
  }

  func test_equality_ignores_fields_of_a_pending_deferred_fragment() {
    func catalog(published: String) -> Catalog {
      Catalog(_dataDict: DataDict(
        data: ["__typename": "Book", "id": "1", "title": "Dune", "genre": NSNull(),
               "published": CalendarDate(year: Int(published)!, month: 1, day: 1)],
        fulfilledFragments: ids(Catalog.self, CatalogItemSummary.self), deferredFragments: ids(Catalog.Extra.self)
      ))
    }
    XCTAssertEqual(catalog(published: "1965"), catalog(published: "1999"))
  }

  func test_equality_compares_fields_of_a_fulfilled_deferred_fragment() {
    func catalog(year: Int) -> Catalog {
      Catalog.Extra(__typename: "Book", published: CalendarDate(year: year, month: 1, day: 1), id: "1", title: "Dune")
        .asRootEntityType
    }
    XCTAssertNotEqual(catalog(year: 1965), catalog(year: 1999))
  }

  func test_equal_selection_sets_hash_equally() {
    let fulfilled = ids(Item.self, CatalogItemSummary.self)
    let lhs = item(["pageCount": 1, "genre": NSNull()], fulfilling: fulfilled)
    let rhs = item(["pageCount": 2, "genre": GraphQLEnum<Genre>?.none], fulfilling: fulfilled)
    XCTAssertEqual(lhs.hashValue, rhs.hashValue)
    XCTAssertEqual(Set([lhs, rhs]).count, 1)
  }

  /// Nulls compare equal however they are spelled, so they must hash equal too: on Linux every `NSNull()`
  /// is its own object, hashed by its address, and a null marker made of one hashed two equal selection
  /// sets apart whenever the markers were alive at once (as in a set being built).
  func test_nullFields_hashEqually_whileManyNullsAreAlive() {
    let fulfilled = ids(Item.self, CatalogItemSummary.self)
    let keepAlive = (0..<64).map { _ in NSNull() }
    let items = (0..<32).map { index in
      item(["genre": index.isMultiple(of: 2) ? NSNull() : GraphQLEnum<Genre>?.none], fulfilling: fulfilled)
    }
    XCTAssertEqual(Set(items.map(\.hashValue)).count, 1, "equal items, one hash")
    XCTAssertEqual(Set(items).count, 1)
    withExtendedLifetime(keepAlive) {}
  }
}
