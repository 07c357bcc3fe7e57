import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport
import ApolloMigration
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

  // Uploads: the body's `variables` hold the files' places (named in `map`), so without them the server could
  // not place a file. Every generation's upload path fails the same way its JSON path does.

  private let upload = [GraphQLFile(fieldName: "at", originalName: "a.txt", mimeType: "text/plain", data: Data("a".utf8))]

  func test_2x_uploadRequest_throwsTheTypedError() {
    let request = ApolloAsyncChain.UploadRequest(
      operation: ScalarVariableQuery(scalar: DateScalar()), graphQLEndpoint: migrationEndpoint, files: upload, writeResultsToCache: false)
    XCTAssertThrowsError(try request.toURLRequest()) { assertNamesTheVariable($0) }
  }

  func test_1x_uploadRequest_throwsTheTypedError() {
    let request = ApolloCallbackChain.UploadRequest(
      graphQLEndpoint: migrationEndpoint, operation: ScalarVariableQuery(scalar: DateScalar()), clientName: "c", clientVersion: "1",
      files: upload)
    XCTAssertThrowsError(try request.toURLRequest()) { assertNamesTheVariable($0) }
  }

  func test_0x_transportUpload_failsWithTheTypedError_notTheGenericBodyError() {
    let failed = expectation(description: "completion")
    let transport = ApolloDelegateTransport.HTTPNetworkTransport(url: migrationEndpoint)
    _ = transport.upload(operation: ScalarVariableQuery(scalar: DateScalar()), files: upload) { result in
      if case .failure(let error) = result { self.assertNamesTheVariable(error) } else { XCTFail("\(result)") }
      failed.fulfill()
    }
    wait(for: [failed], timeout: 5)
  }

  func test_facadeUploads_failWithTheTypedError_andSendNothing() {
    let server = ScriptedServer { _ in .json(heroJSON) }
    let delegateFacade = HTTPNetworkTransportOnAsyncChain(url: migrationEndpoint, session: server, callbackQueue: .global())
    let store = ApolloStore()
    let client = ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server)
    let callbackFacade = RequestChainNetworkTransportOnAsyncChain(
      interceptorProvider: ClosureProvider { defaultList(client: client, store: store) }, endpointURL: migrationEndpoint,
      urlSession: server, store: store)
    let failed = expectation(description: "completions")
    failed.expectedFulfillmentCount = 2
    _ = delegateFacade.upload(operation: ScalarVariableQuery(scalar: DateScalar()), files: upload) { result in
      if case .failure(let error) = result { self.assertNamesTheVariable(error) } else { XCTFail("0.x facade: \(result)") }
      failed.fulfill()
    }
    _ = callbackFacade.upload(operation: ScalarVariableQuery(scalar: DateScalar()), files: upload, context: (any ApolloCallbackChain.RequestContext)?.none,
                              callbackQueue: DispatchQueue.global()) { result in
      if case .failure(let error) = result { self.assertNamesTheVariable(error) } else { XCTFail("1.x facade: \(result)") }
      failed.fulfill()
    }
    wait(for: [failed], timeout: 5)
    XCTAssertEqual(server.receivedCount, 0)
  }

  func test_anUploadWhoseVariablesEncode_isBuilt() throws {
    let request = ApolloAsyncChain.UploadRequest(
      operation: ScalarVariableQuery(scalar: PointScalar()), graphQLEndpoint: migrationEndpoint, files: upload,
      multipartBoundary: "B", writeResultsToCache: false)
    let body = try XCTUnwrap(String(data: XCTUnwrap(request.toURLRequest().httpBody), encoding: .utf8))
    XCTAssertTrue(body.contains(#""variables":{"at":null}"#), body)
  }

  func test_aScalarWhoseJSONFormIsAPlainSwiftDictionary_isSentAsJSON() throws {
    let request = ApolloAsyncChain.JSONRequest(
      operation: ScalarVariableQuery(scalar: PointScalar()), graphQLEndpoint: migrationEndpoint, fetchBehavior: .NetworkOnly,
      writeResultsToCache: false, requestTimeout: nil)
    let body = try JSONParser.parseObject(XCTUnwrap(request.toURLRequest().httpBody))
    XCTAssertEqual(body["variables"], ["at": ["lat": 1.5, "lng": -2.5]])
  }
}
