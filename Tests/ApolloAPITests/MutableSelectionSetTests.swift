import Foundation
import XCTest

import ApolloAPI
@_spi(Unsafe) import GeneratedFixturesV2
import GeneratedFixturesV1

/// Local cache mutation models: setters, `mutateIfFulfilled`, value semantics (upstream
/// `MutatingSelectionSetTests`, `test__selectionSet_dataDict_hasValueSemantics`).
final class MutableSelectionSetTests: XCTestCase {
  private typealias Data = GeneratedFixturesV2.MemberLoansLocalCacheMutation.Data
  private typealias Member = Data.Member
  private typealias Loan = Member.Loan
  private typealias Item = Loan.Item
  private typealias CalendarDate = GeneratedFixturesV2.CalendarDate

  private let due = CalendarDate(year: 2025, month: 1, day: 31)

  private func bookItem(pageCount: Int? = 412) -> Item {
    Item.AsBook(pageCount: pageCount, title: "Dune").asRootEntityType
  }

  private func memberData() -> Data {
    Data(member: Member(name: "Ada", loans: [
      Loan(id: "l1", due: due, item: bookItem()),
      Loan(id: "l2", due: due, item: Item(__typename: "Film", title: "Metropolis")),
    ]))
  }

  func test_mutable_scalar_setter_writes_the_field() {
    var member = Member(name: "Ada", loans: [])
    member.name = "Ada Lovelace"
    XCTAssertEqual(member.name, "Ada Lovelace")
    XCTAssertEqual(member.__data._data["name"] as? String, "Ada Lovelace")
  }

  func test_mutable_optional_scalar_setter_writes_nil_as_null() {
    var book = Item.AsBook(pageCount: 412, title: "Dune")
    book.pageCount = nil
    XCTAssertNil(book.pageCount)
    XCTAssertTrue(book.__data._data["pageCount"] is NSNull)
  }

  func test_mutable_entity_and_entity_list_setters_write_child_data() {
    var member = Member(name: "Ada", loans: [])
    member.loans = [Loan(id: "l9", due: due, item: bookItem())]
    XCTAssertEqual(member.loans.map(\.id), ["l9"])
    member.loans[0].item.title = "Dune Messiah"
    XCTAssertEqual(member.loans[0].item.title, "Dune Messiah")
    member.loans.append(Loan(id: "l10", due: due, item: bookItem()))
    XCTAssertEqual(member.loans.count, 2)
  }

  func test_mutable_typename_setter() {
    var item = Item(__typename: "Film", title: "Metropolis")
    item.__typename = "Periodical"
    XCTAssertEqual(item.__typename, "Periodical")
  }

  func test_mutateIfFulfilled_runs_the_block_and_writes_the_type_case_back() {
    var item = bookItem()
    let ran = item.mutateIfFulfilled(\.asBook) { book in
      book.pageCount = 896
      book.title = "Dune (Deluxe)"
    }
    XCTAssertTrue(ran)
    XCTAssertEqual(item.asBook?.pageCount, 896)
    XCTAssertEqual(item.title, "Dune (Deluxe)")
  }

  func test_mutateIfFulfilled_returns_false_without_calling_the_block_when_not_fulfilled() {
    var item = Item(__typename: "Film", title: "Metropolis")
    var called = false
    let ran = item.mutateIfFulfilled(\.asBook) { _ in called = true }
    XCTAssertFalse(ran)
    XCTAssertFalse(called)
    XCTAssertEqual(item.title, "Metropolis")
  }

  func test_mutable_type_case_setter_writes_its_fields_back() {
    var item = bookItem()
    var book = item.asBook!
    book.pageCount = 10
    item.asBook = book
    XCTAssertEqual(item.asBook?.pageCount, 10)
  }

  func test_selection_set_data_has_value_semantics() {
    let original = Member(name: "Ada", loans: [])
    var copy = original
    copy.name = "Grace"
    XCTAssertEqual(original.name, "Ada")
    XCTAssertEqual(copy.name, "Grace")
  }

  func test_local_cache_mutation_data_mutates_through_nested_entities() {
    var data = memberData()
    data.member?.name = "Ada Lovelace"
    data.member?.loans[0].item.mutateIfFulfilled(\.asBook) { $0.pageCount = 500 }
    let filmRan = data.member?.loans[1].item.mutateIfFulfilled(\.asBook) { $0.pageCount = 1 }
    data.member?.loans[1].due = CalendarDate(year: 2025, month: 2, day: 28)

    XCTAssertEqual(data.member?.name, "Ada Lovelace")
    XCTAssertEqual(data.member?.loans[0].item.asBook?.pageCount, 500)
    XCTAssertEqual(filmRan, false)
    XCTAssertNil(data.member?.loans[1].item.asBook)
    XCTAssertEqual(data.member?.loans[1].due.month, 2)
    XCTAssertEqual(memberData().member?.loans[0].item.asBook?.pageCount, 412)
  }

  func test_local_cache_mutation_data_can_clear_an_optional_entity() {
    var data = memberData()
    data.member = nil
    XCTAssertNil(data.member)
    XCTAssertTrue(data.__data._data["member"] is NSNull)
  }

  func test_v1_local_cache_mutation_data_mutates_the_same_way() {
    typealias V1Item = GeneratedFixturesV1.MemberLoansLocalCacheMutation.Data.Member.Loan.Item
    var item = V1Item.AsBook(pageCount: 1, title: "Dune").asRootEntityType
    XCTAssertTrue(item.mutateIfFulfilled(\.asBook) { $0.pageCount = 2 })
    XCTAssertEqual(item.asBook?.pageCount, 2)
    let mutation = GeneratedFixturesV1.MemberLoansLocalCacheMutation(branch: "main", cardNumber: "42")
    XCTAssertEqual(mutation, GeneratedFixturesV1.MemberLoansLocalCacheMutation(branch: "main", cardNumber: "42"))
  }
}
