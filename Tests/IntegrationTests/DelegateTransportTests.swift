import ApolloDelegateTransport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 0.x `HTTPNetworkTransport` and its delegates against TestServer, over the real URLSession-backed
/// `URLSessionClient` with an explicit callback queue (see `DelegateTransportMainQueueTests` for `.main`).
final class DelegateTransportTests: IntegrationTestCase {
  /// One delegate object adopting the preflight, task-completed and retry protocols, like 0.x apps.
  final class Delegate: HTTPNetworkTransportPreflightDelegate, HTTPNetworkTransportTaskCompletedDelegate,
    HTTPNetworkTransportRetryDelegate, @unchecked Sendable {
    // @unchecked Sendable: every mutable member is behind `lock`.
    private let lock = NSLock()
    var shouldSendAnswer = true
    var header: (name: String, value: String)?
    var onError: @Sendable (any Error, @escaping @Sendable (HTTPNetworkTransport.ContinueAction) -> Void) -> Void = { error, answer in answer(.fail(error)) }
    private var _rawBodies: [Data?] = []
    private var _retryErrors: [any Error] = []
    private var _sentAuthorizations: [String?] = []

    var rawBodies: [Data?] { lock.withLock { _rawBodies } }
    var retryErrors: [any Error] { lock.withLock { _retryErrors } }
    var sentAuthorizations: [String?] { lock.withLock { _sentAuthorizations } }
    func setHeader(_ name: String, _ value: String) { lock.withLock { header = (name, value) } }

    func networkTransport(_ networkTransport: HTTPNetworkTransport, shouldSend request: URLRequest) -> Bool {
      lock.withLock { shouldSendAnswer }
    }

    func networkTransport(_ networkTransport: HTTPNetworkTransport, willSend request: inout URLRequest) {
      if let header = lock.withLock({ header }) { request.setValue(header.value, forHTTPHeaderField: header.name) }
      let authorization = request.value(forHTTPHeaderField: "Authorization")
      lock.withLock { _sentAuthorizations.append(authorization) }
    }

    func networkTransport(_ networkTransport: HTTPNetworkTransport, didCompleteRawTaskForRequest request: URLRequest,
                          withData data: Data?, response: URLResponse?, error: (any Error)?) {
      lock.withLock { _rawBodies.append(data) }
    }

    func networkTransport(_ networkTransport: HTTPNetworkTransport, receivedError error: any Error, for request: URLRequest,
                          response: URLResponse?, continueHandler: @escaping @Sendable (HTTPNetworkTransport.ContinueAction) -> Void) {
      lock.withLock { _retryErrors.append(error) }
      onError(error, continueHandler)
    }
  }

  /// The result of one send and how many times its completion fired.
  final class Outcome<Value>: @unchecked Sendable {
    // @unchecked Sendable: behind `lock`.
    private let lock = NSLock()
    private var results: [Result<Value, any Error>] = []
    func record(_ result: Result<Value, any Error>) { lock.withLock { results.append(result) } }
    var count: Int { lock.withLock { results.count } }
    var last: Result<Value, any Error>? { lock.withLock { results.last } }
    var error: (any Error)? { if case .failure(let error)? = last { return error } else { return nil } }
  }

  private let callbackQueue: OperationQueue = {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    return queue
  }()

  private func makeTransport(_ path: String = "/graphql", useGETForQueries: Bool = false, delegate: Delegate? = nil) -> HTTPNetworkTransport {
    let client = URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: callbackQueue)
    let transport = HTTPNetworkTransport(url: TestServer.url(path), client: client, useGETForQueries: useGETForQueries)
    transport.delegate = delegate
    return transport
  }

  /// Sends and waits for exactly one completion.
  private func send<Operation: GraphQLOperation>(_ operation: Operation, on transport: HTTPNetworkTransport,
                                                 files: [GraphQLFile]? = nil) async -> Outcome<GraphQLResponse<Operation.Data>> {
    let outcome = Outcome<GraphQLResponse<Operation.Data>>()
    let done = expectation(description: "completion")
    done.assertForOverFulfill = true
    let handler: (Result<GraphQLResponse<Operation.Data>, any Error>) -> Void = { result in
      outcome.record(result)
      done.fulfill()
    }
    if let files {
      _ = transport.upload(operation: operation, files: files, completionHandler: handler)
    } else {
      _ = transport.send(operation: operation, completionHandler: handler)
    }
    await fulfillment(of: [done], timeout: 15)
    XCTAssertEqual(outcome.count, 1)
    return outcome
  }

  func test_headerAddedInWillSend_arrivesAtTheServer() async throws {
    let delegate = Delegate()
    delegate.setHeader("X-Custom-Header", "from-willSend")
    let transport = makeTransport(delegate: delegate)
    let outcome = await send(RequestHeaderQuery(name: "X-Custom-Header"), on: transport)
    let body = try XCTUnwrap(outcome.last).get().body
    XCTAssertEqual(body["data"]?["requestHeader"]?.stringValue, "from-willSend")
    let logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.last?.header("X-Custom-Header"), "from-willSend")
    XCTAssertEqual(logged.last?.header("apollographql-client-name"), transport.clientName)
  }

  func test_shouldSendFalse_sendsNothing() async throws {
    let delegate = Delegate()
    delegate.shouldSendAnswer = false
    let outcome = await send(HeroNameQuery(episode: nil), on: makeTransport(delegate: delegate))
    XCTAssertEqual(outcome.error as? GraphQLHTTPRequestError, .cancelledByDelegate)
    let logged = try await TestServer.requests(path: "/graphql")
    XCTAssertTrue(logged.isEmpty, "the server received \(logged.count) requests")
    XCTAssertTrue(delegate.rawBodies.isEmpty)
  }

  func test_401AnsweredByRetryDelegateAfterAsynchronousReauthentication_succeedsOnTheSecondAttempt() async throws {
    let delegate = Delegate()
    delegate.setHeader("Authorization", "Bearer expired")
    delegate.onError = { [delegate] error, answer in
      guard let responseError = error as? GraphQLHTTPResponseError, responseError.response.statusCode == 401 else {
        return answer(.fail(error))
      }
      Task {
        do {
          let fresh = try await TestServer.mintToken()
          delegate.setHeader("Authorization", "Bearer \(fresh.token)")
          answer(.retry)
        } catch {
          answer(.fail(error))
        }
      }
    }
    let transport = makeTransport("/graphql-auth", delegate: delegate)
    let outcome = await send(MeQuery(), on: transport)
    let body = try XCTUnwrap(outcome.last).get().body
    XCTAssertEqual(body["data"]?["me"]?.stringValue, "user-1")
    XCTAssertEqual(delegate.retryErrors.count, 1)
    XCTAssertEqual(delegate.rawBodies.count, 2, "the task-completed delegate saw both attempts")
    let logged = try await TestServer.requests(path: "/graphql-auth")
    XCTAssertEqual(logged.count, 2)
    XCTAssertEqual(logged.first?.header("Authorization"), "Bearer expired")
    XCTAssertEqual(logged.last?.header("Authorization"), delegate.sentAuthorizations.last ?? nil)
    XCTAssertNotEqual(logged.last?.header("Authorization"), "Bearer expired")
  }

  func test_retryDelegateFailWithError_deliversThatError() async throws {
    struct GaveUp: Error, Equatable {}
    let delegate = Delegate()
    delegate.onError = { _, answer in answer(.fail(GaveUp())) }
    let outcome = await send(HeroNameQuery(episode: nil), on: makeTransport("/fault/status/503", delegate: delegate))
    XCTAssertEqual(outcome.error as? GaveUp, GaveUp())
  }

  func test_taskCompletedDelegate_seesTheRawBodyOfA500() async throws {
    let delegate = Delegate()
    let outcome = await send(HeroNameQuery(episode: nil), on: makeTransport("/fault/status/500?body=text", delegate: delegate))
    XCTAssertEqual(delegate.rawBodies.count, 1)
    let raw: Data? = delegate.rawBodies.first ?? nil
    XCTAssertEqual(raw.map { String(decoding: $0, as: UTF8.self) }, "status 500")
    let error = outcome.error as? GraphQLHTTPResponseError
    XCTAssertEqual(error?.response.statusCode, 500)
    XCTAssertEqual(error?.body.map { String(decoding: $0, as: UTF8.self) }, "status 500")
  }

  func test_getForQueries_sendsAGETAndGetsTheAnswer() async throws {
    let outcome = await send(HeroNameQuery(episode: .init(.EMPIRE)), on: makeTransport(useGETForQueries: true))
    let body = try XCTUnwrap(outcome.last).get().body
    XCTAssertEqual(body["data"]?["hero"]?["name"]?.stringValue, "Luke Skywalker")
    let logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.last?.method, "GET")
    XCTAssertEqual(logged.last?.queryItems["variables"], #"{"episode":"EMPIRE"}"#)
    XCTAssertNotNil(logged.last?.header("apollographql-client-name"), "kept on GET, unlike 0.x")
  }

  func test_upload_reachesTheServerWithNameAndContent() async throws {
    let file = GraphQLFile(fieldName: "file", originalName: "a.txt", mimeType: "text/plain", data: Data("alpha".utf8))
    let outcome = await send(SingleUploadMutation(file: "a"), on: makeTransport(), files: [file])
    let body = try XCTUnwrap(outcome.last).get().body
    XCTAssertEqual(body["data"]?["singleUpload"]?["filename"]?.stringValue, "a.txt")
    XCTAssertEqual(body["data"]?["singleUpload"]?["content"]?.stringValue, "alpha")
    XCTAssertEqual(body["data"]?["singleUpload"]?["mimetype"]?.stringValue, "text/plain")
  }

  func test_apolloClientFetch_goesThroughTheTransport() async throws {
    let client = ApolloClient(networkTransport: makeTransport())
    let done = expectation(description: "fetched")
    done.assertForOverFulfill = true
    let outcome = Outcome<GraphQLResult<HeroNameQuery.Data>>()
    client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: DispatchQueue(label: "handler")) { result in
      outcome.record(result)
      done.fulfill()
    }
    await fulfillment(of: [done], timeout: 15)
    XCTAssertEqual(try outcome.last?.get().data?.hero?.name, "R2-D2")
  }

  // MIGRATION.md §5.5, 0.x quirk Q8, kept: cancelling the returned task delivers the cancellation error.
  func test_cancellingTheReturnedTask_deliversANetworkErrorWrappingCancelled() async throws {
    let transport = makeTransport("/fault/delay/2000")
    let outcome = Outcome<GraphQLResponse<HeroNameQuery.Data>>()
    let done = expectation(description: "completion")
    done.assertForOverFulfill = true
    let task = transport.send(operation: HeroNameQuery(episode: nil)) { result in
      outcome.record(result)
      done.fulfill()
    }
    try await Task.sleep(nanoseconds: 100_000_000)
    task.cancel()
    await fulfillment(of: [done], timeout: 15)
    guard case .networkError(let data, let response, let underlying)? = outcome.error as? URLSessionClient.URLSessionClientError else {
      return XCTFail("expected networkError, got \(String(describing: outcome.error))")
    }
    XCTAssertEqual(data, Data())
    XCTAssertNil(response)
    XCTAssertEqual((underlying as NSError).code, NSURLErrorCancelled)
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `URLSessionClientLiveTests`: client.cancel(task:) silences the task.
  func test_clientCancelTask_neverCallsTheCompletion() async throws {
    let client = URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: callbackQueue)
    let called = Outcome<(Data, HTTPURLResponse)>()
    let task = client.sendRequest(URLRequest(url: TestServer.url("/fault/delay/1000"))) { result in called.record(result) }
    try await Task.sleep(nanoseconds: 100_000_000)
    client.cancel(task: task)
    try await Task.sleep(nanoseconds: 1_500_000_000)
    XCTAssertEqual(called.count, 0)
    client.invalidate()
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `URLSessionClientLiveTests`.
  func test_urlSessionClientGET_succeedsWithDataAndTheResponseURLOfTheRequest() async throws {
    let client = URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: callbackQueue)
    let request = URLRequest(url: TestServer.url("/health"))
    let done = expectation(description: "completion")
    done.assertForOverFulfill = true
    let outcome = Outcome<(Data, HTTPURLResponse)>()
    let raw = Outcome<Int>()
    client.sendRequest(request, rawTaskCompletionHandler: { _, _, _ in raw.record(.success(1)) }) { result in
      XCTAssertEqual(raw.count, 1, "the raw completion runs first")
      outcome.record(result)
      done.fulfill()
    }
    await fulfillment(of: [done], timeout: 15)
    let (data, response) = try XCTUnwrap(outcome.last).get()
    XCTAssertFalse(data.isEmpty)
    XCTAssertEqual(response.url, request.url)
    client.invalidate()
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `URLSessionClientLiveTests`.
  func test_twentyConcurrentRequests_allCompleteWithDistinctTaskIdentifiers() async throws {
    let client = URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: callbackQueue)
    let done = expectation(description: "all")
    done.expectedFulfillmentCount = 20
    done.assertForOverFulfill = true
    let statuses = Outcome<Int>()
    var identifiers = Set<Int>()
    for _ in 0..<20 {
      let task = client.sendRequest(URLRequest(url: TestServer.url("/health"))) { result in
        statuses.record(result.map { $0.1.statusCode })
        done.fulfill()
      }
      identifiers.insert(task.taskIdentifier)
    }
    await fulfillment(of: [done], timeout: 15)
    XCTAssertEqual(identifiers.count, 20)
    XCTAssertEqual(statuses.count, 20)
    client.invalidate()
  }
}

/// The default callback queue is `.main` (MIGRATION.md §5.5, 0.x quirk Q12, kept): completions arrive while the main run loop
/// runs, which XCTest's synchronous `wait(for:timeout:)` does on the main thread.
final class DelegateTransportMainQueueTests: IntegrationTestCase {
  func test_quirkQ12Kept_defaultMainCallbackQueueCompletesWhenTheMainRunLoopRuns() {
    let transport = HTTPNetworkTransport(url: TestServer.url("/graphql"))
    let done = expectation(description: "completion")
    done.assertForOverFulfill = true
    let onMain = Mutex<Bool?>(nil)
    _ = transport.send(operation: HeroNameQuery(episode: nil)) { result in
      onMain.withLock { $0 = Thread.isMainThread }
      if case .failure(let error) = result { XCTFail("\(error)") }
      done.fulfill()
    }
    wait(for: [done], timeout: 15)
    XCTAssertEqual(onMain.withLock { $0 }, true)
  }
}
