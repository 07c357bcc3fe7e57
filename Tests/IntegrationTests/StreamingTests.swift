import ApolloAsyncChain
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `@defer`, subscriptions over multipart HTTP, and cancellation of streaming requests.
final class StreamingTests: IntegrationTestCase {
  private let r2Friends = ["Luke Skywalker", "Han Solo", "Leia Organa"]

  func test_deferredQuery_arrivesInTwoPartsInitialWithoutFriendsThenWithFriends() async throws {
    try await assertDeferredHeroArrivesInTwoParts(endpoint: "/graphql")
  }

  func test_deferredQueryIn2023PendingCompletedFormat_givesTheSameTwoResults() async throws {
    try await assertDeferredHeroArrivesInTwoParts(endpoint: "/graphql?deferFormat=2023")
  }

  private func assertDeferredHeroArrivesInTwoParts(
    endpoint: String, file: StaticString = #filePath, line: UInt = #line
  ) async throws {
    let live = LiveClient(endpoint: endpoint)

    let (results, error) = try await collect(try live.client.fetch(query: HeroDeferredQuery(), cachePolicy: .networkOnly), timeout: 15)

    XCTAssertNil(error, "the stream failed: \(String(describing: error))", file: file, line: line)
    XCTAssertEqual(results.count, 2, file: file, line: line)
    guard results.count == 2 else { return }
    XCTAssertEqual(results[0].data?.hero?.name, "R2-D2", file: file, line: line)
    XCTAssertNil(results[0].data?.hero?.fragments.friends?.friends, file: file, line: line)
    XCTAssertEqual(results[1].data?.hero?.name, "R2-D2", file: file, line: line)
    XCTAssertEqual(results[1].data?.hero?.fragments.friends?.friends?.map { $0?.name }, r2Friends, file: file, line: line)
    XCTAssertEqual(results.map(\.source), [.server, .server], file: file, line: line)
    XCTAssertNil(results[1].errors, file: file, line: line)
    let logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.count, 1, "both parts came in one response", file: file, line: line)
  }

  func test_subscriptionOverMultipartHTTP_countsDownThenCompletes() async throws {
    let live = LiveClient()
    let stream = try live.client.subscribe(subscription: CountdownSubscription(from: 3, intervalMs: 20))

    let (values, error) = try await collect(stream.stream, timeout: 15)

    XCTAssertNil(error, "the subscription failed: \(String(describing: error))")
    XCTAssertEqual(values.map { $0.data?.countdown }, [3, 2, 1, 0])
    XCTAssertEqual(stream.state, .finished(.completed))
    XCTAssertEqual(stream.state.description, "finished(completed)")
    let logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.count, 1)
    XCTAssertEqual(logged.first?.header("Accept")?.contains("subscriptionSpec=1.0"), true)
  }

  func test_subscriptionHeartbeats_arriveButProduceNoValues() async throws {
    let chunks = Mutex<[String]>([])
    let provider = ExtendedProvider(http: { [ChunkRecorder(chunks: chunks)] })
    let live = LiveClient(endpoint: "/graphql?heartbeatMs=10", provider: provider)
    let stream = try live.client.subscribe(subscription: CountdownSubscription(from: 3, intervalMs: 80))

    let (values, error) = try await collect(stream.stream, timeout: 15)

    XCTAssertNil(error, "the subscription failed: \(String(describing: error))")
    XCTAssertEqual(values.map { $0.data?.countdown }, [3, 2, 1, 0])
    XCTAssertEqual(stream.state, .finished(.completed))
    let received = chunks.withLock { $0 }
    let heartbeats = received.filter { chunk in
      // A part is its headers, a blank line, then the JSON; a heartbeat's JSON is `{}`.
      let json = chunk.components(separatedBy: "\r\n\r\n").last ?? chunk
      return json.trimmingCharacters(in: .whitespacesAndNewlines) == "{}"
    }
    XCTAssertGreaterThan(heartbeats.count, 0, "no heartbeat reached the chain; chunks: \(received)")
    XCTAssertEqual(received.count - heartbeats.count, 4, "one payload chunk per value; chunks: \(received)")
  }

  func test_cancellingSlowQuery_endsPromptlyWithCancellationErrorAndNoResult() async throws {
    let live = LiveClient()
    let task = Task { try await live.client.fetch(query: SlowQuery(delayMs: 3000), cachePolicy: .networkOnly) }
    // Wait until the server is working on it (polled: under load the request can take a while to leave).
    let reached = try await eventually { try await TestServer.requests(path: "/graphql").map(\.operationName) == ["Slow"] }
    XCTAssertTrue(reached, "the request reached the server before the cancel")

    let start = ContinuousClock.now
    task.cancel()
    let outcome = try await withTimeout(5) { await task.result }

    XCTAssertLessThan(elapsed(since: start), 1.0)
    switch outcome {
    case .success(let response):
      XCTFail("A result was delivered after cancellation: \(response)")
    case .failure(let error):
      XCTAssertTrue(error is CancellationError, "got \(type(of: error)): \(error)")
    }
  }

  func test_cancellingSubscription_finishesAsCancelledAndStopsValuesAndServerStream() async throws {
    let live = LiveClient()
    let stream = try live.client.subscribe(subscription: CountdownSubscription(from: 100, intervalMs: 100))
    let received = Mutex<[Int]>([])
    let consumer = Task {
      for try await value in stream {
        if let countdown = value.data?.countdown { received.withLock { $0.append(countdown) } }
      }
    }

    let gotTwo = await eventually(within: 5) { received.withLock { $0.count } >= 2 }
    XCTAssertTrue(gotTwo, "the subscription did not start delivering")
    XCTAssertEqual(stream.state, .active)
    let activeOnServer = try await TestServer.stats()["httpSubscriptions"]?.intValue
    XCTAssertEqual(activeOnServer, 1)

    consumer.cancel()
    _ = try await withTimeout(5) { await consumer.result }
    let countAtCancel = received.withLock { $0.count }

    XCTAssertEqual(stream.state, .finished(.cancelled))
    XCTAssertEqual(received.withLock { $0 }, Array(stride(from: 100, to: 100 - countAtCancel, by: -1)))
    try await Task.sleep(nanoseconds: 400_000_000)
    XCTAssertEqual(received.withLock { $0.count }, countAtCancel, "values arrived after the cancel")
    XCTAssertEqual(stream.state, .finished(.cancelled))
    let endedOnServer = try await eventually(within: 3) { try await TestServer.stats()["httpSubscriptions"]?.intValue == 0 }
    XCTAssertTrue(endedOnServer, "the server still streams the cancelled subscription")
  }
}

/// Records every body chunk as text, then passes it on unchanged.
struct ChunkRecorder: HTTPInterceptor {
  let chunks: Mutex<[String]>

  func intercept(request: URLRequest, next: NextHTTPInterceptorFunction) async throws -> HTTPResponse {
    let chunks = self.chunks
    return try await next(request).mapChunks { _, chunk in
      chunks.withLock { $0.append(String(decoding: chunk, as: UTF8.self)) }
      return chunk
    }
  }
}
