import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A custom scalar whose JSON form is not JSON (a `Date`, as an edited scalar file might return).
private struct DateScalar: GraphQLOperationVariableValue, JSONEncodable {
  var _jsonEncodableValue: (any JSONEncodable)? { self }
  var _jsonValue: JSONValue { Date(timeIntervalSince1970: 0) }
}

/// A JSON custom scalar whose `_jsonValue` is a plain Swift dictionary, as upstream's documented pattern writes it.
private struct PointScalar: GraphQLOperationVariableValue, JSONEncodable {
  var _jsonEncodableValue: (any JSONEncodable)? { self }
  var _jsonValue: JSONValue { ["lat": 1.5, "lng": -2.5] as [String: Double] }
}

private struct ScalarVariableQuery<Scalar: GraphQLOperationVariableValue & Sendable>: GraphQLQuery {
  static var operationName: String { "ScalarVariable" }
  static var operationDocument: OperationDocument {
    OperationDocument(definition: OperationDefinition("query ScalarVariable($at: Scalar) { hero { __typename name } }"))
  }
  typealias Data = HeroNameQuery.Data
  let scalar: Scalar
  var __variables: Variables? { ["at": scalar] }
}

/// A variable without a JSON form fails the request with `OperationVariablesError` in every generation. Before,
/// the body creators' non-throwing methods dropped it silently: 1.x sent no `query` at all, 2.x only the name,
/// 0.x `"variables": null` (so a mutation ran without its arguments).
final class VariablesWithoutJSONFormTests: XCTestCase {
  private func assertNamesTheVariable(_ error: any Error, file: StaticString = #filePath, line: UInt = #line) {
    guard let error = error as? OperationVariablesError else { return XCTFail("\(error)", file: file, line: line) }
    XCTAssertEqual([error.operationName, error.variableName], ["ScalarVariable", "at"], file: file, line: line)
  }

  func test_1x_jsonRequest_throwsTheTypedError() {
    let request = ApolloCallbackChain.JSONRequest(
      operation: ScalarVariableQuery(scalar: DateScalar()), graphQLEndpoint: migrationEndpoint, clientName: "c", clientVersion: "1")
    XCTAssertThrowsError(try request.toURLRequest()) { assertNamesTheVariable($0) }
  }

  func test_2x_jsonRequest_throwsTheTypedError() {
    let request = ApolloAsyncChain.JSONRequest(
      operation: ScalarVariableQuery(scalar: DateScalar()), graphQLEndpoint: migrationEndpoint, fetchBehavior: .NetworkOnly,
      writeResultsToCache: false, requestTimeout: nil)
    XCTAssertThrowsError(try request.toURLRequest()) { assertNamesTheVariable($0) }
  }

  func test_0x_transport_failsTheRequestWithTheTypedError() {
    let failed = expectation(description: "completion")
    let transport = ApolloDelegateTransport.HTTPNetworkTransport(url: migrationEndpoint)
    _ = transport.send(operation: ScalarVariableQuery(scalar: DateScalar())) { result in
      if case .failure(let error) = result { self.assertNamesTheVariable(error) } else { XCTFail("\(result)") }
      failed.fulfill()
    }
    wait(for: [failed], timeout: 5)
  }

  func test_aScalarWhoseJSONFormIsAPlainSwiftDictionary_isSentAsJSON() throws {
    let request = ApolloAsyncChain.JSONRequest(
      operation: ScalarVariableQuery(scalar: PointScalar()), graphQLEndpoint: migrationEndpoint, fetchBehavior: .NetworkOnly,
      writeResultsToCache: false, requestTimeout: nil)
    let body = try JSONParser.parseObject(XCTUnwrap(request.toURLRequest().httpBody))
    XCTAssertEqual(body["variables"], ["at": ["lat": 1.5, "lng": -2.5]])
  }
}
