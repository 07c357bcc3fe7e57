import ApolloAsyncChain
import Foundation
import StarWarsAPI
import XCTest

/// Automatic persisted queries against TestServer's APQ cache.
final class PersistedQueryTests: IntegrationTestCase {
  private var expectedHash: String { HeroNameQuery.operationDocument.operationIdentifier ?? "<none>" }
  private var document: String? { HeroNameQuery.operationDocument.definition?.queryDocument }

  func test_persistedQueryOverPOST_missesThenSendsDocumentThenHitsWithHashOnly() async throws {
    let apq = AutoPersistedQueryConfiguration(autoPersistQueries: true)

    let first = try await LiveClient(apqConfig: apq).client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
    XCTAssertEqual(first.data?.hero?.name, "R2-D2")
    XCTAssertNil(first.errors)

    var logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.count, 2, "a hash miss, then the full query")
    XCTAssertEqual(logged.map(\.method), ["POST", "POST"])
    XCTAssertNil(logged.first?.query, "the first attempt sends only the hash")
    XCTAssertEqual(logged.first?.persistedQueryHash, expectedHash)
    XCTAssertEqual(logged.last?.query, document, "the retry sends the document")
    XCTAssertEqual(logged.last?.persistedQueryHash, expectedHash)
    XCTAssertEqual(expectedHash.count, 64)

    // A fresh client (empty store) on the same server: the hash is known now.
    let second = try await LiveClient(apqConfig: apq).client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
    XCTAssertEqual(second.data?.hero?.name, "R2-D2")
    XCTAssertEqual(second.source, .server)

    logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.count, 3, "one hash-only request for the hit")
    XCTAssertEqual(logged.last?.method, "POST")
    XCTAssertNil(logged.last?.query)
    XCTAssertEqual(logged.last?.persistedQueryHash, expectedHash)
  }

  func test_persistedQueryOverGET_missesThenSendsDocumentThenHitsWithHashOnly() async throws {
    let apq = AutoPersistedQueryConfiguration(autoPersistQueries: true, useGETForPersistedQueryRetry: true)

    let first = try await LiveClient(apqConfig: apq, useGETForQueries: true).client
      .fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
    XCTAssertEqual(first.data?.hero?.name, "R2-D2")
    XCTAssertNil(first.errors)

    var logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.count, 2, "a hash miss, then the full query")
    XCTAssertEqual(logged.map(\.method), ["GET", "GET"])
    XCTAssertNil(logged.first?.queryItems["query"])
    XCTAssertEqual(logged.first?.persistedQueryHash, expectedHash)
    XCTAssertEqual(logged.last?.queryItems["query"], document)
    XCTAssertEqual(logged.last?.persistedQueryHash, expectedHash)

    let second = try await LiveClient(apqConfig: apq, useGETForQueries: true).client
      .fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
    XCTAssertEqual(second.data?.hero?.name, "R2-D2")

    logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.count, 3, "one hash-only request for the hit")
    XCTAssertEqual(logged.last?.method, "GET")
    XCTAssertNil(logged.last?.queryItems["query"])
    XCTAssertEqual(logged.last?.persistedQueryHash, expectedHash)
  }
}
