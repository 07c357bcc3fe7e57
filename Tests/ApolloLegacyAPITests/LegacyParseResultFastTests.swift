import ApolloLegacyAPI
@testable import ApolloLegacyRuntime
import XCTest

/// `hero(episode: JEDI) { appearsIn }` and `reviews(…) { stars }` (ArgumentsData) as a query: objects that select no
/// `__typename`, as a trimmed fixture can.
private final class ArgumentsQuery: GraphQLQuery {
  let operationDefinition: String = "query Arguments($review: ReviewInput!) { hero(episode: JEDI) { appearsIn } reviews(input: $review, ids: [\"a\", \"b\"]) { stars } }"
  let operationName: String = "Arguments"
  var variables: GraphQLMap? { ["review": ReviewInput(stars: 5)] }
  typealias Data = ArgumentsData
}

// 0.33's `parseResultFast()`, the reader of `fetchIgnoringCacheCompletely`: the same rules as the normalizing reader,
// except that every nested object must carry `__typename` and the root's type cases see no runtime type.
final class LegacyParseResultFastTests: XCTestCase {
  private let queue = DispatchQueue(label: "LegacyParseResultFastTests")
  private let withoutTypenames: JSON.Object = ["data": ["hero": ["appearsIn": ["JEDI"]], "reviews": [["stars": 5]]]]

  private func fetch(_ policy: CachePolicy, body: JSON.Object) -> Result<GraphQLResult<ArgumentsData>, any Error>? {
    let server = ScriptedServer(responses: [.json(body)])
    let transport = HTTPNetworkTransport(url: URL(string: "http://legacy.invalid/graphql")!,
                                         client: URLSessionClientOnStreamingSession(session: server))
    let client = ApolloClient(networkTransport: transport)
    let done = expectation(description: "result")
    let outcome = Mutex<Result<GraphQLResult<ArgumentsData>, any Error>?>(nil)
    client.fetch(query: ArgumentsQuery(), cachePolicy: policy, queue: queue) { result in
      outcome.withLock { $0 = result }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    return outcome.withLock { $0 }
  }

  func test_fetchIgnoringCacheCompletely_failsAtTheTypenameOfANestedObjectWithoutOne() {
    XCTAssertThrowsError(try fetch(.fetchIgnoringCacheCompletely, body: withoutTypenames)?.get()) { error in
      XCTAssertEqual((error as? GraphQLResultError)?.pathString, "hero.__typename")
      if case JSONDecodingError.missingValue? = (error as? GraphQLResultError)?.underlying {} else { XCTFail("\(error)") }
    }
  }

  func test_fetchIgnoringCacheCompletely_readsObjectsThatCarryTheirTypename() throws {
    let body: JSON.Object = ["data": ["hero": ["__typename": "Droid", "appearsIn": ["JEDI"]], "reviews": [["__typename": "Review", "stars": 5]]]]
    let result = try XCTUnwrap(fetch(.fetchIgnoringCacheCompletely, body: body)).get()
    XCTAssertEqual((result.data?.resultMap["reviews"] as? [ResultMap?])?.first??["stars"] as? Int, 5)
  }

  func test_aNormalizingFetch_readsTheSameResponseWithoutTypenames_unlikeParseResultFast() throws {
    let result = try XCTUnwrap(fetch(.fetchIgnoringCacheData, body: withoutTypenames)).get()
    XCTAssertEqual((result.data?.resultMap["reviews"] as? [ResultMap?])?.first??["stars"] as? Int, 5)
  }

  func test_parseResultFast_choosesTheDefaultOfARootTypeCase_asItSeesNoRootType() throws {
    // A root selection set with a type case on `Query`: the normalizing reader chooses the variant by the root's
    // `__typename`, parseResultFast() has none and chooses the default.
    var executor = LegacyExecutor(variables: nil, requiringTypenames: true)
    let fast = try executor.execute(RootTypeCaseData.selections, on: ["__typename": "Query", "variant": 1, "fallback": 2])
    var normal = LegacyExecutor(variables: nil)
    let full = try normal.execute(RootTypeCaseData.selections, on: ["__typename": "Query", "variant": 1, "fallback": 2])
    XCTAssertEqual(fast["fallback"] as? Int, 2)
    XCTAssertNil(fast["variant"] ?? nil)
    XCTAssertEqual(full["variant"] as? Int, 1)
  }
}

/// A root type case: `variant` on `Query`, `fallback` otherwise.
private enum RootTypeCaseData {
  static var selections: [any GraphQLSelection] {
    [GraphQLTypeCase(variants: ["Query": [GraphQLField("variant", type: .scalar(Int.self))]],
                     default: [GraphQLField("fallback", type: .scalar(Int.self))])]
  }
}
