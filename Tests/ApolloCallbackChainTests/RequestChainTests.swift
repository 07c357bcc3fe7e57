@testable import ApolloCallbackChain
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Mirrors upstream 1.x `RequestChainTests` (apollographql/apollo-ios-dev 1.25.7, Tests/ApolloTests/RequestChainTests.swift), and the
/// control flow of `InterceptorRequestChain` (kickoff, proceed, return a value, handle an error, retry, cancel).
final class RequestChainTests: XCTestCase {
  func test_providerReturningNoInterceptors_sendFailsWithNoInterceptors() {
    let errors = ForwardingErrorInterceptor()
    let stack = ScriptedStack(provider: { _, _ in FixedProvider(make: { [] }, errorInterceptor: errors) })
    let done = exactly(1)
    _ = stack.transport.send(operation: HeroNameQuery(episode: nil), callbackQueue: callbackQueue) { result in
      guard case .failure(let error) = result,
        case .noInterceptors? = error as? InterceptorRequestChain.ChainError
      else { return XCTFail("\(result)") }
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    // An empty chain still consults the error interceptor (MIGRATION.md §5.6, 1.x decision 8).
    XCTAssertEqual(errors.seen.count, 1)
  }

  func test_cancelRightAfterSend_cancelsCancellableInterceptorsSynchronously_notOthers_andNeverCompletes() {
    final class CancellableInterceptor: ApolloInterceptor, Cancellable, @unchecked Sendable {
      var id = InterceptorID.next()
      let cancelled = Recorder<Bool>()
      func cancel() { cancelled.append(true) }
      func interceptAsync<Operation: GraphQLOperation>(
        chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
        completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void) {}
    }
    final class NotCancellable: ApolloInterceptor, @unchecked Sendable {
      var id = InterceptorID.next()
      let cancelled = Recorder<Bool>()
      func cancel() { cancelled.append(true) }
      func interceptAsync<Operation: GraphQLOperation>(
        chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
        completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void) {}
    }
    let cancellable = CancellableInterceptor()
    let other = NotCancellable()
    let stack = ScriptedStack(provider: { _, _ in FixedProvider(make: { [cancellable, other] }) })
    let none = exactly(0)
    let chain = stack.transport.send(operation: HeroNameQuery(episode: nil), callbackQueue: callbackQueue) { _ in none.fulfill() }
    chain.cancel()
    XCTAssertEqual(cancellable.cancelled.count, 1)
    XCTAssertEqual(other.cancelled.count, 0)
    XCTAssertTrue((chain as? InterceptorRequestChain)?.isCancelled == true)
    chain.cancel()  // idempotent
    XCTAssertEqual(cancellable.cancelled.count, 1)
    wait(for: [none], timeout: 0.5)
  }

  func test_apqInterceptorWithoutParsedResponse_errorReachesErrorInterceptorAndCompletion() {
    let errors = ForwardingErrorInterceptor()
    let stack = ScriptedStack(provider: { _, _ in
      FixedProvider(make: { [AutomaticPersistedQueryInterceptor()] }, errorInterceptor: errors)
    }, autoPersistQueries: true)
    let done = exactly(1)
    _ = stack.transport.send(operation: HeroNameQuery(episode: nil), callbackQueue: callbackQueue) { result in
      guard case .failure(let error) = result else { return XCTFail("\(result)") }
      XCTAssertEqual(error as? AutomaticPersistedQueryInterceptor.APQError, .noParsedResponse)
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    XCTAssertEqual(errors.seen.values.compactMap { $0 as? AutomaticPersistedQueryInterceptor.APQError }, [.noParsedResponse])
  }

  func test_uploadWiresTheErrorInterceptor_responseCodeErrorSeenByBoth() {
    let errors = ForwardingErrorInterceptor()
    let stack = ScriptedStack(provider: { _, _ in FixedProvider(make: { [ResponseCodeInterceptor()] }, errorInterceptor: errors) })
    let done = exactly(1)
    let file = GraphQLFile(fieldName: "file", originalName: "a.txt", mimeType: "text/plain", data: Data("hi".utf8))
    _ = stack.transport.upload(operation: SingleUploadMutation(file: "a"), files: [file], context: nil, callbackQueue: callbackQueue) { result in
      guard case .failure(let error) = result, error is ResponseCodeInterceptor.ResponseCodeError else { return XCTFail("\(result)") }
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    XCTAssertEqual(errors.seen.count, 1)
    XCTAssertTrue(errors.seen.values.first is ResponseCodeInterceptor.ResponseCodeError)
  }

  func test_defaultInterceptorProviderSubclass_overridesAreHonored() {
    final class Subclass: DefaultInterceptorProvider {
      let marker = ClosureInterceptor()
      let errors = ForwardingErrorInterceptor()
      override func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any ApolloInterceptor] {
        [marker] + super.interceptors(for: operation)
      }
      override func additionalErrorInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> (any ApolloErrorInterceptor)? {
        errors
      }
    }
    var provider: Subclass?
    let server = ScriptedServer(responses: [.json(["data": .null], statusCode: 500)])
    let stack = ScriptedStack(server: server, provider: { client, store in
      let subclass = Subclass(client: client, store: store)
      provider = subclass
      return subclass
    })
    let done = exactly(1)
    _ = stack.transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, callbackQueue: callbackQueue) { result in
      if case .success = result { XCTFail("expected the 500 to fail") }
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    XCTAssertEqual(provider?.marker.hits.count, 1)
    XCTAssertEqual(provider?.errors.seen.count, 1)
  }

  func test_defaultInterceptorsWithErrorsOnlyBody_isSuccessCarryingTheErrors() {
    let server = ScriptedServer(responses: [.json(["errors": [["message": "Bad request, could not start execution!"]]])])
    let stack = ScriptedStack(server: server)
    let done = exactly(1)
    _ = stack.apollo.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackQueue) { result in
      guard case .success(let value) = result else { return XCTFail("\(result)") }
      XCTAssertNil(value.data)
      XCTAssertEqual(value.errors, [GraphQLError(message: "Bad request, could not start execution!")])
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
  }

  func test_acceptHeaderPerOperationType_overridesAdditionalAcceptAndKeepsOtherHeaders() throws {
    let transport = RequestChainNetworkTransport(
      interceptorProvider: FixedProvider(make: { [] }), endpointURL: testEndpoint,
      additionalHeaders: ["Accept": "text/plain", "X-Custom": "kept"])
    let subscription = try transport.constructRequest(for: CountdownSubscription(from: 1, intervalMs: nil), cachePolicy: .default).toURLRequest()
    XCTAssertEqual(subscription.value(forHTTPHeaderField: "Accept"),
                   "multipart/mixed;subscriptionSpec=1.0,application/graphql-response+json,application/json")
    XCTAssertEqual(subscription.value(forHTTPHeaderField: "X-Custom"), "kept")
    for request in [try transport.constructRequest(for: HeroNameQuery(episode: nil), cachePolicy: .default).toURLRequest(),
                    try transport.constructRequest(for: CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 1)),
                                                   cachePolicy: .default).toURLRequest()] {
      XCTAssertEqual(request.value(forHTTPHeaderField: "Accept"),
                     "multipart/mixed;deferSpec=20220824,application/graphql-response+json,application/json")
      XCTAssertEqual(request.value(forHTTPHeaderField: "X-Custom"), "kept")
    }
  }

  /// 1.x added each entry with `addValue`: two names that differ only in case join into one field with both
  /// values, in a fixed order, rather than one of them winning by the dictionary's order.
  func test_headerNamesDifferingOnlyInCase_joinBothValues() throws {
    let request = JSONRequest(operation: HeroNameQuery(episode: nil), graphQLEndpoint: testEndpoint, clientName: "c", clientVersion: "1")
    request.addHeader(name: "X-Trace", value: "upper")
    request.addHeader(name: "x-trace", value: "lower")
    XCTAssertEqual(try request.toURLRequest().value(forHTTPHeaderField: "X-Trace"), "upper,lower")
  }

  func test_queryChain_isReleasedRightAfterTheReferenceIsDropped() {
    let stack = ScriptedStack()
    let done = exactly(1)
    var chain: (any Cancellable)? = stack.transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData,
                                                          callbackQueue: callbackQueue) { _ in done.fulfill() }
    weak let weakChain = chain as AnyObject?
    wait(for: [done], timeout: 2)
    settle()
    XCTAssertNotNil(weakChain)
    chain = nil
    XCTAssertNil(weakChain)
  }

  func test_multipartSubscriptionTwoChunks_twoEqualSuccesses_cancelAndReleaseDeallocates() {
    let part = #"{"payload":{"data":{"countdown":7}}}"#
    let server = ScriptedServer(responses: [.multipart([part, part], boundary: "graphql", spec: "subscriptionSpec=1.0")])
    let stack = ScriptedStack(server: server)
    let done = exactly(2)
    let values = Recorder<Int>()
    var chain: (any Cancellable)? = stack.apollo.subscribe(subscription: CountdownSubscription(from: 1, intervalMs: nil), queue: callbackQueue) { result in
      if case .success(let value) = result, let countdown = value.data?.countdown { values.append(countdown) }
      done.fulfill()
    }
    weak let weakChain = chain as AnyObject?
    wait(for: [done], timeout: 2)
    settle()
    XCTAssertEqual(values.values, [7, 7])
    chain?.cancel()
    chain = nil
    settle()
    XCTAssertNil(weakChain)
  }

  func test_delayingInterceptorThenCancel_neverCompletes() {
    let delaying = ClosureInterceptor { chain, _, _ in
      false  // continues later, below
    }
    let stack = ScriptedStack(provider: { client, store in
      FixedProvider(make: { [delaying] + DefaultInterceptorProvider(client: client, shouldInvalidateClientOnDeinit: false, store: store).interceptors(for: HeroNameQuery(episode: nil)) })
    })
    let none = exactly(0)
    let chain = stack.transport.send(operation: HeroNameQuery(episode: nil), callbackQueue: callbackQueue) { _ in none.fulfill() }
    chain.cancel()
    wait(for: [none], timeout: 0.5)
  }

  func test_cancelAfterCompletion_doesNothing() {
    let stack = ScriptedStack()
    let done = exactly(1)
    let chain = stack.apollo.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackQueue) { _ in
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    chain.cancel()
    settle()
  }

  func test_earlyExitReturnCacheDataDontFetch_hitSucceeds_missFails_bothRelease() throws {
    let stack = ScriptedStack()
    let fill = exactly(1)
    stack.apollo.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackQueue) { _ in fill.fulfill() }
    wait(for: [fill], timeout: 2)

    let hit = exactly(1)
    var chain: (any Cancellable)? = stack.apollo.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .returnCacheDataDontFetch, queue: callbackQueue) {
      result in
      XCTAssertEqual(try? result.get().source, .cache)
      XCTAssertEqual(try? result.get().data?.hero?.name, "R2-D2")
      hit.fulfill()
    }
    weak var weakChain = chain as AnyObject?
    wait(for: [hit], timeout: 2)
    settle()
    chain = nil
    XCTAssertNil(weakChain)

    let miss = exactly(1)
    chain = stack.apollo.fetch(query: HeroNameQuery(episode: .init(.JEDI)), cachePolicy: .returnCacheDataDontFetch, queue: callbackQueue) {
      result in
      guard case .failure(let error) = result else { return XCTFail("\(result)") }
      let executionError = error as? GraphQLExecutionError
      XCTAssertEqual(executionError?.pathString, "hero")
      XCTAssertEqual(executionError?.underlying as? JSONDecodingError, .missingValue)
      miss.fulfill()
    }
    weakChain = chain as AnyObject?
    wait(for: [miss], timeout: 2)
    settle()
    chain = nil
    XCTAssertNil(weakChain)
    XCTAssertEqual(stack.server.requests.count, 1)
  }

  func test_retryAfterFailureWithNewCompletion_deliversFreshlyPublishedData() throws {
    let stack = ScriptedStack()
    let failed = exactly(1)
    let retried = exactly(1)
    var retainedChain: (any Cancellable)? = stack.apollo.fetch(
      query: HeroNameQuery(episode: nil), cachePolicy: .returnCacheDataDontFetch, queue: callbackQueue
    ) { result in
      guard case .failure = result else { return XCTFail("\(result)") }
      failed.fulfill()
    }
    wait(for: [failed], timeout: 2)
    // Publish what the server would have answered, then retry the same chain with a new completion.
    let records = try stack.store.records(for: HeroNameQuery(episode: nil), data: ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]])
    XCTAssertNoThrow(try stack.store.publishRecords(records))
    (retainedChain as? InterceptorRequestChain)?.retry(request: jsonRequest(HeroNameQuery(episode: nil), cachePolicy: .returnCacheDataDontFetch)) {
      result in
      XCTAssertEqual(try? result.get().data?.hero?.name, "R2-D2")
      retried.fulfill()
    }
    wait(for: [retried], timeout: 2)
    weak let weakChain = retainedChain as AnyObject?
    settle()
    retainedChain = nil
    XCTAssertNil(weakChain)
  }

  private struct OrderInterceptor: ApolloInterceptor {
    var id: String = InterceptorID.next()
    let index: Int
    let useDeprecated: Bool
    let calls: Recorder<Int>
    func interceptAsync<Operation: GraphQLOperation>(
      chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
      completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
    ) {
      calls.append(index)
      if useDeprecated {
        (chain as? InterceptorRequestChain)?.proceedAsync(request: request, response: response, completion: completion)
      } else {
        chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
      }
    }
  }

  private func runOrdering(_ deprecated: [Bool]) {
    let calls = Recorder<Int>()
    let interceptors = deprecated.enumerated().map { OrderInterceptor(index: $0.offset, useDeprecated: $0.element, calls: calls) }
    let chain = InterceptorRequestChain(interceptors: interceptors, callbackQueue: callbackQueue)
    let done = exactly(1)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { result in
      guard case .failure(let error) = result, case .invalidIndex(_, let index)? = error as? InterceptorRequestChain.ChainError else {
        return XCTFail("\(result)")
      }
      XCTAssertEqual(index, deprecated.count)
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    XCTAssertEqual(calls.values, Array(0..<deprecated.count))
  }

  func test_proceedAsyncOrdering_deprecatedForm() { runOrdering([true, true, true]) }
  func test_proceedAsyncOrdering_idForm() { runOrdering([false, false, false]) }
  func test_proceedAsyncOrdering_mixedForms() { runOrdering([true, false, false, true, false, true, true, false]) }

  func test_defaultProvider_500WithValidJSON_fails() {
    let server = ScriptedServer(responses: [.json(["data": ["hero": .null]], statusCode: 500)])
    let stack = ScriptedStack(server: server)
    let done = exactly(1)
    stack.apollo.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackQueue) { result in
      guard case .failure(let error) = result,
        case .invalidResponseCode(let response, _)? = error as? ResponseCodeInterceptor.ResponseCodeError
      else { return XCTFail("\(result)") }
      XCTAssertEqual(response?.statusCode, 500)
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
  }

  func test_defaultProvider_contentTypeIsNotChecked() {
    for contentType in ["unknown/type", "application/json", "application/graphql-response+json"] {
      let server = ScriptedServer(responses: [.text(r2d2Body, headers: ["Content-Type": contentType])])
      let stack = ScriptedStack(server: server)
      let done = exactly(1)
      stack.apollo.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackQueue) { result in
        XCTAssertEqual(try? result.get().data?.hero?.name, "R2-D2", contentType)
        done.fulfill()
      }
      wait(for: [done], timeout: 2)
    }
  }

  // MARK: - Control flow

  func test_endOfChainWithoutParsedResponse_failsWithInvalidIndexEqualToCount() {
    let chain = InterceptorRequestChain(interceptors: [ClosureInterceptor(), ClosureInterceptor()], callbackQueue: callbackQueue)
    let done = exactly(1)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { result in
      guard case .failure(let error) = result, case .invalidIndex(let errorChain, 2)? = error as? InterceptorRequestChain.ChainError else {
        return XCTFail("\(result)")
      }
      XCTAssertTrue(errorChain === chain)  // the error holds the chain, as upstream
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
  }

  func test_endOfChainWithParsedResponse_deliversItOnce() {
    let chain = InterceptorRequestChain(interceptors: [CannedResponseInterceptor(body: r2d2Body), JSONResponseParsingInterceptor()],
                                        callbackQueue: callbackQueue)
    let done = exactly(1)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { result in
      XCTAssertEqual(try? result.get().source, .server)
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    settle()
  }

  func test_proceedFromAnInterceptorNotInTheChain_failsWithUnknownInterceptor() {
    let stranger = ClosureInterceptor()
    let done = exactly(1)
    let first = ClosureInterceptor { chain, request, _ in
      guard let request = request as? HTTPRequest<HeroNameQuery> else { return false }
      chain.proceedAsync(request: request, response: nil, interceptor: stranger) { result in
        guard case .failure(let error) = result, case .unknownInterceptor(let id)? = error as? InterceptorRequestChain.ChainError else {
          return XCTFail("\(result)")
        }
        XCTAssertEqual(id, stranger.id)
        done.fulfill()
      }
      return false
    }
    let chain = InterceptorRequestChain(interceptors: [first], callbackQueue: callbackQueue)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { _ in XCTFail("the outer completion is not used") }
    wait(for: [done], timeout: 2)
  }

  func test_duplicateIds_resolveToTheLastIndex() {
    let calls = Recorder<Int>()
    let shared = OrderInterceptor(index: 0, useDeprecated: false, calls: calls)
    // The same struct value twice: proceeding from the first copy resumes after the second one.
    let chain = InterceptorRequestChain(
      interceptors: [shared, OrderInterceptor(index: 1, useDeprecated: false, calls: calls), shared,
                     OrderInterceptor(index: 3, useDeprecated: false, calls: calls)],
      callbackQueue: callbackQueue)
    let done = exactly(1)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { _ in done.fulfill() }
    wait(for: [done], timeout: 2)
    XCTAssertEqual(calls.values, [0, 3])
  }

  func test_deliveryIsAlwaysAsyncOnTheCallbackQueue_evenForSynchronousFailures() {
    let key = DispatchSpecificKey<Bool>()
    callbackQueue.setSpecific(key: key, value: true)
    let chain = InterceptorRequestChain(interceptors: [], callbackQueue: callbackQueue)
    let done = exactly(1)
    let returned = Recorder<Bool>()
    // Kicked off from the callback queue itself: an inline delivery would run before kickoff returns.
    callbackQueue.sync {
      chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { _ in
        XCTAssertEqual(DispatchQueue.getSpecific(key: key), true)
        XCTAssertEqual(returned.count, 1)
        done.fulfill()
      }
      returned.append(true)
    }
    wait(for: [done], timeout: 2)
  }

  func test_errorInterceptor_runsSynchronouslyOnTheRaisingThread() {
    final class ThreadRecordingErrorInterceptor: ApolloErrorInterceptor, @unchecked Sendable {
      var thread: Thread?
      func handleErrorAsync<Operation: GraphQLOperation>(
        error: any Error, chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
        completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
      ) {
        thread = Thread.current
        completion(.failure(error))
      }
    }
    let handler = ThreadRecordingErrorInterceptor()
    let chain = InterceptorRequestChain(interceptors: [], callbackQueue: callbackQueue)
    chain.additionalErrorHandler = handler
    let done = exactly(1)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { _ in done.fulfill() }
    XCTAssertEqual(handler.thread, Thread.current)
    wait(for: [done], timeout: 2)
  }

  func test_errorInterceptor_maySubstituteASuccess() {
    struct Substituting: ApolloErrorInterceptor {
      func handleErrorAsync<Operation: GraphQLOperation>(
        error: any Error, chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
        completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
      ) {
        completion(.success(GraphQLResult(data: nil, extensions: ["substituted": true], errors: nil, source: .cache, dependentKeys: nil)))
      }
    }
    let chain = InterceptorRequestChain(interceptors: [], callbackQueue: callbackQueue)
    chain.additionalErrorHandler = Substituting()
    let done = exactly(1)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { result in
      XCTAssertEqual(try? result.get().extensions?["substituted"], AnyHashable(true))
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
  }

  func test_errorInterceptorThatNeverCompletes_requestNeverCompletes() {
    struct Swallowing: ApolloErrorInterceptor {
      func handleErrorAsync<Operation: GraphQLOperation>(
        error: any Error, chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
        completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void) {}
    }
    let chain = InterceptorRequestChain(interceptors: [], callbackQueue: callbackQueue)
    chain.additionalErrorHandler = Swallowing()
    let none = exactly(0)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { _ in none.fulfill() }
    wait(for: [none], timeout: 0.3)
  }

  func test_returnValueThenProceed_deliversTwiceWithoutDeduplication() {
    let early = ClosureInterceptor { chain, request, _ in
      guard let request = request as? HTTPRequest<HeroNameQuery> else { return false }
      chain.returnValueAsync(for: request, value: GraphQLResult(data: nil, extensions: nil, errors: nil, source: .cache, dependentKeys: nil)) { _ in }
      return true
    }
    // The early value goes to the closure passed with it; thread the real completion through instead:
    let calls = Recorder<GraphQLResult<HeroNameQuery.Data>.Source>()
    let done = exactly(2)
    final class ReturnThenProceed: ApolloInterceptor, @unchecked Sendable {
      var id = InterceptorID.next()
      func interceptAsync<Operation: GraphQLOperation>(
        chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
        completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
      ) {
        chain.returnValueAsync(for: request, value: GraphQLResult(data: nil, extensions: nil, errors: nil, source: .cache, dependentKeys: nil),
                               completion: completion)
        chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
      }
    }
    _ = early
    let chain = InterceptorRequestChain(
      interceptors: [ReturnThenProceed(), CannedResponseInterceptor(body: r2d2Body), JSONResponseParsingInterceptor()],
      callbackQueue: callbackQueue)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { result in
      if let source = try? result.get().source { calls.append(source) }
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    settle()
    XCTAssertEqual(calls.values, [.cache, .server])
  }

  /// MIGRATION.md §5.6, 1.x decision 3, fixed: an error handler that always retries no longer recurses forever once MaxRetry is
  /// exhausted; the retry is refused and the MaxRetry error delivered, once.
  func test_quirk_errorHandlerRetryingAfterMaxRetryIsExhausted_isRefusedAndTheErrorDeliveredOnce() {
    final class AlwaysRetry: ApolloErrorInterceptor, @unchecked Sendable {
      let seen = Recorder<Int>()
      func handleErrorAsync<Operation: GraphQLOperation>(
        error: any Error, chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
        completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
      ) {
        seen.append(1)
        chain.retry(request: request, completion: completion)
      }
    }
    let handler = AlwaysRetry()
    let chain = InterceptorRequestChain(interceptors: [MaxRetryInterceptor(maxRetriesAllowed: 2), ClosureInterceptor()],
                                        callbackQueue: callbackQueue)
    chain.additionalErrorHandler = handler
    let done = exactly(1)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { result in
      guard case .failure(let error) = result,
        case .hitMaxRetryCount(2, "HeroName")? = error as? MaxRetryInterceptor.RetryError
      else { return XCTFail("\(result)") }
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    settle()
    // 3 invalidIndex errors retried (3 passes), then the MaxRetry error, whose retry is refused.
    XCTAssertEqual(handler.seen.count, 4)
  }

  /// Difference from upstream 1.25.7, which loops without bound: an error handler that retries *after* it
  /// returned — a few milliseconds later from another queue, or at once but dispatched elsewhere — meets
  /// the same bound as one that retries before returning. Both timings: the MaxRetry error, once.
  func test_quirk_errorHandlerRetryingLaterFromAnotherQueue_afterMaxRetryIsExhausted_isRefused() {
    final class RetryElsewhere: ApolloErrorInterceptor, @unchecked Sendable {
      // @unchecked Sendable: `seen` is a locked recorder; `delay` is immutable.
      let seen = Recorder<Int>()
      let delay: DispatchTimeInterval?
      init(delay: DispatchTimeInterval?) { self.delay = delay }
      func handleErrorAsync<Operation: GraphQLOperation>(
        error: any Error, chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
        completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
      ) {
        seen.append(1)
        // nonisolated(unsafe): the closure runs once, on that queue, after this call returned; nothing else uses it.
        nonisolated(unsafe) let retry = { chain.retry(request: request, completion: completion) }
        let queue = DispatchQueue(label: "RetryElsewhere")
        if let delay { queue.asyncAfter(deadline: .now() + delay) { retry() } } else { queue.async { retry() } }
      }
    }
    for delay in [DispatchTimeInterval?.none, .milliseconds(5)] {
      let handler = RetryElsewhere(delay: delay)
      let chain = InterceptorRequestChain(interceptors: [MaxRetryInterceptor(maxRetriesAllowed: 2), ClosureInterceptor()],
                                          callbackQueue: callbackQueue)
      chain.additionalErrorHandler = handler
      let deliveries = Recorder<String>()
      let done = expectation(description: "MaxRetry error delivered (delay \(String(describing: delay)))")
      chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { result in
        if case .failure(let error) = result, case .hitMaxRetryCount(2, "HeroName")? = error as? MaxRetryInterceptor.RetryError {
          deliveries.append("hitMaxRetryCount")
          done.fulfill()
        } else {
          deliveries.append("\(result)")
        }
      }
      wait(for: [done], timeout: 2)
      Thread.sleep(forTimeInterval: 0.05)  // a looping chain would keep calling the handler meanwhile
      settle()
      XCTAssertEqual(deliveries.values, ["hitMaxRetryCount"], "delay \(String(describing: delay))")
      XCTAssertEqual(handler.seen.count, 4, "3 passes retried, then the MaxRetry error; delay \(String(describing: delay))")
    }
  }

  /// Difference from upstream 1.25 (found by the fault soak): a delivery already queued on the callback
  /// queue when `cancel()` is called does not run. Upstream checks for cancellation only before the hop.
  func test_quirk_deliveryQueuedBeforeCancel_doesNotRunAfterIt() {
    let queue = DispatchQueue(label: "suspended-callbacks")
    queue.suspend()
    let chain = InterceptorRequestChain(interceptors: [], callbackQueue: queue)
    let deliveries = Recorder<String>()
    let value = GraphQLResult<HeroNameQuery.Data>(data: nil, extensions: nil, errors: nil, source: .server, dependentKeys: nil)
    chain.returnValueAsync(for: jsonRequest(HeroNameQuery(episode: nil)), value: value) { _ in deliveries.append("value") }
    chain.handleErrorAsync(URLError(.badServerResponse), request: jsonRequest(HeroNameQuery(episode: nil)), response: nil) { _ in
      deliveries.append("error")
    }
    chain.cancel()
    queue.resume()
    queue.sync {}
    XCTAssertEqual(deliveries.values, [], "both deliveries were queued before cancel() and must not run after it")

    // Without a cancel, the same queued deliveries run.
    let other = DispatchQueue(label: "suspended-callbacks-2")
    other.suspend()
    let live = InterceptorRequestChain(interceptors: [], callbackQueue: other)
    live.returnValueAsync(for: jsonRequest(HeroNameQuery(episode: nil)), value: value) { _ in deliveries.append("value") }
    other.resume()
    other.sync {}
    XCTAssertEqual(deliveries.values, ["value"])
  }

  /// MIGRATION.md §5.6, 1.x decision 2, fixed: the error handler's completion is silent once the chain is cancelled.
  func test_quirk_errorHandlerCompletionAfterCancel_isSilent() {
    final class LateForwarder: ApolloErrorInterceptor, @unchecked Sendable {
      func handleErrorAsync<Operation: GraphQLOperation>(
        error: any Error, chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
        completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
      ) {
        chain.cancel()
        completion(.failure(error))
      }
    }
    let chain = InterceptorRequestChain(interceptors: [], callbackQueue: callbackQueue)
    chain.additionalErrorHandler = LateForwarder()
    let none = exactly(0)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { _ in none.fulfill() }
    wait(for: [none], timeout: 0.3)
  }

  /// MIGRATION.md §5.6, 1.x decision 1, kept: a cancelled request never completes; no cancellation error exists.
  func test_quirk_cancelledRequestNeverCompletes_evenWhenTheNetworkAnswers() {
    let server = ScriptedServer { _ in
      try await Task.sleep(nanoseconds: 50_000_000)
      return .json(["data": ["hero": .null]])
    }
    let stack = ScriptedStack(server: server)
    let none = exactly(0)
    let chain = stack.apollo.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackQueue) { _ in none.fulfill() }
    chain.cancel()
    wait(for: [none], timeout: 0.5)
  }

  func test_retryAfterCancel_doesNothing() {
    let chain = InterceptorRequestChain(interceptors: [ClosureInterceptor()], callbackQueue: callbackQueue)
    chain.cancel()
    let none = exactly(0)
    chain.retry(request: jsonRequest(HeroNameQuery(episode: nil))) { _ in none.fulfill() }
    wait(for: [none], timeout: 0.3)
  }

  /// Decision: `.main` stays the default callback queue (source compatibility); it runs when the main run
  /// loop runs, which synchronous XCTest waits do.
  func test_defaultCallbackQueueIsMain_deliveredWhileTheMainRunLoopRuns() {
    XCTAssertTrue(Thread.isMainThread)
    let chain = InterceptorRequestChain(interceptors: [])
    let done = exactly(1)
    chain.kickoff(request: jsonRequest(HeroNameQuery(episode: nil))) { _ in
      XCTAssertTrue(Thread.isMainThread)
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
  }

  /// Code from 0.34–1.2: an interceptor without `id`, using the index-based `proceedAsync`.
  @available(*, deprecated)
  func test_interceptorWrittenBeforeIdExisted_compilesAndRuns() {
    struct LegacyHeaderInterceptor: ApolloInterceptor {
      func interceptAsync<Operation: GraphQLOperation>(
        chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
        completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
      ) {
        request.addHeader(name: "X-Legacy", value: "yes")
        chain.proceedAsync(request: request, response: response, completion: completion)
      }
    }
    final class LegacyClassInterceptor: ApolloInterceptor {
      func interceptAsync<Operation: GraphQLOperation>(
        chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
        completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
      ) {
        chain.proceedAsync(request: request, response: response, completion: completion)
      }
    }
    XCTAssertFalse(LegacyHeaderInterceptor().id.isEmpty)
    let first = LegacyClassInterceptor(), second = LegacyClassInterceptor()
    XCTAssertNotEqual(first.id, second.id)
    let stack = ScriptedStack(provider: { client, store in
      FixedProvider(make: {
        [LegacyHeaderInterceptor(), LegacyClassInterceptor()]
          + DefaultInterceptorProvider(client: client, shouldInvalidateClientOnDeinit: false, store: store).interceptors(for: HeroNameQuery(episode: nil))
      })
    })
    let done = exactly(1)
    stack.apollo.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackQueue) { result in
      XCTAssertEqual(try? result.get().data?.hero?.name, "R2-D2")
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    XCTAssertEqual(stack.server.requests.first?.header("X-Legacy"), "yes")
  }

  /// Difference from upstream 1.x, whose `debugDescription` printed every header: credentials appear as
  /// fingerprints; the other headers and the layout are 1.x's.
  func test_httpRequestDebugDescription_redactsCredentials() {
    let request = jsonRequest(HeroNameQuery(episode: nil))
    request.addHeader(name: "Authorization", value: "Bearer secret-token-1")
    request.addHeader(name: "Cookie", value: "session=abc123")
    let text = request.debugDescription
    XCTAssertFalse(text.contains("secret-token-1") || text.contains("abc123"), text)
    XCTAssertTrue(text.contains("\tAuthorization: \(Redaction.secret("Bearer secret-token-1")),"), text)
    XCTAssertTrue(text.contains("\tX-APOLLO-OPERATION-NAME: HeroName,"), text)
    XCTAssertTrue(text.contains("\tX-APOLLO-OPERATION-TYPE: query,"), text)
  }
}
