import ApolloAsyncChain
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cache policies through the client and the chain.
final class FetchBehaviorTests: XCTestCase {
  func test_cacheFirst_hit_returnsCacheWithoutTouchingTheNetwork() async throws {
    let harness = Harness(responses: [])
    try primeStoreWithR2(harness.store)
    let response = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheFirst)
    XCTAssertEqual(response.source, .cache)
    XCTAssertEqual(response.data?.hero?.name, "R2-D2")
    XCTAssertFalse(response.dependentKeys?.isEmpty ?? true)
    XCTAssertTrue(harness.server.requests.isEmpty)
  }

  func test_cacheFirst_miss_fetchesFromTheServer() async throws {
    let harness = Harness(responses: [.json(r2HeroResponse)])
    let response = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheFirst)
    XCTAssertEqual(response.source, .server)
    XCTAssertEqual(harness.server.requests.count, 1)
  }

  func test_cacheFirst_withPartialCachedData_goesToTheNetwork() async throws {
    let harness = Harness(responses: [.json(r2HeroResponse)])
    // The shape knows `name`, but the record lacks it: a partial record is a miss.
    try harness.store.publishRecords(harness.store.records(for: HeroNameQuery(episode: nil), data: r2HeroData))
    var records = RecordSet()
    records.merge(record: Record(key: "QUERY_ROOT", fields: ["hero": .reference("Partial:1")]))
    records.merge(record: Record(key: "Partial:1", fields: ["__typename": .value("Droid"), "id": .value("1")]))
    try harness.store.publishRecords(records)
    let response = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheFirst)
    XCTAssertEqual(response.source, .server)
  }

  /// A `null` stored in a non-null field is not a miss: 2.x's `load` throws it (naming the field), CacheOnly
  /// fails with it, and CacheFirst goes to the network. Only a missing record or field reads as `nil`.
  func test_nullInANonNullField_throwsFromLoadAndCacheOnly_whileCacheFirstFetches() async throws {
    let harness = Harness(responses: [.json(r2HeroResponse)])
    var records = RecordSet()
    records.merge(record: Record(key: "QUERY_ROOT", fields: ["hero": .reference("Broken:1")]))
    records.merge(record: Record(key: "Broken:1", fields: ["__typename": .value("Droid"), "id": .value("1"), "name": .value(.null)]))
    try harness.store.publishRecords(records)
    do {
      _ = try await harness.store.load(HeroNameQuery(episode: nil))
      XCTFail("load must throw")
    } catch let error as GraphQLExecutionError {
      XCTAssertEqual(error.pathString, "hero.name")
      XCTAssertEqual(error.underlying as? JSONDecodingError, .nullValue)
    }
    do {
      _ = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheOnly)
      XCTFail("CacheOnly must throw")
    } catch {
      XCTAssertEqual((error as? GraphQLExecutionError)?.underlying as? JSONDecodingError, .nullValue, "\(error)")
    }
    let response = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheFirst)
    XCTAssertEqual(response.source, .server)
    let missing = try await harness.store.load(HeroNameQuery(episode: .some(.init(.EMPIRE))))
    XCTAssertNil(missing)
  }

  func test_networkOnly_ignoresTheCache_andWritesTheResult() async throws {
    let harness = Harness(responses: [.json(lukeHeroResponse)])
    try primeStoreWithR2(harness.store)
    let response = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
    XCTAssertEqual(response.source, .server)
    XCTAssertEqual(response.data?.hero?.name, "Luke Skywalker")
    let cached = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheOnly)
    XCTAssertEqual(cached?.data?.hero?.name, "Luke Skywalker")
  }

  func test_cacheOnly_hitReturnsCache_missReturnsNil() async throws {
    let harness = Harness(responses: [])
    let miss = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheOnly)
    XCTAssertNil(miss)
    try primeStoreWithR2(harness.store)
    let hit = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheOnly)
    XCTAssertEqual(hit?.source, .cache)
    XCTAssertTrue(harness.server.requests.isEmpty)
  }

  func test_cacheOnly_afterClearCache_returnsNil() async throws {
    let harness = Harness(responses: [])
    try primeStoreWithR2(harness.store)
    try await harness.client.clearCache()
    let result = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheOnly)
    XCTAssertNil(result)
  }

  func test_networkFirst_success_returnsServer() async throws {
    let harness = Harness(responses: [.json(lukeHeroResponse)])
    try primeStoreWithR2(harness.store)
    let response = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkFirst)
    XCTAssertEqual(response.source, .server)
  }

  func test_networkFirst_networkFailure_fallsBackToTheCache() async throws {
    let harness = Harness(responses: [.failure(URLError(.notConnectedToInternet))])
    try primeStoreWithR2(harness.store)
    let response = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkFirst)
    XCTAssertEqual(response.source, .cache)
    XCTAssertEqual(response.data?.hero?.name, "R2-D2")
  }

  func test_networkFirst_networkFailureAndCacheMiss_throwsNoResults_losingTheNetworkError() async throws {
    let harness = Harness(responses: [.failure(URLError(.notConnectedToInternet))])
    do {
      _ = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkFirst)
      XCTFail("expected noResults")
    } catch {
      XCTAssertEqual(error as? ApolloClient.Error, .noResults)
    }
  }

  func test_networkFirst_turnsAResponseCodeErrorIntoACacheFallback() async throws {
    let harness = Harness(responses: [.json(["errors": [["message": "x"]]], statusCode: 500)])
    try primeStoreWithR2(harness.store)
    let response = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkFirst)
    XCTAssertEqual(response.source, .cache)
  }

  func test_cacheAndNetwork_hit_givesCacheThenServer() async throws {
    let harness = Harness(responses: [.json(lukeHeroResponse)])
    try primeStoreWithR2(harness.store)
    let (values, error) = try await collect(harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheAndNetwork))
    XCTAssertNil(error)
    XCTAssertEqual(values.map(\.source), [.cache, .server])
    XCTAssertEqual(values.map(\.data?.hero?.name), ["R2-D2", "Luke Skywalker"])
  }

  func test_cacheAndNetwork_miss_givesOnlyServer() async throws {
    let harness = Harness(responses: [.json(lukeHeroResponse)])
    let (values, _) = try await collect(harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheAndNetwork))
    XCTAssertEqual(values.map(\.source), [.server])
  }

  func test_cacheAndNetwork_hitThenNetworkError_emitsCacheThenThrows() async throws {
    let harness = Harness(responses: [.failure(URLError(.timedOut))])
    try primeStoreWithR2(harness.store)
    let (values, error) = try await collect(harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheAndNetwork))
    XCTAssertEqual(values.map(\.source), [.cache])
    XCTAssertEqual((error as? URLError)?.code, .timedOut)
  }

  func test_writeResultsToCacheFalse_leavesTheCacheEmpty() async throws {
    let harness = Harness(responses: [.json(r2HeroResponse)])
    _ = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly,
                                       requestConfiguration: RequestConfiguration(writeResultsToCache: false))
    let cached = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheOnly)
    XCTAssertNil(cached)
  }

  func test_cacheEntries_areKeptApartByVariables() async throws {
    let harness = Harness(server: StarWarsScriptedServer.make())
    _ = try await harness.client.fetch(query: HeroNameQuery(episode: .init(.EMPIRE)), cachePolicy: .networkOnly)
    let jedi = try await harness.client.fetch(query: HeroNameQuery(episode: .init(.JEDI)), cachePolicy: .cacheOnly)
    XCTAssertNil(jedi, "another variable value is another cache entry")
    let empire = try await harness.client.fetch(query: HeroNameQuery(episode: .init(.EMPIRE)), cachePolicy: .cacheOnly)
    XCTAssertEqual(empire?.data?.hero?.name, "Luke Skywalker")
  }

  func test_normalizedObjects_areSharedAcrossQueries() async throws {
    let harness = Harness(server: StarWarsScriptedServer.make())
    _ = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
    // Another query's result renames R2-D2; the first query's cached result sees the change.
    try harness.store.publishRecords(harness.store.records(
      for: HeroAndFriendsQuery(episode: nil), data: ["hero": ["__typename": "Droid", "id": "2001", "name": "Artoo", "friends": []]]))
    let cached = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheOnly)
    XCTAssertEqual(cached?.data?.hero?.name, "Artoo")
  }

  func test_defaultProvider_fetchFromServer_thenCacheFirstFromCache() async throws {
    let harness = Harness(responses: [.json(r2HeroResponse)])
    let first = try await harness.client.fetch(query: HeroNameQuery(episode: nil))
    let second = try await harness.client.fetch(query: HeroNameQuery(episode: nil))
    XCTAssertEqual(first.source, .server)
    XCTAssertEqual(second.source, .cache)
  }

  func test_concurrentFetchesWritingTheStore_neitherDeadlockNorLoseResults() async throws {
    let harness = Harness(server: StarWarsScriptedServer.make())
    let names = try await withTimeout(20) {
      try await withThrowingTaskGroup(of: String?.self) { group in
        for index in 0..<100 {
          group.addTask {
            let episode: Episode = index % 2 == 0 ? .EMPIRE : .JEDI
            return try await harness.client.fetch(query: HeroNameQuery(episode: .init(episode)), cachePolicy: .networkOnly).data?.hero?.name
          }
        }
        var names: [String?] = []
        for try await name in group { names.append(name) }
        return names
      }
    }
    XCTAssertEqual(names.count, 100)
    XCTAssertEqual(names.filter { $0 == "Luke Skywalker" }.count, 50)
    XCTAssertEqual(names.filter { $0 == "R2-D2" }.count, 50)
  }
}
