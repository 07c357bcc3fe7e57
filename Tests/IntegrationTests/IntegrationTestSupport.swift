import ApolloAsyncChain
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Python TestServer (`scripts/test-server.sh start`) and its control routes.
///
/// Control calls go through Foundation's `URLSession`, not through the code under test, so that a broken
/// library cannot hide a broken server or the other way round.
enum TestServer {
  /// `APOLLO_TEST_SERVER_URL`, else `http://127.0.0.1:$APOLLO_TEST_SERVER_PORT`, else port 4010 (``TestPorts``).
  static let baseURL: URL = {
    let text = TestPorts.testServerBase()
    guard let url = URL(string: text) else {
      preconditionFailure("APOLLO_TEST_SERVER_URL is not a URL: \(text)")
    }
    return url
  }()

  /// A URL on the server; `pathAndQuery` starts with `/` and may carry a query string.
  static func url(_ pathAndQuery: String) -> URL {
    guard let url = URL(string: baseURL.absoluteString + pathAndQuery) else {
      preconditionFailure("Not a URL path: \(pathAndQuery)")
    }
    return url
  }

  /// The message every test fails with when the server does not answer.
  static var notRunningMessage: String {
    "TestServer is not running at \(baseURL.absoluteString): start it with scripts/test-server.sh start"
  }

  private static let control: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 5
    return URLSession(configuration: configuration)
  }()

  /// Whether `GET /health` answers `200 ok` within two seconds.
  static func isReachable() async -> Bool {
    var request = URLRequest(url: url("/health"))
    request.timeoutInterval = 2
    guard let (data, response) = try? await control.data(for: request),
      (response as? HTTPURLResponse)?.statusCode == 200
    else { return false }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "ok"
  }

  /// ``isReachable()`` for synchronous callers.
  static func isReachableBlocking() -> Bool {
    let answer = Mutex(false)
    let done = DispatchSemaphore(value: 0)
    Task {
      let reachable = await isReachable()
      answer.withLock { $0 = reachable }
      done.signal()
    }
    done.wait()
    return answer.withLock { $0 }
  }

  /// Sends a control request and reads its JSON answer.
  static func json(_ method: String, _ pathAndQuery: String, body: Data? = nil) async throws -> JSON {
    var request = URLRequest(url: url(pathAndQuery))
    request.httpMethod = method
    if let body {
      request.httpBody = body
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    let (data, response) = try await control.data(for: request)
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    guard status == 200 else {
      throw ControlError(description: "\(method) \(pathAndQuery) answered \(status): \(String(decoding: data, as: UTF8.self))")
    }
    return try JSONParser.parse(data)
  }

  /// `POST /_test/reset`: clears the request log, the APQ cache, tokens and user numbering.
  static func reset() async throws {
    _ = try await json("POST", "/_test/reset")
  }

  /// `GET /_test/requests`, optionally only those to `path`.
  static func requests(path: String? = nil) async throws -> [LoggedRequest] {
    let query = path.map { "?path=" + ($0.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? $0) } ?? ""
    guard case .array(let entries) = try await json("GET", "/_test/requests" + query) else {
      throw ControlError(description: "/_test/requests did not answer a JSON list")
    }
    return entries.compactMap { $0.objectValue.map(LoggedRequest.init) }
  }

  /// `GET /_test/stats`.
  static func stats() async throws -> JSON.Object {
    guard case .object(let stats) = try await json("GET", "/_test/stats") else {
      throw ControlError(description: "/_test/stats did not answer a JSON object")
    }
    return stats
  }

  /// `POST /auth/token`: a fresh bearer token for `/graphql-auth`.
  static func mintToken() async throws -> (token: String, user: String) {
    let answer = try await json("POST", "/auth/token")
    guard let token = answer["token"]?.stringValue, let user = answer["user"]?.stringValue else {
      throw ControlError(description: "/auth/token answered \(answer)")
    }
    return (token, user)
  }

  struct ControlError: Error, CustomStringConvertible {
    let description: String
  }
}

/// One entry of TestServer's request log.
struct LoggedRequest: Sendable {
  let entry: JSON.Object

  var method: String { entry["method"]?.stringValue ?? "" }
  var path: String { entry["path"]?.stringValue ?? "" }
  var queryString: String { entry["queryString"]?.stringValue ?? "" }
  var body: String { entry["body"]?.stringValue ?? "" }
  var operationName: String? { entry["operationName"]?.stringValue }
  var query: String? { entry["query"]?.stringValue }
  var variables: JSON.Object? { entry["variables"]?.objectValue }
  var extensions: JSON.Object? { entry["extensions"]?.objectValue }

  /// A header by name (the log keeps names lower-cased).
  func header(_ name: String) -> String? { entry["headers"]?[name.lowercased()]?.stringValue }

  /// The query items of the URL, by name.
  var queryItems: [String: String] {
    var components = URLComponents()
    components.percentEncodedQuery = queryString
    var items: [String: String] = [:]
    for item in components.queryItems ?? [] { items[item.name] = item.value ?? "" }
    return items
  }

  /// `extensions.persistedQuery.sha256Hash` as the server read it.
  var persistedQueryHash: String? { extensions?["persistedQuery"]?["sha256Hash"]?.stringValue }
}

/// The default provider's interceptors, with extra GraphQL interceptors around them and extra HTTP
/// interceptors after them. Each send gets fresh instances from the closures.
struct ExtendedProvider: InterceptorProvider {
  /// GraphQL interceptors placed before the default ones.
  var graphQLBefore: @Sendable () -> [any GraphQLInterceptor] = { [] }
  /// GraphQL interceptors placed after the default ones.
  var graphQLAfter: @Sendable () -> [any GraphQLInterceptor] = { [] }
  /// Leaves the default GraphQL interceptors out: only `graphQLBefore + graphQLAfter` run.
  var withoutDefaultGraphQLInterceptors = false
  /// HTTP interceptors placed after the default ones.
  var http: @Sendable () -> [any HTTPInterceptor] = { [] }

  func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
    let defaults = withoutDefaultGraphQLInterceptors ? [] : DefaultInterceptorProvider.shared.graphQLInterceptors(for: operation)
    return graphQLBefore() + defaults + graphQLAfter()
  }

  func httpInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any HTTPInterceptor] {
    DefaultInterceptorProvider.shared.httpInterceptors(for: operation) + http()
  }
}

/// A client over the real URLSession-backed session.
struct LiveClient {
  let store: ApolloStore
  let transport: RequestChainNetworkTransport
  let client: ApolloClient

  /// - Parameters:
  ///   - endpoint: a path on TestServer (`/graphql`, `/graphql-auth`, `/fault/…`, with a query if needed),
  ///     or a full URL.
  init(
    endpoint: String = "/graphql", provider: any InterceptorProvider = DefaultInterceptorProvider.shared,
    apqConfig: AutoPersistedQueryConfiguration = .init(), useGETForQueries: Bool = false,
    additionalHeaders: [String: String] = [:], defaultRequestConfiguration: RequestConfiguration = RequestConfiguration()
  ) {
    let url = endpoint.hasPrefix("/") ? TestServer.url(endpoint) : URL(string: endpoint)!
    store = ApolloStore()
    transport = RequestChainNetworkTransport(
      urlSession: URLSessionStreamingSession(), interceptorProvider: provider, store: store, endpointURL: url,
      additionalHeaders: additionalHeaders, apqConfig: apqConfig, useGETForQueries: useGETForQueries)
    client = ApolloClient(networkTransport: transport, store: store, defaultRequestConfiguration: defaultRequestConfiguration)
  }
}

/// Every test checks the server first and starts from a clean server state.
///
/// A missing server fails the test with ``TestServer/notRunningMessage`` and its body does not run.
class IntegrationTestCase: XCTestCase {
  override func invokeTest() {
    guard TestServer.isReachableBlocking() else {
      XCTFail(TestServer.notRunningMessage)
      return
    }
    super.invokeTest()
  }

  override func setUp() async throws {
    try await super.setUp()
    try await TestServer.reset()
  }
}

/// The error `body` throws, or `nil` (with a test failure) when it succeeds.
func expectError<T: Sendable>(
  within seconds: Double = 15, file: StaticString = #filePath, line: UInt = #line,
  _ body: @escaping @Sendable () async throws -> T
) async -> (any Error)? {
  do {
    let value = try await withTimeout(seconds, body)
    XCTFail("Expected an error, got \(value)", file: file, line: line)
    return nil
  } catch let hang as TimeoutError {
    XCTFail("\(hang)", file: file, line: line)
    return nil
  } catch {
    return error
  }
}

/// Seconds since `start`.
func elapsed(since start: ContinuousClock.Instant) -> Double {
  let duration = ContinuousClock.now - start
  return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

