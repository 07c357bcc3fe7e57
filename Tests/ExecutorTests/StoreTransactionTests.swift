@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
@testable import ApolloCore
import GeneratedFixturesV2
import XCTest

// Read-write transactions over generated models (upstream's ReadWriteFromStoreTests): a local cache mutation's
// data read, changed and written back; models written with the keys a response would get; records removed.

private typealias Mutation = MemberLoansLocalCacheMutation
private typealias Member = Mutation.Data.Member
private typealias Loan = Member.Loan
private typealias Item = Loan.Item

final class StoreTransactionTests: XCTestCase {
  private let mutation = Mutation(branch: "main", cardNumber: "42")
  private let memberKey = "QUERY_ROOT.member(branch:main,cardNumber:42)"

  private func book(title: String, pageCount: Int?) -> Item {
    Item(_dataDict: Item.AsBook(pageCount: pageCount, title: title).__data)
  }

  private func member(name: String = "Ada", pageCount: Int? = 412) -> Mutation.Data {
    Mutation.Data(member: Member(name: name, loans: [
      Loan(id: "L1", due: CalendarDate(year: 2026, month: 12, day: 1), item: book(title: "Dune", pageCount: pageCount)),
    ]))
  }

  private func seededStore() throws -> ApolloStore {
    let store = ApolloStore()
    try store.performReadWriteTransaction { try $0.write(data: member(), for: mutation) }
    return store
  }

  func test_writeDataForCacheMutation_storesRecordsWithTheKeysAResponseGets() throws {
    let store = try seededStore()
    let records = try store.cache.loadRecords(forKeys: ["QUERY_ROOT", memberKey, "Loan:L1", "Loan:L1.item"])
    XCTAssertEqual(records["QUERY_ROOT"]?.fields["member(branch:main,cardNumber:42)"], .reference(memberKey))
    XCTAssertEqual(records[memberKey]?.fields["name"], .value(.string("Ada")))
    XCTAssertEqual(records[memberKey]?.fields["loans"], .list([.reference("Loan:L1")]))
    // A custom scalar is stored as its JSON form; the interface-typed item (no id selected) by its path.
    XCTAssertEqual(records["Loan:L1"]?.fields["due"], .value(.string("2026-12-01")))
    XCTAssertEqual(records["Loan:L1"]?.fields["item"], .reference("Loan:L1.item"))
    XCTAssertEqual(records["Loan:L1.item"]?.fields["pageCount"], .value(.int(412)))
  }

  func test_updateCacheMutation_changesNestedFieldsAndTheChangeReadsBack() throws {
    let store = try seededStore()
    try store.performReadWriteTransaction { transaction in
      try transaction.update(mutation) { data in
        data.member?.name = "Grace"
        data.member?.loans[0].due = CalendarDate(year: 2027, month: 1, day: 15)
        data.member?.loans[0].item.mutateIfFulfilled(\.asBook) { $0.pageCount = 500 }
      }
    }
    let read = try store.performReadTransaction { transaction in
      try transaction.readObject(ofType: Mutation.Data.self, withKey: "QUERY_ROOT", variables: mutation.__variables)
    }
    XCTAssertEqual(read.member?.name, "Grace")
    XCTAssertEqual(read.member?.loans.first?.due, CalendarDate(year: 2027, month: 1, day: 15))
    XCTAssertEqual(read.member?.loans.first?.item.asBook?.pageCount, 500)
  }

  func test_updateCacheMutation_seesItsOwnEarlierWriteInTheSameTransaction() throws {
    let store = try seededStore()
    let names = try store.performReadWriteTransaction { transaction -> [String?] in
      try transaction.update(mutation) { $0.member?.name = "First" }
      var seen: [String?] = []
      try transaction.update(mutation) { data in
        seen.append(data.member?.name)
        data.member?.name = "Second"
      }
      let read = try transaction.readObject(ofType: Mutation.Data.self, withKey: "QUERY_ROOT", variables: mutation.__variables)
      return seen + [read.member?.name]
    }
    XCTAssertEqual(names, ["First", "Second"])
  }

  func test_updateCacheMutation_withAnUncachedNullableField_updatesAndLeavesItUncached() throws {
    let store = try seededStore()
    try store.cache.removeRecord(for: "Loan:L1.item")
    _ = try store.cache.merge(records: RecordSet(records: [
      Record(key: "Loan:L1.item", fields: ["__typename": .value(.string("Book")), "title": .value(.string("Dune"))]),
    ]))
    try store.performReadWriteTransaction { transaction in
      try transaction.update(mutation) { $0.member?.name = "Grace" }
    }
    XCTAssertEqual(try store.cache.loadRecords(forKeys: [memberKey])[memberKey]?.fields["name"], .value(.string("Grace")))
    XCTAssertNil(try store.cache.loadRecords(forKeys: ["Loan:L1.item"])["Loan:L1.item"]?.fields["pageCount"])
    // A plain read still requires every selected field, as upstream 1.x does.
    XCTAssertThrowsError(try store.performReadTransaction { transaction in
      try transaction.readObject(ofType: Mutation.Data.self, withKey: "QUERY_ROOT", variables: mutation.__variables)
    }) { error in
      XCTAssertEqual((error as? GraphQLExecutionError)?.path, ResponsePath(["member", "loans", "0", "item", "pageCount"]))
    }
  }

  func test_updateCacheMutation_withAnUncachedNonNullField_failsBeforeTheBodyRuns() throws {
    let store = try seededStore()
    try store.cache.removeRecord(for: memberKey)
    _ = try store.cache.merge(records: RecordSet(records: [
      Record(key: memberKey, fields: ["__typename": .value(.string("Member")), "loans": .list([.reference("Loan:L1")])]),
    ]))
    var bodyRan = false
    XCTAssertThrowsError(try store.performReadWriteTransaction { transaction in
      try transaction.update(mutation) { _ in bodyRan = true }
    }) { error in
      let error = error as? GraphQLExecutionError
      XCTAssertEqual(error?.path, ResponsePath(["member", "name"]))
      XCTAssertEqual(error?.underlying as? JSONDecodingError, .missingValue)
    }
    XCTAssertFalse(bodyRan)
  }

  func test_writeDataForCacheMutation_givenANonObjectForAnObjectField_throwsWrongTypeAtThatField() throws {
    let store = ApolloStore()
    let invalid = Mutation.Data(_dataDict: DataDict(data: ["member": "Ada"], fulfilledFragments: [ObjectIdentifier(Mutation.Data.self)]))
    XCTAssertThrowsError(try store.performReadWriteTransaction { try $0.write(data: invalid, for: mutation) }) { error in
      let error = error as? GraphQLExecutionError
      XCTAssertEqual(error?.path, ResponsePath(["member"]))
      XCTAssertEqual(error?.underlying as? JSONDecodingError, .wrongType)
    }
    XCTAssertEqual((store.cache as? InMemoryNormalizedCache)?.recordCount, 0, "a failed write stores nothing")
  }

  func test_writeDataForCacheMutation_givenNilForAnOptionalField_writesNullThatReadsBackAsNil() throws {
    let store = ApolloStore()
    try store.performReadWriteTransaction { try $0.write(data: member(pageCount: nil), for: mutation) }
    XCTAssertEqual(try store.cache.loadRecords(forKeys: ["Loan:L1.item"])["Loan:L1.item"]?.fields["pageCount"], .value(.null))
    let read = try store.performReadTransaction { transaction in
      try transaction.readObject(ofType: Mutation.Data.self, withKey: "QUERY_ROOT", variables: mutation.__variables)
    }
    XCTAssertNotNil(read.member?.loans.first?.item.asBook)
    XCTAssertNil(read.member?.loans.first?.item.asBook?.pageCount)
  }

  func test_writeSelectionSet_writesAnInlineFragmentOnlyWhenTheDataFulfilsIt() throws {
    let store = ApolloStore()
    // Built as the interface type, not through `AsBook`: the book-only field is not part of the write, even
    // though the typename says Book.
    let plainItem = Item(__typename: "Book", title: "Dune")
    let data = Mutation.Data(member: Member(name: "Ada", loans: [
      Loan(id: "L1", due: CalendarDate(year: 2026, month: 12, day: 1), item: plainItem),
    ]))
    try store.performReadWriteTransaction { try $0.write(data: data, for: mutation) }
    let item = try XCTUnwrap(try store.cache.loadRecords(forKeys: ["Loan:L1.item"])["Loan:L1.item"])
    XCTAssertEqual(item.fields["title"], .value(.string("Dune")))
    XCTAssertFalse(item.fields.keys.contains("pageCount"))
  }

  func test_writeSelectionSetWithKey_writesAFragmentIntoAnExistingRecord() throws {
    let store = try seededStore()
    let loan = Loan(id: "L1", due: CalendarDate(year: 2030, month: 6, day: 30), item: book(title: "Emma", pageCount: 10))
    try store.performReadWriteTransaction { try $0.write(selectionSet: loan, withKey: "Loan:L1") }
    let read = try store.performReadTransaction { try $0.readObject(ofType: Loan.self, withKey: "Loan:L1") }
    XCTAssertEqual(read.due, CalendarDate(year: 2030, month: 6, day: 30))
    XCTAssertEqual(read.item.title, "Emma")
  }

  func test_writeData_tellsSubscribersTheChangedKeys() throws {
    let store = try seededStore()
    let subscriber = KeyRecorder()
    store.subscribe(subscriber)
    try store.performReadWriteTransaction { transaction in
      try transaction.update(mutation) { $0.member?.name = "Grace" }
    }
    XCTAssertEqual(subscriber.changes, [[memberKey + ".name"]])
  }

  func test_removeObject_leavesADanglingReferenceThatFailsTheRead() throws {
    let store = try seededStore()
    try store.performReadWriteTransaction { try $0.removeObject(for: "Loan:L1") }
    XCTAssertThrowsError(try store.performReadTransaction { transaction in
      try transaction.readObject(ofType: Mutation.Data.self, withKey: "QUERY_ROOT", variables: mutation.__variables)
    }) { error in
      let error = error as? GraphQLExecutionError
      XCTAssertEqual(error?.path, ResponsePath(["member", "loans", "0"]))
      XCTAssertEqual(error?.underlying as? JSONDecodingError, .missingValue)
    }
  }

  func test_removeObjectsMatching_removesEveryKeyContainingThePatternIgnoringCase() throws {
    let store = try seededStore()
    try store.performReadWriteTransaction { try $0.removeObjects(matching: "loan:l1") }
    let left = try store.cache.loadRecords(forKeys: ["QUERY_ROOT", memberKey, "Loan:L1", "Loan:L1.item"])
    XCTAssertEqual(Set(left.keys), ["QUERY_ROOT", memberKey])
  }

  func test_asyncTransactionMethods_readAndWriteTheSameRecords() async throws {
    let store = ApolloStore()
    let mutation = self.mutation
    let data = member()
    try await store.performReadWriteTransaction { transaction in
      try await transaction.write(data: data, for: mutation)
      try await transaction.update(mutation) { $0.member?.name = "Grace" }
    }
    let name = try await store.performReadTransaction { transaction in
      try await transaction.readObject(ofType: Mutation.Data.self, withKey: "QUERY_ROOT", variables: mutation.__variables)
        .member?.name
    }
    XCTAssertEqual(name, "Grace")
  }
}

private final class KeyRecorder: ApolloStoreSubscriber, @unchecked Sendable {  // written on the test's thread only
  var changes: [Set<CacheKey>] = []
  func store(_ store: ApolloStore, didChangeKeys changedKeys: Set<CacheKey>) { changes.append(changedKeys) }
}
