@testable import ApolloCore
import XCTest

/// `DependentKeys`: a result's dependent keys, kept as records until read.
final class DependentKeysTests: XCTestCase {
  private let records = RecordSet(records: [
    Record(key: "QUERY_ROOT", fields: ["hero": .reference("Droid:2001")]),
    Record(key: "Droid:2001", fields: ["name": .value(.string("R2-D2")), "id": .value(.string("2001"))]),
  ])

  func test_fieldsOfRecords_nameEveryRecordField() {
    XCTAssertEqual(DependentKeys(fieldsOf: records).keys,
                   ["QUERY_ROOT.hero", "Droid:2001.name", "Droid:2001.id"])
  }

  func test_fieldsOfNoRecords_isEmpty() {
    XCTAssertEqual(DependentKeys(fieldsOf: RecordSet()).keys, [])
  }

  func test_equalityAndHash_followTheKeys_whateverTheyWereBuiltFrom() {
    let lazy = DependentKeys(fieldsOf: records)
    let eager = DependentKeys(["QUERY_ROOT.hero", "Droid:2001.name", "Droid:2001.id"])
    XCTAssertEqual(lazy, eager)
    XCTAssertEqual(lazy.hashValue, eager.hashValue)
    XCTAssertNotEqual(lazy, DependentKeys(["QUERY_ROOT.hero"]))
  }

  func test_recordedFields_areTheSetOfTheirJoinedKeys_repeatsCountOnce() {
    let recorded = DependentKeys(recorded: [
      .init(record: "QUERY_ROOT", field: "hero"), .init(record: "Droid:2001", field: "name"),
      .init(record: "QUERY_ROOT", field: "hero"),
    ])
    XCTAssertEqual(recorded.keys, ["QUERY_ROOT.hero", "Droid:2001.name"])
    XCTAssertEqual(recorded, DependentKeys(["Droid:2001.name", "QUERY_ROOT.hero"]))
  }
}
