import ApolloCallbackChain
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `@defer`, multipart subscriptions, cancellation, transport errors and retrying interceptors through the
/// 1.x chain against TestServer.
final class CallbackChainStreamingAndErrorTests: IntegrationTestCase {
  private let r2Friends = ["Luke Skywalker", "Han Solo", "Leia Organa"]

  private func assertDeferredHero(endpoint: String, file: StaticString = #filePath, line: UInt = #line) async throws {
    let live = CallbackLive(endpoint: endpoint)
    let results = await callbackResults(expected: 2, file: file, line: line) {
      live.client.fetch(query: HeroDeferredQuery(), cachePolicy: .fetchIgnoringCacheData, queue: callbackChainQueue, resultHandler: $0)
    }
    let values = results.compactMap { try? $0.get() }
    XCTAssertEqual(values.count, 2, "\(results)", file: file, line: line)
    XCTAssertNil(values.first?.data?.hero?.fragments.friends?.friends, file: file, line: line)
    XCTAssertEqual(values.last?.data?.hero?.fragments.friends?.friends?.map { $0?.name }, r2Friends, file: file, line: line)
    let logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.count, 1, file: file, line: line)
  }

  func test_deferredQuery_arrivesInTwoPartsInitialWithoutFriendsThenWithFriends() async throws {
    try await assertDeferredHero(endpoint: "/graphql")
  }

  func test_deferredQueryIn2023PendingCompletedFormat_givesTheSameTwoResults() async throws {
    try await assertDeferredHero(endpoint: "/graphql?deferFormat=2023")
  }

  func test_subscriptionOverMultipartHTTPCountsDown_onePerValue() async throws {
    let live = CallbackLive()
    let results = await callbackResults(expected: 4) {
      _ = live.client.subscribe(subscription: CountdownSubscription(from: 3, intervalMs: 20), queue: callbackChainQueue, resultHandler: $0)
    }
    XCTAssertEqual(results.compactMap { try? $0.get().data?.countdown }, [3, 2, 1, 0])
    let logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.first?.header("Accept")?.contains("subscriptionSpec=1.0"), true)
  }

  func test_subscriptionHeartbeats_produceNoValues() async throws {
    let live = CallbackLive(endpoint: "/graphql?heartbeatMs=10")
    let results = await callbackResults(expected: 4) {
      _ = live.client.subscribe(subscription: CountdownSubscription(from: 3, intervalMs: 80), queue: callbackChainQueue, resultHandler: $0)
    }
    XCTAssertEqual(results.compactMap { try? $0.get().data?.countdown }, [3, 2, 1, 0])
  }

  /// Decision: a cancelled request stays silent, as upstream (no completion, no cancellation error).
  func test_cancellingSlowQuery_neverCompletes_andTheRequestHadReachedTheServer() async throws {
    let live = CallbackLive()
    let results = Recorder<Bool>()
    let chain = live.client.fetch(query: SlowQuery(delayMs: 3000), cachePolicy: .fetchIgnoringCacheData, queue: callbackChainQueue) { _ in
      results.append(true)
    }
    try await Task.sleep(nanoseconds: 200_000_000)
    let logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.map(\.operationName), ["Slow"])
    chain.cancel()
    try await Task.sleep(nanoseconds: 3_500_000_000)
    XCTAssertEqual(results.count, 0)
  }

  func test_cancellingSubscription_stopsValuesAndTheServerStream() async throws {
    let live = CallbackLive()
    let values = Recorder<Int>()
    let chain = live.client.subscribe(subscription: CountdownSubscription(from: 100, intervalMs: 100), queue: callbackChainQueue) { result in
      if let value = try? result.get().data?.countdown { values.append(value) }
    }
    let gotTwo = await eventually(within: 5) { values.count >= 2 }
    XCTAssertTrue(gotTwo)
    chain.cancel()
    let countAtCancel = values.count
    try await Task.sleep(nanoseconds: 500_000_000)
    XCTAssertLessThanOrEqual(values.count, countAtCancel + 1, "at most one delivery already queued")
    let ended = try await eventually(within: 5) { try await TestServer.stats()["httpSubscriptions"]?.intValue == 0 }
    XCTAssertTrue(ended, "the server stream was not closed")
  }

  func test_unauthorizedEndpointWithoutToken_invalidResponseCode401WithWholeBodyAsGraphQLError() async throws {
    let results = await callbackResults(expected: 1) {
      CallbackLiveHolder.shared.keep(CallbackLive(endpoint: "/graphql-auth")).client
        .fetch(query: MeQuery(), cachePolicy: .fetchIgnoringCacheData, queue: callbackChainQueue, resultHandler: $0)
    }
    let error = try XCTUnwrap(results.first?.failure as? ResponseCodeInterceptor.ResponseCodeError)
    guard case .invalidResponseCode(let response, _) = error else { return XCTFail() }
    XCTAssertEqual(response?.statusCode, 401)
    XCTAssertEqual((error.graphQLError?["errors"] as? [[String: Any]])?.first?["message"] as? String, "Unauthorized")
  }

  func test_serverError500WithJSONBody_invalidResponseCodeKeepingTheBody() async throws {
    let live = CallbackLive(endpoint: "/fault/status/500?body=json")
    let results = await callbackResults(expected: 1) {
      live.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackChainQueue, resultHandler: $0)
    }
    guard case .invalidResponseCode(let response, let data)? = results.first?.failure as? ResponseCodeInterceptor.ResponseCodeError else {
      return XCTFail("\(results)")
    }
    XCTAssertEqual(response?.statusCode, 500)
    XCTAssertEqual(try data.map { try JSONParser.parse($0) }, ["errors": [["message": "status 500"]], "data": .null])
  }

  /// 1.x checks the status before parsing, so an empty 500 is a response-code error (2.x differs).
  func test_serverError500WithEmptyBody_invalidResponseCode() async throws {
    let live = CallbackLive(endpoint: "/fault/status/500?body=empty")
    let results = await callbackResults(expected: 1) {
      live.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackChainQueue, resultHandler: $0)
    }
    XCTAssertTrue(results.first?.failure is ResponseCodeInterceptor.ResponseCodeError, "\(results)")
  }

  func test_connectionRefused_networkErrorWithCannotConnectToHost() async throws {
    let live = CallbackLive(endpoint: "http://127.0.0.1:1/graphql")
    let results = await callbackResults(expected: 1) {
      live.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackChainQueue, resultHandler: $0)
    }
    guard case .networkError(_, _, let underlying)? = results.first?.failure as? URLSessionClient.URLSessionClientError else {
      return XCTFail("\(results)")
    }
    XCTAssertEqual((underlying as? URLError)?.code, .cannotConnectToHost)
  }

  func test_connectionDroppedMidBody_failsWithoutHanging() async throws {
    let live = CallbackLive(endpoint: "/fault/drop")
    let results = await callbackResults(expected: 1, timeout: 10) {
      live.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackChainQueue, resultHandler: $0)
    }
    XCTAssertNotNil(results.first?.failure)
  }

  func test_requestTimeoutFromContext_networkErrorTimedOut() async throws {
    struct Timeout: RequestContextTimeoutConfigurable { let requestTimeout: TimeInterval = 0.5 }
    let live = CallbackLive(endpoint: "/fault/delay/3000")
    let start = ContinuousClock.now
    let results = await callbackResults(expected: 1, settle: 0.1) {
      live.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, context: Timeout(), queue: callbackChainQueue,
                        resultHandler: $0)
    }
    guard case .networkError(_, _, let underlying)? = results.first?.failure as? URLSessionClient.URLSessionClientError else {
      return XCTFail("\(results)")
    }
    XCTAssertEqual((underlying as? URLError)?.code, .timedOut)
    XCTAssertLessThan(elapsed(since: start), 2.5)
  }

  func test_malformedJSON_couldNotParseToJSONWithTheBytes() async throws {
    let live = CallbackLive(endpoint: "/fault/malformed")
    let results = await callbackResults(expected: 1) {
      live.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackChainQueue, resultHandler: $0)
    }
    guard case .couldNotParseToJSON(let data)? = results.first?.failure as? JSONResponseParsingInterceptor.JSONResponseParsingError else {
      return XCTFail("\(results)")
    }
    XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"data": {"hero": "#)
  }

  func test_errorInterceptor_repairs401WithFreshTokenAndRetriesOnce() async throws {
    let tokens = CallbackTokens(initial: "stale-token")
    let live = CallbackLive(endpoint: "/graphql-auth", provider: { session, store in
      ProviderClosure(errorInterceptor: ReauthenticatingErrorInterceptor(tokens: tokens)) { operation in
        [BearerHeaderInterceptor(tokens: tokens)]
          + DefaultInterceptorProvider(client: session, shouldInvalidateClientOnDeinit: false, store: store).interceptors(for: operation)
      }
    })
    let results = await callbackResults(expected: 1) {
      live.client.fetch(query: MeQuery(), cachePolicy: .fetchIgnoringCacheData, queue: callbackChainQueue, resultHandler: $0)
    }
    XCTAssertEqual(try results.first?.get().data?.me, "user-1")
    let logged = try await TestServer.requests(path: "/graphql-auth")
    XCTAssertEqual(logged.count, 2)
    XCTAssertEqual(logged.first?.header("Authorization"), "Bearer stale-token")
    XCTAssertEqual(logged.last?.header("Authorization"), "Bearer \(tokens.current)")
  }

  func test_maxRetryInterceptor_stopsAnAlwaysRetryingInterceptorAfterTwoRetries() async throws {
    final class AlwaysRetry: ApolloInterceptor, @unchecked Sendable {
      var id = InterceptorID.next()
      let runs = Recorder<Int>()
      func interceptAsync<Operation: GraphQLOperation>(
        chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
        completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
      ) {
        runs.append(1)
        chain.retry(request: request, completion: completion)
      }
    }
    let retrier = AlwaysRetry()
    let live = CallbackLive(provider: { session, store in
      ProviderClosure { operation in
        [MaxRetryInterceptor(maxRetriesAllowed: 2), retrier]
          + DefaultInterceptorProvider(client: session, shouldInvalidateClientOnDeinit: false, store: store).interceptors(for: operation)
      }
    })
    let results = await callbackResults(expected: 1) {
      live.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackChainQueue, resultHandler: $0)
    }
    guard case .hitMaxRetryCount(2, "HeroName")? = results.first?.failure as? MaxRetryInterceptor.RetryError else {
      return XCTFail("\(results)")
    }
    XCTAssertEqual(retrier.runs.count, 3)
    let logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.count, 0)
  }
}

/// Keeps clients alive for tests that build them inline (the default provider invalidates its session on deinit).
final class CallbackLiveHolder: @unchecked Sendable {
  // @unchecked Sendable: `kept` is only touched under `lock`.
  static let shared = CallbackLiveHolder()
  private let lock = NSLock()
  private var kept: [CallbackLive] = []
  func keep(_ live: CallbackLive) -> CallbackLive {
    lock.lock(); defer { lock.unlock() }
    kept.append(live)
    return live
  }
}

/// The current bearer token.
final class CallbackTokens: @unchecked Sendable {
  // @unchecked Sendable: `token` is only touched under `lock`.
  private let lock = NSLock()
  private var token: String
  init(initial: String) { token = initial }
  var current: String {
    get { lock.lock(); defer { lock.unlock() }; return token }
    set { lock.lock(); token = newValue; lock.unlock() }
  }
}

/// Adds `Authorization: Bearer <token>`.
struct BearerHeaderInterceptor: ApolloInterceptor {
  var id = InterceptorID.next()
  let tokens: CallbackTokens
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    request.addHeader(name: "Authorization", value: "Bearer \(tokens.current)")
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

/// On a 401, mints a token with `POST /auth/token` and retries once.
final class ReauthenticatingErrorInterceptor: ApolloErrorInterceptor, @unchecked Sendable {
  // @unchecked Sendable: `retried` is only touched under `lock`.
  let tokens: CallbackTokens
  private let lock = NSLock()
  private var retried = false
  init(tokens: CallbackTokens) { self.tokens = tokens }

  func handleErrorAsync<Operation: GraphQLOperation>(
    error: any Error, chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    lock.lock()
    let first = !retried
    retried = true
    lock.unlock()
    guard first, case .invalidResponseCode(let http, _)? = error as? ResponseCodeInterceptor.ResponseCodeError, http?.statusCode == 401
    else { return completion(.failure(error)) }
    let handOff = UncheckedHandOff { token in
      if token != nil {
        chain.retry(request: request, completion: completion)
      } else {
        completion(.failure(error))
      }
    }
    let tokens = self.tokens
    Task {
      let minted = try? await TestServer.mintToken()
      if let minted { tokens.current = minted.token }
      handOff.run(minted?.token)
    }
  }
}

/// Carries the continuation of an error interceptor into a `Task` (run exactly once, by that task).
struct UncheckedHandOff: @unchecked Sendable {
  let run: (String?) -> Void
  init(_ run: @escaping (String?) -> Void) { self.run = run }
}
