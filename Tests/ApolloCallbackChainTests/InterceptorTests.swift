@testable import ApolloCallbackChain
import ApolloTestSupport
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
  let retries = Recorder<Int>()
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

/// Mirrors upstream 1.x `MaxRetryInterceptorTests` (apollographql/apollo-ios-dev 1.25.7, Tests/ApolloTests/Interceptors/MaxRetryInterceptorTests.swift).
final class MaxRetryInterceptorTests: XCTestCase {
  func test_blindRetrier_failsWithHitMaxRetryCount15_afterSixteenHits() {
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

  func test_retriesTwiceThenProceeds_succeedsAfterExactlyTwoRetries() {
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

  func test_backoffEnabled_successPathIntact() {
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

  func test_backoffEnabled_blindRetrier_failsWithCount2_hitCount3() {
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

  func test_backoffArithmetic_firstRetryIsBaseTimesMultiplier_jitterWithinHalfToFull() {
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

/// 1.x read a response's members with casts: a member of the wrong JSON type is absent, not a failure.
final class LenientResponseMembersTests: XCTestCase {
  private func outcome(_ body: String) -> Result<GraphQLResult<HeroNameQuery.Data>, any Error>? {
    let chain = InterceptorRequestChain(
      interceptors: [CannedResponseInterceptor(body: body), ResponseCodeInterceptor(), JSONResponseParsingInterceptor()],
      callbackQueue: callbackQueue)
    let done = exactly(1)
    let received = Recorder<Result<GraphQLResult<HeroNameQuery.Data>, any Error>>()
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { result in
      received.append(result)
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    return received.values.first
  }

  func test_errorsThatAreNotAList_readAsNoErrors_andTheResultSucceeds() throws {
    let result = try XCTUnwrap(outcome(#"{"errors":{"message":"Unauthorized"}}"#)).get()
    XCTAssertNil(result.data)
    XCTAssertNil(result.errors)
  }

  /// No `data`, nothing tracked: `dependentKeys` is `nil`, as 1.x's result had it, not an empty set.
  func test_anErrorsOnlyResult_hasNoDependentKeys() throws {
    let result = try XCTUnwrap(outcome(#"{"errors":[{"message":"x"}]}"#)).get()
    XCTAssertEqual(result.errors?.first?.message, "x")
    XCTAssertNil(result.dependentKeys)
  }

  func test_extensionsOfTheWrongType_readAsAbsent_andTheDataIsKept() throws {
    let result = try XCTUnwrap(outcome(#"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}},"extensions":"x"}"#)).get()
    XCTAssertEqual(result.data?.hero?.name, "R2-D2")
    XCTAssertNil(result.extensions)
  }
}

/// Mirrors upstream 1.x `ResponseCodeInterceptorTests` (apollographql/apollo-ios-dev 1.25.7, Tests/ApolloTests/Interceptors/ResponseCodeInterceptorTests.swift).
final class ResponseCodeInterceptorTests: XCTestCase {
  func test_status200WithEmptyData_passesResponseCode_failsInJSONParserWithCouldNotParseToJSON() {
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

  func test_status401WithJSON_invalidResponseCodeWithExactBytes_graphQLErrorWrapsTheWholeBody() {
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

  func test_status401WithText_graphQLErrorIsNil_rawTextKept() {
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

  func test_noResponse_invalidResponseCodeWithNils() {
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

/// Mirrors upstream 1.x `JSONResponseParsingInterceptorTests` (apollographql/apollo-ios-dev 1.25.7, Tests/ApolloTests/Interceptors/JSONResponseParsingInterceptorTests.swift).
final class JSONResponseParsingInterceptorTests: XCTestCase {
  func test_loneParserWithoutResponse_failsWithNoResponseToParse() {
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

  /// 1.x names each data task "<operation type> <operation name>", as upstream's interceptor does.
  func test_networkFetch_describesTheTaskByOperationTypeAndName() {
    final class DescribingClient: URLSessionClient, @unchecked Sendable {
      // @unchecked Sendable: `descriptions` is a Recorder (thread-safe); `inner` is immutable.
      let descriptions = Recorder<String>()
      let inner = URLSessionClientOnStreamingSession(session: ScriptedServer { _ in .raw(Data()) })
      override func sendRequest(_ request: URLRequest, taskDescription: String? = nil,
                                rawTaskCompletionHandler: RawCompletion? = nil,
                                completion: @escaping Completion) -> URLSessionTask {
        descriptions.append(taskDescription ?? "none")
        return inner.sendRequest(request, taskDescription: taskDescription, rawTaskCompletionHandler: rawTaskCompletionHandler,
                                 completion: completion)
      }
    }
    let client = DescribingClient(callbackQueue: nil)
    let done = exactly(2)
    InterceptorRequestChain(interceptors: [NetworkFetchInterceptor(client: client)], callbackQueue: callbackQueue)
      .kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { _ in done.fulfill() }
    InterceptorRequestChain(interceptors: [NetworkFetchInterceptor(client: client)], callbackQueue: callbackQueue)
      .kickoff(request: jsonRequest(CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 3)))) { _ in done.fulfill() }
    wait(for: [done], timeout: 2)
    XCTAssertEqual(Set(client.descriptions.values), ["query HeroName", "mutation CreateReview"])
    client.invalidate()
  }

  func test_networkFetchThenParser_emptyData_failsWithCouldNotParseToJSON() {
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

  func test_fetchIgnoringCacheCompletely_fastParse_noRecordsNoDependentKeys() {
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
  func test_deprecatedCacheKeyForObjectInitializer_stillCompilesAndKeysRecords() throws {
    let interceptor = JSONResponseParsingInterceptor(cacheKeyForObject: { object in object["id"] })
    let records = try XCTUnwrap(interceptor.normalizer.execute(
      HeroNameQuery(episode: nil), data: ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]], normalizing: true
    ).records)
    XCTAssertNotNil(records["2001"])
  }
}

/// Mirrors upstream 1.x `AutomaticPersistedQueriesTests` (apollographql/apollo-ios-dev 1.25.7, Tests/ApolloTests/AutomaticPersistedQueriesTests.swift),
/// with the default provider over a scripted server.
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

  func test_withoutAPQ_postWithQueryDocumentAndVariables() throws {
    let stack = ScriptedStack()
    _ = send(HeroNameQuery(episode: .init(.EMPIRE)), stack)
    let request = try XCTUnwrap(stack.server.requests.first)
    XCTAssertEqual(request.method, "POST")
    XCTAssertEqual(request.query, HeroNameQuery.operationDocument.definition?.queryDocument)
    XCTAssertEqual(request.variables?["episode"], "EMPIRE")
    XCTAssertNil(request.extensions?["persistedQuery"])
  }

  func test_apqQueryAndMutation_postWithPersistedQueryExtensionAndNoDocument() throws {
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

  func test_apqWithGETForPersistedQueryRetry_firstRequestIsGETWithoutQuery() throws {
    let stack = ScriptedStack(autoPersistQueries: true, useGETForPersistedQueryRetry: true)
    _ = send(HeroNameQuery(episode: .init(.JEDI)), stack)
    let request = try XCTUnwrap(stack.server.requests.first)
    XCTAssertEqual(request.method, "GET")
    XCTAssertNil(request.query)
    XCTAssertNotNil(request.variables)
    XCTAssertNotNil(request.extensions?["persistedQuery"])
    XCTAssertNil(request.header("Content-Type"))
  }

  func test_getForQueriesWithAuthorizationHeader_getKeepsHeaderAndSendsQuery() throws {
    let stack = ScriptedStack(useGETForQueries: true, additionalHeaders: ["Authorization": "Bearer x"])
    _ = send(HeroNameQuery(episode: nil), stack)
    let request = try XCTUnwrap(stack.server.requests.first)
    XCTAssertEqual(request.method, "GET")
    XCTAssertEqual(request.header("Authorization"), "Bearer x")
    XCTAssertEqual(request.query, HeroNameQuery.operationDocument.definition?.queryDocument)
  }

  func test_apqWithGETForQueries_getWithExtensionsWithoutQuery() throws {
    let stack = ScriptedStack(autoPersistQueries: true, useGETForQueries: true)
    _ = send(HeroNameQuery(episode: nil), stack)
    let request = try XCTUnwrap(stack.server.requests.first)
    XCTAssertEqual(request.method, "GET")
    XCTAssertNil(request.query)
    XCTAssertNotNil(request.extensions?["persistedQuery"])
  }

  func test_persistedQueryNotFoundTwice_exactlyTwoRequests_thenPersistedQueryRetryFailed() {
    let notFound = ScriptedResponse.json(["errors": [["message": "PersistedQueryNotFound"]]])
    let stack = ScriptedStack(server: ScriptedServer(responses: [notFound, notFound]), autoPersistQueries: true)
    let outcome = send(HeroNameQuery(episode: nil), stack)
    guard case .failure(let error)? = outcome else { return XCTFail("\(String(describing: outcome))") }
    XCTAssertEqual(error as? AutomaticPersistedQueryInterceptor.APQError, .persistedQueryRetryFailed(operationName: "HeroName"))
    XCTAssertEqual(stack.server.requests.count, 2)
    XCTAssertNil(stack.server.requests[0].query)
    XCTAssertNotNil(stack.server.requests[1].query)
  }

  func test_persistedOnlyOperation_failsWithPersistedQueryNotFoundForPersistedOnlyQuery_noRetry() {
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

  /// MIGRATION.md §5.6, 1.x decision 11, fixed: sending a document for a persisted-only operation is a typed error, not a crash.
  func test_quirk_persistedOnlyOperationWithoutAPQ_failsWithTypedErrorInsteadOfCrashing() {
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

/// Mirrors upstream 1.x `CacheDependentInterceptorTests` (apollographql/apollo-ios-dev 1.25.7, Tests/ApolloTests/Cache/CacheDependentInterceptorTests.swift).
final class CacheDependentInterceptorTests: XCTestCase {
  func test_errorInterceptorOn401SwitchesToCacheAndRetries_finalSuccessFromCache() throws {
    final class CacheFallback: ApolloErrorInterceptor, @unchecked Sendable {
      let handled = Recorder<Int>()
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
    XCTAssertEqual(handler.handled.values, [401])
  }
}

/// Mirrors upstream 1.x `DefaultInterceptorProviderTests` (apollographql/apollo-ios-dev 1.25.7, Tests/ApolloTests/DefaultInterceptorProviderTests.swift).
final class DefaultInterceptorProviderTests: XCTestCase {
  func test_secondFetchWithDefaultPolicy_comesFromCacheWithoutRequest() {
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

  func test_parserChoice_jsonForPlainOperations_incrementalForDeferred() {
    let provider = DefaultInterceptorProvider(client: URLSessionClientOnStreamingSession(session: StarWarsScriptedServer.make()), store: ApolloStore())
    let plain = provider.interceptors(for: HeroNameQuery(episode: nil))
    XCTAssertTrue(plain.contains { $0 is JSONResponseParsingInterceptor })
    XCTAssertFalse(plain.contains { $0 is IncrementalJSONResponseParsingInterceptor })
    let deferred = provider.interceptors(for: HeroDeferredQuery())
    XCTAssertFalse(deferred.contains { $0 is JSONResponseParsingInterceptor })
    XCTAssertTrue(deferred.contains { $0 is IncrementalJSONResponseParsingInterceptor })
  }

  func test_defaultInterceptorProvider_listsTheInterceptorsInUpstreamOrder() {
    let provider = DefaultInterceptorProvider(client: URLSessionClientOnStreamingSession(session: StarWarsScriptedServer.make()), store: ApolloStore())
    let names = provider.interceptors(for: HeroNameQuery(episode: nil)).map { String(describing: type(of: $0)) }
    XCTAssertEqual(names, ["MaxRetryInterceptor", "CacheReadInterceptor", "NetworkFetchInterceptor", "ResponseCodeInterceptor",
                           "MultipartResponseParsingInterceptor", "JSONResponseParsingInterceptor",
                           "AutomaticPersistedQueryInterceptor", "CacheWriteInterceptor"])
    XCTAssertNil(provider.additionalErrorInterceptor(for: HeroNameQuery(episode: nil)))
  }

  /// MIGRATION.md §5.6, 1.x decision 13, kept: the provider invalidates its client when it goes away, which silently ends its
  /// in-flight requests.
  func test_quirk_providerDeinitInvalidatesTheClient() {
    let client = URLSessionClientOnStreamingSession(session: StarWarsScriptedServer.make())
    var provider: DefaultInterceptorProvider? = DefaultInterceptorProvider(client: client, store: ApolloStore())
    XCTAssertNotNil(provider)
    provider = nil
    XCTAssertTrue(client.isInvalidated)
  }
}
