import ApolloDelegateTransport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Apollo iOS 0.33 `FetchQueryTests` and client tests: each cache policy as 0.33 documented it.
final class ApolloClientTests: XCTestCase {
  private let handlerQueue = DispatchQueue(label: "handler")
  private let queueKey = DispatchSpecificKey<String>()

  override func setUp() {
    super.setUp()
    handlerQueue.setSpecific(key: queueKey, value: "handler")
  }

  private func makeClient(_ responses: [ScriptedOutcome]) -> (ApolloClient, ScriptedURLSessionClient) {
    let session = ScriptedURLSessionClient(responses: responses)
    return (ApolloClient(networkTransport: HTTPNetworkTransport(url: testEndpoint, client: session)), session)
  }

  /// Fetches and waits; fails if the handler fires more or fewer than `count` times.
  private func fetch(_ client: ApolloClient, _ policy: CachePolicy, expecting count: Int = 1,
                     file: StaticString = #filePath, line: UInt = #line) -> [Result<GraphQLResult<HeroNameQuery.Data>, any Error>] {
    let done = expectation(description: "handler")
    done.expectedFulfillmentCount = count
    done.assertForOverFulfill = true
    let results = Mutex<[Result<GraphQLResult<HeroNameQuery.Data>, any Error>]>([])
    let key = queueKey
    client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: policy, queue: handlerQueue) { result in
      XCTAssertEqual(DispatchQueue.getSpecific(key: key), "handler", "the handler runs on the given queue", file: file, line: line)
      results.withLock { $0.append(result) }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    return results.withLock { $0 }
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `FetchQueryTests` (Tests/ApolloCacheDependentTests/FetchQueryTests.swift).
  func test_returnCacheDataElseFetch_missGoesToTheNetwork_hitComesFromTheCache() throws {
    let (client, session) = makeClient([.json(r2HeroBody)])
    let first = fetch(client, .returnCacheDataElseFetch)
    XCTAssertEqual(try first.first?.get().source, .server)
    let second = fetch(client, .returnCacheDataElseFetch)
    XCTAssertEqual(try second.first?.get().source, .cache)
    XCTAssertEqual(try second.first?.get().data?.hero?.name, "R2-D2")
    XCTAssertEqual(session.requests.count, 1)
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `FetchQueryTests` (Tests/ApolloCacheDependentTests/FetchQueryTests.swift).
  func test_fetchIgnoringCacheData_alwaysFetches_andWritesTheCache() throws {
    let (client, session) = makeClient([.json(r2HeroBody), .json(lukeHeroBody)])
    _ = fetch(client, .fetchIgnoringCacheData)
    let second = fetch(client, .fetchIgnoringCacheData)
    XCTAssertEqual(try second.first?.get().data?.hero?.name, "Luke Skywalker")
    XCTAssertEqual(session.requests.count, 2)
    XCTAssertEqual(try fetch(client, .returnCacheDataDontFetch).first?.get().data?.hero?.name, "Luke Skywalker")
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `FetchQueryTests` (Tests/ApolloCacheDependentTests/FetchQueryTests.swift).
  func test_fetchIgnoringCacheCompletely_doesNotWriteTheCache() {
    let (client, _) = makeClient([.json(r2HeroBody)])
    _ = fetch(client, .fetchIgnoringCacheCompletely)
    XCTAssertThrowsError(try fetch(client, .returnCacheDataDontFetch).first?.get())
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `FetchQueryTests` (Tests/ApolloCacheDependentTests/FetchQueryTests.swift).
  func test_returnCacheDataAndFetch_onAHit_callsBackTwice_cacheFirst() throws {
    let (client, _) = makeClient([.json(r2HeroBody), .json(lukeHeroBody)])
    _ = fetch(client, .fetchIgnoringCacheData)
    let results = fetch(client, .returnCacheDataAndFetch, expecting: 2)
    XCTAssertEqual(try results.map { try $0.get().source }, [.cache, .server])
    XCTAssertEqual(try results.last?.get().data?.hero?.name, "Luke Skywalker")
  }

  func test_returnCacheDataAndFetch_onAMiss_callsBackOnce_fromTheNetwork() throws {
    let (client, _) = makeClient([.json(r2HeroBody)])
    let results = fetch(client, .returnCacheDataAndFetch, expecting: 1)
    XCTAssertEqual(try results.first?.get().source, .server)
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `FetchQueryTests` (Tests/ApolloCacheDependentTests/FetchQueryTests.swift).
  func test_returnCacheDataDontFetch_onAMiss_failsWithMissingValue_withoutFetching() {
    let (client, session) = makeClient([.json(r2HeroBody)])
    let results = fetch(client, .returnCacheDataDontFetch)
    guard case .failure(let error)? = results.first else { return XCTFail("expected a failure") }
    XCTAssertEqual((error as? JSONDecodingError), .missingValue)
    XCTAssertTrue(session.requests.isEmpty)
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `FetchQueryTests` (Tests/ApolloCacheDependentTests/FetchQueryTests.swift); MIGRATION.md §5.5, 0.x quirk Q14, fixed.
  func test_differsFrom0x_clearCache_completesWithSuccess_onTheGivenQueue() {
    let (client, _) = makeClient([.json(r2HeroBody)])
    _ = fetch(client, .fetchIgnoringCacheData)
    let done = expectation(description: "cleared")
    done.assertForOverFulfill = true
    let key = queueKey
    client.clearCache(callbackQueue: handlerQueue) { result in
      if case .failure(let error) = result { XCTFail("\(error)") }
      XCTAssertEqual(DispatchQueue.getSpecific(key: key), "handler", "0.x ignored the queue and completed on main")
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    XCTAssertThrowsError(try fetch(client, .returnCacheDataDontFetch).first?.get())
  }

  func test_graphQLErrors_areASuccessWithErrors_nextToTheData() throws {
    let (client, _) = makeClient([.json(["data": ["hero": .null], "errors": [["message": "partial"]]])])
    let result = try fetch(client, .fetchIgnoringCacheData).first?.get()
    XCTAssertEqual(result?.errors?.first?.message, "partial")
    XCTAssertNotNil(result?.data)
    XCTAssertNil(result?.data?.hero)
  }

  func test_dataThatDoesNotMatchTheSelection_isAGraphQLResultError() {
    let (client, _) = makeClient([.json(["data": ["hero": ["__typename": "Droid"]]])])
    guard case .failure(let error)? = fetch(client, .fetchIgnoringCacheData).first else { return XCTFail("expected a failure") }
    let resultError = error as? GraphQLResultError
    XCTAssertEqual((resultError?.underlying as? JSONDecodingError), .missingValue)
    XCTAssertEqual(resultError?.errorDescription?.hasPrefix("Error at path \"hero.id)\": "), true, resultError?.errorDescription ?? "")
  }

  func test_transportError_reachesTheHandlerUnchanged() {
    let (client, _) = makeClient([.text("down", statusCode: 503)])
    guard case .failure(let error)? = fetch(client, .fetchIgnoringCacheData).first else { return XCTFail("expected a failure") }
    XCTAssertEqual((error as? GraphQLHTTPResponseError)?.response.statusCode, 503)
  }

  func test_differsFrom0x_performWritesTheStoreBeforeTheHandlerRuns() throws {
    let session = ScriptedURLSessionClient(responses: [.json(["data": ["createReview": ["stars": 5, "commentary": "Great"]]])])
    let store = ApolloStore()
    let client = ApolloClient(networkTransport: HTTPNetworkTransport(url: testEndpoint, client: session), store: store)
    let done = expectation(description: "performed")
    done.assertForOverFulfill = true
    let recordsAtHandler = Mutex(0)
    client.perform(mutation: CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 5, commentary: "Great")), queue: handlerQueue) { result in
      XCTAssertEqual(try? result.get().data?.createReview?.stars, 5)
      recordsAtHandler.withLock { $0 = (store.cache as? InMemoryNormalizedCache)?.recordCount ?? 0 }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    XCTAssertGreaterThan(recordsAtHandler.withLock { $0 }, 0, "0.x could run the handler before the write")
  }

  /// Differs from 0.33, whose handler got the cancelled task's `networkError` (NSURLErrorCancelled, as Q8) after
  /// `cancel()` of a subscription over HTTP: here nothing reaches the handler once the subscription is cancelled.
  func test_differsFrom0x_aCancelledSubscriptionOverHTTP_deliversNothing_notTheCancelError() {
    let server = ScriptedServer { _ in
      ScriptedResponse(headers: ["Content-Type": "application/json"],
                       body: [.data(JSONSerializer.serialize(["data": ["countdown": 3]]))], headDelay: .milliseconds(300))
    }
    let client = ApolloClient(networkTransport: HTTPNetworkTransport(
      url: testEndpoint, client: URLSessionClientOnStreamingSession(session: server)), store: ApolloStore())
    let nothing = expectation(description: "no delivery")
    nothing.isInverted = true
    let subscription = client.subscribe(subscription: CountdownSubscription(from: 3, intervalMs: nil), queue: handlerQueue) { _ in
      nothing.fulfill()
    }
    // The same subscription left running is answered, so the silence above is the cancel's.
    let answered = expectation(description: "the subscription left running is answered")
    let control = client.subscribe(subscription: CountdownSubscription(from: 3, intervalMs: nil), queue: handlerQueue) { result in
      XCTAssertEqual(try? result.get().data?.countdown, 3)
      answered.fulfill()
    }
    subscription.cancel()
    wait(for: [nothing, answered], timeout: 0.8)
    withExtendedLifetime(control) {}
  }

  func test_upload_throughTheClient_sendsMultipart() throws {
    let session = ScriptedURLSessionClient(responses: [.json(["data": ["singleUpload": ["filename": "a.txt", "mimetype": "text/plain", "size": 1, "content": "a"]]])])
    let client = ApolloClient(networkTransport: HTTPNetworkTransport(url: testEndpoint, client: session))
    let done = expectation(description: "uploaded")
    done.assertForOverFulfill = true
    client.upload(operation: SingleUploadMutation(file: "a"), files: [GraphQLFile(fieldName: "file", originalName: "a.txt", mimeType: "text/plain", data: Data("a".utf8))],
                  queue: handlerQueue) { result in
      if case .failure(let error) = result { XCTFail("\(error)") }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    XCTAssertTrue(session.lastRequest?.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("multipart/form-data") ?? false)
  }

  func test_upload_onATransportThatCannotUpload_failsWithNoUploadTransport() {
    final class SendOnly: NetworkTransport {
      func send<Operation: GraphQLOperation>(operation: Operation,
                                             completionHandler: @escaping (Result<GraphQLResponse<Operation.Data>, any Error>) -> Void) -> any Cancellable {
        EmptyCancellable()
      }
    }
    let client = ApolloClient(networkTransport: SendOnly())
    let done = expectation(description: "failed")
    done.assertForOverFulfill = true
    let cancellable = client.upload(operation: SingleUploadMutation(file: "a"), files: [], queue: handlerQueue) { result in
      guard case .failure(let error) = result else { return XCTFail("expected a failure") }
      XCTAssertEqual(error as? ApolloClient.ApolloClientError, .noUploadTransport)
      done.fulfill()
    }
    XCTAssertTrue(cancellable is EmptyCancellable)
    wait(for: [done], timeout: 5)
  }

  func test_cancellingACacheFetchBeforeItsCacheResultIsDelivered_deliversNothing() {
    let (client, _) = makeClient([.json(r2HeroBody)])
    _ = fetch(client, .fetchIgnoringCacheData)
    handlerQueue.suspend()
    let delivered = Mutex(0)
    let cancellable = client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .returnCacheDataElseFetch, queue: handlerQueue) { _ in
      delivered.withLock { $0 += 1 }
    }
    cancellable.cancel()
    handlerQueue.resume()
    handlerQueue.sync {}
    XCTAssertEqual(delivered.withLock { $0 }, 0)
  }

  /// 0.33 ran a cache policy's fetch as an operation: cancelled before it started, it sent nothing and never called
  /// back (reference §2.10). Here the fetch waits behind a callback transaction submitted before it.
  func test_cancellingACacheFetchBeforeItStarts_sendsNothingAndCallsBackNothing() {
    let (client, session) = makeClient([.json(r2HeroBody)])
    let gate = DispatchSemaphore(value: 0)
    client.store.submitTransaction(exclusive: true, callbackQueue: nil, completion: nil as ((Result<Void, any Error>) -> Void)?) {
      gate.wait()
    }
    let delivered = Mutex(0)
    let fetch = client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .returnCacheDataElseFetch, queue: handlerQueue) { _ in
      delivered.withLock { $0 += 1 }
    }
    fetch.cancel()
    gate.signal()
    let drained = expectation(description: "the transactions before it ran")
    client.store.submitTransaction(exclusive: true, callbackQueue: nil, completion: { (_: Result<Void, any Error>) in drained.fulfill() }) {}
    wait(for: [drained], timeout: 5)
    Thread.sleep(forTimeInterval: 0.05)  // what a network phase would have sent, had one started
    handlerQueue.sync {}
    XCTAssertEqual(session.requests.count, 0)
    XCTAssertEqual(delivered.withLock { $0 }, 0)
  }

  /// 0.33's store ran every load after the transactions submitted before it: a cache fetch made while a
  /// read-write transaction waits to run reads what that transaction writes.
  func test_aCacheFetchAfterASubmittedTransaction_readsWhatItWrote() throws {
    let (client, session) = makeClient([.json(r2HeroBody)])
    let data = try XCTUnwrap(try fetch(client, .fetchIgnoringCacheData).first?.get().data)
    try client.store.removeAll()
    let gate = DispatchSemaphore(value: 0)
    let store = client.store
    store.submitTransaction(exclusive: true, callbackQueue: nil, completion: nil as ((Result<Void, any Error>) -> Void)?) {
      gate.wait()
      try store.performReadWriteTransaction { try $0.write(data: data, for: HeroNameQuery(episode: nil)) }
    }
    let done = expectation(description: "handler")
    let names = Mutex<[String?]>([])
    client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .returnCacheDataDontFetch, queue: handlerQueue) { result in
      names.withLock { $0.append((try? result.get())?.data?.hero?.name) }
      done.fulfill()
    }
    gate.signal()
    wait(for: [done], timeout: 5)
    XCTAssertEqual(names.withLock { $0 }, ["R2-D2"])
    XCTAssertEqual(session.requests.count, 1)
  }

  /// 0.33's `apollo.store.clearCache()` compiles unchanged: the records go, then the completion runs on the queue.
  func test_storeClearCache_dropsEveryRecord_thenCallsBackOnTheQueue() throws {
    let (client, _) = makeClient([.json(r2HeroBody)])
    _ = fetch(client, .fetchIgnoringCacheData)
    XCTAssertFalse(try client.store.cache.loadRecords(forKeys: ["QUERY_ROOT"]).isEmpty)
    let done = expectation(description: "cleared")
    let key = queueKey
    client.store.clearCache(callbackQueue: handlerQueue) { result in
      if case .failure(let error) = result { XCTFail("\(error)") }
      XCTAssertEqual(DispatchQueue.getSpecific(key: key), "handler")
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    XCTAssertTrue(try client.store.cache.loadRecords(forKeys: ["QUERY_ROOT"]).isEmpty)
  }

  func test_nilResultHandler_isANoOp() {
    let (client, session) = makeClient([.json(r2HeroBody)])
    client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: handlerQueue)
    handlerQueue.sync {}
    XCTAssertEqual(session.requests.count, 1)
  }
}

