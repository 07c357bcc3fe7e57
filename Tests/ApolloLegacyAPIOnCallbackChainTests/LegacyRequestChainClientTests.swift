import ApolloLegacyAPIOnCallbackChain
import ApolloTestSupport
import XCTest

/// Adds a header to every request: an app's own interceptor, generic over the operation as 0.34–0.53's were.
private struct HeaderInterceptor: ApolloInterceptor {
  let id = "HeaderInterceptor"
  let seenOperationNames = Recorder<String>()

  func interceptAsync<Operation: ApolloAPI.GraphQLOperation>(
    chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    seenOperationNames.append(Operation.operationName)
    request.addHeader(name: "Authorization", value: "Bearer legacy")
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

/// 0.34–0.53's way to add one: subclass the provider (`LegacyInterceptorProvider`, 0.50's `DefaultInterceptorProvider`)
/// and put it in front.
private final class AppInterceptorProvider: DefaultInterceptorProvider {
  let header = HeaderInterceptor()

  override func interceptors<Operation: ApolloAPI.GraphQLOperation>(for operation: Operation) -> [any ApolloInterceptor] {
    [header] + super.interceptors(for: operation)
  }
}

// API.swift operations through the 1.x-style client and RequestChainNetworkTransport (apps of 0.34–0.53): one chain
// for both generated shapes, with 0.x's reading and keys.
final class LegacyRequestChainClientTests: XCTestCase {
  private let queue = DispatchQueue(label: "LegacyRequestChainClientTests")
  private let r2d2: JSON.Object = [
    "data": ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2", "friends": [["__typename": "Human", "name": "Luke"]]]],
  ]

  private struct Stack {
    let server: ScriptedServer
    let store: ApolloStore
    let provider: AppInterceptorProvider
    let client: ApolloClient
  }

  private func makeStack(_ responses: [ScriptedResponse], store: ApolloStore = ApolloStore()) -> Stack {
    let server = ScriptedServer(responses: responses)
    let provider = AppInterceptorProvider(client: URLSessionClientOnStreamingSession(session: server), store: store)
    let transport = RequestChainNetworkTransport(interceptorProvider: provider,
                                                 endpointURL: URL(string: "http://legacy.invalid/graphql")!)
    return Stack(server: server, store: store, provider: provider, client: ApolloClient(networkTransport: transport, store: store))
  }

  private func fetch(_ client: ApolloClient, _ query: HeroAndFriendsNamesQuery, _ policy: CachePolicy) throws
    -> GraphQLResult<HeroAndFriendsNamesData>
  {
    let done = expectation(description: "result")
    let outcome = Mutex<Result<GraphQLResult<HeroAndFriendsNamesData>, any Error>?>(nil)
    client.fetch(query: query, cachePolicy: policy, queue: queue) { result in
      outcome.withLock { $0 = result }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    return try XCTUnwrap(outcome.withLock { $0 }).get()
  }

  private func rootField(_ store: ApolloStore, _ root: CacheKey = "QUERY_ROOT", field: String) throws -> RecordValue? {
    try store.cache.loadRecords(forKeys: [root])[root]?.fields[field]
  }

  func test_fetch_runsTheProvidersInterceptors_andSendsTheOperationsOwnDocumentNameAndVariables() throws {
    let stack = makeStack([.json(r2d2)])
    let result = try fetch(stack.client, HeroAndFriendsNamesQuery(episode: .jedi), .fetchIgnoringCacheData)
    XCTAssertEqual(result.data?.hero?.name, "R2-D2")
    XCTAssertEqual(result.data?.hero?.friends?.first??.name, "Luke")
    XCTAssertEqual(result.source, .server)
    XCTAssertEqual(stack.provider.header.seenOperationNames.values, ["HeroAndFriendsNames"])
    let request = try XCTUnwrap(stack.server.requests.first)
    XCTAssertEqual(request.header("Authorization"), "Bearer legacy", "the app's interceptor ran on this request")
    XCTAssertEqual(request.operationName, "HeroAndFriendsNames")
    XCTAssertEqual(request.query, HeroAndFriendsNamesQuery().operationDefinition)
    XCTAssertEqual(request.variables, ["episode": "JEDI"])
    XCTAssertEqual(request.header("X-APOLLO-OPERATION-NAME"), "HeroAndFriendsNames")
  }

  func test_returnCacheDataElseFetch_servesTheSecondFetchFromTheRecordsTheFirstWrote_under0xPathKeys() throws {
    let stack = makeStack([.json(r2d2)])
    _ = try fetch(stack.client, HeroAndFriendsNamesQuery(episode: .jedi), .fetchIgnoringCacheData)
    let cached = try fetch(stack.client, HeroAndFriendsNamesQuery(episode: .jedi), .returnCacheDataElseFetch)
    XCTAssertEqual(cached.source, .cache)
    XCTAssertEqual(cached.data?.hero?.name, "R2-D2")
    XCTAssertEqual(stack.server.requests.count, 1, "no second request")
    XCTAssertEqual(try rootField(stack.store, field: "hero(episode:JEDI)"), .reference("QUERY_ROOT.hero(episode:JEDI)"))
  }

  func test_storeKeyRule_keysRecordsByTheRuleAlone_withNoTypenamePrefix_as0x() throws {
    // What 0.34–0.53's `store.cacheKeyForObject = { $0["id"] }` sets.
    let store = ApolloStore(normalizer: ResponseNormalizer(foundationRule: FoundationKeyRule { $0["id"] }))
    let stack = makeStack([.json(r2d2)], store: store)
    _ = try fetch(stack.client, HeroAndFriendsNamesQuery(episode: .jedi), .fetchIgnoringCacheData)
    XCTAssertEqual(try rootField(store, field: "hero(episode:JEDI)"), .reference("2001"))
    XCTAssertEqual(try store.cache.loadRecords(forKeys: ["2001"])["2001"]?.fields["name"], .value(.string("R2-D2")))
  }

  func test_aMissingNullableField_failsTheFetchWithTheResultErrorAtItsPath_as0xRead_unlike1xShapedOperations() {
    // `friends` is nullable: 1.x's executor reads its absence as nil, 0.x's as a missing value.
    let stack = makeStack([.json(["data": ["hero": ["__typename": "Droid", "name": "R2-D2"]]])])
    XCTAssertThrowsError(try fetch(stack.client, HeroAndFriendsNamesQuery(episode: .jedi), .fetchIgnoringCacheData)) { error in
      XCTAssertEqual((error as? GraphQLResultError)?.pathString, "hero.friends")
      if case JSONDecodingError.missingValue? = (error as? GraphQLResultError)?.underlying {} else { XCTFail("\(error)") }
    }
  }

  func test_returnCacheDataDontFetch_onAMiss_deliversTheMissingValueError_andSendsNothing() {
    let stack = makeStack([])
    XCTAssertThrowsError(try fetch(stack.client, HeroAndFriendsNamesQuery(episode: .jedi), .returnCacheDataDontFetch)) { error in
      if case JSONDecodingError.missingValue = error {} else { XCTFail("\(error)") }
    }
    XCTAssertTrue(stack.server.requests.isEmpty)
  }

  func test_fetchIgnoringCacheCompletely_writesNothing() throws {
    let stack = makeStack([.json(r2d2)])
    let result = try fetch(stack.client, HeroAndFriendsNamesQuery(episode: .jedi), .fetchIgnoringCacheCompletely)
    XCTAssertEqual(result.data?.hero?.name, "R2-D2")
    XCTAssertEqual((stack.store.cache as? InMemoryNormalizedCache)?.recordCount, 0)
  }

  func test_returnCacheDataAndFetch_onAHit_deliversTheCacheThenTheServer() throws {
    let renamed: JSON.Object = ["data": ["hero": ["__typename": "Droid", "name": "Artoo", "friends": []]]]
    let stack = makeStack([.json(r2d2), .json(renamed)])
    _ = try fetch(stack.client, HeroAndFriendsNamesQuery(episode: .jedi), .fetchIgnoringCacheData)
    let deliveries = Recorder<(GraphQLResult<HeroAndFriendsNamesData>.Source?, String?)>()
    let both = expectation(description: "two results")
    both.expectedFulfillmentCount = 2
    stack.client.fetch(query: HeroAndFriendsNamesQuery(episode: .jedi), cachePolicy: .returnCacheDataAndFetch, queue: queue) {
      let result = try? $0.get()
      deliveries.append((result?.source, result?.data?.hero?.name))
      both.fulfill()
    }
    wait(for: [both], timeout: 5)
    XCTAssertEqual(deliveries.values.map(\.0), [.cache, .server])
    XCTAssertEqual(deliveries.values.map(\.1), ["R2-D2", "Artoo"])
  }

  func test_perform_writesUnderMutationRoot_andWithoutPublishingWritesNothing() throws {
    let body: JSON.Object = ["data": ["hero": ["__typename": "Droid", "appearsIn": ["JEDI"]], "reviews": [["__typename": "Review", "stars": 5]]]]
    let stack = makeStack([.json(body), .json(body)])
    for publish in [false, true] {
      let done = expectation(description: "result")
      let stars = Mutex<Int?>(nil)
      stack.client.perform(mutation: CreateReviewMutation(review: ReviewInput(stars: 5)), publishResultToStore: publish,
                           queue: queue) { result in
        let reviews = (try? result.get().data?.resultMap["reviews"]) as? [ResultMap?]
        stars.withLock { $0 = reviews?.first??["stars"] as? Int }
        done.fulfill()
      }
      wait(for: [done], timeout: 5)
      XCTAssertEqual(stars.withLock { $0 }, 5)
      let written = try rootField(stack.store, "MUTATION_ROOT", field: #"reviews(ids:["a", "b"],[input:stars:5])"#)
      XCTAssertEqual(written != nil, publish, "publishResultToStore: \(publish)")
    }
    XCTAssertEqual(stack.server.requests.map(\.operationName), ["CreateReview", "CreateReview"])
  }

  func test_aVariableWithNoJSONForm_failsOnTheQueue_beforeAnythingIsSent() {
    let stack = makeStack([.json(r2d2)])
    let done = expectation(description: "result")
    let failure = Mutex<(any Error)?>(nil)
    let queue = self.queue
    stack.client.fetch(query: UnsendableVariableQuery(), cachePolicy: .fetchIgnoringCacheData, queue: queue) { result in
      dispatchPrecondition(condition: .onQueue(queue))
      if case .failure(let error) = result { failure.withLock { $0 = error } }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    XCTAssertEqual(failure.withLock { $0 } as? LegacyOperationError, .variableHasNoJSONForm("value"))
    XCTAssertTrue(stack.server.requests.isEmpty)
  }

  func test_performWithoutPublishing_failsOnAnObjectWithoutTypename_as0xParseResultFast_whilePublishingReadsIt() {
    // Without publishing the chain reads with fetchIgnoringCacheCompletely, where 0.34–0.53 used parseResultFast().
    let body: JSON.Object = ["data": ["hero": ["appearsIn": ["JEDI"]], "reviews": [["stars": 5]]]]
    let stack = makeStack([.json(body), .json(body)])
    for publish in [false, true] {
      let done = expectation(description: "result")
      let outcome = Mutex<Result<GraphQLResult<ArgumentsData>, any Error>?>(nil)
      stack.client.perform(mutation: CreateReviewMutation(review: ReviewInput(stars: 5)), publishResultToStore: publish,
                           queue: queue) { result in
        outcome.withLock { $0 = result }
        done.fulfill()
      }
      wait(for: [done], timeout: 5)
      switch outcome.withLock({ $0 }) {
      case .failure(let error)?:
        XCTAssertFalse(publish, "publishing: \(error)")
        XCTAssertEqual((error as? GraphQLResultError)?.pathString, "hero.__typename")
      case .success?:
        XCTAssertTrue(publish, "without publishing a missing __typename fails")
      case nil:
        XCTFail("no result")
      }
    }
  }
}
