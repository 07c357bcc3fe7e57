import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloMigration
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// 1.x interceptors and providers run inside the 2.x chain, driven through the 2.x transport.
final class CallbackInterceptorOnAsyncChainTests: XCTestCase {
  private func send(_ transport: ApolloAsyncChain.RequestChainNetworkTransport,
                    behavior: FetchBehavior = .NetworkOnly) async throws -> (values: [ApolloAsyncChain.GraphQLResponse<HeroNameQuery>], error: (any Error)?) {
    await readToEnd(try transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: behavior, requestConfiguration: RequestConfiguration()))
  }

  func test_tokenInterceptorsHeader_isOnTheWire() async throws {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let tokens = Recorder<String>()
    tokens.append("abc")
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider { defaultList(client: client, store: store, beforeFetch: [TokenInterceptor(tokens: tokens)]) }
    let outcome = try await send(adaptedTransport(server: server, store: store, provider: provider))
    XCTAssertNil(outcome.error)
    XCTAssertEqual(outcome.values.first?.data?.hero?.name, "R2-D2")
    XCTAssertEqual(server.requests.map { $0.header("Authorization") }, ["Bearer abc"])
  }

  /// 1.x's `retry` did nothing once the chain was cancelled. A retry decided when the request's task has just been
  /// cancelled (here by the interceptor itself, on the chain's task, the moment before) starts no second attempt: the
  /// interceptor is not called again and nothing goes on the wire.
  func test_aRetryDecidedAfterTheCancel_startsNoAttempt_as1xRetryWasANoOpOnceCancelled() async throws {
    final class CancelThenRetry: V1Interceptor, @unchecked Sendable {
      // @unchecked Sendable: `calls` is a Recorder; `id` is constant.
      let id = "cancel-then-retry"
      let calls = Recorder<Int>()
      func interceptAsync<Operation: GraphQLOperation>(
        chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
        completion: @escaping V1Completion<Operation.Data>
      ) {
        calls.append(calls.values.count + 1)
        withUnsafeCurrentTask { $0?.cancel() }
        chain.retry(request: request, completion: completion)
      }
    }
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let hook = CancelThenRetry()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider { defaultList(client: client, store: store, beforeFetch: [hook]) }
    let outcome = try await send(adaptedTransport(server: server, store: store, provider: provider))
    XCTAssertTrue(outcome.error is CancellationError, "\(String(describing: outcome.error))")
    XCTAssertEqual(hook.calls.values, [1])
    XCTAssertEqual(server.requests.count, 0)
  }

  func test_serverResult_dependsOnEveryFieldOfItsRecords_as1xReportsIt() async throws {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider { defaultList(client: client, store: store) }
    let outcome = try await send(adaptedTransport(server: server, store: store, provider: provider))
    XCTAssertNil(outcome.error)
    let result = try XCTUnwrap(outcome.values.first)
    XCTAssertEqual(result.source, .server)
    let expected = Set(["QUERY_ROOT.hero", "Droid:2001.__typename", "Droid:2001.id", "Droid:2001.name"])
    XCTAssertEqual(result.dependentKeys, expected)
  }

  func test_loggingInterceptorAfterTheFetch_seesRawDataAndStatus() async throws {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let log = Recorder<(status: Int, body: String, parsed: Bool)>()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider { defaultList(client: client, store: store, afterFetch: [LoggingInterceptor(log: log)]) }
    let outcome = try await send(adaptedTransport(server: server, store: store, provider: provider))
    XCTAssertNil(outcome.error)
    XCTAssertEqual(log.values.map(\.status), [200])
    XCTAssertEqual(log.values.first?.parsed, false)
    XCTAssertTrue(log.values.first?.body.contains("R2-D2") ?? false)
  }

  func test_interceptorAfterTheParser_seesTheParsedResponse() async throws {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let log = Recorder<(status: Int, body: String, parsed: Bool)>()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider { defaultList(client: client, store: store, afterParsing: [LoggingInterceptor(log: log)]) }
    let outcome = try await send(adaptedTransport(server: server, store: store, provider: provider))
    XCTAssertNil(outcome.error)
    XCTAssertEqual(log.values.map(\.parsed), [true])
    XCTAssertEqual(log.values.first?.status, 200)
  }

  /// With no hook between the fetch and the parser, an interceptor after the parser still sees the real response
  /// (status, headers, body), not a stand-in.
  func test_interceptorAfterTheParser_seesTheRealHeadAndBody_withoutHooksBeforeIt() async throws {
    let body = #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}}"#
    let server = ScriptedServer { _ in .text(body, statusCode: 203, headers: ["Content-Type": "application/json", "X-Trace": "t-9"]) }
    let store = ApolloStore()
    let seen = Recorder<String>()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider { defaultList(client: client, store: store, afterParsing: [HeadRecordingInterceptor(seen: seen)]) }
    let outcome = try await send(adaptedTransport(server: server, store: store, provider: provider))
    XCTAssertNil(outcome.error)
    XCTAssertEqual(seen.values, ["203 t-9 \(body.utf8.count) bytes"])
  }

  /// The error interceptor gets the response that failed, as 1.x's ResponseCodeInterceptor passed it.
  func test_errorInterceptor_getsTheFailedResponse() async throws {
    let server = ScriptedServer { _ in .json(["errors": [["message": "down"]]], statusCode: 500, headers: ["X-Trace": "t-5"]) }
    let store = ApolloStore()
    let seen = Recorder<String>()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider(make: { defaultList(client: client, store: store) },
                                   errorInterceptor: { HeadRecordingErrorInterceptor(seen: seen) })
    _ = try await send(adaptedTransport(server: server, store: store, provider: provider))
    XCTAssertEqual(seen.values.count, 1)
    XCTAssertTrue(seen.values.first?.hasPrefix("500 t-5 ") ?? false, "\(seen.values)")
    XCTAssertFalse(seen.values.first?.hasSuffix(" 0 bytes") ?? true, "the body comes with it")
  }

  func test_reauthenticationOn401_retriesWithTheNewToken() async throws {
    let server = ScriptedServer { request in
      request.header("Authorization") == "Bearer fresh"
        ? .json(heroJSON) : .json(["errors": [["message": "unauthorized"]]], statusCode: 401)
    }
    let store = ApolloStore()
    let tokens = Recorder<String>()
    tokens.append("stale")
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider {
      defaultList(client: client, store: store, beforeFetch: [TokenInterceptor(tokens: tokens)],
                  afterFetch: [ReauthenticatingInterceptor(tokens: tokens)])
    }
    let outcome = try await send(adaptedTransport(server: server, store: store, provider: provider))
    XCTAssertNil(outcome.error)
    XCTAssertEqual(outcome.values.count, 1)
    XCTAssertEqual(server.requests.map { $0.header("Authorization") }, ["Bearer stale", "Bearer fresh"])
  }

  func test_handleErrorAsync_goesThroughTheErrorInterceptorWhichRecoversWithAValue() async throws {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let seen = Recorder<String>()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider(
      make: { defaultList(client: client, store: store, beforeFetch: [FailingInterceptor()]) },
      errorInterceptor: { RecoveringErrorInterceptor(seen: seen) })
    let outcome = try await send(adaptedTransport(server: server, store: store, provider: provider))
    XCTAssertNil(outcome.error)
    XCTAssertEqual(outcome.values.count, 1)
    XCTAssertEqual(outcome.values.first?.extensions?["recovered"] as? Bool, true)
    XCTAssertEqual(seen.values, ["Failure"])
    XCTAssertTrue(server.requests.isEmpty)
  }

  func test_aNetworkError_reachesTheErrorInterceptorAs1xSeesIt() async throws {
    let server = ScriptedServer { _ in .json(["errors": [["message": "boom"]]], statusCode: 500) }
    let store = ApolloStore()
    let seen = Recorder<String>()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider(make: { defaultList(client: client, store: store) },
                                   errorInterceptor: { RecoveringErrorInterceptor(seen: seen) })
    let outcome = try await send(adaptedTransport(server: server, store: store, provider: provider))
    XCTAssertNil(outcome.error)
    XCTAssertEqual(seen.values, ["ResponseCodeError"])
  }

  func test_retryLimit_comesFromThe1xMaxRetryInterceptor() async throws {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let count = Recorder<Int>()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider {
      defaultList(client: client, store: store, maxRetries: 2, beforeFetch: [BlindRetryInterceptor(count: count)])
    }
    let outcome = try await send(adaptedTransport(server: server, store: store, provider: provider))
    XCTAssertEqual(count.count, 3)
    guard case .hitMaxRetryCount(let limit, _)? = outcome.error as? ApolloCallbackChain.MaxRetryInterceptor.RetryError else {
      return XCTFail("expected hitMaxRetryCount, got \(String(describing: outcome.error))")
    }
    XCTAssertEqual(limit, 2)
  }

  /// 1.x reads the cache once, at `CacheReadInterceptor`'s place, with the policy the request has there: an
  /// interceptor before it that sets `returnCacheDataDontFetch` makes it a cache-only request (the empty cache
  /// fails it, nothing is sent); one after it changes no read, and the fetch goes ahead. Natively and adapted alike.
  func test_aCachePolicyChangedBeforeTheCacheRead_decidesTheRead_oneChangedAfterItDoesNot() async throws {
    for changedBeforeTheRead in [true, false] {
      for adapted in [true, false] {
        let server = StarWarsScriptedServer.make()
        let store = ApolloStore()
        let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
        let provider = ClosureProvider {
          changedBeforeTheRead
            ? [PolicyInterceptor(.returnCacheDataDontFetch)] + defaultList(client: client, store: store)
            : defaultList(client: client, store: store, beforeFetch: [PolicyInterceptor(.returnCacheDataDontFetch)])
        }
        let label = "\(changedBeforeTheRead ? "before" : "after") the read, \(adapted ? "adapted" : "native 1.x")"
        let outcome: (values: Int, failed: Bool)
        if adapted {
          // NetworkOnly asked (fetchIgnoringCacheData, as the native call below).
          let result = try await send(adaptedTransport(server: server, store: store, provider: provider))
          outcome = (result.values.count, result.error != nil)
        } else {
          let native = ApolloCallbackChain.RequestChainNetworkTransport(interceptorProvider: provider, endpointURL: endpoint)
          outcome = await withCheckedContinuation { continuation in
            _ = native.send(operation: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, contextIdentifier: nil,
                            context: nil, callbackQueue: callbacks) { result in
              continuation.resume(returning: ((try? result.get()) == nil ? 0 : 1, (try? result.get()) == nil))
            }
          }
        }
        XCTAssertEqual(server.requests.count, changedBeforeTheRead ? 0 : 1, label)
        XCTAssertEqual(outcome.values, changedBeforeTheRead ? 0 : 1, label)
        XCTAssertEqual(outcome.failed, changedBeforeTheRead, label)
      }
    }
  }

  /// A 2.x transport over the default 1.x list with a ContextInterceptor before the fetch, recording the trace ids it sees.
  private func contextRecordingTransport() -> (transport: ApolloAsyncChain.RequestChainNetworkTransport, store: ApolloStore,
                                               seen: Recorder<String>) {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let seen = Recorder<String>()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider { defaultList(client: client, store: store, beforeFetch: [ContextInterceptor(seen: seen)]) }
    return (adaptedTransport(server: server, store: store, provider: provider), store, seen)
  }

  func test_contextBoundAroundAnAwaitedFetch_isVisibleToTheInterceptor() async throws {
    let (transport, store, seen) = contextRecordingTransport()
    let apollo = ApolloAsyncChain.ApolloClient(networkTransport: transport, store: store)
    let response = try await CallbackRequestContext.withContext(TraceContext(traceID: "t-2")) {
      try await apollo.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
    }
    XCTAssertEqual(response.data?.hero?.name, "R2-D2")
    XCTAssertEqual(seen.values, ["t-2"])
  }

  func test_contextBoundByTheCaller_isVisibleToTheInterceptor() async throws {
    let (transport, _, seen) = contextRecordingTransport()
    let stream = try CallbackRequestContext.withContext(TraceContext(traceID: "t-1")) {
      try transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration())
    }
    let outcome = await readToEnd(stream)
    XCTAssertNil(outcome.error)
    XCTAssertEqual(seen.values, ["t-1"])
  }

  func test_anInterceptorThatNeverCallsOnward_endsTheRequestAfterTheTimeout() async throws {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider { defaultList(client: client, store: store, beforeFetch: [SilentInterceptor()]) }
    let started = ContinuousClock.now
    let outcome = try await send(adaptedTransport(server: server, store: store, provider: provider, timeout: .milliseconds(200)))
    guard case .neverCalledOnward(let name, let timeout)? = outcome.error as? CallbackInterceptorError else {
      return XCTFail("expected neverCalledOnward, got \(String(describing: outcome.error))")
    }
    XCTAssertEqual(name, "SilentInterceptor")
    XCTAssertEqual(timeout, .milliseconds(200))
    XCTAssertLessThan(ContinuousClock.now - started, .seconds(3))
    XCTAssertTrue(server.requests.isEmpty)
  }

  func test_proceedingTwice_endsTheRequestWithOneErrorAndNoNetworkRequest() async throws {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider { defaultList(client: client, store: store, beforeFetch: [ProceedTwiceInterceptor()]) }
    let outcome = try await send(adaptedTransport(server: server, store: store, provider: provider))
    XCTAssertTrue(outcome.values.isEmpty)
    guard case .calledOnwardTwice(_, let first, let second)? = outcome.error as? CallbackInterceptorError else {
      return XCTFail("expected calledOnwardTwice, got \(String(describing: outcome.error))")
    }
    XCTAssertEqual([first, second], ["proceedAsync", "proceedAsync"])
    XCTAssertTrue(server.requests.isEmpty)
  }

  func test_usingTheChainAfterCancellingIt_isATypedError() async throws {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider { defaultList(client: client, store: store, beforeFetch: [CancelThenProceedInterceptor()]) }
    let outcome = try await send(adaptedTransport(server: server, store: store, provider: provider))
    guard case .chainUsedAfterCancel(_, let verb)? = outcome.error as? CallbackInterceptorError else {
      return XCTFail("expected chainUsedAfterCancel, got \(String(describing: outcome.error))")
    }
    XCTAssertEqual(verb, "proceedAsync")
    XCTAssertTrue(server.requests.isEmpty)
  }
}

/// `chain.cancel()` after `proceedAsync` still cancels (1.x: nothing is delivered after a cancel).
final class CallbackCancelAfterProceedTests: XCTestCase {
  func test_cancelAfterProceeding_endsTheRequestWithCancellation_andDeliversNothing() async throws {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider { defaultList(client: client, store: store, beforeFetch: [ProceedThenCancelInterceptor()]) }
    let outcome = await readToEnd(try adaptedTransport(server: server, store: store, provider: provider)
      .send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration()))
    XCTAssertTrue(outcome.values.isEmpty)
    XCTAssertTrue(outcome.error is CancellationError, "\(String(describing: outcome.error))")
    XCTAssertTrue(server.requests.isEmpty, "the turn ended before the network")
  }

  func test_cancelAfterProceeding_throughThe1xFacade_callsNoCompletion() throws {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider { defaultList(client: client, store: store, beforeFetch: [ProceedThenCancelInterceptor()]) }
    let transport = RequestChainNetworkTransportOnAsyncChain(
      interceptorProvider: provider, endpointURL: endpoint, urlSession: server, store: store)
    let completions = Recorder<String>()
    _ = transport.send(operation: HeroNameQuery(episode: nil), callbackQueue: callbacks) { completions.append("\($0)") }
    settle()
    XCTAssertEqual(completions.values, [])
    XCTAssertTrue(server.requests.isEmpty)
  }
}

/// 1.x's response-code check on the 2.x chain.
final class CallbackResponseCodeOnAsyncChainTests: XCTestCase {
  private func send(_ server: ScriptedServer) async throws -> (response: HTTPURLResponse?, rawData: Data?, values: Int) {
    let store = ApolloStore()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider { defaultList(client: client, store: store) }
    let outcome = await readToEnd(try adaptedTransport(server: server, store: store, provider: provider)
      .send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration()))
    // The caller gets the error the 1.x interceptor raised, as 1.x's caller did.
    guard case .invalidResponseCode(let response, let rawData)? = outcome.error as? ApolloCallbackChain.ResponseCodeInterceptor.ResponseCodeError
    else {
      XCTFail("expected 1.x's invalidResponseCode, got \(String(describing: outcome.error))")
      return (nil, nil, outcome.values.count)
    }
    return (response, rawData, outcome.values.count)
  }

  // 2.x checks the status per chunk, so an empty 500 ends in `noResults` there; the adapted 1.x
  // `ResponseCodeInterceptor` fails on the status as 1.x did, with the (empty) body.
  func test_a500WithAnEmptyBodyFailsWithTheResponseCodeError_as1xNotNoResultsAs2x() async throws {
    let outcome = try await send(ScriptedServer { _ in .text("", statusCode: 500) })
    XCTAssertEqual(outcome.response?.statusCode, 500)
    XCTAssertEqual(outcome.rawData, Data())
    XCTAssertEqual(outcome.values, 0)
  }

  func test_a500WithAJSONBody_keepsTheBodyInTheError() async throws {
    let outcome = try await send(ScriptedServer { _ in .json(["errors": [["message": "down"]]], statusCode: 500) })
    XCTAssertEqual(outcome.response?.statusCode, 500)
    let body = try JSONParser.parseObject(try XCTUnwrap(outcome.rawData))
    XCTAssertEqual(body["errors"]?[0]?["message"]?.stringValue, "down")
  }
}
