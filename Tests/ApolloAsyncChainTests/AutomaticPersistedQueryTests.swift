import ApolloAsyncChain
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

final class AutomaticPersistedQueryTests: XCTestCase {
  private let notFound: ScriptedResponse = .json(["errors": [["message": "PersistedQueryNotFound"]]])

  func test_withoutAPQ_postsTheDocument_withVariables() async throws {
    let harness = Harness(server: ScriptedServer(responses: [.json(r2HeroResponse)]))
    _ = try await harness.client.fetch(query: HeroNameQuery(episode: .init(.JEDI)), cachePolicy: .networkOnly)
    let sent = try XCTUnwrap(harness.server.requests.first)
    XCTAssertEqual(sent.method, "POST")
    XCTAssertNotNil(sent.query)
    XCTAssertEqual(sent.variables, ["episode": "JEDI"])
    XCTAssertNil(sent.extensions?["persistedQuery"])
  }

  func test_withAPQ_queriesAndMutationsPostOnlyTheHash() async throws {
    let server = ScriptedServer(responses: [.json(r2HeroResponse), .json(["data": ["createReview": ["stars": 5, "commentary": .null]]])])
    let harness = Harness(server: server, apqConfig: .init(autoPersistQueries: true))
    _ = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
    _ = try await harness.client.perform(mutation: CreateReviewMutation(episode: .init(.JEDI), review: .init(stars: 5)))
    XCTAssertEqual(server.requests.count, 2)
    for sent in server.requests {
      XCTAssertEqual(sent.method, "POST")
      XCTAssertNil(sent.query)
      XCTAssertNotNil(sent.extensions?["persistedQuery"]?["sha256Hash"])
    }
  }

  func test_persistedQueryNotFound_retriesOnceWithTheDocument_asPOST() async throws {
    let server = ScriptedServer(responses: [notFound, .json(r2HeroResponse)])
    let harness = Harness(server: server, apqConfig: .init(autoPersistQueries: true), useGETForQueries: true)
    let response = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
    XCTAssertEqual(response.data?.hero?.name, "R2-D2")
    XCTAssertEqual(server.requests.count, 2)
    XCTAssertEqual(server.requests.map(\.method), ["GET", "POST"])
    XCTAssertNil(server.requests[0].query)
    XCTAssertNotNil(server.requests[1].query)
    XCTAssertNotNil(server.requests[1].extensions?["persistedQuery"])
  }

  func test_persistedQueryNotFound_retryIsGET_whenConfigured() async throws {
    let server = ScriptedServer(responses: [notFound, .json(r2HeroResponse)])
    let harness = Harness(server: server, apqConfig: .init(autoPersistQueries: true, useGETForPersistedQueryRetry: true), useGETForQueries: true)
    _ = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
    XCTAssertEqual(server.requests.map(\.method), ["GET", "GET"])
    XCTAssertNotNil(server.requests[1].query)
  }

  func test_persistedQueryNotFoundAgainOnRetry_throwsRetryFailed() async throws {
    let server = ScriptedServer(responses: [notFound, notFound])
    let harness = Harness(server: server, apqConfig: .init(autoPersistQueries: true))
    do {
      _ = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
      XCTFail("expected an error")
    } catch {
      XCTAssertEqual(error as? AutomaticPersistedQueryInterceptor.APQError, .persistedQueryRetryFailed(operationName: "HeroName"))
    }
    XCTAssertEqual(server.requests.count, 2)
  }

  func test_persistedOnlyOperation_notFound_throwsWithoutRetrying() async throws {
    let server = ScriptedServer(responses: [notFound])
    let harness = Harness(server: server, apqConfig: .init(autoPersistQueries: true))
    do {
      _ = try await harness.client.fetch(query: PersistedOnlyQuery(), cachePolicy: .networkOnly)
      XCTFail("expected an error")
    } catch {
      XCTAssertEqual(error as? AutomaticPersistedQueryInterceptor.APQError,
                     .persistedQueryNotFoundForPersistedOnlyQuery(operationName: "PersistedOnly"))
    }
    XCTAssertEqual(server.requests.count, 1)
  }

  func test_apqRetry_switchesToNetworkOnly_soCachedDataIsNotDeliveredTwice() async throws {
    let server = ScriptedServer(responses: [notFound, .json(lukeHeroResponse)])
    let harness = Harness(server: server, apqConfig: .init(autoPersistQueries: true))
    try primeStoreWithR2(harness.store)
    let (values, error) = try await collect(harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheAndNetwork))
    XCTAssertNil(error)
    XCTAssertEqual(values.map(\.source), [.cache, .server])
  }

  func test_documentHash_isTheSHA256OfTheDocument() {
    XCTAssertEqual(HeroNameQuery.operationDocument.operationIdentifier,
                   SHA256.hexDigest(HeroNameQuery.operationDocument.definition!.queryDocument))
    XCTAssertEqual(HeroNameQuery.operationDocument.operationIdentifier?.count, 64)
  }
}
