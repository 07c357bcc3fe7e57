import ApolloLegacyAPI
import ApolloTestSupport
import XCTest

/// A socket-like transport: answers a subscription with every event of `events`, as a WebSocket transport calls its
/// handler once per `data` message.
private final class EventTransport: NetworkTransport, @unchecked Sendable {
  // @unchecked Sendable: `events` is immutable, `sent` is a Recorder (locked).
  let events: [JSON.Object]
  let sent = Recorder<(name: String, type: ApolloAPI.GraphQLOperationType)>()

  init(events: [JSON.Object]) { self.events = events }

  func send<Operation: ApolloAPI.GraphQLOperation>(
    operation: Operation, completionHandler: @escaping (Result<GraphQLResponse<Operation.Data>, any Error>) -> Void
  ) -> any Cancellable {
    sent.append((Operation.operationName, Operation.operationType))
    for body in events { completionHandler(.success(GraphQLResponse(operation: operation, body: body))) }
    return EmptyCancellable()
  }
}

// `ApolloClient.subscribe` for API.swift subscriptions on the 0.x client: every event is read with 0.x's rules, written
// to the store under SUBSCRIPTION_ROOT, and delivered on the queue.
final class LegacyClientSubscribeTests: XCTestCase {
  private let queue = DispatchQueue(label: "LegacyClientSubscribeTests")

  private func event(_ name: String) -> JSON.Object {
    ["data": ["hero": ["__typename": "Droid", "name": .string(name), "friends": []]]]
  }

  func test_subscribe_sendsASubscription_andDeliversEveryEventReadAndWrittenUnderSubscriptionRoot() throws {
    let transport = EventTransport(events: [event("R2-D2"), event("Artoo")])
    let client = ApolloClient(networkTransport: transport)
    let names = Recorder<String?>()
    let both = expectation(description: "two events")
    both.expectedFulfillmentCount = 2
    let subscription = client.subscribe(subscription: HeroChangedSubscription(), queue: queue) { result in
      names.append(try? result.get().data?.hero?.name)
      both.fulfill()
    }
    wait(for: [both], timeout: 5)
    XCTAssertEqual(names.values, ["R2-D2", "Artoo"])
    XCTAssertEqual(transport.sent.values.map(\.name), ["HeroChanged"])
    XCTAssertEqual(transport.sent.values.map(\.type), [.subscription])
    let root = try client.store.cache.loadRecords(forKeys: ["SUBSCRIPTION_ROOT"])["SUBSCRIPTION_ROOT"]
    XCTAssertEqual(root?.fields["hero(episode:JEDI)"], .reference("SUBSCRIPTION_ROOT.hero(episode:JEDI)"))
    let hero = try client.store.cache.loadRecords(forKeys: ["SUBSCRIPTION_ROOT.hero(episode:JEDI)"])
    XCTAssertEqual(hero["SUBSCRIPTION_ROOT.hero(episode:JEDI)"]?.fields["name"], .value(.string("Artoo")))
    subscription.cancel()
  }

  func test_anEventThatDoesNotMatchTheSelections_isDeliveredAsTheResultErrorAtItsPath() {
    let transport = EventTransport(events: [["data": ["hero": ["__typename": "Droid", "friends": []]]]])
    let client = ApolloClient(networkTransport: transport)
    let done = expectation(description: "event")
    let failure = Mutex<(any Error)?>(nil)
    _ = client.subscribe(subscription: HeroChangedSubscription(), queue: queue) { result in
      if case .failure(let error) = result { failure.withLock { $0 = error } }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    XCTAssertEqual((failure.withLock { $0 } as? GraphQLResultError)?.pathString, "hero.name")
  }
}
