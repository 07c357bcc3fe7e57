// A custom CacheInterceptor that wraps DefaultCacheInterceptor, remembers when each operation's result
// was written, and reports a miss (nil) for entries older than a maximum age. A cacheFirst fetch is then
// served from the cache while the entry is fresh and from the network once it is stale.
//
//   swift run StaleCacheExample                                # in-process scripted server, no setup
//   swift run StaleCacheExample http://127.0.0.1:4010/graphql  # TestServer (scripts/test-server.sh start)
import ApolloAsyncChain
import Foundation
import StarWarsAPI

struct MaxAgeCacheInterceptor: CacheInterceptor {
  let maxAge: Duration
  private let base = DefaultCacheInterceptor()
  /// When each operation (by name and variables) was last written. Shared by every send.
  private let writtenAt = Mutex<[String: ContinuousClock.Instant]>([:])

  init(maxAge: Duration) {
    self.maxAge = maxAge
  }

  func readCacheData<Request: GraphQLRequest>(from store: ApolloStore, request: Request) async throws
    -> GraphQLResponse<Request.Operation>?
  {
    let key = entryKey(for: request.operation)
    guard let written = writtenAt.withLock({ $0[key] }) else { return nil }
    let age = ContinuousClock.now - written
    guard age <= maxAge else {
      print("  cache entry is \(milliseconds(age)) old, older than \(milliseconds(maxAge)): treated as a miss")
      return nil
    }
    return try await base.readCacheData(from: store, request: request)
  }

  func writeCacheData<Request: GraphQLRequest>(
    to store: ApolloStore, request: Request, response: ParsedResult<Request.Operation>
  ) async throws {
    try await base.writeCacheData(to: store, request: request, response: response)
    let key = entryKey(for: request.operation)
    writtenAt.withLock { $0[key] = .now }
  }
}

/// One entry per operation and variables: the name, then the variables as sorted-key JSON.
func entryKey<Operation: GraphQLOperation>(for operation: Operation) -> String {
  let variables = operation.variablesJSON.map { JSONSerializer.string(.object($0), sortedKeys: true) } ?? ""
  return Operation.operationName + variables
}

func milliseconds(_ duration: Duration) -> String {
  "\(Int((duration / .milliseconds(1)).rounded())) ms"
}

/// Hands the same cache interceptor to every send, so that the write times survive between fetches.
struct StaleCacheProvider: InterceptorProvider {
  let cache: MaxAgeCacheInterceptor

  func cacheInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> any CacheInterceptor { cache }
}

let environment = ExampleEnvironment.fromCommandLine()
let maxAge = Duration.milliseconds(300)
let store = ApolloStore()
let transport = RequestChainNetworkTransport(
  urlSession: ApolloURLSessionOnStreamingSession(environment.session),
  interceptorProvider: StaleCacheProvider(cache: MaxAgeCacheInterceptor(maxAge: maxAge)), store: store,
  endpointURL: environment.endpoint)
let client = ApolloClient(networkTransport: transport, store: store)
print("Server: \(environment.summary), max age \(milliseconds(maxAge))")

func fetchHero(_ label: String) async throws -> GraphQLResponse<HeroNameQuery>.Source {
  let response = try await client.fetch(query: HeroNameQuery(episode: .init(.EMPIRE)), cachePolicy: .cacheFirst)
  print("\(label): \(response.data?.hero?.name ?? "<none>") from the \(response.source)")
  return response.source
}

do {
  var sources = [try await fetchHero("1. first fetch (empty cache)")]
  sources.append(try await fetchHero("2. right after     (fresh)"))
  print("   waiting 500 ms…")
  try await Task.sleep(for: .milliseconds(500))
  sources.append(try await fetchHero("3. after the wait  (stale)"))
  sources.append(try await fetchHero("4. right after     (fresh again)"))
  guard sources == [.server, .cache, .server, .cache] else {
    print("Unexpected sources: \(sources)")
    exit(1)
  }
} catch {
  print("Failed: \(error)")
  exit(1)
}
