import ApolloAsyncChain
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

enum TestLocals {
  @TaskLocal static var correlationID: String?
}

/// A session that answers with multipart parts slowly and records whether its body was torn down.
final class ProbeSession: ApolloURLSession {
  let bodyTerminated = Recorder<String>()
  let partsSent = Recorder<Int>()
  let seenCorrelationIDs = Recorder<String?>()
  let interval: Duration
  let parts: Int

  init(parts: Int = 50, interval: Duration = .milliseconds(20)) {
    self.parts = parts
    self.interval = interval
  }

  func chunks(for request: URLRequest) async throws -> (any AsyncChunkSequence, URLResponse) {
    seenCorrelationIDs.append(TestLocals.correlationID)
    let (parts, interval, sent, terminated) = (parts, interval, partsSent, bodyTerminated)
    let body = AsyncThrowingStream<Data, any Error> { continuation in
      let task = Task {
        for index in 0..<parts {
          try? await Task.sleep(for: interval)
          if Task.isCancelled { return }
          sent.append(index)
          continuation.yield(Data("\r\n--graphql\r\nContent-Type: application/json\r\n\r\n{\"payload\":{\"data\":{\"countdown\":\(index)}}}".utf8))
        }
        continuation.yield(Data("\r\n--graphql--\r\n".utf8))
        continuation.finish()
      }
      continuation.onTermination = { reason in
        terminated.append("\(reason)")
        task.cancel()
      }
    }
    let response = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1",
                                   headerFields: ["Content-Type": "multipart/mixed; boundary=\"graphql\"; subscriptionSpec=1.0"])!
    return (AsyncHTTPResponseChunkSequence(body: body, boundary: "graphql"), response)
  }
}

/// Observes cancellation in every attempt; used to show that the retry loop relies on interceptors.
actor CancellationObservingInterceptor: GraphQLInterceptor {
  private(set) var sawCancellation = false
  func intercept<Request: GraphQLRequest>(request: Request, next: (Request) async -> InterceptorResultStream<Request>)
    async throws -> InterceptorResultStream<Request>
  {
    do {
      try Task.checkCancellation()
      try await Task.sleep(nanoseconds: 5_000_000)
    } catch {
      sawCancellation = true
      throw error
    }
    return await next(request)
  }
}

final class CancellationTests: XCTestCase {
  func test_cancellingTheConsumer_stopsNetworkWork_andDeliversNothingAfter() async throws {
    let session = ProbeSession()
    let store = ApolloStore()
    let transport = RequestChainNetworkTransport(urlSession: session, interceptorProvider: DefaultInterceptorProvider.shared,
                                                 store: store, endpointURL: testEndpoint)
    let client = ApolloClient(networkTransport: transport, store: store)
    let stream = try client.subscribe(subscription: CountdownSubscription(from: 50, intervalMs: nil), cachePolicy: .networkOnly)
    let received = Recorder<Int>()
    let consumer = Task {
      for try await value in stream { received.append(value.data?.countdown ?? -1) }
    }
    try await expectEventually { received.count >= 3 }
    consumer.cancel()
    _ = await consumer.result
    let countAtCancel = received.count
    try await Task.sleep(nanoseconds: 200_000_000)
    XCTAssertEqual(received.count, countAtCancel, "nothing is delivered after cancellation")
    XCTAssertEqual(session.bodyTerminated.count, 1, "the response body was torn down")
    XCTAssertLessThan(session.partsSent.count, 20, "the session stopped producing parts")
    XCTAssertEqual(stream.state, .finished(.cancelled))
  }

  func test_cancellation_releasesTheChainAndItsInterceptors() async throws {
    weak var weakInterceptor: CancellationObservingInterceptor?
    let session = ProbeSession()
    do {
      let interceptor = CancellationObservingInterceptor()
      weakInterceptor = interceptor
      let transport = RequestChainNetworkTransport(
        urlSession: session, interceptorProvider: TestProvider(graphQL: { [interceptor] }), store: ApolloStore(), endpointURL: testEndpoint)
      let stream = try transport.send(subscription: CountdownSubscription(from: 50, intervalMs: nil), fetchBehavior: .NetworkOnly, requestConfiguration: .init())
      let consumer = Task { for try await _ in stream { break } }
      _ = await consumer.result
    }
    _ = await eventually { weakInterceptor == nil }
    XCTAssertNil(weakInterceptor, "the chain and its interceptors are released after the consumer leaves")
  }

  /// A single-response `fetch` runs the chain in the caller's task (no kickoff task, no hand-off back), so
  /// cancelling the caller reaches the interceptors directly; the caller still gets `CancellationError`,
  /// whatever the interrupted stage threw, as it did from the dropped stream.
  func test_cancellingASingleResponseFetch_endsItWithCancellationError_whateverTheStageThrew() async throws {
    struct WaitingThenFailing: GraphQLInterceptor {
      let started: Recorder<String>
      func intercept<Request: GraphQLRequest>(request: Request, next: (Request) async -> InterceptorResultStream<Request>)
        async throws -> InterceptorResultStream<Request>
      {
        started.append("waiting")
        try? await Task.sleep(for: .seconds(10))
        throw TestError(id: 3)
      }
    }
    let started = Recorder<String>()
    let harness = Harness(responses: [.json(r2HeroResponse)], provider: TestProvider(graphQL: { [WaitingThenFailing(started: started)] }))
    let fetch = Task { try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly) }
    try await expectEventually { started.count == 1 }
    fetch.cancel()
    let outcome = await fetch.result
    guard case .failure(let error) = outcome else { return XCTFail("a cancelled fetch delivered \(outcome)") }
    XCTAssertTrue(error is CancellationError, "got \(error)")
    XCTAssertTrue(harness.server.requests.isEmpty)
  }

  func test_retryLoop_doesNotCheckCancellation_itself_interceptorsObserveIt() async throws {
    let observer = CancellationObservingInterceptor()
    let harness = Harness(responses: [], provider: TestProvider(graphQL: { [observer, BlindRetryingInterceptor()] }))
    let stream = try harness.send(HeroNameQuery(episode: nil))
    let consumer = Task { try await collect(stream, timeout: 5) }
    try await Task.sleep(nanoseconds: 50_000_000)
    consumer.cancel()
    let outcome = try await consumer.value
    XCTAssertTrue(outcome.values.isEmpty)
    // The consumer may leave before the chain's next attempt reaches the interceptor.
    let deadline = ContinuousClock.now + .seconds(5)
    var saw = await observer.sawCancellation
    while !saw && ContinuousClock.now < deadline {
      try await Task.sleep(nanoseconds: 5_000_000)
      saw = await observer.sawCancellation
    }
    XCTAssertTrue(saw, "the interceptor saw the cancellation and ended the loop")
  }

  func test_droppingTheReturnedStreamWithoutIterating_cancelsTheWork() async throws {
    let session = ProbeSession()
    let transport = RequestChainNetworkTransport(urlSession: session, interceptorProvider: DefaultInterceptorProvider.shared,
                                                 store: ApolloStore(), endpointURL: testEndpoint)
    do {
      _ = try transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly, requestConfiguration: .init())
    }
    try await expectEventually { session.bodyTerminated.count == 1 }
    XCTAssertLessThan(session.partsSent.count, 50)
  }
}

final class TaskLocalTests: XCTestCase {
  struct Observing: GraphQLInterceptor {
    let tag: String
    let seen: Recorder<String>
    func intercept<Request: GraphQLRequest>(request: Request, next: (Request) async -> InterceptorResultStream<Request>)
      async throws -> InterceptorResultStream<Request>
    {
      seen.append("\(tag) pre: \(TestLocals.correlationID ?? "nil")")
      let (seen, tag) = (seen, tag)
      return await next(request).map { result in
        seen.append("\(tag) post: \(TestLocals.correlationID ?? "nil")")
        return result
      }
    }
  }

  struct ObservingHTTP: HTTPInterceptor {
    let seen: Recorder<String>
    func intercept(request: URLRequest, next: (URLRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
      seen.append("http: \(TestLocals.correlationID ?? "nil")")
      return try await next(request)
    }
  }

  struct ObservingCache: CacheInterceptor {
    let seen: Recorder<String>
    func readCacheData<Request: GraphQLRequest>(from store: ApolloStore, request: Request) async throws -> GraphQLResponse<Request.Operation>? {
      seen.append("cache read: \(TestLocals.correlationID ?? "nil")")
      return nil
    }
    func writeCacheData<Request: GraphQLRequest>(to store: ApolloStore, request: Request, response: ParsedResult<Request.Operation>) async throws {
      seen.append("cache write: \(TestLocals.correlationID ?? "nil")")
    }
  }

  struct ObservingParser: ResponseParsingInterceptor {
    let seen: Recorder<String>
    func parse<Request: GraphQLRequest>(response: consuming HTTPResponse, for request: Request, includeCacheRecords: Bool)
      async throws -> InterceptorResultStream<Request>
    {
      seen.append("parser: \(TestLocals.correlationID ?? "nil")")
      return try await JSONResponseParsingInterceptor().parse(response: response, for: request, includeCacheRecords: includeCacheRecords)
    }
  }

  /// Binds its own id around `next`.
  struct Binding: GraphQLInterceptor {
    func intercept<Request: GraphQLRequest>(request: Request, next: (Request) async -> InterceptorResultStream<Request>)
      async throws -> InterceptorResultStream<Request>
    {
      await TestLocals.$correlationID.withValue("inner") { await next(request) }
    }
  }

  private func provider(_ seen: Recorder<String>, binding: Bool = false) -> TestProvider {
    TestProvider(
      graphQL: { (binding ? [Binding()] : []) + [Observing(tag: "a", seen: seen), Observing(tag: "b", seen: seen)] },
      cache: { ObservingCache(seen: seen) }, http: { [ObservingHTTP(seen: seen)] }, parser: { ObservingParser(seen: seen) })
  }

  func test_valueBoundByTheCaller_reachesEveryStage() async throws {
    let seen = Recorder<String>()
    let harness = Harness(server: ScriptedServer(responses: [.json(r2HeroResponse)]), provider: provider(seen))
    let response = try await TestLocals.$correlationID.withValue("caller-42") {
      try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheFirst)
    }
    XCTAssertEqual(response.source, .server)
    XCTAssertEqual(Set(seen.values), [
      "a pre: caller-42", "b pre: caller-42", "cache read: caller-42", "http: caller-42", "parser: caller-42",
      "b post: caller-42", "a post: caller-42", "cache write: caller-42",
    ])
  }

  func test_valueBoundByAnInterceptorAroundNext_reachesLaterStages_butNotTheCacheWrite() async throws {
    let seen = Recorder<String>()
    let harness = Harness(server: ScriptedServer(responses: [.json(r2HeroResponse)]), provider: provider(seen, binding: true))
    _ = try await TestLocals.$correlationID.withValue("outer") {
      try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheFirst)
    }
    let values = Set(seen.values)
    XCTAssertTrue(values.isSuperset(of: ["a pre: inner", "b pre: inner", "cache read: inner", "http: inner", "parser: inner"]), "\(values)")
    XCTAssertTrue(values.contains("cache write: outer"), "\(values)")
  }

  /// `fetch` and `perform` work the chain out in the calling task; `send`, whose stream outlives the call,
  /// runs it in a task of its own. Either way the caller's task-local values reach every stage.
  func test_singleResponseFetchAndPerform_runInTheCallersTask_sendInItsOwn() async throws {
    struct RecordingTask: GraphQLInterceptor {
      let tasks: Recorder<Int>
      func intercept<Request: GraphQLRequest>(request: Request, next: (Request) async -> InterceptorResultStream<Request>)
        async throws -> InterceptorResultStream<Request>
      {
        tasks.append(withUnsafeCurrentTask { $0?.hashValue } ?? 0)
        return await next(request)
      }
    }
    let tasks = Recorder<Int>()
    let review: JSON.Object = ["data": ["createReview": ["stars": 5, "commentary": .null]]]
    let harness = Harness(server: ScriptedServer(responses: [.json(r2HeroResponse), .json(review), .json(r2HeroResponse)]),
                          provider: TestProvider(graphQL: { [RecordingTask(tasks: tasks)] }))
    let caller = withUnsafeCurrentTask { $0?.hashValue } ?? -1
    _ = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
    _ = try await harness.client.perform(mutation: CreateReviewMutation(episode: .init(.JEDI), review: .init(stars: 5)))
    for try await _ in try harness.send(HeroNameQuery(episode: nil)) {}
    XCTAssertEqual(tasks.values.count, 3)
    XCTAssertEqual(Array(tasks.values.prefix(2)), [caller, caller], "fetch and perform run in the caller's task")
    XCTAssertNotEqual(tasks.values.last, caller, "send runs its own task")
  }

  func test_valueBoundByTheCaller_reachesTheSession() async throws {
    let session = ProbeSession(parts: 1, interval: .milliseconds(1))
    let transport = RequestChainNetworkTransport(urlSession: session, interceptorProvider: DefaultInterceptorProvider.shared,
                                                 store: ApolloStore(), endpointURL: testEndpoint)
    let stream = try TestLocals.$correlationID.withValue("session-7") {
      try transport.send(subscription: CountdownSubscription(from: 1, intervalMs: nil), fetchBehavior: .NetworkOnly, requestConfiguration: .init())
    }
    for try await _ in stream {}
    XCTAssertEqual(session.seenCorrelationIDs.values, ["session-7"])
  }
}
