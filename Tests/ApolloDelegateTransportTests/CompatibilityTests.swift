import ApolloDelegateTransport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// 0.x spellings that differ from the core's model (MIGRATION.md, "0.x delegate transport").
final class CompatibilityTests: XCTestCase {
  func test_differsFrom0x_graphQLMapIsTheTypedJSONObject_literalsStillCompile() throws {
    let variables: GraphQLMap = ["episode": "JEDI", "first": 3, "after": nil, "filter": ["stars": 5]]
    let data = try JSONSerializationFormat.serialize(value: variables)
    XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"after":null,"episode":"JEDI","filter":{"stars":5},"first":3}"#)
    XCTAssertEqual(try JSONSerializationFormat.deserialize(data: data), .object(variables))
  }

  func test_differsFrom0x_deserializingNonJSON_throwsJSONParsingError() {
    XCTAssertThrowsError(try JSONSerializationFormat.deserialize(data: Data("<html>".utf8))) { error in
      XCTAssertTrue(error is JSONParsingError, "\(error)")
    }
  }

  /// 0.x's generated operations had these as instance members; this module adds them (the core does not).
  func test_zeroXInstanceAccessors_readTheStaticDefinitions() throws {
    let operation = HeroNameQuery(episode: .some(.case(.JEDI)))
    XCTAssertEqual(operation.operationName, "HeroName")
    XCTAssertEqual(operation.operationType, .query)
    XCTAssertEqual(operation.queryDocument, "query HeroName($episode: Episode) { hero(episode: $episode) { __typename id name } }")
    XCTAssertEqual(operation.operationDefinition, operation.queryDocument)
    XCTAssertEqual(operation.operationIdentifier, "7549f242ee87bc5a002245cdcc1327313ad0b2101898eb40e4f70e45c1256c49")
    XCTAssertEqual(operation.variables, ["episode": "JEDI"])
  }

  func test_graphQLResult_keepsFoundationShapedExtensions() {
    let result = GraphQLResult<HeroNameQuery.Data>(data: nil, extensions: ["cost": 3, "trace": ["id": "x"]], errors: nil,
                                                   source: .server, dependentKeys: nil)
    XCTAssertEqual(result.extensions?["cost"] as? Int, 3)
    XCTAssertEqual((result.extensions?["trace"] as? [String: Any])?["id"] as? String, "x")
    XCTAssertEqual(result.extensionsJSON?["cost"], 3)
  }

  func test_0xInstanceAccessors_ofTheCoreOperations() {
    let query = HeroNameQuery(episode: .init(.JEDI))
    XCTAssertEqual(query.operationName, "HeroName")
    XCTAssertEqual(query.operationType, .query)
    XCTAssertEqual(query.queryDocument, query.operationDefinition)
    XCTAssertNotNil(query.operationIdentifier)
    XCTAssertEqual(query.variables?["episode"], "JEDI")
  }

  func test_clientInitializers_andDefaults_of0x() {
    let client = ApolloClient(url: testEndpoint)
    XCTAssertTrue(client.networkTransportIsHTTP)
    let custom = ApolloClient(networkTransport: HTTPNetworkTransport(url: testEndpoint, client: URLSessionClient(callbackQueue: nil)),
                              store: ApolloStore(cache: InMemoryNormalizedCache()))
    XCTAssertNotNil(custom.store)
    XCTAssertFalse(HTTPNetworkTransport.defaultClientName.isEmpty)
    XCTAssertFalse(HTTPNetworkTransport.defaultClientVersion.isEmpty)
  }
}

extension ApolloClient {
  /// `ApolloClient(url:)` builds an `HTTPNetworkTransport`: observable through `upload`, which needs one.
  fileprivate var networkTransportIsHTTP: Bool {
    let failed = Mutex(false)
    let done = DispatchSemaphore(value: 0)
    // An upload with no files on a client whose transport cannot upload fails at once; an HTTP transport
    // starts a request instead, which is cancelled right away.
    let cancellable = upload(operation: SingleUploadMutation(file: "a"), files: [], queue: DispatchQueue.global()) { result in
      if case .failure(let error) = result, error as? ApolloClient.ApolloClientError == .noUploadTransport {
        failed.withLock { $0 = true }
      }
      done.signal()
    }
    if cancellable is EmptyCancellable { _ = done.wait(timeout: .now() + 1) }
    return !failed.withLock { $0 } && !(cancellable is EmptyCancellable)
  }
}
