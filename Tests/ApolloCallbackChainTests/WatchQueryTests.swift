@testable import ApolloCallbackChain
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

/// Mirrors upstream 1.x `WatchQueryTests` (apollographql/apollo-ios-dev 1.25.7,
/// Tests/ApolloTests/Cache/WatchQueryTests.swift): `ApolloClient.watch` and `GraphQLQueryWatcher`.
final class WatchQueryTests: XCTestCase {
  private typealias Outcome = Result<GraphQLResult<HeroNameQuery.Data>, any Error>

  private func hero(_ name: String, id: String = "2001") -> ScriptedResponse {
    .json(["data": ["hero": ["__typename": "Droid", "id": .string(id), "name": .string(name)]]])
  }

  /// A watcher of `HeroNameQuery` whose deliveries are recorded; waits for its first one.
  private func watch(_ stack: ScriptedStack, cachePolicy: CachePolicy = .fetchIgnoringCacheData,
                     refetchOnFailedUpdates: Bool = true) -> (GraphQLQueryWatcher<HeroNameQuery>, Recorder<Outcome>) {
    let deliveries = Recorder<Outcome>()
    let first = expectation(description: "first delivery")
    let once = Mutex(false)
    let watcher = stack.apollo.watch(query: HeroNameQuery(episode: nil), cachePolicy: cachePolicy,
                                     refetchOnFailedUpdates: refetchOnFailedUpdates, callbackQueue: callbackQueue) { result in
      deliveries.append(result)
      if once.withLock({ fired in defer { fired = true }; return !fired }) { first.fulfill() }
    }
    wait(for: [first], timeout: 2)
    return (watcher, deliveries)
  }

  private func names(_ deliveries: Recorder<Outcome>) -> [String?] {
    deliveries.values.map { try? $0.get().data?.hero?.name }
  }

  private func sources(_ deliveries: Recorder<Outcome>) -> [GraphQLResult<HeroNameQuery.Data>.Source?] {
    deliveries.values.map { try? $0.get().source }
  }

  /// Waits until `count` deliveries arrived (2 s at most), then lets any extra one land.
  private func expectDeliveries(_ deliveries: Recorder<Outcome>, count: Int, file: StaticString = #filePath, line: UInt = #line) {
    let deadline = Date().addingTimeInterval(2)
    while deliveries.count < count && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    settle(0.15)
    XCTAssertEqual(deliveries.count, count, "deliveries: \(names(deliveries))", file: file, line: line)
  }

  private func rename(_ store: ApolloStore, key: CacheKey = "Droid:2001", to name: String) throws {
    try store.publishRecords(RecordSet(records: [Record(key: key, fields: ["name": .value(.string(name))])]))
  }

  func test_watch_deliversItsFetch_andItsOwnWriteIsNotAChange() {
    let stack = ScriptedStack(server: ScriptedServer(responses: [hero("R2-D2")]))
    let (watcher, deliveries) = watch(stack)
    expectDeliveries(deliveries, count: 1)
    XCTAssertEqual(sources(deliveries), [.server])
    XCTAssertEqual(stack.server.requests.count, 1)
    watcher.cancel()
  }

  func test_storeWriteTouchingItsData_reloadsFromTheCache_withoutARequest() throws {
    let stack = ScriptedStack(server: ScriptedServer(responses: [hero("R2-D2")]))
    let (watcher, deliveries) = watch(stack)
    try rename(stack.store, to: "Artoo")
    expectDeliveries(deliveries, count: 2)
    XCTAssertEqual(names(deliveries), ["R2-D2", "Artoo"])
    XCTAssertEqual(sources(deliveries), [.server, .cache])
    XCTAssertEqual(stack.server.requests.count, 1)
    watcher.cancel()
  }

  func test_anotherFetchChangingItsData_updatesIt() {
    let stack = ScriptedStack(server: ScriptedServer(responses: [hero("R2-D2"), hero("Artoo")]))
    let (watcher, deliveries) = watch(stack)
    let fetched = expectation(description: "the other fetch")
    stack.apollo.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackQueue) { _ in
      fetched.fulfill()
    }
    wait(for: [fetched], timeout: 2)
    expectDeliveries(deliveries, count: 2)
    XCTAssertEqual(names(deliveries), ["R2-D2", "Artoo"])
    watcher.cancel()
  }

  func test_changeToUnrelatedRecords_deliversNothing() throws {
    let stack = ScriptedStack(server: ScriptedServer(responses: [hero("R2-D2")]))
    let (watcher, deliveries) = watch(stack)
    try rename(stack.store, key: "Human:1000", to: "Luke")
    expectDeliveries(deliveries, count: 1)
    watcher.cancel()
  }

  func test_aChangeTheCacheCannotServe_refetchesFromTheServer() throws {
    let stack = ScriptedStack(server: ScriptedServer(responses: [hero("R2-D2"), hero("R2-D2 again")]))
    let (watcher, deliveries) = watch(stack)
    // The root now points at a record that is not there: the reload fails.
    try stack.store.publishRecords(RecordSet(records: [Record(key: "QUERY_ROOT", fields: ["hero": .reference("Droid:9999")])]))
    expectDeliveries(deliveries, count: 2)
    XCTAssertEqual(names(deliveries), ["R2-D2", "R2-D2 again"])
    XCTAssertEqual(sources(deliveries), [.server, .server])
    XCTAssertEqual(stack.server.requests.count, 2)
    watcher.cancel()
  }

  func test_aChangeTheCacheCannotServe_withRefetchOnFailedUpdatesOff_deliversNothing() throws {
    let stack = ScriptedStack(server: ScriptedServer(responses: [hero("R2-D2"), hero("not asked for")]))
    let (watcher, deliveries) = watch(stack, refetchOnFailedUpdates: false)
    try stack.store.publishRecords(RecordSet(records: [Record(key: "QUERY_ROOT", fields: ["hero": .reference("Droid:9999")])]))
    expectDeliveries(deliveries, count: 1)
    XCTAssertEqual(stack.server.requests.count, 1)
    watcher.cancel()
  }

  func test_aChangeTheCacheCannotServe_afterReturnCacheDataDontFetch_doesNotRefetch() throws {
    let stack = ScriptedStack(server: ScriptedServer(responses: [hero("not asked for")]))
    try stack.store.publishRecords(stack.store.records(
      for: HeroNameQuery(episode: nil), data: ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]]))
    let (watcher, deliveries) = watch(stack, cachePolicy: .returnCacheDataDontFetch)
    try stack.store.publishRecords(RecordSet(records: [Record(key: "QUERY_ROOT", fields: ["hero": .reference("Droid:9999")])]))
    expectDeliveries(deliveries, count: 1)
    XCTAssertEqual(sources(deliveries), [.cache])
    XCTAssertEqual(stack.server.requests.count, 0)
    watcher.cancel()
  }

  func test_refetch_goesToTheServer() {
    let stack = ScriptedStack(server: ScriptedServer(responses: [hero("R2-D2"), hero("Artoo")]))
    let (watcher, deliveries) = watch(stack, cachePolicy: .returnCacheDataElseFetch)
    watcher.refetch()
    expectDeliveries(deliveries, count: 2)
    XCTAssertEqual(names(deliveries), ["R2-D2", "Artoo"])
    XCTAssertEqual(stack.server.requests.count, 2)
    watcher.cancel()
  }

  func test_cancel_stopsDeliveries_andTheStoreLetsGoOfTheWatcher() throws {
    let stack = ScriptedStack(server: ScriptedServer(responses: [hero("R2-D2")]))
    weak var released: GraphQLQueryWatcher<HeroNameQuery>?
    let deliveries: Recorder<Outcome>
    do {
      let (watcher, recorded) = watch(stack)
      deliveries = recorded
      released = watcher
      watcher.cancel()
    }
    try rename(stack.store, to: "Artoo")
    expectDeliveries(deliveries, count: 1)
    XCTAssertNil(released, "after cancel() nothing holds the watcher")
  }

  /// A refetch or a `cancel()` that lands while the watcher's fetch is starting (run here from inside the transport's
  /// `send`, standing in for another thread): the fetch it overtook is cancelled, as upstream, which started fetches
  /// under the watcher's lock, never left two live or one running after `cancel()`.
  func test_aRefetchOrCancelLandingWhileAFetchStarts_cancelsTheFetchItOvertook() {
    final class Fetch: Cancellable, @unchecked Sendable {
      // @unchecked Sendable: `cancelled` is a Mutex.
      private let cancelled = Mutex(false)
      var isCancelled: Bool { cancelled.withLock { $0 } }
      func cancel() { cancelled.withLock { $0 = true } }
    }
    final class HookedTransport: NetworkTransport, @unchecked Sendable {
      // @unchecked Sendable: the test calls it from one thread.
      var sent: [Fetch] = []
      var onSend: (() -> Void)?
      func send<Operation: GraphQLOperation>(operation: Operation, cachePolicy: CachePolicy, contextIdentifier: UUID?,
                                             context: (any RequestContext)?, callbackQueue: DispatchQueue,
                                             completionHandler: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void)
        -> any Cancellable
      {
        let fetch = Fetch()
        sent.append(fetch)
        let hook = onSend
        onSend = nil
        hook?()
        return fetch
      }
    }
    let transport = HookedTransport()
    let apollo = ApolloClient(networkTransport: transport, store: ApolloStore())
    let watcher = apollo.watch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData,
                               callbackQueue: callbackQueue) { _ in XCTFail("nothing answers") }
    transport.onSend = { watcher.refetch() }
    watcher.refetch()
    XCTAssertEqual(transport.sent.map(\.isCancelled), [true, true, false])
    transport.onSend = { watcher.cancel() }
    watcher.refetch()
    XCTAssertEqual(transport.sent.map(\.isCancelled), [true, true, true, true])
  }

  func test_aWatcherNeverCancelled_isKeptByTheStore_as1xDid() {
    let stack = ScriptedStack(server: ScriptedServer(responses: [hero("R2-D2")]))
    weak var kept: GraphQLQueryWatcher<HeroNameQuery>?
    do {
      let (watcher, deliveries) = watch(stack)
      kept = watcher
      expectDeliveries(deliveries, count: 1)
    }
    XCTAssertNotNil(kept, "the store holds its subscribers until they cancel")
    kept?.cancel()
  }
}
