@testable import ApolloCallbackChain
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Retries blindly: every pass through it calls `chain.retry`, up to `limit` times, then proceeds.
private final class RetryingInterceptor: ApolloInterceptor, @unchecked Sendable {
  var id = InterceptorID.next()
  let limit: Int
  let retries = Deliveries<Int>()
  init(limit: Int = .max) { self.limit = limit }
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    if retries.count < limit {
      retries.append(1)
      chain.retry(request: request, completion: completion)
    } else {
      chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
    }
  }
}

/// Reference §4 MaxRetryInterceptorTests.
final class MaxRetryInterceptorTests: XCTestCase {
  func testBlindRetrier_failsWithHitMaxRetryCount15_afterSixteenHits() {
    let retrier = RetryingInterceptor()
    let chain = InterceptorRequestChain(interceptors: [MaxRetryInterceptor(maxRetriesAllowed: 15), retrier], callbackQueue: callbackQueue)
    let done = exactly(1)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { result in
      guard case .failure(let error) = result, case .hitMaxRetryCount(15, "HeroName")? = error as? MaxRetryInterceptor.RetryError else {
        return XCTFail("\(result)")
      }
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    XCTAssertEqual(retrier.retries.count, 16)
  }

  func testRetriesTwiceThenProceeds_succeedsAfterExactlyTwoRetries() {
    let retrier = RetryingInterceptor(limit: 2)
    let chain = InterceptorRequestChain(
      interceptors: [MaxRetryInterceptor(), retrier, CannedResponseInterceptor(body: r2d2Body), JSONResponseParsingInterceptor()],
      callbackQueue: callbackQueue)
    let done = exactly(1)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { result in
      XCTAssertEqual(try? result.get().data?.hero?.name, "R2-D2")
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    XCTAssertEqual(retrier.retries.count, 2)
  }

  func testBackoffEnabled_successPathIntact() {
    let retrier = RetryingInterceptor(limit: 2)
    let configuration = MaxRetryInterceptor.Configuration(maxRetries: 3, baseDelay: 0.001, maxDelay: 0.01,
                                                          enableExponentialBackoff: true, enableJitter: false)
    let chain = InterceptorRequestChain(
      interceptors: [MaxRetryInterceptor(configuration: configuration), retrier, CannedResponseInterceptor(body: r2d2Body),
                     JSONResponseParsingInterceptor()],
      callbackQueue: callbackQueue)
    let done = exactly(1)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { result in
      XCTAssertEqual(try? result.get().data?.hero?.name, "R2-D2")
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
  }

  func testBackoffEnabled_blindRetrier_failsWithCount2_hitCount3() {
    let retrier = RetryingInterceptor()
    let configuration = MaxRetryInterceptor.Configuration(maxRetries: 2, baseDelay: 0.001, maxDelay: 0.01,
                                                          enableExponentialBackoff: true, enableJitter: false)
    let maxRetry = MaxRetryInterceptor(configuration: configuration)
    let chain = InterceptorRequestChain(interceptors: [maxRetry, retrier], callbackQueue: callbackQueue)
    let done = exactly(1)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { result in
      guard case .failure(let error) = result, case .hitMaxRetryCount(2, _)? = error as? MaxRetryInterceptor.RetryError else {
        return XCTFail("\(result)")
      }
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    XCTAssertEqual(maxRetry.hitCount, 3)
  }

  func testBackoffArithmetic_firstRetryIsBaseTimesMultiplier_jitterWithinHalfToFull() {
    let plain = MaxRetryInterceptor(configuration: .init(baseDelay: 0.3, multiplier: 2, maxDelay: 20, enableExponentialBackoff: true,
                                                         enableJitter: false))
    XCTAssertEqual(plain.backoffDelay(forHit: 2), 0.6, accuracy: 1e-9)
    XCTAssertEqual(plain.backoffDelay(forHit: 30), 20, accuracy: 1e-9)
    let jittered = MaxRetryInterceptor(configuration: .init(baseDelay: 0.3, multiplier: 2, enableExponentialBackoff: true))
    for _ in 0..<100 {
      let delay = jittered.backoffDelay(forHit: 2)
      XCTAssertTrue((0.3...0.6).contains(delay))
    }
  }
}

/// Reference §4 ResponseCodeInterceptorTests.
final class ResponseCodeInterceptorTests: XCTestCase {
  func testStatus200WithEmptyData_passesResponseCode_failsInJSONParserWithCouldNotParseToJSON() {
    let chain = InterceptorRequestChain(
      interceptors: [CannedResponseInterceptor(body: ""), ResponseCodeInterceptor(), JSONResponseParsingInterceptor()],
      callbackQueue: callbackQueue)
    let done = exactly(1)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { result in
      guard case .failure(let error) = result,
        case .couldNotParseToJSON(let data)? = error as? JSONResponseParsingInterceptor.JSONResponseParsingError
      else { return XCTFail("\(result)") }
      XCTAssertEqual(data, Data())
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
  }

  func testStatus401WithJSON_invalidResponseCodeWithExactBytes_graphQLErrorWrapsTheWholeBody() {
    let body = #"{"data":{"hero":{"name":"Luke"}}}"#
    let chain = InterceptorRequestChain(
      interceptors: [CannedResponseInterceptor(status: 401, body: body), ResponseCodeInterceptor(), JSONResponseParsingInterceptor()],
      callbackQueue: callbackQueue)
    let done = exactly(1)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { result in
      guard case .failure(let error) = result, let codeError = error as? ResponseCodeInterceptor.ResponseCodeError,
        case .invalidResponseCode(let response, let rawData) = codeError
      else { return XCTFail("\(result)") }
      XCTAssertEqual(response?.statusCode, 401)
      XCTAssertEqual(rawData, Data(body.utf8))
      let hero = (codeError.graphQLError?["data"] as? [String: Any])?["hero"] as? [String: Any]
      XCTAssertEqual(hero?["name"] as? String, "Luke")
      XCTAssertEqual(codeError.graphQLError?.description, "GraphQL Error")
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
  }

  func testStatus401WithText_graphQLErrorIsNil_rawTextKept() {
    let chain = InterceptorRequestChain(
      interceptors: [CannedResponseInterceptor(status: 401, body: "Unauthorized"), ResponseCodeInterceptor()],
      callbackQueue: callbackQueue)
    let done = exactly(1)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { result in
      guard case .failure(let error) = result, let codeError = error as? ResponseCodeInterceptor.ResponseCodeError,
        case .invalidResponseCode(_, let rawData) = codeError
      else { return XCTFail("\(result)") }
      XCTAssertNil(codeError.graphQLError)
      XCTAssertEqual(rawData.map { String(decoding: $0, as: UTF8.self) }, "Unauthorized")
      XCTAssertEqual(codeError.errorDescription, "Received a 401 error. Data returned as a String was: Unauthorized")
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
  }

  func testNoResponse_invalidResponseCodeWithNils() {
    let chain = InterceptorRequestChain(interceptors: [ResponseCodeInterceptor()], callbackQueue: callbackQueue)
    let done = exactly(1)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { result in
      guard case .failure(let error) = result,
        case .invalidResponseCode(nil, nil)? = error as? ResponseCodeInterceptor.ResponseCodeError
      else { return XCTFail("\(result)") }
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
  }
}

/// Reference §4 JSONResponseParsingInterceptorTests.
final class JSONResponseParsingInterceptorTests: XCTestCase {
  func testLoneParserWithoutResponse_failsWithNoResponseToParse() {
    let chain = InterceptorRequestChain(interceptors: [JSONResponseParsingInterceptor()], callbackQueue: callbackQueue)
    let done = exactly(1)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { result in
      guard case .failure(let error) = result,
        case .noResponseToParse? = error as? JSONResponseParsingInterceptor.JSONResponseParsingError
      else { return XCTFail("\(result)") }
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
  }

  func testNetworkFetchThenParser_emptyData_failsWithCouldNotParseToJSON() {
    let client = URLSessionClientOnStreamingSession(session: ScriptedServer(responses: [.raw(Data())]))
    let chain = InterceptorRequestChain(interceptors: [NetworkFetchInterceptor(client: client), JSONResponseParsingInterceptor()],
                                        callbackQueue: callbackQueue)
    let done = exactly(1)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { result in
      guard case .failure(let error) = result,
        case .couldNotParseToJSON(let data)? = error as? JSONResponseParsingInterceptor.JSONResponseParsingError
      else { return XCTFail("\(result)") }
      XCTAssertTrue(data.isEmpty)
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
  }

  func testFetchIgnoringCacheCompletely_fastParse_noRecordsNoDependentKeys() {
    final class Capture: ApolloInterceptor, @unchecked Sendable {
      var id = InterceptorID.next()
      var records: RecordSet??
      func interceptAsync<Operation: GraphQLOperation>(
        chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
        completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
      ) {
        records = .some(response?.cacheRecords)
        chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
      }
    }
    for (policy, expectRecords) in [(CachePolicy.fetchIgnoringCacheCompletely, false), (.fetchIgnoringCacheData, true)] {
      let capture = Capture()
      let chain = InterceptorRequestChain(
        interceptors: [CannedResponseInterceptor(body: r2d2Body), JSONResponseParsingInterceptor(), capture], callbackQueue: callbackQueue)
      let done = exactly(1)
      chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil), cachePolicy: policy)) { result in
        let value = try? result.get()
        XCTAssertEqual(value?.dependentKeys == nil, !expectRecords)
        if expectRecords { XCTAssertTrue(value?.dependentKeys?.contains("Droid:2001.name") == true) }
        done.fulfill()
      }
      wait(for: [done], timeout: 2)
      XCTAssertEqual((capture.records ?? nil) == nil, !expectRecords)
    }
  }

  @available(*, deprecated)
  func testDeprecatedCacheKeyForObjectInitializer_stillCompilesAndKeysRecords() throws {
    let interceptor = JSONResponseParsingInterceptor(cacheKeyForObject: { object in object["id"] })
    let records = try XCTUnwrap(interceptor.normalizer.execute(
      HeroNameQuery(episode: nil), data: ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]], normalizing: true
    ).records)
    XCTAssertNotNil(records["2001"])
  }
}

/// Reference §4 AutomaticPersistedQueriesTests (default provider over a scripted server).
final class AutomaticPersistedQueriesTests: XCTestCase {
  private func send<Operation: GraphQLOperation>(_ operation: Operation, _ stack: ScriptedStack,
                                                 expectFailure: Bool = false) -> Result<GraphQLResult<Operation.Data>, any Error>? {
    let done = exactly(1)
    var outcome: Result<GraphQLResult<Operation.Data>, any Error>?
    _ = stack.transport.send(operation: operation, cachePolicy: .fetchIgnoringCacheData, callbackQueue: callbackQueue) { result in
      outcome = result
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    return outcome
  }

  func testWithoutAPQ_POSTWithQueryDocumentAndVariables() throws {
    let stack = ScriptedStack()
    _ = send(HeroNameQuery(episode: .init(.EMPIRE)), stack)
    let request = try XCTUnwrap(stack.server.requests.first)
    XCTAssertEqual(request.method, "POST")
    XCTAssertEqual(request.query, HeroNameQuery.operationDocument.definition?.queryDocument)
    XCTAssertEqual(request.variables?["episode"], "EMPIRE")
    XCTAssertNil(request.extensions?["persistedQuery"])
  }

  func testAPQQueryAndMutation_POSTWithPersistedQueryExtensionAndNoDocument() throws {
    let stack = ScriptedStack(autoPersistQueries: true)
    _ = send(HeroNameQuery(episode: nil), stack)
    _ = send(CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 3)), stack)
    XCTAssertEqual(stack.server.requests.map(\.method), ["POST", "POST"])
    for (request, identifier) in zip(stack.server.requests, [HeroNameQuery.operationDocument.operationIdentifier,
                                                             CreateReviewMutation.operationDocument.operationIdentifier]) {
      XCTAssertNil(request.query)
      XCTAssertEqual(request.extensions?["persistedQuery"], ["version": 1, "sha256Hash": .string(identifier ?? "")])
    }
  }

  func testAPQWithGETForPersistedQueryRetry_firstRequestIsGETWithoutQuery() throws {
    let stack = ScriptedStack(autoPersistQueries: true, useGETForPersistedQueryRetry: true)
    _ = send(HeroNameQuery(episode: .init(.JEDI)), stack)
    let request = try XCTUnwrap(stack.server.requests.first)
    XCTAssertEqual(request.method, "GET")
    XCTAssertNil(request.query)
    XCTAssertNotNil(request.variables)
    XCTAssertNotNil(request.extensions?["persistedQuery"])
    XCTAssertNil(request.header("Content-Type"))
  }

  func testGETForQueriesWithAuthorizationHeader_GETKeepsHeaderAndSendsQuery() throws {
    let stack = ScriptedStack(useGETForQueries: true, additionalHeaders: ["Authorization": "Bearer x"])
    _ = send(HeroNameQuery(episode: nil), stack)
    let request = try XCTUnwrap(stack.server.requests.first)
    XCTAssertEqual(request.method, "GET")
    XCTAssertEqual(request.header("Authorization"), "Bearer x")
    XCTAssertEqual(request.query, HeroNameQuery.operationDocument.definition?.queryDocument)
  }

  func testAPQWithGETForQueries_GETWithExtensionsWithoutQuery() throws {
    let stack = ScriptedStack(autoPersistQueries: true, useGETForQueries: true)
    _ = send(HeroNameQuery(episode: nil), stack)
    let request = try XCTUnwrap(stack.server.requests.first)
    XCTAssertEqual(request.method, "GET")
    XCTAssertNil(request.query)
    XCTAssertNotNil(request.extensions?["persistedQuery"])
  }

  func testPersistedQueryNotFoundTwice_exactlyTwoRequests_thenPersistedQueryRetryFailed() {
    let notFound = ScriptedResponse.json(["errors": [["message": "PersistedQueryNotFound"]]])
    let stack = ScriptedStack(server: ScriptedServer(responses: [notFound, notFound]), autoPersistQueries: true)
    let outcome = send(HeroNameQuery(episode: nil), stack)
    guard case .failure(let error)? = outcome else { return XCTFail("\(String(describing: outcome))") }
    XCTAssertEqual(error as? AutomaticPersistedQueryInterceptor.APQError, .persistedQueryRetryFailed(operationName: "HeroName"))
    XCTAssertEqual(stack.server.requests.count, 2)
    XCTAssertNil(stack.server.requests[0].query)
    XCTAssertNotNil(stack.server.requests[1].query)
  }

  func testPersistedOnlyOperation_failsWithPersistedQueryNotFoundForPersistedOnlyQuery_noRetry() {
    struct PersistedOnlyQuery: GraphQLQuery {
      static let operationName = "PersistedOnly"
      static let operationDocument = OperationDocument(operationIdentifier: "abc123")
      typealias Data = HeroNameQuery.Data
    }
    let notFound = ScriptedResponse.json(["errors": [["message": "PersistedQueryNotFound"]]])
    let stack = ScriptedStack(server: ScriptedServer(responses: [notFound]), autoPersistQueries: true)
    let outcome = send(PersistedOnlyQuery(), stack)
    guard case .failure(let error)? = outcome else { return XCTFail("\(String(describing: outcome))") }
    XCTAssertEqual(error as? AutomaticPersistedQueryInterceptor.APQError,
                   .persistedQueryNotFoundForPersistedOnlyQuery(operationName: "PersistedOnly"))
    XCTAssertEqual(stack.server.requests.count, 1)
  }

  /// Quirk (§5.36), fixed: sending a document for a persisted-only operation is a typed error, not a crash.
  func testQuirk_persistedOnlyOperationWithoutAPQ_failsWithTypedErrorInsteadOfCrashing() {
    struct PersistedOnlyQuery: GraphQLQuery {
      static let operationName = "PersistedOnly"
      static let operationDocument = OperationDocument(operationIdentifier: "abc123")
      typealias Data = HeroNameQuery.Data
    }
    let stack = ScriptedStack()
    let outcome = send(PersistedOnlyQuery(), stack)
    guard case .failure(let error)? = outcome else { return XCTFail("\(String(describing: outcome))") }
    XCTAssertEqual(error as? RequestBodyError, .missingQueryDocument(operationName: "PersistedOnly"))
    XCTAssertEqual(stack.server.requests.count, 0)
  }
}

/// Reference §4 CacheDependentInterceptorTests.
final class CacheDependentInterceptorTests: XCTestCase {
  func testErrorInterceptorOn401SwitchesToCacheAndRetries_finalSuccessFromCache() throws {
    final class CacheFallback: ApolloErrorInterceptor, @unchecked Sendable {
      let handled = Deliveries<Int>()
      func handleErrorAsync<Operation: GraphQLOperation>(
        error: any Error, chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
        completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
      ) {
        guard case .invalidResponseCode(let response, _)? = error as? ResponseCodeInterceptor.ResponseCodeError else {
          return completion(.failure(error))
        }
        handled.append(response?.statusCode ?? 0)
        request.cachePolicy = .returnCacheDataDontFetch
        chain.retry(request: request, completion: completion)
      }
    }
    let store = ApolloStore()
    try store.publishRecords(store.records(for: HeroNameQuery(episode: nil), data: ["hero": ["__typename": "Droid", "id": "2001", "name": "Cached"]]))
    let handler = CacheFallback()
    let stack = ScriptedStack(server: ScriptedServer(responses: [.json(["errors": [["message": "no"]]], statusCode: 401)]), store: store,
                              provider: { client, store in
      FixedProvider(make: { DefaultInterceptorProvider(client: client, shouldInvalidateClientOnDeinit: false, store: store)
        .interceptors(for: HeroNameQuery(episode: nil)) }, errorInterceptor: handler)
    })
    let done = exactly(1)
    stack.apollo.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackQueue) { result in
      XCTAssertEqual(try? result.get().source, .cache)
      XCTAssertEqual(try? result.get().data?.hero?.name, "Cached")
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    XCTAssertEqual(handler.handled.all, [401])
  }
}

/// Reference §4 DefaultInterceptorProviderTests.
final class DefaultInterceptorProviderTests: XCTestCase {
  func testSecondFetchWithDefaultPolicyComesFromCacheWithoutRequest() {
    let stack = ScriptedStack()
    let first = exactly(1)
    stack.apollo.fetch(query: HeroNameQuery(episode: nil), queue: callbackQueue) { result in
      XCTAssertEqual(try? result.get().source, .server)
      first.fulfill()
    }
    wait(for: [first], timeout: 2)
    let second = exactly(1)
    stack.apollo.fetch(query: HeroNameQuery(episode: nil), queue: callbackQueue) { result in
      XCTAssertEqual(try? result.get().source, .cache)
      second.fulfill()
    }
    wait(for: [second], timeout: 2)
    XCTAssertEqual(stack.server.requests.count, 1)
  }

  func testParserChoice_JSONForPlainOperations_IncrementalForDeferred() {
    let provider = DefaultInterceptorProvider(client: URLSessionClientOnStreamingSession(session: StarWarsScriptedServer.make()), store: ApolloStore())
    let plain = provider.interceptors(for: HeroNameQuery(episode: nil))
    XCTAssertTrue(plain.contains { $0 is JSONResponseParsingInterceptor })
    XCTAssertFalse(plain.contains { $0 is IncrementalJSONResponseParsingInterceptor })
    let deferred = provider.interceptors(for: HeroDeferredQuery())
    XCTAssertFalse(deferred.contains { $0 is JSONResponseParsingInterceptor })
    XCTAssertTrue(deferred.contains { $0 is IncrementalJSONResponseParsingInterceptor })
  }

  func testDefaultOrder() {
    let provider = DefaultInterceptorProvider(client: URLSessionClientOnStreamingSession(session: StarWarsScriptedServer.make()), store: ApolloStore())
    let names = provider.interceptors(for: HeroNameQuery(episode: nil)).map { String(describing: type(of: $0)) }
    XCTAssertEqual(names, ["MaxRetryInterceptor", "CacheReadInterceptor", "NetworkFetchInterceptor", "ResponseCodeInterceptor",
                           "MultipartResponseParsingInterceptor", "JSONResponseParsingInterceptor",
                           "AutomaticPersistedQueryInterceptor", "CacheWriteInterceptor"])
    XCTAssertNil(provider.additionalErrorInterceptor(for: HeroNameQuery(episode: nil)))
  }

  /// Quirk (§5.28), kept: the provider invalidates its client when it goes away, which silently ends its
  /// in-flight requests.
  func testQuirk_providerDeinitInvalidatesTheClient() {
    let client = URLSessionClientOnStreamingSession(session: StarWarsScriptedServer.make())
    var provider: DefaultInterceptorProvider? = DefaultInterceptorProvider(client: client, store: ApolloStore())
    XCTAssertNotNil(provider)
    provider = nil
    XCTAssertTrue(client.isInvalidated)
  }
}
