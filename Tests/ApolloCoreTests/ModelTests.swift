@_spi(Internal) import ApolloAPI
import ApolloCore
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A root selection set with no selections: these tests look at requests only.
private struct EmptyData: RootSelectionSet {
  typealias Schema = ModelTestSchema
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { Object(typename: "Query", implementedInterfaces: []) }
}

private enum ModelTestSchema: SchemaMetadata {
  static let configuration: any SchemaConfiguration.Type = ModelTestConfiguration.self
  static func objectType(forTypename typename: String) -> Object? { nil }
}

private enum ModelTestConfiguration: SchemaConfiguration {
  static func cacheKeyInfo(for type: Object, object: ObjectData) -> CacheKeyInfo? { nil }
}

/// `fragment F on T { b }`, as 2.x generated code declares a fragment.
private struct FragmentF: Fragment {
  typealias Schema = ModelTestSchema
  static var fragmentDefinition: StaticString { "fragment F on T { b }" }
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { Object(typename: "T", implementedInterfaces: []) }
}

private struct NoVariables: GraphQLQuery {
  static let operationName = "NoVariables"
  static let operationDocument = OperationDocument(definition: OperationDefinition("query NoVariables { a }", fragments: [FragmentF.self]))
  typealias Data = EmptyData
}

private struct Persisted: GraphQLQuery {
  static let operationName = "Persisted"
  static let operationDocument = OperationDocument(operationIdentifier: "hash-1")
  typealias Data = EmptyData
}

/// A custom scalar whose JSON form is not JSON (a `Date`), as an app's edited scalar file might write.
private struct DateScalar: GraphQLOperationVariableValue, JSONEncodable {
  var _jsonEncodableValue: (any JSONEncodable)? { self }
  var _jsonValue: JSONValue { Date(timeIntervalSince1970: 0) }
}

private struct UnencodableVariable: GraphQLQuery {
  static let operationName = "Unencodable"
  static let operationDocument = OperationDocument(definition: OperationDefinition("query Unencodable($at: Date) { a }"))
  typealias Data = EmptyData
  var __variables: Variables? { ["at": DateScalar()] }
}

private struct WithVariables: GraphQLQuery {
  static let operationName = "WithVariables"
  static let operationDocument = OperationDocument(definition: OperationDefinition("query WithVariables { a }"))
  typealias Data = EmptyData
  var unset: GraphQLNullable<String> = .none
  var null: GraphQLNullable<String> = .null
  var set: GraphQLNullable<String> = "x"
  var optional: String? = nil
  var __variables: Variables? { ["unset": unset, "null": null, "set": set, "optional": optional] }
}

final class GraphQLErrorTests: XCTestCase {
  func test_membersAreRead_andExtensionsKeepFoundationCasts() {
    let error = GraphQLError([
      "message": "Denied", "locations": [["line": 2, "column": 3]], "path": ["hero", 0, "name"],
      "extensions": ["code": "UNAUTHENTICATED", "retryIn": 5, "detail": ["a": true]],
    ])
    XCTAssertEqual(error.message, "Denied")
    XCTAssertEqual(error.locations, [.init(line: 2, column: 3)])
    XCTAssertEqual(error.path, [.field("hero"), .index(0), .field("name")])
    XCTAssertEqual(error.extensions?["code"] as? String, "UNAUTHENTICATED")
    XCTAssertEqual(error.extensions?["retryIn"] as? Int, 5)
    XCTAssertEqual((error.extensions?["detail"] as? [String: Any])?["a"] as? Bool, true)
    XCTAssertEqual(error["message"] as? String, "Denied")
    XCTAssertEqual(error.description, "Denied")
    XCTAssertEqual(error.errorDescription, "Denied")
  }

  func test_descriptionWithoutMessage_isGraphQLError() {
    XCTAssertEqual(GraphQLError(["extensions": [:]]).description, "GraphQL Error")
  }

  func test_malformedLocationsOrPath_readAsNil_notACrash() {
    let error = GraphQLError(["locations": [["line": "x"]], "path": [true]])
    XCTAssertNil(error.locations)
    XCTAssertNil(error.path)
  }
}

final class RequestBodyBuilderTests: XCTestCase {
  func test_bodyMembers_followTheFlags() throws {
    let body = try RequestBodyBuilder.body(for: NoVariables(), sendQueryDocument: true, autoPersistQuery: true,
                                           clientLibrary: ClientLibraryExtension(name: "apollo-ios", version: "9.9.9"))
    XCTAssertEqual(body["operationName"], "NoVariables")
    XCTAssertNil(body["variables"], "variables are left out when the operation has none")
    XCTAssertEqual(body["query"], "query NoVariables { a }\nfragment F on T { b }")
    XCTAssertEqual(body["extensions"]?["persistedQuery"]?["version"], 1)
    XCTAssertEqual(body["extensions"]?["clientLibrary"], ["name": "apollo-ios", "version": "9.9.9"])
  }

  func test_persistedOnlyOperation_askedForItsDocument_throwsTypedError() {
    XCTAssertThrowsError(try RequestBodyBuilder.body(for: Persisted(), sendQueryDocument: true, autoPersistQuery: false)) { error in
      XCTAssertEqual(error as? RequestBodyError, .missingQueryDocument(operationName: "Persisted"))
    }
    XCTAssertEqual(try RequestBodyBuilder.body(for: Persisted(), sendQueryDocument: false, autoPersistQuery: true)["extensions"]?["persistedQuery"]?["sha256Hash"], "hash-1")
  }

  func test_nullableVariables_distinguishUnsetFromNull() throws {
    // A Swift `nil` in a plain optional is left out, as 1.x and 2.x generated code sends it.
    XCTAssertEqual(try WithVariables().encodedVariables(), ["null": .null, "set": "x"])
  }

  func test_variableWithNoJSONForm_isATypedErrorNamingIt_andTheBodyIsNotBuilt() {
    func assertNamesTheVariable(_ error: any Error) {
      let variablesError = error as? OperationVariablesError
      XCTAssertEqual(variablesError?.operationName, "Unencodable")
      XCTAssertEqual(variablesError?.variableName, "at")
      XCTAssertEqual(variablesError?.description, "Variable \"at\" of operation Unencodable has no JSON form")
    }
    XCTAssertThrowsError(try UnencodableVariable().encodedVariables(), "", assertNamesTheVariable)
    XCTAssertThrowsError(
      try RequestBodyBuilder.body(for: UnencodableVariable(), sendQueryDocument: true, autoPersistQuery: false), "",
      assertNamesTheVariable)
    XCTAssertNil(UnencodableVariable().variablesJSON)
  }

  func test_getEncoder_sortsKeys_encodesObjectsAsJSON_andKeepsExistingItems() throws {
    let url = try XCTUnwrap(GETRequestEncoder.url(for: ["variables": ["b": 1, "a": "x y"], "operationName": "Op"],
                                                  baseURL: URL(string: "https://h/graphql?x=1")!))
    XCTAssertEqual(url.absoluteString, "https://h/graphql?x=1&operationName=Op&variables=%7B%22a%22:%22x%20y%22,%22b%22:1%7D")
  }

  /// A null member (0.x bodies carry `"variables": null` for an operation without variables) is left out: a
  /// bare `variables` parameter is not JSON.
  func test_getEncoder_leavesNullMembersOut() throws {
    let url = try XCTUnwrap(GETRequestEncoder.url(for: ["variables": .null, "operationName": "Op"],
                                                  baseURL: URL(string: "https://h/graphql")!))
    XCTAssertEqual(url.absoluteString, "https://h/graphql?operationName=Op")
  }
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
    XCTAssertEqual(withType.map(\.value), ["Persisted", "query", "hash-1"])
    XCTAssertEqual(OperationHeaders.fields(for: Persisted.self, includingType: false).map(\.name),
                   ["X-APOLLO-OPERATION-NAME", "X-APOLLO-OPERATION-ID"])
  }

  /// Only a generated identifier is sent (0.x and 1.x: "only if the op has an id"), not the document hash that
  /// persisted queries fall back to.
  func test_operationHeaders_withoutAGeneratedIdentifier_sendNoIdentifierField() {
    XCTAssertNotNil(NoVariables.persistedQueryIdentifier, "the document hash exists")
    XCTAssertEqual(OperationHeaders.fields(for: NoVariables.self, includingType: true).map(\.name),
                   ["X-APOLLO-OPERATION-NAME", "X-APOLLO-OPERATION-TYPE"])
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

final class ScriptedServerTests: XCTestCase {
  func test_recordsRequests_andDecodesGraphQLBodies_forPOSTAndGET() async throws {
    let server = ScriptedServer { _ in .json(["data": [:]]) }
    var post = URLRequest(url: URL(string: "http://s/graphql")!)
    post.httpMethod = "POST"
    post.httpBody = Data(#"{"operationName":"Op","variables":{"a":1}}"#.utf8)
    _ = try await server.start(post)
    _ = try await server.start(URLRequest(url: URL(string: "http://s/graphql?operationName=Get&variables=%7B%22b%22%3A2%7D")!))
    XCTAssertEqual(server.requests.map(\.operationName), ["Op", "Get"])
    XCTAssertEqual(server.requests.map(\.sequenceNumber), [1, 2])
    XCTAssertEqual(server.requests[1].variables, ["b": 2])
  }

  func test_bodyEvents_areDeliveredInOrder_andFailuresEndTheBody() async throws {
    let server = ScriptedServer(responses: [
      ScriptedResponse(statusCode: 207, headers: ["X": "1"], body: [.data(Data("a".utf8)), .delay(.milliseconds(5)), .data(Data("b".utf8)), .fail(URLError(.networkConnectionLost))]),
    ])
    let response = try await server.start(URLRequest(url: URL(string: "http://s")!))
    XCTAssertEqual(response.response.statusCode, 207)
    XCTAssertEqual(response.response.value(forHTTPHeaderField: "x"), "1")
    var received = Data()
    do {
      for try await chunk in response.body { received.append(chunk) }
      XCTFail("expected the body to fail")
    } catch {
      XCTAssertEqual((error as? URLError)?.code, .networkConnectionLost)
    }
    XCTAssertEqual(received, Data("ab".utf8))
  }

  func test_failureBeforeTheHead_andRunningOutOfResponses_areTypedErrors() async throws {
    let server = ScriptedServer(responses: [.failure(URLError(.cannotConnectToHost))])
    do {
      _ = try await server.start(URLRequest(url: URL(string: "http://s")!))
      XCTFail("expected an error")
    } catch {
      XCTAssertEqual((error as? URLError)?.code, .cannotConnectToHost)
    }
    do {
      _ = try await server.start(URLRequest(url: URL(string: "http://s")!))
      XCTFail("expected an error")
    } catch {
      XCTAssertEqual(error as? ScriptedServerError, .noMoreResponses)
    }
  }

  func test_cancellingTheConsumer_cancelsADelayedBody() async throws {
    let server = ScriptedServer(responses: [ScriptedResponse(body: [.delay(.seconds(30)), .data(Data("late".utf8))])])
    let response = try await server.start(URLRequest(url: URL(string: "http://s")!))
    let received = Mutex(0)
    let consumer = Task {
      for try await _ in response.body { received.withLock { $0 += 1 } }
    }
    try await Task.sleep(nanoseconds: 20_000_000)
    consumer.cancel()
    let start = ContinuousClock.now
    _ = await consumer.result  // ends normally or with CancellationError, promptly either way
    XCTAssertEqual(received.withLock { $0 }, 0)
    XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
  }
}
