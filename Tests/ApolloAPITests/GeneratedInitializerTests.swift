import Foundation
import XCTest

import ApolloAPI
@_spi(Unsafe) import GeneratedFixturesV2
import GeneratedFixturesV1

/// Generated `init(...)`s build data through `init(unsafelyWithData:)`, which fulfils the type's
/// `__fulfilledFragments`, so hand-built models convert like executed ones (upstream
/// `test__selectionInitializer_*`).
final class GeneratedInitializerTests: XCTestCase {
  private typealias Item = GeneratedFixturesV2.ItemDetailsQuery.Data.Item

  func test_generated_init_of_type_case_fulfils_its_fragments_so_asX_works() {
    let item = Item.AsBook(pageCount: 412, id: "1", title: "Dune", isbn: "978-0441013593").asRootEntityType
    XCTAssertEqual(item.asBook?.pageCount, 412)
    XCTAssertEqual(item.fragments.catalogItemSummary.asBook?.isbn, "978-0441013593")
    XCTAssertEqual(
      item.__data._fulfilledFragments,
      ids(Item.self, Item.AsBook.self, GeneratedFixturesV2.CatalogItemSummary.self,
          GeneratedFixturesV2.CatalogItemSummary.AsBook.self)
    )
  }

  func test_generated_init_for_one_type_case_cannot_convert_to_another() {
    let item = Item.AsPeriodical(issueNumber: 7, id: "p1", title: "Locus").asRootEntityType
    XCTAssertEqual(item.asPeriodical?.issueNumber, 7)
    XCTAssertNil(item.asBook)
    XCTAssertNil(item.asBorrowableIfNotBrief)
  }

  func test_generated_init_of_conditional_type_case_converts_only_to_itself() {
    let item = Item.AsBorrowableIfNotBrief(__typename: "Film", loanPeriodDays: 7, id: "f1", title: "Dune")
      .asRootEntityType
    XCTAssertEqual(item.asBorrowableIfNotBrief?.loanPeriodDays, 7)
    XCTAssertNil(item.asBook)
  }

  func test_generated_init_of_root_entity_fulfils_only_the_entity_and_its_fragments() {
    let item = Item(__typename: "Book", id: "1", title: "Dune")
    XCTAssertNil(item.asBook)
    XCTAssertEqual(item.fragments.catalogItemSummary.title, "Dune")
    XCTAssertEqual(item.__data._fulfilledFragments, ids(Item.self, GeneratedFixturesV2.CatalogItemSummary.self))
    XCTAssertEqual(item.__data._deferredFragments, [])
  }

  func test_generated_init_of_concrete_type_writes_its_typename() {
    XCTAssertEqual(Item.AsBook(id: "1", title: "Dune", isbn: "x").__typename, "Book")
    XCTAssertEqual(GeneratedFixturesV2.ItemDetailsQuery.Data().__typename, "Query")
    XCTAssertEqual(Item(__typename: "Film", id: "1", title: "Dune").__typename, "Film")
  }

  func test_generated_init_stores_nil_optional_fields_as_present_keys() {
    let item = Item(__typename: "Book", id: "1", title: "Dune")
    XCTAssertTrue(item.__data._data.keys.contains("published"))
    XCTAssertTrue(item.__data._data.keys.contains("genre"))
    XCTAssertNil(item.published)
    XCTAssertNil(item.genre)
  }

  func test_generated_init_stores_entity_fields_as_child_data() {
    let data = GeneratedFixturesV2.ItemDetailsQuery.Data(item: Item(__typename: "Book", id: "1", title: "Dune"))
    XCTAssertEqual(data.item?.title, "Dune")
    XCTAssertNil(GeneratedFixturesV2.ItemDetailsQuery.Data(item: nil).item)
  }

  func test_generated_init_stores_entity_lists() {
    let authors = [Item.AsBook.Author(name: "Frank Herbert"), Item.AsBook.Author(name: "Brian Herbert")]
    let book = Item.AsBook(authors: authors, id: "1", title: "Dune", isbn: "x")
    XCTAssertEqual(book.authors?.map(\.name), ["Frank Herbert", "Brian Herbert"])
  }

  func test_generated_init_of_type_case_inside_a_fragment_fulfils_the_fragment() {
    let summary = GeneratedFixturesV2.CatalogItemSummary.AsBook(isbn: "x", id: "1", title: "Dune").asRootEntityType
    XCTAssertEqual(summary.asBook?.isbn, "x")
  }

  func test_v1_generated_initializers_fulfil_fragments_the_same_way() {
    typealias V1Item = GeneratedFixturesV1.ItemDetailsQuery.Data.Item
    let item = V1Item.AsBook(pageCount: 412, id: "1", title: "Dune", isbn: "x").asRootEntityType
    XCTAssertEqual(item.asBook?.pageCount, 412)
    XCTAssertNil(item.asPeriodical)
    XCTAssertEqual(item.fragments.catalogItemSummary.asBook?.isbn, "x")
    let catalog = GeneratedFixturesV1.CatalogQuery.Data.Catalog.AsBook(id: "1", title: "Dune", isbn: "x")
      .asRootEntityType
    XCTAssertEqual(catalog.asBook?.isbn, "x")
  }
}
