import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloMigration
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

/// The adapted 1.x `CacheWriteInterceptor` under a 2.x client (migration step 2) writes after a read-write transaction
/// in progress, as 1.x's write waited behind its store's barrier: it cannot land between the transaction's read and
/// its write-back, where the write-back would undo it.
final class AdaptedCacheWriteOrderTests: XCTestCase {
  func test_theAdaptedCacheWrite_waitsForAnAsyncReadWriteTransactionInProgress() async throws {
    let store = ApolloStore()
    let query = HeroNameQuery(episode: nil)
    try await store.withinReadWriteTransaction { try await $0.write(data: hero("Before"), for: query) }
    let server = ScriptedServer { _ in .json(["data": ["hero": ["__typename": "Droid", "id": "2001", "name": "From the server"]]]) }
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = CallbackProviderOnAsyncChain(ClosureProvider { defaultList(client: client, store: store) }, store: store)
    let transport = ApolloAsyncChain.RequestChainNetworkTransport(
      urlSession: server, interceptorProvider: provider, store: store, endpointURL: endpoint)

    let (entered, enteredContinuation) = AsyncStream.makeStream(of: Void.self)
    let transaction = Task { try await keepTheNameAcrossTheFetch(in: store, query: query, server: server, entered: enteredContinuation) }
    for await _ in entered { break }
    let fetched = await readToEnd(try transport.send(query: query, fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration()))
    try await transaction.value
    XCTAssertNil(fetched.error)
    XCTAssertEqual(fetched.values.first?.data?.hero?.name, "From the server")
    let stored = try await store.load(query)
    XCTAssertEqual(stored?.data?.hero?.name, "From the server", "the network's write came after the transaction's")
  }
}

private func hero(_ name: String) -> HeroNameQuery.Data {
  HeroNameQuery.Data(hero: .init(__typename: "Droid", id: "2001", name: name))
}

/// A read-write transaction that reads the hero's name, waits while the server answers the fetch, then writes the name
/// back (changed, so the test sees whose write came last).
private func keepTheNameAcrossTheFetch(
  in store: ApolloStore, query: HeroNameQuery, server: ScriptedServer, entered: AsyncStream<Void>.Continuation
) async throws {
  try await store.withinReadWriteTransaction { transaction in
    let read = try await transaction.read(query: query).hero?.name ?? "none"
    entered.yield()
    // The fetch answers meanwhile: its write must wait for this transaction's write-back.
    while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
    try await Task.sleep(for: .milliseconds(200))
    try await transaction.write(data: hero("\(read), kept"), for: query)
  }
}
