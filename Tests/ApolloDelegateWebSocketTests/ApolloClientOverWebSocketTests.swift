@testable import ApolloDelegateWebSocket
import Foundation
import StarWarsAPI
import XCTest

/// The 0.x `ApolloClient` on a `WebSocketTransport`: `subscribe`, and `fetch` / `perform` over the socket (0.33
/// reference §2.12; test list §5 #41, #44).
final class ApolloClientOverWebSocketTests: XCTestCase {
  private let queue = DispatchQueue(label: "ApolloClientOverWebSocketTests.results")
  private let queueKey = DispatchSpecificKey<Bool>()

  override func setUp() {
    super.setUp()
    queue.setSpecific(key: queueKey, value: true)
  }

  func test_subscribe_deliversEachEventOnTheQueueAndStopsAfterCancel() {
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket)
    let client = ApolloClient(networkTransport: transport)
    let values = Recorder<Int?>()
    let onQueue = Recorder<Bool>()
    let subscription = client.subscribe(subscription: countdown, queue: queue) { [queueKey] result in
      onQueue.append(DispatchQueue.getSpecific(key: queueKey) == true)
      values.append((try? result.get())?.data?.countdown)
    }
    for value in [3, 2] { socket.receive(dataMessage(id: "1", countdownPayload(value))) }
    transport.drain()
    queue.sync {}
    XCTAssertEqual(values.values, [3, 2])
    XCTAssertEqual(onQueue.values, [true, true])
    subscription.cancel()
    transport.drain()
    XCTAssertEqual(socket.sent(type: "stop").first?["id"], "1")
    socket.receive(dataMessage(id: "1", countdownPayload(1)))
    transport.drain()
    queue.sync {}
    XCTAssertEqual(values.values, [3, 2], "nothing after cancel()")
  }

  func test_subscribe_withAServerError_deliversTheFailureOnTheQueue() {
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket, reconnect: false)
    let client = ApolloClient(networkTransport: transport)
    let errors = Recorder<any Error>()
    client.subscribe(subscription: countdown, queue: queue) { result in
      if case .failure(let error) = result { errors.append(error) }
    }
    socket.receive(#"{"type":"connection_error"}"#)
    transport.drain()
    queue.sync {}
    guard let error = errors.values.first as? WebSocketError, case .unprocessedMessage = error.kind else {
      return XCTFail("expected unprocessedMessage, got \(errors.values)")
    }
  }

  func test_fetchAndPerform_goOverTheSocketAndWriteTheStore() {
    // §5 #44 (unit side).
    let socket = MockWebSocket()
    let transport = makeConnectedTransport(socket)
    let client = ApolloClient(networkTransport: transport)
    let names = Recorder<String?>(), stars = Recorder<Int?>()
    client.fetch(query: HeroNameQuery(episode: .none), cachePolicy: .fetchIgnoringCacheData, queue: queue) { result in
      names.append((try? result.get())?.data?.hero?.name)
    }
    client.perform(mutation: CreateReviewMutation(episode: .case(.JEDI), review: ReviewInput(stars: 5)), queue: queue) { result in
      stars.append((try? result.get())?.data?.createReview?.stars)
    }
    transport.drain()
    XCTAssertEqual(socket.sent(type: "start").compactMap { $0["payload"]?["operationName"]?.stringValue }, ["HeroName", "CreateReview"])
    socket.receive(dataMessage(id: "1", ["data": ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]]]))
    socket.receive(dataMessage(id: "2", ["data": ["createReview": ["__typename": "Review", "stars": 5, "commentary": nil]]]))
    transport.drain()
    queue.sync {}
    XCTAssertEqual(names.values, ["R2-D2"])
    XCTAssertEqual(stars.values, [5])
    let cached = expectation(description: "cache read")
    client.fetch(query: HeroNameQuery(episode: .none), cachePolicy: .returnCacheDataDontFetch, queue: queue) { result in
      XCTAssertEqual((try? result.get())?.data?.hero?.name, "R2-D2", "the socket's result was written to the store")
      cached.fulfill()
    }
    wait(for: [cached], timeout: 2)
  }
}
