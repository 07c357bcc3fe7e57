import ApolloAsyncChain
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

final class SubscriptionOverHTTPTests: XCTestCase {
  private func harness(_ response: ScriptedResponse) -> Harness {
    Harness(server: ScriptedServer(responses: [response]))
  }

  private func countdown(_ values: [Int], delay: Duration? = nil, close: Bool = true) -> ScriptedResponse {
    .multipart(values.map { #"{"payload":{"data":{"countdown":\#($0)}}}"# }, boundary: "graphql", spec: "subscriptionSpec=1.0",
               delay: delay, close: close)
  }

  func test_state_isPendingBeforeTheFirstValue_activeAfter_andCompletedWhenTheBodyEnds() async throws {
    // The server answers only once the test has seen `.pending`, so a busy machine cannot race ahead.
    let (released, release) = AsyncStream<Void>.makeStream()
    let response = countdown([2, 1, 0], delay: .milliseconds(100))
    let harness = Harness(server: ScriptedServer { _ in
      for await _ in released { break }
      return response
    })
    let stream = try harness.client.subscribe(subscription: CountdownSubscription(from: 2, intervalMs: nil), cachePolicy: .networkOnly)
    XCTAssertEqual(stream.state, .pending)
    release.yield()
    var values: [Int] = []
    for try await value in stream {
      values.append(value.data?.countdown ?? -1)
      // After the last value the body may already have ended, so only the earlier ones are checked.
      if values.count < 3 { XCTAssertEqual(stream.state, .active) }
    }
    XCTAssertEqual(values, [2, 1, 0])
    XCTAssertEqual(stream.state, .finished(.completed))
  }

  func test_topLevelErrorsEvent_endsTheStreamWithIrrecoverableErrors_andStateError() async throws {
    let response = ScriptedResponse.multipart(
      [#"{"payload":{"data":{"countdown":3}}}"#, #"{"payload":null,"errors":[{"message":"source failed"}]}"#],
      boundary: "graphql", spec: "subscriptionSpec=1.0")
    let stream = try harness(response).client.subscribe(subscription: CountdownSubscription(from: 3, intervalMs: nil), cachePolicy: .networkOnly)
    let (values, error) = try await collect(stream.stream)
    XCTAssertEqual(values.count, 1)
    XCTAssertEqual(error as? MultipartResponseSubscriptionParser.ParsingError, .irrecoverableErrors([GraphQLError(message: "source failed")]))
    XCTAssertEqual(stream.state, .finished(.error(TestError())))
  }

  func test_cancellingTheConsumingTask_setsStateCancelled() async throws {
    let stream = try harness(countdown(Array((0..<100).reversed()), delay: .milliseconds(20)))
      .client.subscribe(subscription: CountdownSubscription(from: 99, intervalMs: nil), cachePolicy: .networkOnly)
    let consumer = Task { for try await _ in stream {} }
    try await Task.sleep(nanoseconds: 100_000_000)
    consumer.cancel()
    _ = await consumer.result
    XCTAssertEqual(stream.state, .finished(.cancelled))
  }

  func test_connectionLostMidStream_endsWithTheTransportError() async throws {
    var response = countdown([3, 2], close: false)
    response.body.append(.fail(URLError(.networkConnectionLost)))
    let stream = try harness(response).client.subscribe(subscription: CountdownSubscription(from: 3, intervalMs: nil), cachePolicy: .networkOnly)
    let (values, error) = try await collect(stream.stream)
    XCTAssertEqual(values.count, 2)
    XCTAssertEqual((error as? URLError)?.code, .networkConnectionLost)
    XCTAssertEqual(stream.state, .finished(.error(TestError())))
  }

  func test_cacheThenNetwork_isTheDefault_andReadsSubscriptionRootFirst() async throws {
    let harness = harness(countdown([1]))
    try harness.store.publishRecords(harness.store.records(for: CountdownSubscription(from: 1, intervalMs: nil), data: ["countdown": 9]))
    let stream = try harness.client.subscribe(subscription: CountdownSubscription(from: 1, intervalMs: nil))
    let (values, _) = try await collect(stream.stream)
    XCTAssertEqual(values.map(\.source), [.cache, .server])
    XCTAssertEqual(values.map(\.data?.countdown), [9, 1])
  }

  func test_eachEvent_isWrittenToTheCache() async throws {
    let harness = harness(countdown([5, 4]))
    let stream = try harness.client.subscribe(subscription: CountdownSubscription(from: 5, intervalMs: nil), cachePolicy: .networkOnly)
    _ = try await collect(stream.stream)
    XCTAssertEqual(try harness.store.readIfComplete(CountdownSubscription(from: 5, intervalMs: nil))?.data.countdown, 4)
  }
}

final class DeferOverHTTPTests: XCTestCase {
  private let initial = #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}},"hasNext":true}"#
  private let increment = #"{"incremental":[{"data":{"friends":[{"__typename":"Human","id":"1000","name":"Luke Skywalker"}]},"path":["hero"],"label":"friends"}],"hasNext":false}"#

  func test_partialResponseAlone_givesOneResult_withTheDeferredFieldsMissing() async throws {
    let harness = Harness(responses: [.multipart([initial])])
    let (values, error) = try await collect(harness.client.fetch(query: HeroDeferredQuery(), cachePolicy: .networkOnly))
    XCTAssertNil(error)
    XCTAssertEqual(values.count, 1)
    XCTAssertNil(values.first?.data?.hero?.fragments.friends?.friends)
  }

  func test_partialPlusIncremental_givesTwoResults_theSecondFulfilled_andCachesTheWhole() async throws {
    let harness = Harness(responses: [.multipart([initial, increment], delay: .milliseconds(10))])
    let (values, _) = try await collect(harness.client.fetch(query: HeroDeferredQuery(), cachePolicy: .networkOnly))
    XCTAssertEqual(values.count, 2)
    XCTAssertEqual(values.last?.data?.hero?.fragments.friends?.friends?.first??.name, "Luke Skywalker")
    let cached = try await harness.client.fetch(query: HeroDeferredQuery(), cachePolicy: .cacheOnly)
    XCTAssertEqual(cached?.data?.hero?.fragments.friends?.friends?.count, 1)
  }

  func test_boundaryTextInsideABody_doesNotSplitIt() async throws {
    let tricky = #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"--- R2 ---"}},"hasNext":false}"#
    let harness = Harness(responses: [.multipart([tricky])])
    let (values, _) = try await collect(harness.client.fetch(query: HeroDeferredQuery(), cachePolicy: .networkOnly))
    XCTAssertEqual(values.first?.data?.hero?.name, "--- R2 ---")
  }

  func test_dataAfterTheCloseDelimiter_isIgnored_andTheResponseSucceeds() async throws {
    var response = ScriptedResponse.multipart([initial, increment])
    response.body.append(.data(Data("epilogue that is not a part".utf8)))
    let harness = Harness(responses: [response])
    let (values, error) = try await collect(harness.client.fetch(query: HeroDeferredQuery(), cachePolicy: .networkOnly))
    XCTAssertNil(error)
    XCTAssertEqual(values.count, 2)
  }

  func test_truncatedMultipartBody_failsWithTypedError_notACrash() async throws {
    let truncated = ScriptedResponse(
      headers: ["Content-Type": "multipart/mixed; boundary=\"-\"; deferSpec=20220824"],
      body: [.data(Data("\r\n---\r\nContent-Type: application/json\r\n\r\n\(initial)\r\n---\r\nContent-Type: application/json\r\n\r\n{\"incremental\":[{\"da".utf8))])
    let harness = Harness(responses: [truncated])
    let (values, error) = try await collect(harness.client.fetch(query: HeroDeferredQuery(), cachePolicy: .networkOnly))
    XCTAssertEqual(values.count, 1)
    XCTAssertEqual(error as? MultipartResponseDeferParser.ParsingError, .cannotParseChunkData)
  }
}
