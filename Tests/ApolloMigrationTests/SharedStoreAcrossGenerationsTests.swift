import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport
import StarWarsAPI
import XCTest

/// One `ApolloStore` under clients of different generations: what one client writes, another reads from the
/// cache without a request. This is what lets an app move call sites to the 2.x client one at a time
/// (MIGRATION.md, "Before you start"; README, "One store, two generations"); `MixedGenerationsApp` shows it
/// in an app.
final class SharedStoreAcrossGenerationsTests: XCTestCase {
  private let sharedEndpoint = URL(string: "http://scripted.invalid/graphql")!
  /// 0.x and 1.x callbacks run here: the main queue is not drained on Linux.
  private let resultQueue = DispatchQueue(label: "SharedStoreAcrossGenerationsTests.results")

  private func makeZeroXClient(_ server: ScriptedServer, store: ApolloStore) -> ApolloDelegateTransport.ApolloClient {
    let deliveries = OperationQueue()
    deliveries.maxConcurrentOperationCount = 1
    let transport = HTTPNetworkTransport(url: sharedEndpoint, client: ApolloDelegateTransport.URLSessionClientOnStreamingSession(session: server, callbackQueue: deliveries))
    return ApolloDelegateTransport.ApolloClient(networkTransport: transport, store: store)
  }

  private func makeTwoXClient(_ server: ScriptedServer, store: ApolloStore) -> ApolloAsyncChain.ApolloClient {
    let transport = ApolloAsyncChain.RequestChainNetworkTransport(
      urlSession: ApolloURLSessionOnStreamingSession(server), interceptorProvider: ApolloAsyncChain.DefaultInterceptorProvider.shared,
      store: store, endpointURL: sharedEndpoint)
    return ApolloAsyncChain.ApolloClient(networkTransport: transport, store: store)
  }

  /// The hero's name and whether it came from the cache, through the 0.x callback `fetch`.
  private func zeroXFetch(_ client: ApolloDelegateTransport.ApolloClient, _ policy: ApolloDelegateTransport.CachePolicy)
    async throws -> (name: String?, fromCache: Bool)
  {
    let result: Result<(name: String?, fromCache: Bool), any Error> = await withCheckedContinuation { continuation in
      client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: policy, queue: resultQueue) { result in
        continuation.resume(returning: result.map { ($0.data?.hero?.name, $0.source == .cache) })
      }
    }
    return try result.get()
  }

  func test_zeroXClientWrite_isReadByATwoXClientOnTheSameStore_fromTheCache() async throws {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let zeroX = makeZeroXClient(server, store: store)
    let twoX = makeTwoXClient(server, store: store)

    let written = try await zeroXFetch(zeroX, .fetchIgnoringCacheData)
    let read = try await twoX.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheOnly)

    XCTAssertEqual(written.name, "R2-D2")
    XCTAssertFalse(written.fromCache)
    XCTAssertEqual(read?.data?.hero?.name, "R2-D2", "the 2.x client sees what the 0.x client wrote")
    XCTAssertEqual(read?.source, .cache)
    XCTAssertEqual(server.requests.count, 1, "the 2.x read sent nothing")
  }

  func test_twoXClientWrite_isReadByAZeroXClientOnTheSameStore_fromTheCache() async throws {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let zeroX = makeZeroXClient(server, store: store)
    let twoX = makeTwoXClient(server, store: store)

    let written = try await twoX.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
    let read = try await zeroXFetch(zeroX, .returnCacheDataDontFetch)

    XCTAssertEqual(written.source, .server)
    XCTAssertEqual(read.name, "R2-D2", "the 0.x client sees what the 2.x client wrote")
    XCTAssertTrue(read.fromCache)
    XCTAssertEqual(server.requests.count, 1, "the 0.x read sent nothing")
  }

  func test_oneXClientWrite_isReadByATwoXClientOnTheSameStore_fromTheCache() async throws {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let sessionClient = ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server, callbackQueue: resultQueue)
    let provider = ApolloCallbackChain.DefaultInterceptorProvider(client: sessionClient, store: store)
    let oneX = ApolloCallbackChain.ApolloClient(
      networkTransport: ApolloCallbackChain.RequestChainNetworkTransport(interceptorProvider: provider, endpointURL: sharedEndpoint),
      store: store)
    let twoX = makeTwoXClient(server, store: store)

    let written: Result<String?, any Error> = await withCheckedContinuation { continuation in
      oneX.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: resultQueue) { result in
        continuation.resume(returning: result.map { $0.data?.hero?.name })
      }
    }
    let read = try await twoX.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheOnly)

    XCTAssertEqual(try written.get(), "R2-D2")
    XCTAssertEqual(read?.data?.hero?.name, "R2-D2", "the 2.x client sees what the 1.x client wrote")
    XCTAssertEqual(read?.source, .cache)
    XCTAssertEqual(server.requests.count, 1, "the 2.x read sent nothing")
  }
}
