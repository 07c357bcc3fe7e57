import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloMigration
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

/// The error a ``ResultWrappingInterceptor`` puts in place of the one its completion received.
private struct ReplacedByHook: Error, CustomStringConvertible {
  let hook: String
  let replaced: String
  var description: String { "\(hook) replaced \(replaced)" }
}

private struct ReplacedByErrorInterceptor: Error {}

/// Answers every error with its own.
private struct ReplacingErrorInterceptor: ApolloCallbackChain.ApolloErrorInterceptor {
  func handleErrorAsync<Operation: GraphQLOperation>(
    error: any Error, chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    completion(.failure(ReplacedByErrorInterceptor()))
  }
}

/// Retries every error (the 1.x `MaxRetryInterceptor` bounds it).
private struct RetryingErrorInterceptor: ApolloCallbackChain.ApolloErrorInterceptor {
  func handleErrorAsync<Operation: GraphQLOperation>(
    error: any Error, chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    chain.retry(request: request, completion: completion)
  }
}

/// A 1.x interceptor after the fetch that wraps the completion it passes on: it logs each result or error the
/// rest of the chain produces, and replaces an error with its own.
private final class ResultWrappingInterceptor: V1Interceptor {
  let id: String
  let log: Recorder<String>
  /// Answers from another queue, later than the call that handed it the result (legal in 1.x).
  let hops: Bool

  init(_ label: String, log: Recorder<String>, hops: Bool = false) {
    self.id = label
    self.log = log
    self.hops = hops
  }

  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    let label = id
    let log = self.log
    let hops = self.hops
    chain.proceedAsync(request: request, response: response, interceptor: self) { result in
      let answer: Result<V1Result<Operation.Data>, any Error>
      switch result {
      case .success(let value):
        log.append("\(label) saw a result from \(value.source)")
        answer = result
      case .failure(let error):
        log.append("\(label) saw \(error)")
        answer = .failure(ReplacedByHook(hook: label, replaced: String(describing: type(of: error))))
      }
      guard hops else { return completion(answer) }
      // 1.x values are not Sendable; the one block that runs later is their only user.
      nonisolated(unsafe) let later = (completion, answer)
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { later.0(later.1) }
    }
  }
}

/// A 1.x interceptor between the fetch and the parser that wraps the completion it passes on sees the chain's
/// results and errors through it, and what it hands on is what the caller gets: natively, and on the 2.x engine
/// through the adapter (the 1.x facade, which runs `CallbackProviderOnAsyncChain`). Before, the adapter dropped
/// that completion: the hook saw nothing and its changes were lost.
final class HTTPHookCompletionTests: XCTestCase {
  private struct Run {
    var log: [String]
    var outcome: String
  }

  private enum Engine: CaseIterable {
    case native1x, facadeOn2x

    /// The 1.x call surface over `provider`: 1.x's own chain, or the facade on the 2.x engine over `server`.
    func transport(provider: any ApolloCallbackChain.InterceptorProvider, server: ScriptedServer, store: ApolloStore,
                   autoPersistQueries: Bool = false) -> any ApolloCallbackChain.NetworkTransport {
      switch self {
      case .native1x:
        ApolloCallbackChain.RequestChainNetworkTransport(interceptorProvider: provider, endpointURL: endpoint,
                                                         autoPersistQueries: autoPersistQueries)
      case .facadeOn2x:
        RequestChainNetworkTransportOnAsyncChain(interceptorProvider: provider, endpointURL: endpoint,
                                                 autoPersistQueries: autoPersistQueries, urlSession: server, store: store)
      }
    }
  }

  private enum Placement {
    case afterFetch, beforeFetch, afterParsing
  }

  private func run(_ engine: Engine, server: ScriptedServer, cachePolicy: ApolloCallbackChain.CachePolicy = .fetchIgnoringCacheData,
                   store: ApolloStore = ApolloStore(), placement: Placement = .afterFetch, hops: Bool = false,
                   errorInterceptor: (() -> any ApolloCallbackChain.ApolloErrorInterceptor)? = nil) -> Run {
    let log = Recorder<String>()
    let client = ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    // Two hooks: the later one's completion runs first, as 1.x threads them.
    let provider = ClosureProvider(make: {
      let hooks = [ResultWrappingInterceptor("outer", log: log, hops: hops), ResultWrappingInterceptor("inner", log: log, hops: hops)]
      return switch placement {
      case .afterFetch: defaultList(client: client, store: store, afterFetch: hooks)
      case .beforeFetch: defaultList(client: client, store: store, beforeFetch: hooks)
      case .afterParsing: defaultList(client: client, store: store, afterParsing: hooks)
      }
    }, errorInterceptor: errorInterceptor)
    let transport = engine.transport(provider: provider, server: server, store: store)
    let done = exactly(1, "completion")
    let outcome = Recorder<String>()
    _ = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: cachePolicy, contextIdentifier: nil, context: nil,
                       callbackQueue: callbacks) { result in
      switch result {
      case .success(let value): outcome.append("\(value.data?.hero?.name ?? "no hero") from \(value.source)")
      case .failure(let error): outcome.append("failed: \(error)")
      }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    return Run(log: log.values, outcome: outcome.values.first ?? "")
  }

  /// Sends HeroName ignoring the cache and waits for its one completion: the hero's name, or "failed".
  private func heroName(sentThrough transport: any ApolloCallbackChain.NetworkTransport) -> String {
    let done = exactly(1, "completion")
    let outcome = Recorder<String>()
    _ = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, contextIdentifier: nil,
                       context: nil, callbackQueue: callbacks) { result in
      outcome.append((try? result.get().data?.hero?.name) ?? "failed")
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    return outcome.values.first ?? ""
  }

  func test_aServerResult_goesBackThroughTheWrappingCompletions_innerFirst() {
    for engine in Engine.allCases {
      let run = run(engine, server: StarWarsScriptedServer.make())
      XCTAssertEqual(run.log, ["inner saw a result from server", "outer saw a result from server"], "\(engine)")
      XCTAssertEqual(run.outcome, "R2-D2 from server", "\(engine)")
    }
  }

  func test_anErrorAfterTheHooks_goesThroughTheirCompletions_andTheirReplacementIsDelivered() {
    for engine in Engine.allCases {
      let run = run(engine, server: ScriptedServer { _ in .json(["errors": [["message": "down"]]], statusCode: 500) })
      XCTAssertEqual(run.log.count, 2, "\(engine): \(run.log)")
      XCTAssertTrue(run.log.first?.hasPrefix("inner saw ") ?? false, "\(engine): \(run.log)")
      XCTAssertEqual(run.log.last, "outer saw inner replaced ResponseCodeError", "\(engine)")
      XCTAssertEqual(run.outcome, "failed: outer replaced ReplacedByHook", "\(engine)")
    }
  }

  /// A completion that answers from another queue, later: the adapted chain waits for the answer rather than
  /// ending without it (before, the result was lost and the caller got noResults).
  func test_completionsThatAnswerLater_stillDeliver_afterTheFetchAndBeforeIt() {
    for placement in [Placement.afterFetch, .beforeFetch] {
      for engine in Engine.allCases {
        let run = run(engine, server: StarWarsScriptedServer.make(), placement: placement, hops: true)
        XCTAssertEqual(run.log, ["inner saw a result from server", "outer saw a result from server"], "\(engine) \(placement)")
        XCTAssertEqual(run.outcome, "R2-D2 from server", "\(engine) \(placement)")
        let failed = self.run(engine, server: ScriptedServer { _ in .json(["errors": [["message": "down"]]], statusCode: 500) },
                              placement: placement, hops: true)
        XCTAssertEqual(failed.outcome, "failed: outer replaced ReplacedByHook", "\(engine) \(placement)")
      }
    }
  }

  /// 1.x's built-in interceptors send an error through `chain.handleErrorAsync` with the completion they were
  /// given, so the error interceptor answers first and the wrapping completions see its answer: a recovered
  /// value or its own error. They never see the error it handled.
  func test_theErrorInterceptorAnswersBeforeTheWrappingCompletions_whereverTheyAre() {
    let failing = { ScriptedServer { _ in .json(["errors": [["message": "down"]]], statusCode: 500) } }
    for placement in [Placement.afterFetch, .beforeFetch] {
      for engine in Engine.allCases {
        let seen = Recorder<String>()
        let recovered = run(engine, server: failing(), placement: placement,
                            errorInterceptor: { RecoveringErrorInterceptor(seen: seen) })
        XCTAssertEqual(seen.values, ["ResponseCodeError"], "\(engine) \(placement)")
        XCTAssertEqual(recovered.log, ["inner saw a result from server", "outer saw a result from server"], "\(engine) \(placement)")
        XCTAssertEqual(recovered.outcome, "no hero from server", "\(engine) \(placement)")

        let replaced = run(engine, server: failing(), placement: placement, errorInterceptor: { ReplacingErrorInterceptor() })
        XCTAssertEqual(replaced.log, ["inner saw ReplacedByErrorInterceptor()", "outer saw inner replaced ReplacedByErrorInterceptor"],
                       "\(engine) \(placement)")
        XCTAssertEqual(replaced.outcome, "failed: outer replaced ReplacedByHook", "\(engine) \(placement)")
      }
    }
  }

  /// An error interceptor that never answers does not hang the request where it now runs (beside the failing
  /// stage): after the adapter's timeout the typed error goes through the wrapping completions and ends it.
  func test_anErrorInterceptorThatNeverAnswers_endsTheRequestThroughTheWrappers_afterTheTimeout() async throws {
    struct SilentErrorInterceptor: ApolloCallbackChain.ApolloErrorInterceptor {
      func handleErrorAsync<Operation: GraphQLOperation>(
        error: any Error, chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
        completion: @escaping V1Completion<Operation.Data>
      ) {}
    }
    let log = Recorder<String>()
    let store = ApolloStore()
    let server = ScriptedServer { _ in .json(["errors": [["message": "down"]]], statusCode: 500) }
    let client = ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider(make: {
      defaultList(client: client, store: store, beforeFetch: [ResultWrappingInterceptor("outer", log: log)],
                  afterFetch: [ResultWrappingInterceptor("inner", log: log)])
    }, errorInterceptor: { SilentErrorInterceptor() })
    let transport = adaptedTransport(server: server, store: store, provider: provider, timeout: .milliseconds(200))
    let outcome = await readToEnd(try transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly,
                                                     requestConfiguration: RequestConfiguration()))
    XCTAssertTrue(outcome.values.isEmpty)
    XCTAssertEqual(outcome.error.map { "\($0)" }, "outer replaced ReplacedByHook")
    XCTAssertEqual(log.values.count, 2, "\(log.values)")
    XCTAssertTrue(log.values.first?.hasPrefix("inner saw neverCalledOnward(interceptor: \"SilentErrorInterceptor\"") ?? false,
                  "\(log.values)")
    XCTAssertEqual(log.values.last, "outer saw inner replaced CallbackInterceptorError")
  }

  /// returnCacheDataAndFetch on a hit hands the cached result over while the network request is still out, on
  /// both engines: the server here answers only once the cached result has arrived.
  func test_cacheAndNetwork_deliversTheCachedResultBeforeTheServerAnswers() {
    for engine in Engine.allCases {
      let store = ApolloStore()
      XCTAssertEqual(run(engine, server: StarWarsScriptedServer.make(), store: store).outcome, "R2-D2 from server", "\(engine)")
      let cachedArrived = DispatchSemaphore(value: 0)
      let waited = Recorder<Bool>()
      let slow = ScriptedServer { request in
        waited.append(cachedArrived.wait(timeout: .now() + 3) == .success)
        return StarWarsScriptedServer.response(to: request)
      }
      let client = ApolloCallbackChain.URLSessionClientOnStreamingSession(session: slow, callbackQueue: callbacks)
      let log = Recorder<String>()
      let provider = ClosureProvider { defaultList(client: client, store: store, beforeFetch: [ResultWrappingInterceptor("pre", log: log)]) }
      let transport = engine.transport(provider: provider, server: slow, store: store)
      let both = exactly(2, "two deliveries")
      let sources = Recorder<String>()
      _ = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .returnCacheDataAndFetch, contextIdentifier: nil,
                         context: nil, callbackQueue: callbacks) { result in
        let source = (try? result.get().source).map { "\($0)" } ?? "failure"
        sources.append(source)
        if source == "cache" { cachedArrived.signal() }
        both.fulfill()
      }
      wait(for: [both], timeout: 5)
      XCTAssertEqual(sources.values, ["cache", "server"], "\(engine)")
      XCTAssertEqual(waited.values, [true], "\(engine): the server answered before the cached result arrived")
      XCTAssertEqual(log.values, ["pre saw a result from server"], "\(engine): the hook after CacheRead sees only the server's")
    }
  }

  /// 1.x's `retry(request:completion:)` starts the chain again under the completion it is given, usually the one
  /// the retrying code held: the wrapping completions of the pass that retried stay threaded outside those of the
  /// next pass, so after one retry a result goes through every wrapper twice (and a wrapper that counts requests in
  /// `interceptAsync` and answers in its completion stays balanced). The adapter retries the 2.x way and threads
  /// them back itself. Retried by the error interceptor (once, twice), and until the retry limit.
  func test_afterARetry_theResultGoesThroughTheWrappersOfEveryPass_as1xThreadsThem() {
    let down = ScriptedResponse.json(["errors": [["message": "down"]]], statusCode: 500)
    for failures in [1, 2, 9] {
      for placement in [Placement.afterFetch, .beforeFetch, .afterParsing] {
        var runs: [Engine: Run] = [:]
        for engine in Engine.allCases {
          let attempts = Recorder<Int>()
          let flaky = ScriptedServer { request in
            attempts.append(1)
            return attempts.values.count <= failures ? down : StarWarsScriptedServer.response(to: request)
          }
          runs[engine] = run(engine, server: flaky, placement: placement, errorInterceptor: { RetryingErrorInterceptor() })
        }
        XCTAssertEqual(runs[.facadeOn2x]?.log, runs[.native1x]?.log, "\(failures) failures, \(placement)")
        XCTAssertEqual(runs[.facadeOn2x]?.outcome, runs[.native1x]?.outcome, "\(failures) failures, \(placement)")
      }
    }
    // The figures themselves, once: one retry, two passes, every wrapper twice.
    let attempts = Recorder<Int>()
    let once = ScriptedServer { request in
      attempts.append(1)
      return attempts.values.count == 1 ? down : StarWarsScriptedServer.response(to: request)
    }
    let retried = run(.facadeOn2x, server: once, placement: .beforeFetch, errorInterceptor: { RetryingErrorInterceptor() })
    XCTAssertEqual(retried.log, ["inner saw a result from server", "outer saw a result from server",
                                 "inner saw a result from server", "outer saw a result from server"])
    XCTAssertEqual(retried.outcome, "R2-D2 from server")
  }

  /// A hook after the fetch that retries on a 401 with the completion it was given (the 1.x re-authentication
  /// pattern): the hooks before it see the result once per pass, natively and adapted.
  func test_aHookThatRetriesWithItsCompletion_threadsTheWrappersBeforeIt_as1x() {
    var runs: [Engine: (log: [String], outcome: String)] = [:]
    for engine in Engine.allCases {
      let server = ScriptedServer { request in
        request.header("Authorization") == "Bearer fresh"
          ? StarWarsScriptedServer.response(to: request)
          : .json(["errors": [["message": "Unauthorized"]]], statusCode: 401)
      }
      let tokens = Recorder<String>()
      let log = Recorder<String>()
      let client = ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
      let provider = ClosureProvider {
        defaultList(client: client, store: ApolloStore(), beforeFetch: [ResultWrappingInterceptor("pre", log: log), TokenInterceptor(tokens: tokens)],
                    afterFetch: [ResultWrappingInterceptor("http", log: log), ReauthenticatingInterceptor(tokens: tokens)])
      }
      let transport = engine.transport(provider: provider, server: server, store: ApolloStore())
      let outcome = heroName(sentThrough: transport)
      runs[engine] = (log.values, outcome)
    }
    XCTAssertEqual(runs[.native1x]?.outcome, "R2-D2")
    XCTAssertEqual(runs[.facadeOn2x]?.outcome, "R2-D2")
    XCTAssertEqual(runs[.facadeOn2x]?.log, runs[.native1x]?.log)
    XCTAssertEqual(runs[.facadeOn2x]?.log.filter { $0.hasPrefix("pre") }.count, 2, "\(runs[.facadeOn2x]?.log ?? [])")
  }

  /// 1.x's `CacheWriteInterceptor` wrote the records before the result went back through any completion, so a
  /// wrapping completion that reads the store finds the result. The adapter writes at the same place.
  func test_aWrappingCompletionThatReadsTheStore_findsTheResult_as1x() {
    final class StoreReading: V1Interceptor, @unchecked Sendable {
      // @unchecked Sendable: immutable; the recorder and the store are thread-safe.
      let id = "store reader"
      let store: ApolloStore
      let found: Recorder<Bool>
      init(store: ApolloStore, found: Recorder<Bool>) {
        self.store = store
        self.found = found
      }
      func interceptAsync<Operation: GraphQLOperation>(
        chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
        completion: @escaping V1Completion<Operation.Data>
      ) {
        let store = self.store
        let found = self.found
        chain.proceedAsync(request: request, response: response, interceptor: self) { result in
          let read = DispatchSemaphore(value: 0)
          store.load(HeroNameQuery(episode: nil), callbackQueue: nil) { cached in
            found.append((try? cached.get()) != nil)
            read.signal()
          }
          read.wait()
          completion(result)
        }
      }
    }
    for placement in [Placement.beforeFetch, .afterFetch, .afterParsing] {
      for engine in Engine.allCases {
        let store = ApolloStore()
        let found = Recorder<Bool>()
        let server = StarWarsScriptedServer.make()
        let client = ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
        let reader = StoreReading(store: store, found: found)
        let provider = ClosureProvider {
          switch placement {
          case .beforeFetch: defaultList(client: client, store: store, beforeFetch: [reader])
          case .afterFetch: defaultList(client: client, store: store, afterFetch: [reader])
          case .afterParsing: defaultList(client: client, store: store, afterParsing: [reader])
          }
        }
        XCTAssertEqual(heroName(sentThrough: engine.transport(provider: provider, server: server, store: store)), "R2-D2")
        XCTAssertEqual(found.values, [true], "\(engine) \(placement)")
      }
    }
  }

  /// What the threading links (each pass's completions, the turns behind them, the completion given to `retry`) is
  /// let go of once the request is over, with and without a retry, and when an interceptor went onward twice: a value
  /// a wrapping completion captured is freed.
  func test_nothingKeepsTheWrappersAfterTheRequest_withOrWithoutARetry() async throws {
    final class Sentinel: Sendable {}
    final class Capturing: V1Interceptor, @unchecked Sendable {
      // @unchecked Sendable: `captured` is written by the chain and read by the test after the request ended.
      let id = "capturing"
      let proceedingTwice: Bool
      weak var captured: Sentinel?
      init(proceedingTwice: Bool) { self.proceedingTwice = proceedingTwice }
      func interceptAsync<Operation: GraphQLOperation>(
        chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
        completion: @escaping V1Completion<Operation.Data>
      ) {
        let sentinel = Sentinel()
        captured = sentinel
        for _ in 0..<(proceedingTwice ? 2 : 1) {
          chain.proceedAsync(request: request, response: response, interceptor: self) { result in
            withExtendedLifetime(sentinel) { completion(result) }
          }
        }
      }
    }
    for failures in [0, 1] {
      let hook = Capturing(proceedingTwice: false)
      let attempts = Recorder<Int>()
      let server = ScriptedServer { request in
        attempts.append(1)
        return attempts.values.count <= failures
          ? .json(["errors": [["message": "down"]]], statusCode: 500) : StarWarsScriptedServer.response(to: request)
      }
      let store = ApolloStore()
      let client = ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
      let provider = ClosureProvider(make: { defaultList(client: client, store: store, beforeFetch: [hook]) },
                                     errorInterceptor: { RetryingErrorInterceptor() })
      let outcome = await readToEnd(try adaptedTransport(server: server, store: store, provider: provider)
        .send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration()))
      XCTAssertNil(outcome.error, "\(failures) failures")
      XCTAssertEqual(outcome.values.count, 1, "\(failures) failures")
      try await expectEventually("the wrapper's capture freed after \(failures) failures") { hook.captured == nil }
    }
    // An interceptor that goes onward twice ends its request with a typed error; nothing of it is kept either.
    let twice = Capturing(proceedingTwice: true)
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let client = ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider { defaultList(client: client, store: store, beforeFetch: [twice]) }
    let outcome = await readToEnd(try adaptedTransport(server: server, store: store, provider: provider)
      .send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration()))
    XCTAssertNotNil(outcome.error as? CallbackInterceptorError)
    try await expectEventually("the capture of an interceptor that went onward twice freed") { twice.captured == nil }
  }

  /// 1.x's retry cancels nothing: a wrapping completion of the pass that retried, run again for the next pass's
  /// result, still finds its chain live (`isCancelled` false). The adapter keeps a retired turn's chain live too.
  func test_aWrapperOfTheRetriedPass_findsItsChainLive_as1x() {
    final class ChainChecking: V1Interceptor, @unchecked Sendable {
      // @unchecked Sendable: immutable; the recorder is thread-safe.
      let id = "chain checking"
      let log: Recorder<String>
      init(log: Recorder<String>) { self.log = log }
      func interceptAsync<Operation: GraphQLOperation>(
        chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
        completion: @escaping V1Completion<Operation.Data>
      ) {
        let log = self.log
        chain.proceedAsync(request: request, response: response, interceptor: self) { result in
          log.append("saw \((try? result.get()) == nil ? "a failure" : "a result"), cancelled \(chain.isCancelled)")
          completion(result)
        }
      }
    }
    var logs: [Engine: [String]] = [:]
    for engine in Engine.allCases {
      let log = Recorder<String>()
      let attempts = Recorder<Int>()
      let server = ScriptedServer { request in
        attempts.append(1)
        return attempts.values.count == 1
          ? .json(["errors": [["message": "down"]]], statusCode: 500) : StarWarsScriptedServer.response(to: request)
      }
      let store = ApolloStore()
      let client = ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
      let provider = ClosureProvider(make: { defaultList(client: client, store: store, beforeFetch: [ChainChecking(log: log)]) },
                                     errorInterceptor: { RetryingErrorInterceptor() })
      XCTAssertEqual(heroName(sentThrough: engine.transport(provider: provider, server: server, store: store)), "R2-D2", "\(engine)")
      logs[engine] = log.values
    }
    XCTAssertEqual(logs[.native1x], ["saw a result, cancelled false", "saw a result, cancelled false"])
    XCTAssertEqual(logs[.facadeOn2x], logs[.native1x])
  }

  /// An interceptor after the parser that sets `fetchIgnoringCacheCompletely` keeps the result out of the store:
  /// 1.x's `CacheWriteInterceptor` read the policy when the result reached it, and so does the adapter's.
  func test_aPolicySetAfterTheParser_decidesTheCacheWrite_as1x() {
    for engine in Engine.allCases {
      let store = ApolloStore()
      let server = StarWarsScriptedServer.make()
      let client = ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
      let provider = ClosureProvider {
        defaultList(client: client, store: store, afterParsing: [PolicyInterceptor(.fetchIgnoringCacheCompletely)])
      }
      XCTAssertEqual(heroName(sentThrough: engine.transport(provider: provider, server: server, store: store)), "R2-D2", "\(engine)")
      let read = DispatchSemaphore(value: 0)
      let cached = Recorder<Bool>()
      store.load(HeroNameQuery(episode: nil), callbackQueue: nil) { result in
        cached.append((try? result.get()) != nil)
        read.signal()
      }
      read.wait()
      XCTAssertEqual(cached.values, [false], "\(engine)")
    }
  }

  /// 1.x's `AutomaticPersistedQueryInterceptor` retries a hash the server does not know with the completion it
  /// was given, so the wrappers of the first pass see the result too; the adapter's 2.x persisted-query retry
  /// threads them back the same way. A wrapper after the parser hears nothing of the first pass's
  /// PersistedQueryNotFound: its completion runs after the persisted-query check, as in 1.x.
  func test_aPersistedQueryRetry_threadsTheWrappers_as1x() {
    var runs: [Engine: (log: [String], outcome: String)] = [:]
    for engine in Engine.allCases {
      let attempts = Recorder<Int>()
      let server = ScriptedServer { request in
        attempts.append(1)
        return attempts.values.count == 1
          ? .json(["errors": [["message": "PersistedQueryNotFound"]]])
          : StarWarsScriptedServer.response(to: request)
      }
      let log = Recorder<String>()
      let store = ApolloStore()
      let client = ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
      let provider = ClosureProvider {
        defaultList(client: client, store: store, beforeFetch: [ResultWrappingInterceptor("pre", log: log)],
                    afterFetch: [ResultWrappingInterceptor("http", log: log)],
                    afterParsing: [ResultWrappingInterceptor("post", log: log)])
      }
      let transport = engine.transport(provider: provider, server: server, store: store, autoPersistQueries: true)
      let outcome = heroName(sentThrough: transport)
      XCTAssertEqual(attempts.values.count, 2, "\(engine)")
      runs[engine] = (log.values, outcome)
    }
    XCTAssertEqual(runs[.native1x]?.outcome, "R2-D2")
    XCTAssertEqual(runs[.facadeOn2x]?.outcome, "R2-D2")
    XCTAssertEqual(runs[.facadeOn2x]?.log, runs[.native1x]?.log)
  }

  func test_aCacheHit_reachesNoHookAfterTheCacheRead_beforeTheFetchOrAfterIt() {
    for placement in [Placement.afterFetch, .beforeFetch, .afterParsing] {
      for engine in Engine.allCases {
        let store = ApolloStore()
        let server = StarWarsScriptedServer.make()
        // The first request writes the hero; the second is answered from the cache.
        XCTAssertEqual(run(engine, server: server, store: store).outcome, "R2-D2 from server", "\(engine) \(placement)")
        let cached = run(engine, server: server, cachePolicy: .returnCacheDataElseFetch, store: store, placement: placement)
        XCTAssertEqual(cached.log, [], "\(engine) \(placement)")
        XCTAssertEqual(cached.outcome, "R2-D2 from cache", "\(engine) \(placement)")
        XCTAssertEqual(server.receivedCount, 1, "\(engine) \(placement)")
      }
    }
  }

  /// A result read from a stream (the network half of a cache-and-network hit) goes through the hooks'
  /// completions too, and once the stream has ended nothing holds them: the turns a send records (completion,
  /// bridge, send) let go of one another, so what a completion captured is freed.
  func test_aStreamedResult_goesThroughTheCompletions_andNothingKeepsThemAfterwards() async throws {
    final class Sentinel: Sendable {}
    final class Capturing: V1Interceptor, @unchecked Sendable {
      // @unchecked Sendable: the test reads `captured` only after the requests have ended.
      let id = "capturing"
      weak var captured: Sentinel?
      let log: Recorder<String>
      init(log: Recorder<String>) { self.log = log }
      func interceptAsync<Operation: GraphQLOperation>(
        chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
        completion: @escaping V1Completion<Operation.Data>
      ) {
        let sentinel = Sentinel()
        captured = sentinel
        let log = self.log
        chain.proceedAsync(request: request, response: response, interceptor: self) { result in
          withExtendedLifetime(sentinel) { log.append((try? result.get().source).map { "\($0)" } ?? "failure") }
          completion(result)
        }
      }
    }
    let log = Recorder<String>()
    let hook = Capturing(log: log)
    let store = ApolloStore()
    let server = StarWarsScriptedServer.make()
    let client = ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider { defaultList(client: client, store: store, afterFetch: [hook]) }
    let apollo = ApolloAsyncChain.ApolloClient(networkTransport: adaptedTransport(server: server, store: store, provider: provider),
                                               store: store)
    _ = try await apollo.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
    var sources: [String] = []
    for try await response in try apollo.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheAndNetwork) {
      sources.append("\(response.source)")
    }
    XCTAssertEqual(sources, ["cache", "server"])
    XCTAssertEqual(log.values, ["server", "server"], "each network result went through the hook's completion")
    try await expectEventually { hook.captured == nil }
  }
}
