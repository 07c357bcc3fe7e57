@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
@testable import ApolloCore
import GeneratedFixturesV2
import XCTest

// Where a `@defer` increment's fields are stored (upstream 2.x's "incremental records merge onto the real record,
// not the naive path" tests): the increment is merged into the response by response keys and the whole response is
// normalized again, so the fields land on the object's own record (`Book:b2`), whatever the path went through
// (a field with arguments, a list index, an alias), never on a `QUERY_ROOT.catalog.1` record. 1.25 joined the root
// key with the raw path instead; MIGRATION 5.3 lists the difference.

final class IncrementalRecordKeyTests: XCTestCase {
  private let query = CatalogQuery(filter: .none, first: 5, includeShelves: false)

  private func merged(_ payloads: [JSON.Object]) throws -> JSON.Object {
    var merger = IncrementalResponseMerger()
    for payload in payloads { _ = try merger.apply(payload) }
    return try XCTUnwrap(merger.current?.data)
  }

  private let initial: JSON.Object = [
    "data": [
      "catalog": [
        ["__typename": "Book", "id": "b1", "title": "Dune", "genre": "SCIENCE_FICTION", "isbn": "1"],
        ["__typename": "Periodical", "id": "p2", "title": "Weekly", "genre": .null],
      ],
      "newest": [["__typename": "Book", "title": "Dune"]],
    ],
    "hasNext": true,
  ]

  func test_incrementAtAListIndexUnderAFieldWithArguments_isStoredOnTheObjectsOwnRecord() throws {
    let data = try merged([initial, [
      "incremental": [["label": "extra", "path": ["catalog", 1], "data": ["published": "2026-01-05"]]], "hasNext": false,
    ]])
    let (result, records) = try GraphQLExecutor.execute(query, data: data, normalizing: true)
    let records_ = try XCTUnwrap(records)
    XCTAssertEqual(records_["Periodical:p2"]?.fields["published"], .value(.string("2026-01-05")))
    XCTAssertEqual(records_["QUERY_ROOT"]?.fields["catalog(first:5)"], .list([.reference("Book:b1"), .reference("Periodical:p2")]))
    // Only `newest`'s element, which has no id, is keyed by its path; nothing under the increment's raw path.
    XCTAssertEqual(Set(records_.keys), ["QUERY_ROOT", "Book:b1", "Periodical:p2", "QUERY_ROOT.catalog(first:1).0"])
    // The fragment is fulfilled where its data arrived and still pending where it did not.
    XCTAssertEqual(result.catalog[1].fragments.extra?.published, CalendarDate(year: 2026, month: 1, day: 5))
    XCTAssertNil(result.catalog[0].fragments.extra, "b1's increment has not arrived")
  }

  func test_anAliasedFieldBesideTheIncrement_keepsItsOwnArgumentsInItsKey() throws {
    let data = try merged([initial, [
      "incremental": [
        ["label": "extra", "path": ["catalog", 0], "data": ["published": "1965-08-01"]],
        ["label": "extra", "path": ["catalog", 1], "data": ["published": .null]],
      ],
      "hasNext": false,
    ]])
    let records = try XCTUnwrap(GraphQLExecutor.execute(query, data: data, normalizing: true).records)
    XCTAssertEqual(records["Book:b1"]?.fields["published"], .value(.string("1965-08-01")))
    XCTAssertEqual(records["Periodical:p2"]?.fields["published"], .value(.null))
    // `newest: catalog(first: 1)` is stored under its field name and its own argument, not the alias.
    XCTAssertNotNil(records["QUERY_ROOT"]?.fields["catalog(first:1)"])
    XCTAssertNil(records["QUERY_ROOT"]?.fields["newest"])
  }
}
