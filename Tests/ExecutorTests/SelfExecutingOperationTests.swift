@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
@testable import ApolloCore
import XCTest

/// Data with no selections: what a self-executing operation's reader fills (`seen` records what it was given).
private struct OpaqueData: TestSelectionSet {
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { TestObjects.Query }
}

/// An operation that reads itself: its data is the text of what the executor handed it.
private struct SelfReadingQuery: GraphQLQuery, SelfExecutingOperation {
  typealias Data = OpaqueData
  static let operationName = "SelfReading"
  static let operationDocument = OperationDocument(definition: OperationDefinition("query SelfReading { x }"))

  static func executeResponse(
    data: JSON.Object, variables: Variables?, normalizing: Bool, cacheKeyForObject: CacheKeyForObject?
  ) throws -> (data: OpaqueData, records: RecordSet?) {
    let seen = "response \(data["x"]?.intValue ?? -1) normalizing \(normalizing)"
    let records = normalizing ? RecordSet(records: [Record(key: "QUERY_ROOT", fields: ["x": .value(.string(seen))])]) : nil
    return (OpaqueData(_dataDict: DataDict(data: ["seen": seen], fulfilledFragments: [])), records)
  }

  static func readFromCache(
    _ cache: any NormalizedCache, variables: Variables?
  ) throws -> (data: OpaqueData, dependentKeys: Set<CacheKey>) {
    guard case .value(.string(let stored))? = try cache.loadRecords(forKeys: ["QUERY_ROOT"])["QUERY_ROOT"]?.fields["x"] else {
      throw ApolloAPI.JSONDecodingError.missingValue
    }
    return (OpaqueData(_dataDict: DataDict(data: ["seen": "cache " + stored], fulfilledFragments: [])), ["QUERY_ROOT.x"])
  }
}

// The core executor hands a SelfExecutingOperation's response and cache reads to the operation (how API.swift
// operations, boxed, travel the chains written for today's operations).
final class SelfExecutingOperationTests: XCTestCase {
  private func seen(_ data: OpaqueData) -> String? { data.__data._data["seen"] as? String }

  func test_execute_handsTheResponseToTheOperation_withTheNormalizingFlag() throws {
    let normalized = try GraphQLExecutor.execute(SelfReadingQuery(), data: ["x": 7], normalizing: true)
    XCTAssertEqual(seen(normalized.data), "response 7 normalizing true")
    XCTAssertEqual(normalized.records?.fieldKeys, ["QUERY_ROOT.x"])
    let fast = try GraphQLExecutor.execute(SelfReadingQuery(), data: ["x": 7], normalizing: false)
    XCTAssertEqual(seen(fast.data), "response 7 normalizing false")
    XCTAssertNil(fast.records)
  }

  func test_storeRead_handsTheCacheReadToTheOperation() throws {
    let store = ApolloStore()
    XCTAssertThrowsError(try store.read(SelfReadingQuery()))
    try store.publishRecords(RecordSet(records: [Record(key: "QUERY_ROOT", fields: ["x": .value(.string("kept"))])]))
    let cached = try store.read(SelfReadingQuery())
    XCTAssertEqual(seen(cached.data), "cache kept")
    XCTAssertEqual(cached.dependentKeys, ["QUERY_ROOT.x"])
  }

  func test_storeRecordsFor_handsTheResponseToTheOperation_normalizing() throws {
    let records = try ApolloStore().records(for: SelfReadingQuery(), data: ["x": 3])
    XCTAssertEqual(records.fieldKeys, ["QUERY_ROOT.x"])
    XCTAssertEqual(records["QUERY_ROOT"]?.fields["x"], .value(.string("response 3 normalizing true")))
  }

  func test_aMissOfTheOperationsOwnExecutor_isACacheMiss_notAFailingCache() throws {
    struct OwnMiss: CacheMissReason { var isMissingValue: Bool { true } }
    struct CacheBroke: Error {}
    XCTAssertTrue(GraphQLExecutor.isCacheMiss(OwnMiss()))
    XCTAssertTrue(GraphQLExecutor.isCacheMiss(GraphQLResultError(path: ["hero"], underlying: OwnMiss())))
    XCTAssertFalse(GraphQLExecutor.isCacheMiss(GraphQLResultError(path: ["hero"], underlying: CacheBroke())))
    XCTAssertFalse(GraphQLExecutor.isCacheMiss(CacheBroke()))
    // The store's read that answers `nil` on a miss (the 2.x `load`, the 1.x facade's cache stage).
    XCTAssertNil(try ApolloStore().readIfComplete(SelfReadingQuery()))
  }
}
