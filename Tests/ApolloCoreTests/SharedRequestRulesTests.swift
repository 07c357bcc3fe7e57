import ApolloAPI
import ApolloCore
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A root selection set with no selections: these tests look at requests only.
private struct NoData: RootSelectionSet {
  typealias Schema = RulesTestSchema
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { Object(typename: "Mutation", implementedInterfaces: []) }
}

private enum RulesTestSchema: SchemaMetadata {
  static let configuration: any SchemaConfiguration.Type = RulesTestConfiguration.self
  static func objectType(forTypename typename: String) -> Object? { nil }
}

private enum RulesTestConfiguration: SchemaConfiguration {
  static func cacheKeyInfo(for type: Object, object: ObjectData) -> CacheKeyInfo? { nil }
}

private struct Persisted: GraphQLMutation {
  static let operationName = "Persisted"
  static let operationDocument = OperationDocument(operationIdentifier: "hash-1")
  typealias Data = NoData
}

/// The rules every generation shares, written once in the core: the persisted-query "not found" answer,
/// the operation and client-awareness headers, the retry backoff.
final class SharedRequestRulesTests: XCTestCase {
  func test_persistedQueryNotFound_isRecognizedByItsExactMessageOnly() {
    XCTAssertTrue(GraphQLError(message: "PersistedQueryNotFound").isPersistedQueryNotFound)
    XCTAssertFalse(GraphQLError(message: "PersistedQueryNotSupported").isPersistedQueryNotFound)
    XCTAssertFalse(GraphQLError(["extensions": ["code": "PERSISTED_QUERY_NOT_FOUND"]]).isPersistedQueryNotFound)
    XCTAssertTrue([GraphQLError(message: "other"), GraphQLError(message: "PersistedQueryNotFound")].containsPersistedQueryNotFound)
    XCTAssertFalse([GraphQLError]().containsPersistedQueryNotFound)
  }

  func test_operationHeaders_nameThenTypeWhenAskedThenIdentifier() {
    let withType = OperationHeaders.fields(for: Persisted.self, includingType: true)
    XCTAssertEqual(withType.map(\.name), ["X-APOLLO-OPERATION-NAME", "X-APOLLO-OPERATION-TYPE", "X-APOLLO-OPERATION-ID"])
    XCTAssertEqual(withType.map(\.value), ["Persisted", "mutation", "hash-1"])
    XCTAssertEqual(OperationHeaders.fields(for: Persisted.self, includingType: false).map(\.name),
                   ["X-APOLLO-OPERATION-NAME", "X-APOLLO-OPERATION-ID"])
  }

  func test_clientAwarenessHeaders_replaceExistingValues() {
    var request = URLRequest(url: URL(string: "http://localhost/graphql")!)
    request.setValue("old", forHTTPHeaderField: "apollographql-client-name")
    ClientAwareness.setHeaders(clientName: "app", clientVersion: "1.0-7", on: &request)
    XCTAssertEqual(request.value(forHTTPHeaderField: "apollographql-client-name"), "app")
    XCTAssertEqual(request.value(forHTTPHeaderField: "apollographql-client-version"), "1.0-7")
  }

  func test_retryBackoff_firstRetryWaitsBaseTimesMultiplier_andIsCappedAtMaxDelay() {
    XCTAssertEqual(RetryBackoff.delay(beforeAttempt: 2, baseDelay: 0.3, multiplier: 2, maxDelay: 20, jitter: false), 0.6,
                   accuracy: 1e-9)
    XCTAssertEqual(RetryBackoff.delay(beforeAttempt: 30, baseDelay: 0.3, multiplier: 2, maxDelay: 20, jitter: false), 20)
    for _ in 0..<100 {
      let wait = RetryBackoff.delay(beforeAttempt: 3, baseDelay: 0.3, multiplier: 2, maxDelay: 20, jitter: true)
      XCTAssertTrue((0.6...1.2).contains(wait), "\(wait)")
    }
  }

  /// Upstream 2.x drew the jitter from `delay/2 ... delay`, an empty range (a trap) for a negative delay.
  func test_retryBackoff_negativeOrNaNConfiguration_waitsNothing_insteadOfTrapping() {
    XCTAssertEqual(RetryBackoff.delay(beforeAttempt: 2, baseDelay: -1, multiplier: 2, maxDelay: 20, jitter: true), 0)
    XCTAssertEqual(RetryBackoff.delay(beforeAttempt: 2, baseDelay: 1, multiplier: 2, maxDelay: -5, jitter: false), 0)
    XCTAssertEqual(RetryBackoff.delay(beforeAttempt: 2, baseDelay: .nan, multiplier: 2, maxDelay: 20, jitter: true), 0)
  }

  func test_clientLibraryExtension_isAddedBesideOtherExtensions() {
    var body: JSON.Object = ["extensions": ["persistedQuery": ["version": 1]]]
    ClientLibraryExtension(name: "apollo-ios", version: "1.2.3").add(to: &body)
    XCTAssertEqual(body["extensions"]?["persistedQuery"]?["version"], 1)
    XCTAssertEqual(body["extensions"]?["clientLibrary"], ["name": "apollo-ios", "version": "1.2.3"])
  }
}
