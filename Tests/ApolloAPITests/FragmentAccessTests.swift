import Foundation
import XCTest

import ApolloAPI
@_spi(Unsafe) @_spi(Execution) import GeneratedFixturesV2

/// Type cases (`asX`), named fragments (`fragments.x`) and `@Deferred` over the data the executor
/// fills (upstream `SelectionSetTests`, fragment cases).
final class FragmentAccessTests: XCTestCase {
  private typealias Item = ItemDetailsQuery.Data.Item
  private typealias Catalog = CatalogQuery.Data.Catalog
  private typealias Search = SearchQuery.Data.Search
  private typealias Author = ItemDetailsQuery.Data.Item.AsBook.Author

  private let bookFields: [String: DataDict.FieldValue] = [
    "__typename": "Book", "id": "1", "title": "Dune", "isbn": "978-0441013593", "pageCount": 412,
  ]

  // MARK: asX

  func test_asInlineFragment_returns_type_case_when_executor_fulfilled_it() {
    let item = Item(_dataDict: DataDict(
      data: bookFields, fulfilledFragments: ids(Item.self, Item.AsBook.self, CatalogItemSummary.self)
    ))
    XCTAssertEqual(item.asBook?.pageCount, 412)
    XCTAssertEqual(item.asBook?.title, "Dune")
  }

  func test_asInlineFragment_returns_nil_when_type_case_not_fulfilled() {
    let item = Item(_dataDict: DataDict(data: bookFields, fulfilledFragments: ids(Item.self, CatalogItemSummary.self)))
    XCTAssertNil(item.asBook)
    XCTAssertNil(item.asPeriodical)
  }

  func test_asInlineFragment_does_not_check_typename_only_fulfilment() {
    var fields = bookFields
    fields["__typename"] = "Periodical"
    let item = Item(_dataDict: DataDict(data: fields, fulfilledFragments: ids(Item.self, Item.AsBook.self)))
    XCTAssertNotNil(item.asBook)
  }

  func test_asInlineFragment_on_union_returns_member_type_case() {
    let search = Search(_dataDict: DataDict(
      data: ["__typename": "Author", "id": "a1", "name": "Frank Herbert"],
      fulfilledFragments: ids(Search.self, Search.AsAuthor.self, AuthorDetails.self)
    ))
    XCTAssertEqual(search.asAuthor?.name, "Frank Herbert")
    XCTAssertEqual(search.asAuthor?.fragments.authorDetails.id, "a1")
    XCTAssertNil(search.asBook)
  }

  func test_composite_inline_fragment_is_available_when_every_merged_source_is_fulfilled() {
    let catalog = Catalog(_dataDict: DataDict(
      data: bookFields,
      fulfilledFragments: ids(Catalog.self, CatalogItemSummary.self, CatalogItemSummary.AsBook.self)
    ))
    XCTAssertEqual(catalog.asBook?.isbn, "978-0441013593")
  }

  func test_composite_inline_fragment_is_nil_when_a_merged_source_is_missing() {
    let catalog = Catalog(_dataDict: DataDict(
      data: bookFields, fulfilledFragments: ids(Catalog.self, CatalogItemSummary.self, Catalog.AsBook.self)
    ))
    XCTAssertNil(catalog.asBook)
  }

  func test_asRootEntityType_and_root_initializer_rewrap_the_same_data() {
    let asBook = Item.AsBook(pageCount: 412, id: "1", title: "Dune", isbn: "x")
    XCTAssertEqual(asBook.asRootEntityType.__data, asBook.__data)
    XCTAssertEqual(Item(asBook).__data, asBook.__data)
    XCTAssertEqual(Item(asBook).asBook?.pageCount, 412)
  }

  // MARK: fragments.x

  func test_toFragment_non_optional_builds_fragment_over_the_same_data() {
    let item = Item(_dataDict: DataDict(data: bookFields, fulfilledFragments: ids(Item.self)))
    let summary = item.fragments.catalogItemSummary
    XCTAssertEqual(summary.title, "Dune")
    XCTAssertEqual(summary.__data, item.__data)
  }

  func test_toFragment_optional_returns_nil_when_fragment_not_fulfilled() {
    let author = Author(name: "Frank Herbert")
    XCTAssertNil(author.fragments.authorDetails)
    XCTAssertNil(author.ifNotBrief)
  }

  func test_toFragment_optional_returns_fragment_when_fulfilled() {
    let author = Author.IfNotBrief(name: "Frank Herbert", id: "a1").asRootEntityType
    XCTAssertEqual(author.fragments.authorDetails?.id, "a1")
    XCTAssertEqual(author.ifNotBrief?.fragments.authorDetails.name, "Frank Herbert")
  }

  func test_fragment_type_case_is_reachable_from_the_fragment() {
    let item = Item(_dataDict: DataDict(
      data: bookFields,
      fulfilledFragments: ids(Item.self, CatalogItemSummary.self, CatalogItemSummary.AsBook.self)
    ))
    XCTAssertEqual(item.fragments.catalogItemSummary.asBook?.isbn, "978-0441013593")
  }

  // MARK: @Deferred

  func test_deferred_fragment_is_fulfilled_when_its_data_arrived() {
    let catalog = Catalog.Extra(
      __typename: "Book", published: CalendarDate(year: 1965, month: 8, day: 1), id: "1", title: "Dune"
    ).asRootEntityType
    guard case .fulfilled(let extra) = catalog.fragments.$extra else {
      return XCTFail("expected .fulfilled, got \(catalog.fragments.$extra)")
    }
    XCTAssertEqual(extra.published?.year, 1965)
    XCTAssertEqual(catalog.fragments.extra?.title, "Dune")
  }

  func test_deferred_fragment_is_pending_while_its_data_is_awaited() {
    let catalog = Catalog(_dataDict: DataDict(
      data: bookFields, fulfilledFragments: ids(Catalog.self, CatalogItemSummary.self),
      deferredFragments: ids(Catalog.Extra.self)
    ))
    guard case .pending = catalog.fragments.$extra else {
      return XCTFail("expected .pending, got \(catalog.fragments.$extra)")
    }
    XCTAssertNil(catalog.fragments.extra)
  }

  func test_deferred_fragment_is_notExecuted_when_neither_fulfilled_nor_deferred() {
    let catalog = Catalog(__typename: "Book", id: "1", title: "Dune")
    guard case .notExecuted = catalog.fragments.$extra else {
      return XCTFail("expected .notExecuted, got \(catalog.fragments.$extra)")
    }
    XCTAssertNil(catalog.fragments.extra)
  }

  /// `State` is `Equatable`, as upstream's: tests compare it with `XCTAssertEqual`.
  func test_deferred_state_compares_with_equals() {
    let pending = Catalog(_dataDict: DataDict(
      data: bookFields, fulfilledFragments: ids(Catalog.self, CatalogItemSummary.self),
      deferredFragments: ids(Catalog.Extra.self)
    ))
    XCTAssertEqual(pending.fragments.$extra, .pending)
    XCTAssertNotEqual(Catalog(__typename: "Book", id: "1", title: "Dune").fragments.$extra, .pending)
  }

  func test_deferred_fragment_is_listed_in_the_selections_and_deferred_fragments() {
    XCTAssertTrue(Catalog.__selections.contains(.deferred(Catalog.Extra.self, label: "extra")))
    XCTAssertEqual(Catalog.__deferredFragments.map { ObjectIdentifier($0) }, [ObjectIdentifier(Catalog.Extra.self)])
  }
}
