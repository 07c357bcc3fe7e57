import ApolloAsyncChain
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let testEndpoint = URL(string: "http://localhost:8080/graphql")!

/// R2-D2 as the hero.
let r2HeroData: JSON.Object = ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]]
let r2HeroResponse: JSON.Object = ["data": .object(r2HeroData)]
let lukeHeroResponse: JSON.Object = ["data": ["hero": ["__typename": "Human", "id": "1000", "name": "Luke Skywalker"]]]

/// A provider whose four parts are chosen by the test; each send gets fresh instances from the factories.
struct TestProvider: InterceptorProvider {
  var graphQL: @Sendable () -> [any GraphQLInterceptor] = { [MaxRetryInterceptor(), AutomaticPersistedQueryInterceptor()] }
  var cache: @Sendable () -> any CacheInterceptor = { DefaultCacheInterceptor() }
  var http: @Sendable () -> [any HTTPInterceptor] = { [ResponseCodeInterceptor()] }
  var parser: @Sendable () -> any ResponseParsingInterceptor = { JSONResponseParsingInterceptor() }

  func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] { graphQL() }
  func cacheInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> any CacheInterceptor { cache() }
  func httpInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any HTTPInterceptor] { http() }
  func responseParser<Operation: GraphQLOperation>(for operation: Operation) -> any ResponseParsingInterceptor { parser() }
}

/// A transport and client over a scripted server.
struct Harness {
  let server: ScriptedServer
  let store: ApolloStore
  let transport: RequestChainNetworkTransport
  let client: ApolloClient

  init(
    server: ScriptedServer, provider: any InterceptorProvider = DefaultInterceptorProvider.shared,
    store: ApolloStore = ApolloStore(), additionalHeaders: [String: String] = [:],
    apqConfig: AutoPersistedQueryConfiguration = .init(), useGETForQueries: Bool = false,
    clientAwareness: ClientAwarenessMetadata = ClientAwarenessMetadata()
  ) {
    self.server = server
    self.store = store
    transport = RequestChainNetworkTransport(
      urlSession: server, interceptorProvider: provider, store: store, endpointURL: testEndpoint,
      additionalHeaders: additionalHeaders, apqConfig: apqConfig, useGETForQueries: useGETForQueries)
    client = ApolloClient(networkTransport: transport, store: store, clientAwarenessMetadata: clientAwareness)
  }

  init(responses: [ScriptedResponse], provider: any InterceptorProvider = DefaultInterceptorProvider.shared,
       store: ApolloStore = ApolloStore()) {
    self.init(server: ScriptedServer(responses: responses), provider: provider, store: store)
  }

  /// Sends a query through the transport with an explicit behaviour.
  func send<Query: GraphQLQuery>(_ query: Query, _ behavior: FetchBehavior = .NetworkOnly,
                                 _ configuration: RequestConfiguration = RequestConfiguration()) throws
    -> AsyncThrowingStream<GraphQLResponse<Query>, any Error>
  {
    try transport.send(query: query, fetchBehavior: behavior, requestConfiguration: configuration)
  }
}

/// Writes R2-D2 as the answer to `HeroNameQuery(episode: nil)` into the store.
func primeStoreWithR2(_ store: ApolloStore, query: HeroNameQuery = HeroNameQuery(episode: nil)) throws {
  try store.publishRecords(store.records(for: query, data: r2HeroData))
}

/// A GraphQL interceptor made of closures.
struct BlockInterceptor: GraphQLInterceptor {
  let body: @Sendable (any GraphQLRequest) async throws -> Void

  init(_ body: @escaping @Sendable (any GraphQLRequest) async throws -> Void = { _ in }) {
    self.body = body
  }

  func intercept<Request: GraphQLRequest>(
    request: Request, next: (Request) async -> InterceptorResultStream<Request>
  ) async throws -> InterceptorResultStream<Request> {
    try await body(request)
    return await next(request)
  }
}

/// Throws `Retry` with the same request every time it is reached.
actor BlindRetryingInterceptor: GraphQLInterceptor {
  private(set) var hitCount = 0

  func intercept<Request: GraphQLRequest>(
    request: Request, next: (Request) async -> InterceptorResultStream<Request>
  ) async throws -> InterceptorResultStream<Request> {
    hitCount += 1
    throw RequestChain<Request>.Retry(request: request)
  }
}

/// Throws `Retry` for the first `times` attempts, then lets the request through.
actor RetryNTimesInterceptor: GraphQLInterceptor {
  let times: Int
  private(set) var hitCount = 0
  init(times: Int) { self.times = times }

  func intercept<Request: GraphQLRequest>(
    request: Request, next: (Request) async -> InterceptorResultStream<Request>
  ) async throws -> InterceptorResultStream<Request> {
    hitCount += 1
    if hitCount <= times { throw RequestChain<Request>.Retry(request: request) }
    return await next(request)
  }
}

struct TestError: Error, Equatable {
  var id = 0
}

