import ApolloDelegateTransport
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

/// Mirrors upstream 0.33 `WatchQueryTests` (apollographql/apollo-ios 0.33.0,
/// Tests/ApolloCacheDependentTests/WatchQueryTests.swift): `ApolloClient.watch` and `GraphQLQueryWatcher`.
final class WatchQueryTests: XCTestCase {
  private typealias Outcome = Result<GraphQLResult<HeroNameQuery.Data>, any Error>
  private let queue = DispatchQueue(label: "WatchQueryTests")

  private func hero(_ name: String) -> ScriptedOutcome {
    .json(["data": ["hero": ["__typename": "Droid", "id": "2001", "name": .string(name)]]])
  }

  private func makeClient(_ responses: [ScriptedOutcome]) -> (ApolloClient, ScriptedURLSessionClient) {
    let session = ScriptedURLSessionClient(responses: responses)
    return (ApolloClient(networkTransport: HTTPNetworkTransport(url: testEndpoint, client: session)), session)
  }

  private func watch(_ client: ApolloClient, cachePolicy: CachePolicy = .fetchIgnoringCacheData)
    -> (GraphQLQueryWatcher<HeroNameQuery>, Recorder<Outcome>)
  {
    let deliveries = Recorder<Outcome>()
    let watcher = client.watch(query: HeroNameQuery(episode: nil), cachePolicy: cachePolicy, queue: queue) { deliveries.append($0) }
    expectDeliveries(deliveries, count: 1)
    return (watcher, deliveries)
  }

  /// Waits until `count` deliveries arrived (2 s at most), then lets any extra one land.
  private func expectDeliveries(_ deliveries: Recorder<Outcome>, count: Int, file: StaticString = #filePath, line: UInt = #line) {
    let deadline = Date().addingTimeInterval(2)
    while deliveries.count < count && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    Thread.sleep(forTimeInterval: 0.15)
    queue.sync {}
    XCTAssertEqual(deliveries.count, count, "deliveries: \(names(deliveries))", file: file, line: line)
  }

  private func names(_ deliveries: Recorder<Outcome>) -> [String?] {
    deliveries.values.map { try? $0.get().data?.hero?.name }
  }

  private func sources(_ deliveries: Recorder<Outcome>) -> [GraphQLResult<HeroNameQuery.Data>.Source?] {
    deliveries.values.map { try? $0.get().source }
  }

  func test_outsideStoreWriteTouchingItsData_reloadsFromTheCache_withoutARequest() throws {
    let (client, session) = makeClient([hero("R2-D2")])
    let (watcher, deliveries) = watch(client)
    try client.store.publishRecords(RecordSet(records: [Record(key: "Droid:2001", fields: ["name": .value(.string("Artoo"))])]))
    expectDeliveries(deliveries, count: 2)
    XCTAssertEqual(names(deliveries), ["R2-D2", "Artoo"])
    XCTAssertEqual(sources(deliveries), [.server, .cache])
    XCTAssertEqual(session.requests.count, 1)
    watcher.cancel()
  }

  /// 0.33 delivered every watcher result on the main queue, then hopped to `queue`; here they run on `queue`
  /// directly, so they arrive although this test never lets the main queue run.
  func test_differsFrom0x_resultsRunOnTheGivenQueue_withoutAHopThroughMain() throws {
    let key = DispatchSpecificKey<String>()
    queue.setSpecific(key: key, value: "watch queue")
    let (client, _) = makeClient([hero("R2-D2")])
    let queues = Recorder<String?>()
    let watcher = client.watch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: queue) { _ in
      queues.append(DispatchQueue.getSpecific(key: key))
    }
    let deadline = Date().addingTimeInterval(2)
    while queues.count < 1 && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    try client.store.publishRecords(RecordSet(records: [Record(key: "Droid:2001", fields: ["name": .value(.string("Artoo"))])]))
    while queues.count < 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    XCTAssertEqual(queues.values, ["watch queue", "watch queue"], "the fetch's result and the reload's")
    watcher.cancel()
  }

  func test_changeToUnrelatedRecords_deliversNothing() throws {
    let (client, _) = makeClient([hero("R2-D2")])
    let (watcher, deliveries) = watch(client)
    try client.store.publishRecords(RecordSet(records: [Record(key: "Human:1000", fields: ["name": .value(.string("Luke"))])]))
    expectDeliveries(deliveries, count: 1)
    watcher.cancel()
  }

  func test_refetch_goesToTheServer_andItsOwnWriteIsNotAChange() {
    let (client, session) = makeClient([hero("R2-D2"), hero("Artoo")])
    let (watcher, deliveries) = watch(client, cachePolicy: .returnCacheDataElseFetch)
    watcher.refetch()
    expectDeliveries(deliveries, count: 2)
    XCTAssertEqual(names(deliveries), ["R2-D2", "Artoo"])
    XCTAssertEqual(sources(deliveries), [.server, .server])
    XCTAssertEqual(session.requests.count, 2)
    watcher.cancel()
  }

  func test_aChangeTheCacheCannotServe_refetchesFromTheServer_as0xAlwaysDid() throws {
    let (client, session) = makeClient([hero("R2-D2"), hero("R2-D2 again")])
    let (watcher, deliveries) = watch(client)
    try client.store.publishRecords(RecordSet(records: [Record(key: "QUERY_ROOT", fields: ["hero": .reference("Droid:9999")])]))
    expectDeliveries(deliveries, count: 2)
    XCTAssertEqual(names(deliveries), ["R2-D2", "R2-D2 again"])
    XCTAssertEqual(session.requests.count, 2)
    watcher.cancel()
  }

  func test_anotherFetchChangingItsData_updatesIt() {
    let (client, _) = makeClient([hero("R2-D2"), hero("Artoo")])
    let (watcher, deliveries) = watch(client)
    let fetched = expectation(description: "the other fetch")
    client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: queue) { _ in fetched.fulfill() }
    wait(for: [fetched], timeout: 2)
    expectDeliveries(deliveries, count: 2)
    XCTAssertEqual(names(deliveries), ["R2-D2", "Artoo"])
    watcher.cancel()
  }

  func test_cancel_stopsDeliveries_andTheStoreLetsGoOfTheWatcher() throws {
    let (client, _) = makeClient([hero("R2-D2")])
    weak var released: GraphQLQueryWatcher<HeroNameQuery>?
    let deliveries: Recorder<Outcome>
    do {
      let (watcher, recorded) = watch(client)
      deliveries = recorded
      released = watcher
      watcher.cancel()
    }
    try client.store.publishRecords(RecordSet(records: [Record(key: "Droid:2001", fields: ["name": .value(.string("Artoo"))])]))
    expectDeliveries(deliveries, count: 1)
    XCTAssertNil(released, "after cancel() nothing holds the watcher")
  }

  func test_aWatcherNeverCancelled_isKeptByTheStore_as0xDid() {
    let (client, _) = makeClient([hero("R2-D2")])
    weak var kept: GraphQLQueryWatcher<HeroNameQuery>?
    do { kept = watch(client).0 }
    XCTAssertNotNil(kept, "the store holds its subscribers until they cancel")
    kept?.cancel()
  }
}
