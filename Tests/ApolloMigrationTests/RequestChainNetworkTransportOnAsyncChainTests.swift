import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloMigration
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

/// The 1.x transport surface on the 2.x engine, under a 1.x `ApolloClient`.
final class RequestChainNetworkTransportOnAsyncChainTests: XCTestCase {
  private func facade(server: ScriptedServer, store: ApolloStore, before: [any V1Interceptor] = [])
    -> RequestChainNetworkTransportOnAsyncChain
  {
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let transport = RequestChainNetworkTransportOnAsyncChain(
      interceptorProvider: ClosureProvider { defaultList(client: client, store: store, beforeFetch: before) },
      endpointURL: endpoint, urlSession: server, store: store)
    transport.clientName = "test-app"
    transport.clientVersion = "1.0"
    return transport
  }

  private func fetch(_ apollo: ApolloCallbackChain.ApolloClient, _ policy: ApolloCallbackChain.CachePolicy,
                     expecting count: Int, context: (any ApolloCallbackChain.RequestContext)? = nil) -> [V1Result<HeroNameQuery.Data>] {
    let results = Recorder<V1Result<HeroNameQuery.Data>>()
    let done = exactly(count, "deliveries")
    apollo.fetch(query: HeroNameQuery(episode: nil), cachePolicy: policy, context: context, queue: callbacks) { result in
      if case .success(let value) = result { results.append(value) } else { XCTFail("unexpected \(result)") }
      done.fulfill()
    }
    XCTAssertEqual(XCTWaiter().wait(for: [done], timeout: 5), .completed)
    settle()
    return results.values
  }

  /// A 1.x watcher on the facade: its refetch's cache write carries its `contextIdentifier` through the 2.x
  /// cache stage, so it hears the refetch once (from the server), not a second time as a store change.
  func test_watcherRefetch_isDeliveredOnce_itsOwnWriteIsNotAChange() {
    let hero = { (name: String) -> ScriptedResponse in .json(["data": ["hero": ["__typename": "Droid", "id": "2001", "name": .string(name)]]]) }
    let server = ScriptedServer(responses: [hero("R2-D2"), hero("Artoo")])
    let store = ApolloStore()
    let apollo = ApolloCallbackChain.ApolloClient(networkTransport: facade(server: server, store: store), store: store)
    let names = Recorder<String?>()
    let watcher = apollo.watch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, callbackQueue: callbacks) {
      names.append(try? $0.get().data?.hero?.name)
    }
    let waitForCount = { (count: Int) in
      let deadline = Date().addingTimeInterval(5)
      while names.count < count && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    }
    waitForCount(1)
    watcher.refetch()
    waitForCount(2)
    settle()
    XCTAssertEqual(names.values, ["R2-D2", "Artoo"])
    watcher.cancel()
  }

  func test_returnCacheDataElseFetch_fetchesOnceThenAnswersFromTheCache() {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let apollo = ApolloCallbackChain.ApolloClient(networkTransport: facade(server: server, store: store), store: store)
    XCTAssertEqual(fetch(apollo, .returnCacheDataElseFetch, expecting: 1).map(\.source), [.server])
    XCTAssertEqual(fetch(apollo, .returnCacheDataElseFetch, expecting: 1).map(\.source), [.cache])
    XCTAssertEqual(server.requests.count, 1)
  }

  func test_returnCacheDataAndFetch_deliversTwiceOnAHit() {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let apollo = ApolloCallbackChain.ApolloClient(networkTransport: facade(server: server, store: store), store: store)
    _ = fetch(apollo, .fetchIgnoringCacheData, expecting: 1)
    let results = fetch(apollo, .returnCacheDataAndFetch, expecting: 2)
    XCTAssertEqual(results.map(\.source), [.cache, .server])
    XCTAssertEqual(results.last?.data?.hero?.name, "R2-D2")
    XCTAssertEqual(server.requests.count, 2)
  }

  func test_theContextOfAFetch_reachesTheAdaptedInterceptor() {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let seen = Recorder<String>()
    let apollo = ApolloCallbackChain.ApolloClient(
      networkTransport: facade(server: server, store: store, before: [ContextInterceptor(seen: seen)]), store: store)
    _ = fetch(apollo, .fetchIgnoringCacheData, expecting: 1, context: TraceContext(traceID: "from-call-site"))
    XCTAssertEqual(seen.values, ["from-call-site"])
  }

  /// A completion runs holding no lock of the adapted interceptors: another send's interceptor that waits for the
  /// callback queue (as one that hops to the main queue with `sync` does) while a completion is queued there
  /// does not deadlock with it.
  func test_aQueuedCompletion_andAnotherSendsInterceptorWaitingForItsQueue_bothFinish() {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let queue = DispatchQueue(label: "serial callbacks")
    let gate = DispatchSemaphore(value: 0)
    queue.async { gate.wait() }
    let transport = facade(server: server, store: store, before: [QueueSyncingInterceptor(queue: queue, gate: gate)])
    let first = expectation(description: "first completion")
    let second = expectation(description: "second completion")
    _ = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, callbackQueue: queue) { _ in
      first.fulfill()
    }
    // Until the first result waits on the queue, behind the blocker.
    Thread.sleep(forTimeInterval: 0.3)
    _ = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, callbackQueue: queue) { _ in
      second.fulfill()
    }
    wait(for: [first, second], timeout: 5)
  }

  /// An interceptor that blocks until the main queue is free does not hold up a send the main queue starts meanwhile:
  /// each send's 1.x code runs under a lock of its own, as two 1.x chains ran side by side. Before, one lock per
  /// provider made the main queue's send wait for the blocked interceptor, which waited for the main queue.
  func test_anInterceptorWaitingForTheMainQueue_andASendFromTheMainQueue_bothFinish() {
    let main = DispatchQueue(label: "main-like")
    let blocking = BlockingOnceInterceptor(queue: main)
    let transport = facade(server: StarWarsScriptedServer.make(), store: ApolloStore(), before: [blocking])
    let first = expectation(description: "the blocked send")
    let second = expectation(description: "the main queue's send")
    DispatchQueue.global().async {
      _ = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, callbackQueue: callbacks) { _ in
        first.fulfill()
      }
    }
    main.async {
      _ = blocking.entered.wait(timeout: .now() + 5)
      _ = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, callbackQueue: callbacks) { _ in
        second.fulfill()
      }
    }
    wait(for: [first, second], timeout: 10)
  }

  func test_cancel_staysSilent() {
    let server = ScriptedServer { _ in ScriptedResponse(statusCode: 200, headers: ["Content-Type": "application/json"],
                                                        body: [.data(JSONSerializer.serialize(heroJSON))], headDelay: .milliseconds(300)) }
    let store = ApolloStore()
    let transport = facade(server: server, store: store)
    let nothing = XCTestExpectation(description: "no delivery")
    nothing.isInverted = true
    let cancellable = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, callbackQueue: callbacks) { _ in
      nothing.fulfill()
    }
    cancellable.cancel()
    XCTAssertEqual(XCTWaiter().wait(for: [nothing], timeout: 0.8), .completed)
  }

  /// The returned `Cancellable` lets go of the completion once the request is over, as 1.x's chain did: an app that
  /// keeps it in the object its completion captures has no cycle afterwards.
  func test_theCompletion_isLetGoAfterTheLastDelivery_thoughTheCancellableIsKept() {
    // Its `deinit` cancels the request, as screens do: it runs when the delivery lets go of the completion, which
    // must not hold the delivery's lock then (on Apple platforms NSLock would deadlock; Linux's error-checking
    // NSLock does not, so here the test shows the release only).
    final class Screen {
      var request: (any ApolloCore.Cancellable)?
      deinit { request?.cancel() }
    }
    let server = StarWarsScriptedServer.make()
    let transport = facade(server: server, store: ApolloStore())
    weak var released: Screen?
    let delivered = expectation(description: "delivery")
    do {
      let screen = Screen()
      released = screen
      screen.request = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData,
                                      callbackQueue: callbacks) { _ in
        _ = screen
        delivered.fulfill()
      }
    }
    wait(for: [delivered], timeout: 5)
    let deadline = Date().addingTimeInterval(5)
    while released != nil && Date() < deadline { callbacks.sync {}; Thread.sleep(forTimeInterval: 0.01) }
    XCTAssertNil(released, "the screen is kept only by the completion the Cancellable holds")
  }

  /// So is a cancelled one's.
  func test_theCompletion_isLetGoAtCancel() {
    final class Screen {
      var request: (any ApolloCore.Cancellable)?
      deinit { request?.cancel() }
    }
    let server = ScriptedServer { _ in ScriptedResponse(statusCode: 200, headers: ["Content-Type": "application/json"],
                                                        body: [.data(JSONSerializer.serialize(heroJSON))], headDelay: .milliseconds(300)) }
    let transport = facade(server: server, store: ApolloStore())
    weak var released: Screen?
    do {
      let screen = Screen()
      released = screen
      screen.request = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData,
                                      callbackQueue: callbacks) { _ in _ = screen }
      screen.request?.cancel()
    }
    XCTAssertNil(released)
  }

  /// An upload's URLRequest has its context's timeout, as every 1.x request had.
  func test_anUpload_hasItsContextsTimeout() {
    struct LongTimeout: ApolloCallbackChain.RequestContextTimeoutConfigurable { var requestTimeout: TimeInterval { 300 } }
    let server = StarWarsScriptedServer.make()
    let transport = facade(server: server, store: ApolloStore())
    let done = expectation(description: "upload answered")
    let file = GraphQLFile(fieldName: "file", originalName: "a.txt", mimeType: "text/plain", data: Data("a".utf8))
    _ = transport.upload(operation: HeroNameQuery(episode: nil), files: [file], context: LongTimeout(), callbackQueue: callbacks) { _ in
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    XCTAssertEqual(server.requests.first?.urlRequest.timeoutInterval, 300)
  }

  /// `cancel()` reaches the custom interceptors that are `Cancellable`, as 1.x's `chain.cancel()` did: one that
  /// started work of its own (a token refresh) stops it.
  func test_cancel_cancelsTheCancellableInterceptors() {
    let slow = SlowCancellableInterceptor()
    let transport = facade(server: StarWarsScriptedServer.make(), store: ApolloStore(), before: [slow])
    let cancellable = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData,
                                     callbackQueue: callbacks) { _ in XCTFail("no delivery after cancel") }
    XCTAssertTrue(slow.started.wait(timeout: .now() + 5) == .success)
    cancellable.cancel()
    let deadline = Date().addingTimeInterval(5)
    while slow.cancels.count == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    XCTAssertEqual(slow.cancels.count, 1)
    settle()
  }

  /// Cancels `cancellable`, waits (up to 5 s) for `watcher`'s first `cancel()`, then lets `seconds` pass and the
  /// callback queue drain, so that a second cancel or a delivery after the cancel would be seen.
  private func cancel(_ cancellable: any Cancellable, thenCountTheCancelsOf watcher: CancelRecordingInterceptor,
                      after seconds: TimeInterval) {
    cancellable.cancel()
    let deadline = Date().addingTimeInterval(5)
    while watcher.cancels.count == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    Thread.sleep(forTimeInterval: seconds)
    callbacks.sync {}
  }

  /// A cancel between the parts of a multipart subscription (after the chain's `next` has returned, while parts still
  /// arrive) reaches the `Cancellable` custom interceptors too, once, as 1.x's `chain.cancel()` did at any time; no
  /// part is delivered after it.
  func test_cancelBetweenSubscriptionParts_cancelsTheCancellableInterceptorsOnce() {
    let parts = (0..<3).map { #"{"payload":{"data":{"countdown":\#($0)}}}"# }
    let server = ScriptedServer { _ in .multipart(parts, spec: "subscriptionSpec=1.0", delay: .milliseconds(400)) }
    let watcher = CancelRecordingInterceptor()
    let transport = facade(server: server, store: ApolloStore(), before: [watcher])
    let firstPart = expectation(description: "first part")
    let delivered = Recorder<Bool>()
    let cancellable = transport.send(operation: CountdownSubscription(from: 0, intervalMs: nil), cachePolicy: .fetchIgnoringCacheData,
                                     callbackQueue: callbacks) { result in
      delivered.append((try? result.get().data) != nil)
      if delivered.count == 1 { firstPart.fulfill() }
    }
    wait(for: [firstPart], timeout: 5)
    XCTAssertEqual(watcher.cancels.count, 0, "nothing cancels a subscription that is still running")
    cancel(cancellable, thenCountTheCancelsOf: watcher, after: 1)
    XCTAssertEqual(watcher.cancels.count, 1)
    XCTAssertEqual(delivered.values, [true], "no part after the cancel")
  }

  /// The same for the network half of cache-and-network, which also runs after `next` returned the cached result:
  /// a cancel after the cache's delivery reaches the `Cancellable` interceptors once, and the server's result is
  /// not delivered.
  func test_cancelAfterTheCachedHalfOfCacheAndNetwork_cancelsTheCancellableInterceptorsOnce() {
    let store = ApolloStore()
    let warm = ApolloCallbackChain.ApolloClient(
      networkTransport: facade(server: StarWarsScriptedServer.make(), store: store), store: store)
    _ = fetch(warm, .fetchIgnoringCacheData, expecting: 1)
    let server = ScriptedServer { _ in ScriptedResponse(statusCode: 200, headers: ["Content-Type": "application/json"],
                                                        body: [.data(JSONSerializer.serialize(heroJSON))], headDelay: .milliseconds(500)) }
    let watcher = CancelRecordingInterceptor()
    let transport = facade(server: server, store: store, before: [watcher])
    let cached = expectation(description: "cached result")
    let sources = Recorder<String>()
    let cancellable = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .returnCacheDataAndFetch,
                                     callbackQueue: callbacks) { result in
      sources.append((try? result.get().source == .cache) == true ? "cache" : "other")
      if sources.count == 1 { cached.fulfill() }
    }
    wait(for: [cached], timeout: 5)
    cancel(cancellable, thenCountTheCancelsOf: watcher, after: 0.8)
    XCTAssertEqual(watcher.cancels.count, 1)
    XCTAssertEqual(sources.values, ["cache"], "nothing after the cancel")
  }

  /// A mutation sent with a policy that reads the cache only (`CachePolicy.default` set so, say) still goes to the
  /// server, as on 1.x, whose cache read answered queries only; the interceptors see the policy it was sent with.
  func test_aMutationWithACacheOnlyPolicy_goesToTheServer_asOn1x() {
    let mutation = CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 5, commentary: "Great"))
    for engine in ["1.x", "facade"] {
      let server = StarWarsScriptedServer.make()
      let store = ApolloStore()
      let policies = Recorder<String>()
      let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
      let provider = ClosureProvider { defaultList(client: client, store: store, beforeFetch: [PolicyRecordingInterceptor(policies: policies)]) }
      let transport = callbackTransport(engine, provider: provider, server: server, store: store)
      let done = expectation(description: "\(engine) answered")
      let stars = Recorder<Int>()
      _ = transport.send(operation: mutation, cachePolicy: .returnCacheDataDontFetch, contextIdentifier: nil, context: nil,
                         callbackQueue: callbacks) { result in
        if let value = try? result.get().data?.createReview?.stars { stars.append(value) }
        done.fulfill()
      }
      wait(for: [done], timeout: 5)
      XCTAssertEqual(stars.values, [5], engine)
      XCTAssertEqual(server.requests.count, 1, engine)
      XCTAssertEqual(policies.values, ["returnCacheDataDontFetch"], engine)
    }
  }

  /// An upload's result is written unless `CachePolicy.default` (the policy of 1.x's upload request) ignores the cache
  /// completely, as 1.x's cache write decided.
  func test_anUploadsResult_isWrittenUnlessTheDefaultPolicyIgnoresTheCacheCompletely_asOn1x() {
    let saved = ApolloCallbackChain.CachePolicy.default
    defer { ApolloCallbackChain.CachePolicy.default = saved }
    for policy in [ApolloCallbackChain.CachePolicy.fetchIgnoringCacheCompletely, .returnCacheDataElseFetch] {
      ApolloCallbackChain.CachePolicy.default = policy
      for engine in ["1.x", "facade"] {
        let server = ScriptedServer { _ in .json(heroJSON) }
        let store = ApolloStore()
        let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
        let provider = ClosureProvider { defaultList(client: client, store: store) }
        let transport = callbackTransport(engine, provider: provider, server: server, store: store)
        let done = expectation(description: "\(engine) answered")
        let file = GraphQLFile(fieldName: "file", originalName: "a.txt", mimeType: "text/plain", data: Data("a".utf8))
        _ = transport.upload(operation: HeroNameQuery(episode: nil), files: [file], context: nil, callbackQueue: callbacks) { result in
          XCTAssertEqual(try? result.get().data?.hero?.name, "R2-D2", engine)
          done.fulfill()
        }
        wait(for: [done], timeout: 5)
        settle()
        let written = (try? store.readIfComplete(HeroNameQuery(episode: nil))) != nil
        XCTAssertEqual(written, policy != .fetchIgnoringCacheCompletely, "\(engine), default \(policy)")
      }
    }
  }

  /// An interceptor that makes the upload's `URLRequest` itself (a cURL logger) does not change what is sent: 1.x's
  /// upload request picks a new boundary each time it makes one, but the `Content-Type` on the wire names the
  /// boundary of the body sent with it, on 1.x and on the facade.
  func test_anInterceptorThatMakesTheUploadsURLRequest_leavesTheWiresBoundaryMatchingItsBody() throws {
    for engine in ["1.x", "facade"] {
      let server = ScriptedServer { _ in .json(heroJSON) }
      let store = ApolloStore()
      let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
      let provider = ClosureProvider { defaultList(client: client, store: store, beforeFetch: [URLRequestMakingInterceptor()]) }
      let transport = callbackTransport(engine, provider: provider, server: server, store: store)
      let done = expectation(description: "\(engine) answered")
      let file = GraphQLFile(fieldName: "file", originalName: "a.txt", mimeType: "text/plain", data: Data("a".utf8))
      _ = transport.upload(operation: HeroNameQuery(episode: nil), files: [file], context: nil, callbackQueue: callbacks) { _ in
        done.fulfill()
      }
      wait(for: [done], timeout: 5)
      let sent = try XCTUnwrap(server.requests.first?.urlRequest, engine)
      let contentType = try XCTUnwrap(sent.value(forHTTPHeaderField: "Content-Type"), engine)
      let boundary = try XCTUnwrap(contentType.components(separatedBy: "boundary=").last, engine)
      let body = String(decoding: sent.httpBody ?? Data(), as: UTF8.self)
      XCTAssertTrue(body.hasPrefix("--\(boundary)\r\n"), "\(engine): \(contentType) over a body starting \(body.prefix(60))")
    }
  }

  /// A cache-first send reads the store before `send` returns, as 1.x's kickoff ran `CacheReadInterceptor` inline: a
  /// `clearCache` the caller makes next lands after the read, so the cached hero is what it gets, not a network fetch
  /// of an emptied store. (Where the runtime cannot start a task on the calling thread, the facade keeps no such order:
  /// then only 1.x's is checked.)
  func test_aCacheFirstSend_readsTheStoreBeforeWhatTheCallerDoesNext_asOn1x() throws {
    for engine in CallingThreadTask.startsOnCallingThread ? ["1.x", "facade"] : ["1.x"] {
      let server = StarWarsScriptedServer.make()
      let store = ApolloStore()
      let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
      let policies = Recorder<String>()
      // The recorder sits first, before MaxRetry and CacheRead: it has run once send returns, or nothing did.
      let provider = ClosureProvider { [PolicyRecordingInterceptor(policies: policies)] + defaultList(client: client, store: store) }
      let transport = callbackTransport(engine, provider: provider, server: server, store: store)
      let apollo = ApolloCallbackChain.ApolloClient(networkTransport: transport, store: store)
      _ = fetch(apollo, .fetchIgnoringCacheData, expecting: 1)
      let done = expectation(description: "\(engine) answered")
      let sources = Recorder<String>()
      _ = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .returnCacheDataElseFetch, contextIdentifier: nil,
                         context: nil, callbackQueue: callbacks) { result in
        sources.append((try? result.get().source == .cache) == true ? "cache" : "server")
        done.fulfill()
      }
      XCTAssertEqual(policies.values.count, 2, "\(engine): the cache-first send's interceptors ran before send returned")
      store.clearCache(callbackQueue: callbacks)
      wait(for: [done], timeout: 5)
      XCTAssertEqual(sources.values, ["cache"], engine)
      XCTAssertEqual(server.requests.count, 1, "\(engine): only the warming fetch went to the server")
    }
  }

  /// The persisted-query retry after a cache-and-network hit reads the cache again, as 1.x's `chain.retry` with the
  /// same request ran its `CacheReadInterceptor` again: cache, cache, server on both; and the interceptors of the
  /// retried pass see the policy the app sent, not one the 2.x retry made up.
  func test_thePersistedQueryRetry_readsTheCacheAgain_withTheAppsPolicy_asOn1x() {
    for engine in ["1.x", "facade"] {
      let server = ScriptedServer { request in
        request.query == nil ? .json(["errors": [["message": "PersistedQueryNotFound"]]]) : .json(heroJSON)
      }
      let store = ApolloStore()
      let policies = Recorder<String>()
      let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
      let provider = ClosureProvider { defaultList(client: client, store: store, beforeFetch: [PolicyRecordingInterceptor(policies: policies)]) }
      let transport = callbackTransport(engine, provider: provider, server: server, store: store, autoPersistQueries: true)
      let apollo = ApolloCallbackChain.ApolloClient(networkTransport: transport, store: store)
      _ = fetch(apollo, .fetchIgnoringCacheData, expecting: 1)
      let warming = policies.count
      let sources = fetch(apollo, .returnCacheDataAndFetch, expecting: 3).map { $0.source == .cache ? "cache" : "server" }
      XCTAssertEqual(sources, ["cache", "cache", "server"], engine)
      XCTAssertEqual(Array(policies.values.dropFirst(warming)), ["returnCacheDataAndFetch", "returnCacheDataAndFetch"], engine)
    }
  }

  /// A retry with a new 1.x request (another `context`, which is a `let`) gives the next pass that request, as 1.x's
  /// chain restarted with it; its headers reach the wire.
  func test_aRetryWithANewRequest_theNextPassSeesThatRequest() {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let seen = Recorder<String>()
    let apollo = ApolloCallbackChain.ApolloClient(
      networkTransport: facade(server: server, store: store, before: [ContextRetryingInterceptor(seen: seen)]), store: store)
    _ = fetch(apollo, .fetchIgnoringCacheData, expecting: 1, context: TraceContext(traceID: "first"))
    XCTAssertEqual(seen.values, ["first", "second"])
    XCTAssertEqual(server.requests.map { $0.header("X-Pass") }, ["second"])
  }

  /// The retried request stays the request of the attempts after it: a persisted-query retry that follows (the hash
  /// was unknown) passes the retried request on too, as 1.x's chain did with the request it restarted with.
  func test_aRetriedRequest_staysThroughALaterPersistedQueryRetry() {
    let server = ScriptedServer { request in
      request.query == nil ? .json(["errors": [["message": "PersistedQueryNotFound"]]]) : .json(heroJSON)
    }
    let store = ApolloStore()
    let seen = Recorder<String>()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let transport = RequestChainNetworkTransportOnAsyncChain(
      interceptorProvider: ClosureProvider {
        defaultList(client: client, store: store, beforeFetch: [ContextRetryingInterceptor(seen: seen)])
      },
      endpointURL: endpoint, autoPersistQueries: true, urlSession: server, store: store)
    let apollo = ApolloCallbackChain.ApolloClient(networkTransport: transport, store: store)
    _ = fetch(apollo, .fetchIgnoringCacheData, expecting: 1, context: TraceContext(traceID: "first"))
    XCTAssertEqual(seen.values, ["first", "second", "second"])
    XCTAssertEqual(server.requests.map { $0.query == nil }, [true, false])
  }

  func test_theWireRequest_isThe1xOne() {
    assertSameWireAsNative1x(useGETForQueries: false)
  }

  /// A custom 1.x body creator written as for Apollo 1.x (upstream's `JSONEncodableDictionary`, extending the
  /// default body) puts the same body on the wire under native 1.x and under the facade.
  func test_aCustom1xBodyCreator_givesTheSameWire_onNative1xAndTheFacade() throws {
    struct TracingBodyCreator: ApolloCallbackChain.RequestBodyCreator {
      func requestBody<Operation: GraphQLOperation>(
        for operation: Operation, sendQueryDocument: Bool, autoPersistQuery: Bool
      ) -> JSONEncodableDictionary {
        var body = ApolloCallbackChain.ApolloRequestBodyCreator().requestBody(
          for: operation, sendQueryDocument: sendQueryDocument, autoPersistQuery: autoPersistQuery)
        body["extensions"] = ["trace": "t-1"] as JSONEncodableDictionary
        return body
      }
    }
    let sent = try XCTUnwrap(assertSameWireAsNative1x(useGETForQueries: false, bodyCreator: TracingBodyCreator()))
    XCTAssertEqual(sent.extensions?["trace"], "t-1")
    XCTAssertEqual(sent.variables, ["episode": "EMPIRE"])
  }

  // 2.x adds `Apollo-Require-Preflight` to GET requests; 1.x never sent it, and neither does the facade.
  func test_aGETRequestIsThe1xOne_withoutTheApolloRequirePreflightHeaderThat2xAdds() {
    let facadeRequest = assertSameWireAsNative1x(useGETForQueries: true)
    XCTAssertEqual(facadeRequest?.method, "GET")
    XCTAssertNil(facadeRequest?.header("Apollo-Require-Preflight"))
  }

  @discardableResult
  private func assertSameWireAsNative1x(
    useGETForQueries: Bool,
    bodyCreator: any ApolloCallbackChain.RequestBodyCreator = ApolloCallbackChain.ApolloRequestBodyCreator(),
    line: UInt = #line
  ) -> ScriptedRequest? {
    let operation = HeroNameQuery(episode: .init(.EMPIRE))
    // Native 1.x.
    let nativeServer = StarWarsScriptedServer.make()
    let nativeStore = ApolloStore()
    let nativeClient = URLSessionClientOnStreamingSession(session: nativeServer, callbackQueue: callbacks)
    let native = ApolloCallbackChain.RequestChainNetworkTransport(
      interceptorProvider: ClosureProvider { defaultList(client: nativeClient, store: nativeStore) }, endpointURL: endpoint,
      additionalHeaders: ["X-Custom": "1"], requestBodyCreator: bodyCreator, useGETForQueries: useGETForQueries)
    native.clientName = "test-app"
    native.clientVersion = "1.0"
    // The facade.
    let facadeServer = StarWarsScriptedServer.make()
    let facadeStore = ApolloStore()
    let facadeClient = URLSessionClientOnStreamingSession(session: facadeServer, callbackQueue: callbacks)
    let adapted = RequestChainNetworkTransportOnAsyncChain(
      interceptorProvider: ClosureProvider { defaultList(client: facadeClient, store: facadeStore) }, endpointURL: endpoint,
      additionalHeaders: ["X-Custom": "1"], requestBodyCreator: bodyCreator, useGETForQueries: useGETForQueries,
      urlSession: facadeServer, store: facadeStore)
    adapted.clientName = "test-app"
    adapted.clientVersion = "1.0"

    let done = exactly(2, "both deliveries")
    for transport in [native as any ApolloCallbackChain.NetworkTransport, adapted] {
      _ = transport.send(operation: operation, cachePolicy: .fetchIgnoringCacheData, contextIdentifier: nil, context: nil,
                         callbackQueue: callbacks) { result in
        if case .failure(let error) = result { XCTFail("\(error)") }
        done.fulfill()
      }
    }
    XCTAssertEqual(XCTWaiter().wait(for: [done], timeout: 5), .completed)
    guard let nativeRequest = nativeServer.requests.first, let facadeRequest = facadeServer.requests.first else {
      XCTFail("no request", line: line)
      return nil
    }
    XCTAssertEqual(facadeRequest.urlRequest.allHTTPHeaderFields, nativeRequest.urlRequest.allHTTPHeaderFields, line: line)
    XCTAssertEqual(facadeRequest.urlRequest.url, nativeRequest.urlRequest.url, line: line)
    XCTAssertEqual(facadeRequest.urlRequest.httpBody, nativeRequest.urlRequest.httpBody, line: line)
    XCTAssertEqual(facadeRequest.method, nativeRequest.method, line: line)
    XCTAssertEqual(facadeRequest.header("X-APOLLO-OPERATION-TYPE"), "query", line: line)
    XCTAssertEqual(facadeRequest.extensions?["clientLibrary"]?["version"]?.stringValue, ApolloCallbackChain.Constants.ApolloClientVersion,
                   line: line)
    return facadeRequest
  }
}
