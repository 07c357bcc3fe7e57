import ApolloAsyncChain
import ApolloTestSupport
import Dispatch
import Foundation
import StarWarsAPI
import XCTest

/// The deprecated 1.x-style callback API that 2.4 keeps on ApolloClient.
final class CallbackShimTests: XCTestCase {
  private let queue = DispatchQueue(label: "shim-tests")

  private func results<Operation: GraphQLOperation>(
    expected: Int, _ call: (@escaping GraphQLResultHandler<Operation>) -> Void
  ) async -> [Result<GraphQLResponse<Operation>, any Error>] {
    let received = Recorder<Result<GraphQLResponse<Operation>, any Error>>()
    let done = expectation(description: "handler")
    done.expectedFulfillmentCount = expected
    done.assertForOverFulfill = true
    let queue = queue
    call { result in
      dispatchPrecondition(condition: .onQueue(queue))
      received.append(result)
      done.fulfill()
    }
    await fulfillment(of: [done], timeout: 5)
    try? await Task.sleep(nanoseconds: 50_000_000)  // an extra call would arrive here and over-fulfill
    return received.values
  }

  @available(*, deprecated, message: "exercises the deprecated callback API")
  func test_returnCacheDataAndFetch_callsTheHandlerTwice_cacheThenServer_onTheGivenQueue() async throws {
    let harness = Harness(responses: [.json(lukeHeroResponse)])
    try primeStoreWithR2(harness.store)
    let received: [Result<GraphQLResponse<HeroNameQuery>, any Error>] = await results(expected: 2) { handler in
      harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .returnCacheDataAndFetch, queue: queue, resultHandler: handler)
    }
    XCTAssertEqual(received.compactMap { try? $0.get().source }, [.cache, .server])
  }

  /// A CancellationError a stage throws on its own (nobody cancelled the call) reaches the handler, as any error
  /// does in upstream's shim; before, it was taken for the call's own cancellation and the handler never ran.
  @available(*, deprecated, message: "exercises the deprecated callback API")
  func test_aCancellationErrorThrownByAStage_reachesTheHandler() async throws {
    let server = ScriptedServer { _ in throw CancellationError() }
    let harness = Harness(server: server)
    let received: [Result<GraphQLResponse<HeroNameQuery>, any Error>] = await results(expected: 1) { handler in
      harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: queue, resultHandler: handler)
    }
    guard case .failure(let error)? = received.first else { return XCTFail("expected a failure") }
    XCTAssertTrue(error is CancellationError, "\(error)")
  }

  @available(*, deprecated, message: "exercises the deprecated callback API")
  func test_returnCacheDataDontFetch_miss_deliversNoResultsFailure() async throws {
    let harness = Harness(responses: [])
    let received: [Result<GraphQLResponse<HeroNameQuery>, any Error>] = await results(expected: 1) { handler in
      harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .returnCacheDataDontFetch, queue: queue, resultHandler: handler)
    }
    guard case .failure(let error)? = received.first else { return XCTFail("expected a failure") }
    XCTAssertEqual(error as? ApolloClient.Error, .noResults)
    XCTAssertTrue(harness.server.requests.isEmpty)
  }

  @available(*, deprecated, message: "exercises the deprecated callback API")
  func test_fetchIgnoringCacheCompletely_doesNotWriteTheCache() async throws {
    let harness = Harness(responses: [.json(r2HeroResponse)])
    let _: [Result<GraphQLResponse<HeroNameQuery>, any Error>] = await results(expected: 1) { handler in
      harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheCompletely, queue: queue, resultHandler: handler)
    }
    XCTAssertNil(try harness.store.readIfComplete(HeroNameQuery(episode: nil)))
  }

  @available(*, deprecated, message: "exercises the deprecated callback API")
  func test_shimFetch_keepsTheDefaultTimeout_fixedFromUpstream() async throws {
    let server = ScriptedServer(responses: [.json(r2HeroResponse)])
    let store = ApolloStore()
    let transport = RequestChainNetworkTransport(urlSession: server, interceptorProvider: DefaultInterceptorProvider.shared,
                                                 store: store, endpointURL: testEndpoint)
    let client = ApolloClient(networkTransport: transport, store: store, defaultRequestConfiguration: .init(requestTimeout: 7))
    let _: [Result<GraphQLResponse<HeroNameQuery>, any Error>] = await results(expected: 1) { handler in
      client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: queue, resultHandler: handler)
    }
    XCTAssertEqual(server.requests.first?.urlRequest.timeoutInterval, 7)
  }

  @available(*, deprecated, message: "exercises the deprecated callback API")
  func test_shimPerform_sendsClientAwareness_fixedFromUpstream_andHonoursPublishResultToStore() async throws {
    let server = ScriptedServer(responses: [.json(["data": ["createReview": ["stars": 3, "commentary": .null]]])])
    let harness = Harness(server: server, clientAwareness: .init(clientApplicationName: "app", clientApplicationVersion: "1"))
    let mutation = CreateReviewMutation(episode: .init(.JEDI), review: .init(stars: 3))
    let received: [Result<GraphQLResponse<CreateReviewMutation>, any Error>] = await results(expected: 1) { handler in
      harness.client.perform(mutation: mutation, publishResultToStore: false, queue: queue, resultHandler: handler)
    }
    XCTAssertEqual(try received.first?.get().data?.createReview?.stars, 3)
    XCTAssertEqual(server.requests.first?.header("apollographql-client-name"), "app")
    XCTAssertNil(try harness.store.readIfComplete(mutation))
  }

  @available(*, deprecated, message: "exercises the deprecated callback API")
  func test_cancel_stopsDelivery() async throws {
    let server = ScriptedServer { _ in
      var response = ScriptedResponse.json(r2HeroResponse)
      response.headDelay = .milliseconds(300)
      return response
    }
    let harness = Harness(server: server)
    let called = Recorder<Int>()
    let cancellable = harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: queue) { _ in called.append(1) }
    cancellable.cancel()
    try await Task.sleep(nanoseconds: 600_000_000)
    XCTAssertEqual(called.count, 0)
  }

  @available(*, deprecated, message: "exercises the deprecated callback API")
  func test_clearCache_completesOnTheGivenQueue() async throws {
    let harness = Harness(responses: [])
    try primeStoreWithR2(harness.store)
    let done = expectation(description: "cleared")
    let queue = queue
    harness.client.clearCache(callbackQueue: queue) { result in
      dispatchPrecondition(condition: .onQueue(queue))
      if case .success = result { done.fulfill() }
    }
    await fulfillment(of: [done], timeout: 5)
    XCTAssertNil(try harness.store.readIfComplete(HeroNameQuery(episode: nil)))
  }

  @available(*, deprecated, message: "exercises the deprecated callback API")
  func test_policyMapping_matchesUpstream() {
    XCTAssertEqual(CachePolicy_v1.default, .returnCacheDataElseFetch)
  }
}
