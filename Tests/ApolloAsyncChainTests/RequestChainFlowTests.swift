import ApolloAsyncChain
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Order of stages, retries and error propagation through the 2.x chain.
final class RequestChainFlowTests: XCTestCase {
  func test_graphQLInterceptors_runPreflightInArrayOrder_andPostflightInReverse() async throws {
    let events = Recorder<String>()
    struct Tagging: GraphQLInterceptor {
      let tag: String
      let events: Recorder<String>
      func intercept<Request: GraphQLRequest>(request: Request, next: (Request) async -> InterceptorResultStream<Request>)
        async throws -> InterceptorResultStream<Request>
      {
        events.append("pre \(tag)")
        let events = events, tag = tag
        return await next(request).map { events.append("post \(tag)"); return $0 }
      }
    }
    let provider = TestProvider(graphQL: { (0..<3).map { Tagging(tag: "\($0)", events: events) } })
    let harness = Harness(responses: [.json(r2HeroResponse)], provider: provider)
    let (values, error) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertNil(error)
    XCTAssertEqual(values.count, 1)
    XCTAssertEqual(events.values, ["pre 0", "pre 1", "pre 2", "post 2", "post 1", "post 0"])
  }

  func test_singleInterceptor_isCalledOnce() async throws {
    let calls = Recorder<Int>()
    let provider = TestProvider(graphQL: { [BlockInterceptor { _ in calls.append(1) }] })
    let harness = Harness(responses: [.json(r2HeroResponse)], provider: provider)
    _ = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertEqual(calls.count, 1)
  }

  func test_httpInterceptors_runInOrder_andMapChunksFromInnermostOutward() async throws {
    let events = Recorder<String>()
    struct Tagging: HTTPInterceptor {
      let tag: String
      let events: Recorder<String>
      func intercept(request: URLRequest, next: (URLRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
        events.append("pre \(tag)")
        let events = events, tag = tag
        return try await next(request).mapChunks { _, chunk in events.append("chunk \(tag)"); return chunk }
      }
    }
    let provider = TestProvider(http: { [Tagging(tag: "0", events: events), Tagging(tag: "1", events: events)] })
    let harness = Harness(responses: [.json(r2HeroResponse)], provider: provider)
    _ = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertEqual(events.values, ["pre 0", "pre 1", "chunk 1", "chunk 0"])
  }

  func test_emptyBody_endsWithNoResults() async throws {
    let harness = Harness(responses: [.raw(Data(), headers: ["Content-Type": "application/json"])])
    let (values, error) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertTrue(values.isEmpty)
    XCTAssertEqual(error as? ApolloClient.Error, .noResults)
  }

  func test_interceptorAddingHeaderThenRetrying_sendsOneRequestCarryingTheHeader() async throws {
    struct HeaderThenRetry: GraphQLInterceptor {
      func intercept<Request: GraphQLRequest>(request: Request, next: (Request) async -> InterceptorResultStream<Request>)
        async throws -> InterceptorResultStream<Request>
      {
        guard request.additionalHeaders["X-Retried"] == nil else { return await next(request) }
        var changed = request
        changed.addHeader(name: "X-Retried", value: "yes")
        throw RequestChain<Request>.Retry(request: changed)
      }
    }
    let server = ScriptedServer(responses: [.json(r2HeroResponse)])
    let harness = Harness(server: server, provider: TestProvider(graphQL: { [MaxRetryInterceptor(), HeaderThenRetry()] }))
    let (values, error) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertNil(error)
    XCTAssertEqual(values.count, 1)
    XCTAssertEqual(server.requests.count, 1)
    XCTAssertEqual(server.requests.first?.header("X-Retried"), "yes")
  }

  func test_retry_reusesTheSameInterceptorInstances() async throws {
    let retrier = RetryNTimesInterceptor(times: 2)
    let harness = Harness(responses: [.json(r2HeroResponse)], provider: TestProvider(graphQL: { [retrier] }))
    let (values, _) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertEqual(values.count, 1)
    let hits = await retrier.hitCount
    XCTAssertEqual(hits, 3)
  }

  func test_retryOfAnotherRequestType_isAnOrdinaryError() async throws {
    struct WrongRetry: GraphQLInterceptor {
      func intercept<Request: GraphQLRequest>(request: Request, next: (Request) async -> InterceptorResultStream<Request>)
        async throws -> InterceptorResultStream<Request>
      {
        throw RequestChain<JSONRequest<MeQuery>>.Retry(
          request: JSONRequest(operation: MeQuery(), graphQLEndpoint: testEndpoint, fetchBehavior: .NetworkOnly,
                               writeResultsToCache: false, requestTimeout: nil))
      }
    }
    let harness = Harness(responses: [], provider: TestProvider(graphQL: { [WrongRetry()] }))
    let (_, error) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertTrue(error is RequestChain<JSONRequest<MeQuery>>.Retry)
  }

  func test_preflightThrow_becomesFailingStream_seenOnlyByEarlierInterceptors() async throws {
    let seenByEarlier = Recorder<String>()
    let seenByThrower = Recorder<String>()
    struct Observer: GraphQLInterceptor {
      let seen: Recorder<String>
      func intercept<Request: GraphQLRequest>(request: Request, next: (Request) async -> InterceptorResultStream<Request>)
        async throws -> InterceptorResultStream<Request>
      {
        let seen = seen
        return await next(request).mapErrors { error in seen.append("\(error)"); throw error }
      }
    }
    struct Thrower: GraphQLInterceptor {
      let seen: Recorder<String>
      func intercept<Request: GraphQLRequest>(request: Request, next: (Request) async -> InterceptorResultStream<Request>)
        async throws -> InterceptorResultStream<Request>
      {
        throw TestError(id: 7)
      }
    }
    let provider = TestProvider(graphQL: { [Observer(seen: seenByEarlier), Thrower(seen: seenByThrower)] })
    let server = ScriptedServer(responses: [])
    let harness = Harness(server: server, provider: provider)
    let (_, error) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertEqual(error as? TestError, TestError(id: 7))
    XCTAssertEqual(seenByEarlier.count, 1)
    XCTAssertEqual(seenByThrower.count, 0)
    XCTAssertTrue(server.requests.isEmpty)
  }

  func test_httpInterceptorThrowingBeforeNext_reachesGraphQLMapErrors_andIsRethrown() async throws {
    struct FailingHTTP: HTTPInterceptor {
      func intercept(request: URLRequest, next: (URLRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
        throw TestError(id: 3)
      }
    }
    let seen = Recorder<String>()
    let provider = TestProvider(
      graphQL: { [MapErrorsInterceptor { error in seen.append("\(error)"); throw error }] }, http: { [FailingHTTP()] })
    let harness = Harness(responses: [.json(r2HeroResponse)], provider: provider)
    let (_, error) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertEqual(error as? TestError, TestError(id: 3))
    XCTAssertEqual(seen.count, 1)
  }

  func test_mapErrors_replacingWithResult_emitsItAndCompletes() async throws {
    let replacement = ParsedResult<HeroNameQuery>(
      result: GraphQLResponse(data: try GraphQLExecutor.execute(HeroNameQuery(episode: nil), data: r2HeroData, normalizing: false).data, extensions: nil, errors: nil, source: .server, dependentKeys: nil),
      cacheRecords: nil)
    let provider = TestProvider(graphQL: { [MapErrorsInterceptor { _ in replacement }] })
    let harness = Harness(responses: [.failure(URLError(.notConnectedToInternet))], provider: provider)
    let (values, error) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertNil(error)
    XCTAssertEqual(values.map(\.data?.hero?.name), ["R2-D2"])
  }

  func test_mapErrors_replacingWithServerResultWithRecords_writesItToTheCache() async throws {
    let store = ApolloStore()
    let records = try store.records(for: HeroNameQuery(episode: nil), data: r2HeroData)
    let replacement = ParsedResult<HeroNameQuery>(
      result: GraphQLResponse(data: try GraphQLExecutor.execute(HeroNameQuery(episode: nil), data: r2HeroData, normalizing: false).data, extensions: nil, errors: nil, source: .server, dependentKeys: nil),
      cacheRecords: records)
    let provider = TestProvider(graphQL: { [MapErrorsInterceptor { _ in replacement }] })
    let harness = Harness(responses: [.failure(URLError(.timedOut))], provider: provider, store: store)
    _ = try await collect(harness.send(HeroNameQuery(episode: nil)))
    let cached = try await store.load(HeroNameQuery(episode: nil))
    XCTAssertEqual(cached?.data?.hero?.name, "R2-D2")
  }

  func test_mapErrors_returningNil_suppressesTheError_andTheAttemptEndsWithNoResults() async throws {
    let provider = TestProvider(graphQL: { [MapErrorsInterceptor { _ in nil }] })
    let harness = Harness(responses: [.failure(URLError(.timedOut))], provider: provider)
    let (values, error) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertTrue(values.isEmpty)
    XCTAssertEqual(error as? ApolloClient.Error, .noResults)
  }

  func test_mapErrors_throwingANewError_replacesTheOriginal() async throws {
    let provider = TestProvider(graphQL: { [MapErrorsInterceptor { _ in throw TestError(id: 9) }] })
    let harness = Harness(responses: [.failure(URLError(.timedOut))], provider: provider)
    let (_, error) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertEqual(error as? TestError, TestError(id: 9))
  }

  func test_mapErrors_seesRetryFromALaterInterceptor_andSwallowingItLosesTheRetry() async throws {
    let seen = Recorder<String>()
    let retrier = RetryNTimesInterceptor(times: 1)
    let provider = TestProvider(graphQL: {
      [MapErrorsInterceptor { error in seen.append(String(describing: type(of: error))); return nil }, retrier]
    })
    let server = ScriptedServer(responses: [.json(r2HeroResponse)])
    let harness = Harness(server: server, provider: provider)
    let (values, error) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertTrue(values.isEmpty)
    XCTAssertEqual(error as? ApolloClient.Error, .noResults)
    XCTAssertEqual(seen.values.count, 1)
    XCTAssertTrue(seen.values.first?.hasPrefix("Retry") == true, "\(seen.values)")
    XCTAssertTrue(server.requests.isEmpty)
  }

  func test_mapErrors_catchingResponseCode401_canSwitchToCacheOnlyAndRetry_givingExactlyOneCachedResult() async throws {
    struct FallBackToCache: GraphQLInterceptor {
      let statuses: Recorder<Int>
      func intercept<Request: GraphQLRequest>(request: Request, next: (Request) async -> InterceptorResultStream<Request>)
        async throws -> InterceptorResultStream<Request>
      {
        let statuses = statuses
        return await next(request).mapErrors { error in
          guard let codeError = error as? ResponseCodeInterceptor.ResponseCodeError else { throw error }
          statuses.append(codeError.response.statusCode)
          var cacheOnly = request
          cacheOnly.fetchBehavior = .CacheOnly
          throw RequestChain<Request>.Retry(request: cacheOnly)
        }
      }
    }
    let store = ApolloStore()
    try primeStoreWithR2(store)
    let statuses = Recorder<Int>()
    let provider = TestProvider(graphQL: { [MaxRetryInterceptor(), FallBackToCache(statuses: statuses)] })
    let harness = Harness(responses: [.json(["errors": [["message": "no"]]], statusCode: 401)], provider: provider, store: store)
    let (values, error) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertNil(error)
    XCTAssertEqual(values.count, 1)
    XCTAssertEqual(values.first?.source, .cache)
    XCTAssertEqual(values.first?.data?.hero?.name, "R2-D2")
    XCTAssertEqual(statuses.values, [401])
  }

  func test_interceptorThatNeverCallsNext_andAnswersItself_doesNotCrash() async throws {
    struct ShortCircuit: GraphQLInterceptor {
      func intercept<Request: GraphQLRequest>(request: Request, next: (Request) async -> InterceptorResultStream<Request>)
        async throws -> InterceptorResultStream<Request>
      {
        let (data, records) = try GraphQLExecutor.execute(request.operation, data: r2HeroData, normalizing: true)
        let result = ParsedResult<Request.Operation>(
          result: GraphQLResponse(data: data, extensions: nil, errors: nil, source: .server, dependentKeys: nil), cacheRecords: records)
        return InterceptorResultStream<Request>(stream: AsyncThrowingStream { $0.yield(result); $0.finish() })
      }
    }
    let server = ScriptedServer(responses: [])
    let harness = Harness(server: server, provider: TestProvider(graphQL: { [ShortCircuit()] }))
    let (values, error) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertNil(error)
    XCTAssertEqual(values.count, 1)
    XCTAssertTrue(server.requests.isEmpty)
  }

  func test_cacheWrite_completesBeforeTheResultIsDelivered() async throws {
    let store = ApolloStore()
    let harness = Harness(responses: [.json(r2HeroResponse)], store: store)
    for try await response in try harness.send(HeroNameQuery(episode: nil)) {
      XCTAssertEqual(response.source, .server)
      let cached = try await store.load(HeroNameQuery(episode: nil))
      XCTAssertEqual(cached?.data?.hero?.name, "R2-D2", "the store already holds the result when it is delivered")
    }
  }

  /// The cache is read inside `next`: the read is over when `next` returns, whether the cache answers alone
  /// (a CacheFirst hit, CacheOnly) or the network follows (a miss, CacheAndNetwork). Upstream reads in the task
  /// `next` starts, so there the order is a race; the results are the same.
  func test_cacheRead_isOverWhenNextReturns_forEveryBehaviorThatReadsFirst() async throws {
    struct RecordingRead: CacheInterceptor {
      let events: Recorder<String>
      let hit: Bool
      func readCacheData<Request: GraphQLRequest>(from store: ApolloStore, request: Request) async throws -> GraphQLResponse<Request.Operation>? {
        events.append("read")
        guard hit else { return nil }
        return try await DefaultCacheInterceptor().readCacheData(from: store, request: request)
      }
      func writeCacheData<Request: GraphQLRequest>(to store: ApolloStore, request: Request, response: ParsedResult<Request.Operation>) async throws {
        try await DefaultCacheInterceptor().writeCacheData(to: store, request: request, response: response)
      }
    }
    for (behavior, hit, sources) in [(FetchBehavior.CacheFirst, true, [GraphQLResponse<HeroNameQuery>.Source.cache]),
                                     (.CacheOnly, true, [.cache]), (.CacheFirst, false, [.server]),
                                     (.CacheAndNetwork, true, [.cache, .server])] {
      let store = ApolloStore()
      let seed = Harness(responses: [.json(r2HeroResponse)], store: store)
      _ = try await collect(seed.send(HeroNameQuery(episode: nil)))
      let events = Recorder<String>()
      let provider = TestProvider(graphQL: { [MarkingReturn(events: events)] }, cache: { RecordingRead(events: events, hit: hit) })
      let harness = Harness(responses: [.json(r2HeroResponse)], provider: provider, store: store)
      let (values, error) = try await collect(harness.send(HeroNameQuery(episode: nil), behavior))
      XCTAssertNil(error, "\(behavior) hit \(hit)")
      XCTAssertEqual(values.map(\.source), sources, "\(behavior) hit \(hit)")
      XCTAssertEqual(events.values, ["read", "next returned"], "\(behavior) hit \(hit)")
    }
  }

  /// MIGRATION 5.2 #19: with nothing to emit from the cache first, a single response is sent, read and parsed
  /// before `next` returns (upstream does it in a task `next` starts, which races `next`'s return); the parts
  /// of a multipart response still arrive after `next` returned, as the server sends them.
  func test_differenceFromUpstream_aSingleResponse_isFetchedAndParsedBeforeNextReturns_multipartPartsAfter() async throws {
    struct MarkingHTTP: HTTPInterceptor {
      let events: Recorder<String>
      func intercept(request: URLRequest, next: NextHTTPInterceptorFunction) async throws -> HTTPResponse {
        events.append("http")
        return try await next(request)
      }
    }
    /// The stock parser, marking each result as it is parsed.
    struct MarkingParser: ResponseParserEndingWithBody {
      let events: Recorder<String>
      func parse<Request: GraphQLRequest>(
        response: consuming HTTPResponse, for request: Request, includeCacheRecords: Bool
      ) async throws -> InterceptorResultStream<Request> {
        let parsed = try await JSONResponseParsingInterceptor().parse(
          response: response, for: request, includeCacheRecords: includeCacheRecords)
        let iterator = IteratorBox(parsed.getStream().makeAsyncIterator())
        let events = self.events
        return InterceptorResultStream<Request>(stream: AsyncThrowingStream {
          let element = try await iterator.next()
          if element != nil { events.append("parsed") }
          return element
        })
      }
    }
    func provider(_ events: Recorder<String>) -> TestProvider {
      TestProvider(graphQL: { [MarkingReturn(events: events)] }, http: { [MarkingHTTP(events: events)] },
                   parser: { MarkingParser(events: events) })
    }
    for behavior in [FetchBehavior.NetworkOnly, .CacheFirst, .NetworkFirst] {
      let events = Recorder<String>()
      let harness = Harness(responses: [.json(r2HeroResponse)], provider: provider(events))
      let (values, error) = try await collect(harness.send(HeroNameQuery(episode: nil), behavior))
      XCTAssertNil(error, "\(behavior)")
      XCTAssertEqual(values.map(\.source), [.server], "\(behavior)")
      XCTAssertEqual(events.values, ["http", "parsed", "next returned"], "\(behavior)")
    }
    let events = Recorder<String>()
    let parts = ScriptedResponse.multipart(
      [#"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}},"hasNext":true}"#,
       #"{"incremental":[{"data":{"friends":[{"__typename":"Human","id":"1000","name":"Luke Skywalker"}]},"path":["hero"],"label":"friends"}],"hasNext":false}"#],
      delay: .milliseconds(200))
    let harness = Harness(responses: [parts], provider: provider(events))
    let (values, error) = try await collect(harness.send(HeroDeferredQuery()))
    XCTAssertNil(error)
    XCTAssertEqual(values.count, 2)
    let returned = try XCTUnwrap(events.values.firstIndex(of: "next returned"))
    XCTAssertEqual(events.values.filter { $0 == "parsed" }.count, 2)
    XCTAssertLessThan(returned, try XCTUnwrap(events.values.lastIndex(of: "parsed")),
                      "the second part is parsed after next returned, when the server sends it")
  }

  /// A single response fetched inside `next` comes back settled (every result and the end known), so a stage
  /// that transforms results (the adapters) can work them out at once; a failed fetch is settled with its
  /// error; a multipart response, whose parts arrive later, is not; an answer from the cache alone is.
  func test_aSingleResponsesStream_isSettled_aFailedFetchWithItsError_aMultipartOneIsNot() async throws {
    struct SettledProbe: GraphQLInterceptor {
      let seen: Recorder<String>
      func intercept<Request: GraphQLRequest>(request: Request, next: NextInterceptorFunction<Request>)
        async throws -> InterceptorResultStream<Request>
      {
        let results = await next(request)
        if let settled = results.settled {
          seen.append("settled: \(settled.elements.count) result(s), \(settled.failure.map { "\(type(of: $0))" } ?? "finished")")
        } else {
          seen.append("not settled")
        }
        return results
      }
    }
    struct Refused: Error {}
    let parts = ScriptedResponse.multipart(
      [#"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}},"hasNext":true}"#,
       #"{"incremental":[{"data":{"friends":[{"__typename":"Human","id":"1000","name":"Luke Skywalker"}]},"path":["hero"],"label":"friends"}],"hasNext":false}"#])
    let cases: [(ScriptedResponse, String, Int)] = [
      (.json(r2HeroResponse), "settled: 1 result(s), finished", 1),
      (.failure(Refused()), "settled: 0 result(s), Refused", 0),
    ]
    for (response, expected, count) in cases {
      let seen = Recorder<String>()
      let harness = Harness(responses: [response], provider: TestProvider(graphQL: { [SettledProbe(seen: seen)] }))
      let (values, _) = try await collect(harness.send(HeroNameQuery(episode: nil)))
      XCTAssertEqual(values.count, count)
      XCTAssertEqual(seen.values, [expected])
    }
    let seen = Recorder<String>()
    let harness = Harness(responses: [parts], provider: TestProvider(graphQL: { [SettledProbe(seen: seen)] }))
    let (values, error) = try await collect(harness.send(HeroDeferredQuery()))
    XCTAssertNil(error)
    XCTAssertEqual(values.count, 2, "the settled flag changes nothing a reader sees")
    XCTAssertEqual(seen.values, ["not settled"])

    // A request the cache answers alone is settled too: a hit with its cached result, a CacheOnly miss with none.
    let store = ApolloStore()
    _ = try await collect(Harness(responses: [.json(r2HeroResponse)], store: store).send(HeroNameQuery(episode: nil)))
    for (query, expected, count) in [(HeroNameQuery(episode: nil), "settled: 1 result(s), finished", 1),
                                     (HeroNameQuery(episode: .some(.case(.JEDI))), "settled: 0 result(s), finished", 0)] {
      let seen = Recorder<String>()
      let harness = Harness(responses: [], provider: TestProvider(graphQL: { [SettledProbe(seen: seen)] }), store: store)
      let (values, _) = try await collect(harness.send(query, .CacheOnly))
      XCTAssertEqual(values.map(\.source), Array(repeating: .cache, count: count))
      XCTAssertEqual(seen.values, [expected])
    }
  }

  /// An attempt cancelled while `next` awaits the network ends with `CancellationError`, not `noResults`, even
  /// when an interceptor reads the results through an unfolding stream, which a cancelled task reads as ended
  /// (the parity catalog's cancel-before-response scenario met this).
  func test_cancelledWhileNextAwaitsTheNetwork_endsWithCancellationError_notNoResults() async throws {
    struct UnfoldingInterceptor: GraphQLInterceptor {
      func intercept<Request: GraphQLRequest>(request: Request, next: NextInterceptorFunction<Request>)
        async throws -> InterceptorResultStream<Request>
      {
        let results = IteratorBox(await next(request).getStream().makeAsyncIterator())
        return InterceptorResultStream<Request>(stream: AsyncThrowingStream { try await results.next() })
      }
    }
    var slow = ScriptedResponse.json(r2HeroResponse)
    slow.headDelay = .milliseconds(300)
    let harness = Harness(responses: [slow], provider: TestProvider(graphQL: { [UnfoldingInterceptor()] }))
    let chain = RequestChain<JSONRequest<HeroNameQuery>>(
      urlSession: harness.server, interceptors: harness.transport.interceptorProvider.interceptors(for: HeroNameQuery(episode: nil)),
      store: harness.store)
    let request = JSONRequest(operation: HeroNameQuery(episode: nil), graphQLEndpoint: testEndpoint, fetchBehavior: .NetworkOnly,
                              writeResultsToCache: true, requestTimeout: nil)
    let attempt = Task { try await chain.runInCurrentTask(request: request) { _ in true } }
    try await Task.sleep(for: .milliseconds(50))
    attempt.cancel()
    guard case .failure(let error) = await attempt.result else { return XCTFail("the cancelled attempt succeeded") }
    XCTAssertTrue(error is CancellationError, "\(error)")
  }

  /// A read that fails ends a CacheOnly attempt with its error, on the stream `next` returns (not thrown from it).
  func test_cacheOnlyReadFailure_isTheStreamsError() async throws {
    struct FailingRead: CacheInterceptor {
      func readCacheData<Request: GraphQLRequest>(from store: ApolloStore, request: Request) async throws -> GraphQLResponse<Request.Operation>? {
        throw TestError(id: 7)
      }
      func writeCacheData<Request: GraphQLRequest>(to store: ApolloStore, request: Request, response: ParsedResult<Request.Operation>) async throws {}
    }
    let seen = Recorder<String>()
    let provider = TestProvider(graphQL: { [MapErrorsInterceptor { error in seen.append("\(error)"); throw error }] }, cache: { FailingRead() })
    let harness = Harness(responses: [], provider: provider)
    let (values, error) = try await collect(harness.send(HeroNameQuery(episode: nil), .CacheOnly))
    XCTAssertTrue(values.isEmpty)
    XCTAssertEqual(error as? TestError, TestError(id: 7))
    XCTAssertEqual(seen.count, 1, "the GraphQL interceptors saw the read's error on their way back")
    XCTAssertTrue(harness.server.requests.isEmpty)
  }

  func test_cacheWriteFailure_failsTheStream_withoutInterceptorsSeeingIt() async throws {
    struct FailingWrite: CacheInterceptor {
      func readCacheData<Request: GraphQLRequest>(from store: ApolloStore, request: Request) async throws -> GraphQLResponse<Request.Operation>? { nil }
      func writeCacheData<Request: GraphQLRequest>(to store: ApolloStore, request: Request, response: ParsedResult<Request.Operation>) async throws {
        throw TestError(id: 42)
      }
    }
    let seen = Recorder<String>()
    let provider = TestProvider(graphQL: { [MapErrorsInterceptor { error in seen.append("\(error)"); throw error }] }, cache: { FailingWrite() })
    let harness = Harness(responses: [.json(r2HeroResponse)], provider: provider)
    let (values, error) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertTrue(values.isEmpty)
    XCTAssertEqual(error as? TestError, TestError(id: 42))
    XCTAssertEqual(seen.count, 0)
  }

  func test_sessionReturningNonHTTPResponse_failsWithTypedError() async throws {
    struct FTPSession: ApolloURLSession {
      func chunks(for request: URLRequest) async throws -> (any AsyncChunkSequence, URLResponse) {
        let body = AsyncHTTPResponseChunkSequence(body: AsyncThrowingStream { $0.finish() }, boundary: nil)
        return (body, URLResponse(url: request.url!, mimeType: nil, expectedContentLength: 0, textEncodingName: nil))
      }
    }
    let transport = RequestChainNetworkTransport(urlSession: FTPSession(), interceptorProvider: DefaultInterceptorProvider.shared,
                                                 store: ApolloStore(), endpointURL: testEndpoint)
    let (_, error) = try await collect(transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly, requestConfiguration: .init()))
    guard case .nonHTTPResponse? = error as? ApolloURLSessionError else { return XCTFail("got \(String(describing: error))") }
  }

  func test_providerMethods_areCalledOncePerSend() async throws {
    let calls = Recorder<String>()
    struct Counting: InterceptorProvider {
      let calls: Recorder<String>
      func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
        calls.append("graphQL")
        return [MaxRetryInterceptor(), RetryNTimesInterceptor(times: 1)]
      }
      func httpInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any HTTPInterceptor] {
        calls.append("http")
        return [ResponseCodeInterceptor()]
      }
    }
    let harness = Harness(responses: [.json(r2HeroResponse)], provider: Counting(calls: calls))
    let (values, _) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertEqual(values.count, 1)
    XCTAssertEqual(calls.values, ["graphQL", "http"])
  }
}

/// A GraphQL interceptor that only handles errors.
struct MapErrorsInterceptor: GraphQLInterceptor {
  let handler: @Sendable (any Error) async throws -> Any?

  init(_ handler: @escaping @Sendable (any Error) async throws -> Any?) {
    self.handler = handler
  }

  func intercept<Request: GraphQLRequest>(request: Request, next: (Request) async -> InterceptorResultStream<Request>)
    async throws -> InterceptorResultStream<Request>
  {
    let handler = handler
    return await next(request).mapErrors { error in
      try await handler(error) as? ParsedResult<Request.Operation>
    }
  }
}

/// Records "next returned" when `next` has returned its stream, before any result is read.
private struct MarkingReturn: GraphQLInterceptor {
  let events: Recorder<String>
  func intercept<Request: GraphQLRequest>(request: Request, next: (Request) async -> InterceptorResultStream<Request>)
    async throws -> InterceptorResultStream<Request>
  {
    let results = await next(request)
    events.append("next returned")
    return results
  }
}
