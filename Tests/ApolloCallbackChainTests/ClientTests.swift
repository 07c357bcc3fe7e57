@testable import ApolloCallbackChain
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private let r2d2Data: JSON.Object = ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2 (cached)"]]

/// Mirrors upstream 1.x `FetchQueryTests`, `ApolloClientOperationTests` and `LoadQueryFromStoreTests`
/// (apollographql/apollo-ios-dev 1.25.7, Tests/ApolloTests/Cache/FetchQueryTests.swift, ApolloClientOperationTests.swift, Cache/LoadQueryFromStoreTests.swift).
final class FetchQueryTests: XCTestCase {
  private func cachedStack() throws -> ScriptedStack {
    let stack = ScriptedStack()
    try stack.store.publishRecords(stack.store.records(for: HeroNameQuery(episode: nil), data: r2d2Data))
    return stack
  }

  private func fetch(_ stack: ScriptedStack, _ policy: CachePolicy, expected: Int,
                     query: HeroNameQuery = HeroNameQuery(episode: nil)) -> [Result<GraphQLResult<HeroNameQuery.Data>, any Error>] {
    let results = Recorder<Result<GraphQLResult<HeroNameQuery.Data>, any Error>>()
    let done = exactly(expected)
    stack.apollo.fetch(query: query, cachePolicy: policy, queue: callbackQueue) { result in
      results.append(result)
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    settle()
    XCTAssertEqual(results.count, expected, "completion count")
    return results.values
  }

  func test_fetchIgnoringCacheDataWithCachedData_exactlyOneServerResult() throws {
    let results = fetch(try cachedStack(), .fetchIgnoringCacheData, expected: 1)
    XCTAssertEqual(try results.map { try $0.get().source }, [.server])
  }

  func test_returnCacheDataAndFetchHit_cacheThenServer_inOrder() throws {
    let stack = try cachedStack()
    let results = fetch(stack, .returnCacheDataAndFetch, expected: 2)
    XCTAssertEqual(try results.map { try $0.get().source }, [.cache, .server])
    XCTAssertEqual(try results.map { try $0.get().data?.hero?.name }, ["R2-D2 (cached)", "R2-D2"])
    XCTAssertEqual(stack.server.requests.count, 1)
  }

  func test_returnCacheDataElseFetchHit_oneCacheResult_noServerRequest() throws {
    let stack = try cachedStack()
    let results = fetch(stack, .returnCacheDataElseFetch, expected: 1)
    XCTAssertEqual(try results.map { try $0.get().source }, [.cache])
    XCTAssertEqual(stack.server.requests.count, 0)
  }

  func test_returnCacheDataAndFetchWithIncompleteCache_onlyTheServerResult() throws {
    let stack = ScriptedStack()
    try stack.store.publishRecords(RecordSet(records: [
      Record(key: "QUERY_ROOT", fields: ["hero": .reference("Droid:2001")]),
      Record(key: "Droid:2001", fields: ["__typename": .value("Droid"), "id": .value("2001")]),
    ]))
    let results = fetch(stack, .returnCacheDataAndFetch, expected: 1)
    XCTAssertEqual(try results.map { try $0.get().source }, [.server])
  }

  func test_returnCacheDataDontFetch_hitThenMissThenAfterClearCacheFailure() throws {
    let stack = try cachedStack()
    XCTAssertEqual(try fetch(stack, .returnCacheDataDontFetch, expected: 1).map { try $0.get().source }, [.cache])
    let miss = fetch(stack, .returnCacheDataDontFetch, expected: 1, query: HeroNameQuery(episode: .init(.EMPIRE)))
    guard case .failure(let missError)? = miss.first else { return XCTFail("\(miss)") }
    // Upstream's words: the first missing field's path (with upstream's stray parenthesis), nothing appended.
    XCTAssertEqual((missError as? any LocalizedError)?.errorDescription, "Error at path \"hero)\": Missing value")
    let cleared = exactly(1)
    stack.apollo.clearCache(callbackQueue: callbackQueue) { _ in cleared.fulfill() }
    wait(for: [cleared], timeout: 2)
    guard case .failure(let emptyError)? = fetch(stack, .returnCacheDataDontFetch, expected: 1).first else { return XCTFail() }
    // No root record at all: upstream's bare missing value.
    XCTAssertEqual((emptyError as? any LocalizedError)?.errorDescription, "Missing value")
    XCTAssertEqual(stack.server.requests.count, 0)
  }

  func test_completion_runsOnTheQueuePassedAsQueue() {
    let queue = DispatchQueue(label: "custom")
    let key = DispatchSpecificKey<String>()
    queue.setSpecific(key: key, value: "custom")
    let stack = ScriptedStack()
    let done = exactly(1)
    stack.apollo.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: queue) { _ in
      XCTAssertEqual(DispatchQueue.getSpecific(key: key), "custom")
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
  }

  func test_cachePolicyDefault_isSettableAndReadAtCallTime() {
    let saved = CachePolicy.default
    defer { CachePolicy.default = saved }
    XCTAssertEqual(CachePolicy.default, .returnCacheDataElseFetch)
    CachePolicy.default = .fetchIgnoringCacheData
    let stack = ScriptedStack()
    for _ in 0..<2 {
      let done = exactly(1)
      stack.apollo.fetch(query: HeroNameQuery(episode: nil), queue: callbackQueue) { _ in done.fulfill() }
      wait(for: [done], timeout: 2)
    }
    XCTAssertEqual(stack.server.requests.count, 2)
  }

  /// MIGRATION.md §5.6, 1.x decision 4, kept: an APQ retry under `returnCacheDataAndFetch` with a cache hit delivers the cached
  /// value again (three deliveries in all).
  func test_quirk_apqRetryWithReturnCacheDataAndFetch_redeliversTheCachedValue() throws {
    let notFound = ScriptedResponse.json(["errors": [["message": "PersistedQueryNotFound"]]])
    let stack = ScriptedStack(server: ScriptedServer(responses: [notFound, .json(["data": .object(r2d2Data)])]), autoPersistQueries: true)
    try stack.store.publishRecords(stack.store.records(for: HeroNameQuery(episode: nil), data: r2d2Data))
    let results = fetch(stack, .returnCacheDataAndFetch, expected: 3)
    XCTAssertEqual(try results.map { try $0.get().source }, [GraphQLResult<HeroNameQuery.Data>.Source.cache, .cache, .server])
  }

  func test_cacheWriteThenStoreLoad_returnsTheWrittenResponse_missIsMissingValueAtTheField() {
    let stack = ScriptedStack()
    _ = fetch(stack, .fetchIgnoringCacheData, expected: 1, query: HeroNameQuery(episode: .init(.EMPIRE)))
    let loaded = exactly(1)
    stack.store.load(HeroNameQuery(episode: .init(.EMPIRE)), callbackQueue: callbackQueue) { result in
      XCTAssertEqual(try? result.get().data?.hero?.name, "Luke Skywalker")
      loaded.fulfill()
    }
    let missed = exactly(1, "miss")
    stack.store.load(HeroNameQuery(episode: .init(.JEDI))) { result in
      guard case .failure(let error) = result else { return XCTFail() }
      // The store holds another episode's hero: the miss is at the root field, as 1.x reports it.
      let executionError = error as? GraphQLExecutionError
      XCTAssertEqual(executionError?.pathString, "hero")
      XCTAssertEqual(executionError?.underlying as? JSONDecodingError, .missingValue)
      missed.fulfill()
    }
    wait(for: [loaded, missed], timeout: 2)
  }
}

final class ApolloClientOperationTests: XCTestCase {
  private func recordCount(_ store: ApolloStore) -> Int { (store.cache as? InMemoryNormalizedCache)?.recordCount ?? -1 }

  func test_performPublishResultToStore_trueWritesMutationRoot_falseWritesNothing() throws {
    let mutation = CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 5, commentary: "yes"))
    let stack = ScriptedStack()
    let unpublished = exactly(1)
    stack.apollo.perform(mutation: mutation, publishResultToStore: false, queue: callbackQueue) { result in
      XCTAssertNil(try? result.get().dependentKeys)  // fetchIgnoringCacheCompletely: fast parse
      unpublished.fulfill()
    }
    wait(for: [unpublished], timeout: 2)
    XCTAssertEqual(recordCount(stack.store), 0)

    let published = exactly(1)
    stack.apollo.perform(mutation: mutation, queue: callbackQueue) { result in
      XCTAssertEqual(try? result.get().data?.createReview?.stars, 5)
      published.fulfill()
    }
    wait(for: [published], timeout: 2)
    let records = try stack.store.cache.loadRecords(forKeys: ["MUTATION_ROOT"])
    XCTAssertNotNil(records["MUTATION_ROOT"])
  }

  func test_uploadWithoutUploadingTransport_failsWithNoUploadTransport_returnsEmptyCancellable() {
    final class PlainTransport: NetworkTransport {
      func send<Operation: GraphQLOperation>(operation: Operation, cachePolicy: CachePolicy, contextIdentifier: UUID?,
                                             context: (any RequestContext)?, callbackQueue: DispatchQueue,
                                             completionHandler: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void) -> any Cancellable {
        EmptyCancellable()
      }
    }
    let client = ApolloClient(networkTransport: PlainTransport(), store: ApolloStore())
    let done = exactly(1)
    let cancellable = client.upload(operation: SingleUploadMutation(file: "a"), files: [], queue: callbackQueue) { result in
      guard case .failure(let error) = result else { return XCTFail() }
      XCTAssertEqual(error as? ApolloClient.ApolloClientError, .noUploadTransport)
      done.fulfill()
    }
    XCTAssertTrue(cancellable is EmptyCancellable)
    wait(for: [done], timeout: 2)
  }

  func test_subscribeOverMultipartHTTP_onePerPayload() {
    let stack = ScriptedStack()
    let done = exactly(4)
    let values = Recorder<Int>()
    _ = stack.apollo.subscribe(subscription: CountdownSubscription(from: 3, intervalMs: nil), queue: callbackQueue) { result in
      if let value = try? result.get().data?.countdown { values.append(value) }
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    settle()
    XCTAssertEqual(values.values, [3, 2, 1, 0])
    XCTAssertEqual(stack.server.requests.first?.header("Accept"),
                   "multipart/mixed;subscriptionSpec=1.0,application/graphql-response+json,application/json")
  }

  func test_contextIdentifierAndContext_reachTheRequest() {
    struct Timeout: RequestContextTimeoutConfigurable { let requestTimeout: TimeInterval = 120 }
    let seen = Recorder<(UUID?, TimeInterval?)>()
    let identifier = UUID()
    let stack = ScriptedStack(provider: { client, store in
      FixedProvider(make: {
        [ClosureInterceptor { _, request, _ in
          let request = request as? HTTPRequest<HeroNameQuery>
          seen.append((request?.contextIdentifier, try? request?.toURLRequest().timeoutInterval))
          return true
        }] + DefaultInterceptorProvider(client: client, shouldInvalidateClientOnDeinit: false, store: store).interceptors(for: HeroNameQuery(episode: nil))
      })
    })
    let done = exactly(1)
    stack.apollo.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, contextIdentifier: identifier, context: Timeout(),
                       queue: callbackQueue) { _ in done.fulfill() }
    wait(for: [done], timeout: 2)
    XCTAssertEqual(seen.values.first?.0, identifier)
    XCTAssertEqual(seen.values.first?.1, 120)
  }
}
