@testable import ApolloLegacyAPI
import XCTest

/// A 0.x `API.swift` query: instance members, a variable, the `Data` from LegacyStarWarsFixtures.
private final class HeroAndFriendsNamesQuery: GraphQLQuery {
  let operationDefinition: String =
    "query HeroAndFriendsNames($episode: Episode) { hero(episode: $episode) { __typename name friends { __typename name } } }"
  let operationName: String = "HeroAndFriendsNames"
  var episode: Episode?

  init(episode: Episode? = nil) { self.episode = episode }

  var variables: GraphQLMap? { ["episode": episode] }

  typealias Data = HeroAndFriendsNamesData
}

/// A 0.x mutation with an input object.
private final class CreateReviewMutation: GraphQLMutation {
  let operationDefinition: String = "mutation CreateReview($review: ReviewInput!) { reviews(input: $review, ids: [\"a\", \"b\"]) { stars } }"
  let operationName: String = "CreateReview"
  let operationIdentifier: String? = "review-id"
  let review: ReviewInput

  init(review: ReviewInput) { self.review = review }

  var variables: GraphQLMap? { ["review": review] }

  typealias Data = ArgumentsData
}

// API.swift operations through the 0.x client and HTTPNetworkTransport: one wire for both generated shapes,
// with 0.x's reading and keys.
final class LegacyClientTests: XCTestCase {
  private let r2d2: JSON.Object = [
    "data": ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2", "friends": [["__typename": "Human", "name": "Luke"]]]],
  ]

  private func makeClient(_ responses: [ScriptedResponse], store: ApolloStore = ApolloStore()) -> (ApolloClient, ScriptedServer) {
    let server = ScriptedServer(responses: responses)
    let transport = HTTPNetworkTransport(url: URL(string: "http://legacy.invalid/graphql")!,
                                         client: URLSessionClientOnStreamingSession(session: server))
    return (ApolloClient(networkTransport: transport, store: store), server)
  }

  private func fetch(_ client: ApolloClient, _ query: HeroAndFriendsNamesQuery, _ policy: CachePolicy) throws
    -> GraphQLResult<HeroAndFriendsNamesData>
  {
    let done = expectation(description: "result")
    let outcome = Mutex<Result<GraphQLResult<HeroAndFriendsNamesData>, any Error>?>(nil)
    let queue = DispatchQueue(label: "LegacyClientTests")
    client.fetch(query: query, cachePolicy: policy, queue: queue) { result in
      outcome.withLock { $0 = result }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    return try XCTUnwrap(outcome.withLock { $0 }).get()
  }

  func test_fetch_sendsTheOperationsOwnDocumentNameAndVariables_andReadsTheResponse() throws {
    let (client, server) = makeClient([.json(r2d2)])
    let result = try fetch(client, HeroAndFriendsNamesQuery(episode: .jedi), .fetchIgnoringCacheData)
    XCTAssertEqual(result.data?.hero?.name, "R2-D2")
    XCTAssertEqual(result.data?.hero?.friends?.first??.name, "Luke")
    XCTAssertEqual(result.source, .server)
    let request = try XCTUnwrap(server.requests.first)
    XCTAssertEqual(request.operationName, "HeroAndFriendsNames")
    XCTAssertEqual(request.query, HeroAndFriendsNamesQuery().operationDefinition)
    XCTAssertEqual(request.variables, ["episode": "JEDI"])
    XCTAssertEqual(request.header("X-APOLLO-OPERATION-NAME"), "HeroAndFriendsNames")
  }

  func test_fetch_sendsAnUnsetOptionalVariableAsNull_as0xDid() throws {
    let (client, server) = makeClient([.json(r2d2)])
    _ = try fetch(client, HeroAndFriendsNamesQuery(episode: nil), .fetchIgnoringCacheData)
    XCTAssertEqual(server.requests.first?.variables, ["episode": .null])
  }

  func test_returnCacheDataElseFetch_servesTheSecondFetchFromTheRecordsTheFirstWrote() throws {
    let (client, server) = makeClient([.json(r2d2)])
    _ = try fetch(client, HeroAndFriendsNamesQuery(episode: .jedi), .fetchIgnoringCacheData)
    let cached = try fetch(client, HeroAndFriendsNamesQuery(episode: .jedi), .returnCacheDataElseFetch)
    XCTAssertEqual(cached.source, .cache)
    XCTAssertEqual(cached.data?.hero?.name, "R2-D2")
    XCTAssertEqual(server.requests.count, 1, "no second request")
    XCTAssertEqual(try client.store.cache.loadRecords(forKeys: ["QUERY_ROOT"])["QUERY_ROOT"]?.fields["hero(episode:JEDI)"],
                   .reference("QUERY_ROOT.hero(episode:JEDI)"), "0.x's path key with the field's argument")
  }

  func test_cacheKeyForObjectSetOnTheClient_keysLaterWritesByTheRuleAlone_asTheDocsWriteIt() throws {
    let (client, _) = makeClient([.json(r2d2), .json(r2d2)])
    // The 0.x docs' line, unchanged.
    client.cacheKeyForObject = { $0["id"] }
    _ = try fetch(client, HeroAndFriendsNamesQuery(episode: .jedi), .fetchIgnoringCacheData)
    let records = try client.store.cache.loadRecords(forKeys: ["QUERY_ROOT", "2001"])
    XCTAssertEqual(records["QUERY_ROOT"]?.fields["hero(episode:JEDI)"], .reference("2001"), "the id alone, no typename")
    XCTAssertEqual(records["2001"]?.fields["name"], .value(.string("R2-D2")))
    // The rule reads back through the store, as the client forwards it there.
    XCTAssertEqual(client.store.cacheKeyForObject?(["id": "1000"]) as? String, "1000")
    // Unset, objects go back to their response paths for later writes.
    client.cacheKeyForObject = nil
    XCTAssertNil(client.cacheKeyForObject)
    _ = try fetch(client, HeroAndFriendsNamesQuery(episode: .jedi), .fetchIgnoringCacheData)
    XCTAssertEqual(try client.store.cache.loadRecords(forKeys: ["QUERY_ROOT"])["QUERY_ROOT"]?.fields["hero(episode:JEDI)"],
                   .reference("QUERY_ROOT.hero(episode:JEDI)"))
  }

  /// 0.x turned a rule's list into a key by describing each element as an optional and joining with `_`
  /// (`GraphQLExecutor.cacheKey(for:)`): such a rule names the same records here.
  func test_aRuleReturningAList_keysRecordsAs0xDescribedIt() throws {
    let (client, _) = makeClient([.json(r2d2)])
    client.cacheKeyForObject = { [$0["__typename"], $0["id"]] }
    _ = try fetch(client, HeroAndFriendsNamesQuery(episode: .jedi), .fetchIgnoringCacheData)
    let key = #"Optional("Droid")_Optional("2001")"#
    let records = try client.store.cache.loadRecords(forKeys: ["QUERY_ROOT", key])
    XCTAssertEqual(records["QUERY_ROOT"]?.fields["hero(episode:JEDI)"], .reference(key))
    XCTAssertEqual(records[key]?.fields["name"], .value(.string("R2-D2")))
  }

  func test_fetchIgnoringCacheCompletely_writesNothing() throws {
    let (client, _) = makeClient([.json(r2d2)])
    _ = try fetch(client, HeroAndFriendsNamesQuery(episode: .jedi), .fetchIgnoringCacheCompletely)
    XCTAssertEqual((client.store.cache as? InMemoryNormalizedCache)?.recordCount, 0)
  }

  func test_returnCacheDataDontFetch_onAMiss_deliversTheMissingValueError() {
    let (client, server) = makeClient([])
    XCTAssertThrowsError(try fetch(client, HeroAndFriendsNamesQuery(episode: .jedi), .returnCacheDataDontFetch)) { error in
      if case JSONDecodingError.missingValue = error {} else { XCTFail("\(error)") }
    }
    XCTAssertTrue(server.requests.isEmpty)
  }

  func test_responseThatDoesNotMatchTheSelections_failsWithTheResultErrorAtItsPath() {
    let (client, _) = makeClient([.json(["data": ["hero": ["__typename": "Droid", "friends": .null]]])])
    XCTAssertThrowsError(try fetch(client, HeroAndFriendsNamesQuery(episode: .jedi), .fetchIgnoringCacheData)) { error in
      XCTAssertEqual((error as? GraphQLResultError)?.pathString, "hero.name")
    }
  }

  func test_perform_sendsTheInputObjectAndTheIdentifier_andWritesUnderMutationRoot() throws {
    let store = ApolloStore()
    let (client, server) = makeClient([.json(["data": ["hero": ["appearsIn": ["JEDI"]], "reviews": [["stars": 5]]]])], store: store)
    let done = expectation(description: "result")
    let stars = Mutex<Int?>(nil)
    client.perform(mutation: CreateReviewMutation(review: ReviewInput(stars: 5, commentary: .some(nil))),
                   queue: DispatchQueue(label: "perform")) { result in
      let reviews = (try? result.get().data?.resultMap["reviews"]) as? [ResultMap?]
      stars.withLock { $0 = reviews?.first??["stars"] as? Int }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    XCTAssertEqual(stars.withLock { $0 }, 5)
    let request = try XCTUnwrap(server.requests.first)
    XCTAssertEqual(request.variables, ["review": ["stars": 5, "commentary": .null]], "an explicit null stays, an unset field is left out")
    let root = try store.cache.loadRecords(forKeys: ["MUTATION_ROOT"])["MUTATION_ROOT"]
    XCTAssertNotNil(root?.fields[#"reviews(ids:["a", "b"],[input:commentary:<null>,stars:5])"#])
  }
}
