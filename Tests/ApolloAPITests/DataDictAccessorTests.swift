import Foundation
import XCTest

import ApolloAPI
@_spi(Unsafe) import GeneratedFixturesV2

/// How accessors read a `DataDict` (upstream `SelectionSetTests`, accessor cases).
final class DataDictAccessorTests: XCTestCase {
  func test_optional_scalar_field_given_value_returns_value() {
    let person = Person.make(["name": "Ada", "nickname": "Countess"])
    XCTAssertEqual(person.nickname, "Countess")
  }

  func test_optional_scalar_field_given_absent_key_returns_nil() {
    let person = Person.make(["name": "Ada"])
    XCTAssertNil(person.nickname)
  }

  func test_optional_scalar_field_given_null_returns_nil() {
    let person = Person.make(["name": "Ada", "nickname": NSNull()])
    XCTAssertNil(person.nickname)
  }

  func test_optional_scalar_field_given_nil_optional_returns_nil() {
    let person = Person.make(["name": "Ada", "nickname": String?.none])
    XCTAssertNil(person.nickname)
  }

  func test_required_entity_field_returns_selection_set_over_child_data() {
    let person = Person.make(["name": "Ada", "bestFriend": Person.data("Charles")])
    XCTAssertEqual(person.bestFriend.name, "Charles")
  }

  func test_optional_entity_field_given_null_returns_nil() {
    let person = Person.make(["name": "Ada", "friend": NSNull()])
    XCTAssertNil(person.friend)
  }

  func test_optional_entity_field_given_absent_key_returns_nil() {
    let person = Person.make(["name": "Ada"])
    XCTAssertNil(person.friend)
  }

  func test_optional_entity_field_given_value_returns_entity() {
    let person = Person.make(["name": "Ada", "friend": Person.data("Mary")])
    XCTAssertEqual(person.friend?.name, "Mary")
  }

  func test_entity_list_field_returns_each_element_in_order() {
    let person = Person.make([
      "name": "Ada",
      "friends": DataDict.List([Person.data("Charles"), Person.data("Mary")]),
    ])
    XCTAssertEqual(person.friends.map(\.name), ["Charles", "Mary"])
  }

  func test_entity_list_field_given_empty_list_returns_empty_array() {
    let person = Person.make(["name": "Ada", "friends": DataDict.List([])])
    XCTAssertEqual(person.friends.count, 0)
  }

  func test_nested_entity_list_keeps_nil_inner_lists_and_nil_elements() {
    let person = Person.make([
      "name": "Ada",
      "friendGroups": DataDict.List([
        DataDict.List([Person.data("Charles"), NSNull(), nil]),
        NSNull(),
        DataDict.List([]),
      ]),
    ])
    let groups = person.friendGroups
    XCTAssertEqual(groups?.count, 3)
    XCTAssertEqual(groups?[0]?.map { $0?.name }, ["Charles", nil, nil])
    XCTAssertNil(groups?[1] ?? nil)
    XCTAssertEqual(groups?[2]?.count, 0)
  }

  /// Data built by hand with Swift arrays holding nulls, as upstream reads any list of field values (this used to stop
  /// the process with a precondition failure).
  func test_entity_lists_built_from_swift_arrays_with_nulls_are_read() {
    let person = Person.make([
      "name": "Ada",
      "friendGroups": [[Person.data("Charles"), nil] as [DataDict?], nil] as [[DataDict?]?],
    ])
    XCTAssertEqual(person.friendGroups?.count, 2)
    XCTAssertEqual(person.friendGroups?[0]?.map { $0?.name }, ["Charles", nil])
    XCTAssertNil(person.friendGroups?[1] ?? nil)
  }

  func test_nested_entity_list_given_null_outer_list_returns_nil() {
    let person = Person.make(["name": "Ada", "friendGroups": NSNull()])
    XCTAssertNil(person.friendGroups)
  }

  func test_nested_scalar_list_keeps_nil_inner_lists_and_nil_elements() {
    let person = Person.make([
      "name": "Ada",
      "scores": DataDict.List([DataDict.List([1, NSNull(), 3]), NSNull()]),
    ])
    XCTAssertEqual(person.scores, [[1, nil, 3], nil])
  }

  func test_scalar_list_field_reads_list_storage_and_swift_arrays() {
    XCTAssertEqual(Person.make(["name": "A", "aliases": DataDict.List(["x", "y"])]).aliases, ["x", "y"])
    XCTAssertEqual(Person.make(["name": "A", "aliases": ["x", "y"]]).aliases, ["x", "y"])
  }

  func test_generated_nested_list_accessor_reads_lists_of_optional_lists() {
    let shelf = CatalogQuery.Data.Shelf(code: "A1", items: [])
    let data = CatalogQuery.Data(_dataDict: DataDict(
      data: [
        "catalog": DataDict.List([]),
        "newest": DataDict.List([]),
        "shelves": DataDict.List([DataDict.List([shelf.__data, shelf.__data]), NSNull()]),
      ],
      fulfilledFragments: ids(CatalogQuery.Data.self)
    ))
    XCTAssertEqual(data.shelves?.count, 2)
    XCTAssertEqual(data.shelves?[0]?.map(\.code), ["A1", "A1"])
    XCTAssertNil(data.shelves?[1] ?? nil)
  }

  func test_custom_scalar_and_enum_fields_read_their_stored_values() {
    let date = CalendarDate(year: 1965, month: 8, day: 1)
    let item = ItemDetailsQuery.Data.Item(
      __typename: "Book", published: date, id: "1", title: "Dune", genre: .init(.fiction)
    )
    XCTAssertEqual(item.published, date)
    XCTAssertEqual(item.genre, .case(.fiction))
    XCTAssertEqual(item.genre?.value, .fiction)
  }

  func test_scalar_setter_stores_nil_as_null() {
    var data = DataDict(data: ["nickname": "Countess"], fulfilledFragments: [])
    data["nickname"] = String?.none
    XCTAssertTrue(data._data["nickname"] is NSNull)
    let nickname: String? = data["nickname"]
    XCTAssertNil(nickname)
  }

  func test_data_dict_equality_compares_field_values_not_fragment_sets() {
    let lhs = DataDict(data: ["name": "Ada"], fulfilledFragments: ids(Person.self))
    let rhs = DataDict(data: ["name": "Ada"], fulfilledFragments: [])
    XCTAssertEqual(lhs, rhs)
    XCTAssertNotEqual(lhs, DataDict(data: ["name": "Mary"], fulfilledFragments: ids(Person.self)))
  }
}
