import ApolloAsyncChain
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Custom interceptors in a live chain: task-local context, repairing a 401, and the retry limit.
final class InterceptorTests: IntegrationTestCase {
  func test_taskLocalCorrelationID_reachesEveryInterceptorAndTheServerHeader() async throws {
    let seen = Mutex<[String]>([])
    let provider = ExtendedProvider(
      graphQLBefore: { [CorrelationRecorder(name: "first", seen: seen)] },
      graphQLAfter: { [CorrelationRecorder(name: "last", seen: seen)] },
      http: { [CorrelationHeaderInterceptor(seen: seen)] })
    let live = LiveClient(provider: provider)
    let query = RequestHeaderQuery(name: CorrelationHeaderInterceptor.headerName)

    // Two fetches at once, each under its own id: each must only ever see its own.
    async let a = Correlation.$id.withValue("corr-A") {
      try await live.client.fetch(query: query, cachePolicy: .networkOnly)
    }
    async let b = Correlation.$id.withValue("corr-B") {
      try await live.client.fetch(query: query, cachePolicy: .networkOnly)
    }
    let (responseA, responseB) = try await (a, b)

    XCTAssertEqual(responseA.data?.requestHeader, "corr-A")
    XCTAssertEqual(responseB.data?.requestHeader, "corr-B")
    let stages = ["first before next", "last before next", "http before next", "http chunk", "last result", "first result"]
    let expected = (stages.map { "\($0): corr-A" } + stages.map { "\($0): corr-B" }).sorted()
    XCTAssertEqual(seen.withLock { $0 }.sorted(), expected)
    let logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(Set(logged.compactMap { $0.header(CorrelationHeaderInterceptor.headerName) }), ["corr-A", "corr-B"])
    XCTAssertEqual(logged.count, 2)
  }

  func test_interceptor_repairs401WithFreshTokenAndRetriesOnce() async throws {
    let tokens = TokenStore(initial: "stale-token")
    let provider = ExtendedProvider(graphQLAfter: { [ReauthenticatingInterceptor(tokens: tokens)] })
    let live = LiveClient(endpoint: "/graphql-auth", provider: provider)

    let response = try await withTimeout(15) { try await live.client.fetch(query: MeQuery(), cachePolicy: .networkOnly) }

    XCTAssertNil(response.errors)
    XCTAssertEqual(response.data?.me, "user-1")
    XCTAssertEqual(tokens.refreshes, 1)
    let fresh = tokens.current
    XCTAssertTrue(fresh.hasPrefix("token-"), "the token minted by POST /auth/token, got \(fresh)")
    let logged = try await TestServer.requests(path: "/graphql-auth")
    XCTAssertEqual(logged.count, 2, "the failing attempt and the repaired one")
    XCTAssertEqual(logged.map { $0.header("Authorization") }, ["Bearer stale-token", "Bearer \(fresh)"])
    XCTAssertEqual(logged.last?.operationName, "Me")
  }

  func test_maxRetryInterceptor_stopsAnAlwaysRetryingInterceptorAfterTwoRetries() async throws {
    let runs = Mutex(0)
    let provider = ExtendedProvider(
      graphQLBefore: { [MaxRetryInterceptor(maxRetriesAllowed: 2), AlwaysRetryInterceptor(runs: runs)] },
      withoutDefaultGraphQLInterceptors: true)
    let live = LiveClient(provider: provider)

    let error = await expectError { try await live.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly) }

    let maxRetries = try XCTUnwrap(error as? MaxRetryInterceptor.MaxRetriesError, "got \(String(describing: error))")
    XCTAssertEqual(maxRetries.count, 2)
    XCTAssertEqual(maxRetries.operationName, "HeroName")
    XCTAssertEqual(runs.withLock { $0 }, 3, "the first attempt and two retries")
    let logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.count, 0, "retrying before next never reaches the network")
  }
}

/// The caller's correlation id.
enum Correlation {
  @TaskLocal static var id: String?
}

/// Records the correlation id it sees before `next` and on each result.
struct CorrelationRecorder: GraphQLInterceptor {
  let name: String
  let seen: Mutex<[String]>

  func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    let name = self.name
    let seen = self.seen
    seen.withLock { $0.append("\(name) before next: \(Correlation.id ?? "nil")") }
    return await next(request).map { result in
      seen.withLock { $0.append("\(name) result: \(Correlation.id ?? "nil")") }
      return result
    }
  }
}

/// Sends the correlation id as a header and records what it sees before sending and per chunk.
struct CorrelationHeaderInterceptor: HTTPInterceptor {
  static let headerName = "X-Correlation-ID"
  let seen: Mutex<[String]>

  func intercept(request: URLRequest, next: NextHTTPInterceptorFunction) async throws -> HTTPResponse {
    let seen = self.seen
    seen.withLock { $0.append("http before next: \(Correlation.id ?? "nil")") }
    var request = request
    if let id = Correlation.id { request.setValue(id, forHTTPHeaderField: Self.headerName) }
    return try await next(request).mapChunks { _, chunk in
      seen.withLock { $0.append("http chunk: \(Correlation.id ?? "nil")") }
      return chunk
    }
  }
}

/// The bearer token in use and how often it was refreshed.
final class TokenStore: Sendable {
  private let state: Mutex<(token: String, refreshes: Int)>

  init(initial: String) {
    state = Mutex((initial, 0))
  }

  var current: String { state.withLock { $0.token } }
  var refreshes: Int { state.withLock { $0.refreshes } }

  func store(_ token: String) {
    state.withLock { $0 = (token, $0.refreshes + 1) }
  }
}

/// Sends the stored token; on a 401 fetches a fresh one from `POST /auth/token` and retries once.
struct ReauthenticatingInterceptor: GraphQLInterceptor {
  let tokens: TokenStore

  func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    var request = request
    request.addHeader(name: "Authorization", value: "Bearer \(tokens.current)")
    let sent = request
    let tokens = self.tokens
    return await next(request).mapErrors { error in
      guard let responseError = error as? ResponseCodeInterceptor.ResponseCodeError,
        responseError.response.statusCode == 401, tokens.refreshes == 0
      else { throw error }
      let fresh = try await TestServer.mintToken()
      tokens.store(fresh.token)
      var retry = sent
      retry.addHeader(name: "Authorization", value: "Bearer \(fresh.token)")
      throw RequestChain<Request>.Retry(request: retry)
    }
  }
}

/// Counts its runs and always asks for the request to start over.
struct AlwaysRetryInterceptor: GraphQLInterceptor {
  let runs: Mutex<Int>

  func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    runs.withLock { $0 += 1 }
    throw RequestChain<Request>.Retry(request: request)
  }
}
