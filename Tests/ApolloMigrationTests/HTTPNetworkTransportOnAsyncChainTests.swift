import ApolloAsyncChain
import ApolloCore
import ApolloDelegateTransport
import ApolloMigration
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 0.x call surface on the 2.x engine: a 0.x `ApolloClient` over the facade, delivery rules, and
/// the wire compared with the native 0.x transport.
final class HTTPNetworkTransportOnAsyncChainTests: XCTestCase {
  private let queueKey = DispatchSpecificKey<String>()
  private lazy var callbackQueue: DispatchQueue = {
    let queue = DispatchQueue(label: "facade.callbacks")
    queue.setSpecific(key: queueKey, value: "facade.callbacks")
    return queue
  }()

  private func facade(_ server: ScriptedServer, sendOperationIdentifiers: Bool = false,
                      useGETForQueries: Bool = false) -> HTTPNetworkTransportOnAsyncChain {
    HTTPNetworkTransportOnAsyncChain(url: migrationEndpoint, session: server, sendOperationIdentifiers: sendOperationIdentifiers,
                                     useGETForQueries: useGETForQueries, callbackQueue: callbackQueue)
  }

  private func fetch(_ client: ApolloDelegateTransport.ApolloClient, _ policy: ApolloDelegateTransport.CachePolicy)
    -> Result<ApolloDelegateTransport.GraphQLResult<HeroNameQuery.Data>, any Error>?
  {
    let done = expectation(description: "fetch")
    let outcome = Mutex<Result<ApolloDelegateTransport.GraphQLResult<HeroNameQuery.Data>, any Error>?>(nil)
    client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: policy, queue: callbackQueue) { result in
      outcome.withLock { $0 = result }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    return outcome.withLock { $0 }
  }

  func test_zeroXClientReturnCacheDataElseFetch_answersTheSecondFetchFromTheCacheWithOneRequestOnTheWire() throws {
    let server = ScriptedServer { _ in .json(r2Body) }
    let client = ApolloDelegateTransport.ApolloClient(networkTransport: facade(server), store: ApolloStore())

    let first = try XCTUnwrap(fetch(client, .returnCacheDataElseFetch)).get()
    let second = try XCTUnwrap(fetch(client, .returnCacheDataElseFetch)).get()

    XCTAssertEqual(first.data?.hero?.name, "R2-D2")
    XCTAssertEqual(first.source, .server)
    XCTAssertEqual(second.data?.hero?.name, "R2-D2")
    XCTAssertEqual(second.source, .cache, "the 0.x client wrote its own cache")
    XCTAssertEqual(server.requests.count, 1)
  }

  /// 0.x's request creator left the URL loading cache policy at its default, POST and GET alike; the 2.x
  /// request under the facade would ask for `.reloadIgnoringLocalCacheData` on a network-only fetch. (The facade
  /// builds its request with 0.x's policy, and its wire stage puts it back on any other request.)
  func test_requestsKeep0xsURLCachePolicy_onPOSTAndGET() throws {
    for useGET in [false, true] {
      let server = ScriptedServer { _ in .json(r2Body) }
      let client = ApolloDelegateTransport.ApolloClient(networkTransport: facade(server, useGETForQueries: useGET), store: ApolloStore())
      _ = try XCTUnwrap(fetch(client, .fetchIgnoringCacheData)).get()
      let sent = try XCTUnwrap(server.requests.first?.urlRequest)
      XCTAssertEqual(sent.httpMethod, useGET ? "GET" : "POST")
      XCTAssertEqual(sent.cachePolicy, .useProtocolCachePolicy)
    }
  }

  func test_zeroXClientFetchIgnoringCacheCompletely_goesToTheNetworkEveryTime() throws {
    let server = ScriptedServer { _ in .json(r2Body) }
    let client = ApolloDelegateTransport.ApolloClient(networkTransport: facade(server), store: ApolloStore())

    _ = try XCTUnwrap(fetch(client, .fetchIgnoringCacheCompletely)).get()
    let second = try XCTUnwrap(fetch(client, .fetchIgnoringCacheCompletely)).get()
    let cacheOnly = try XCTUnwrap(fetch(client, .returnCacheDataDontFetch))

    XCTAssertEqual(second.source, .server)
    XCTAssertEqual(server.requests.count, 2)
    XCTAssertThrowsError(try cacheOnly.get(), "fetchIgnoringCacheCompletely wrote nothing")
  }

  /// An upload whose file cannot be read fails with 0.33's error for a form it could not build, as 0.33's own
  /// transport does (`RequestBuildingTests`), not with the file's own error; nothing goes on the wire.
  func test_anUploadWhoseFileCannotBeRead_failsWith0xsSerializedBodyError() throws {
    let server = StarWarsScriptedServer.make()
    let missing = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).txt")
    let file = GraphQLFile(fieldName: "file", originalName: "x.txt", fileURL: missing)
    let done = expectation(description: "upload failed")
    let failure = Mutex<(any Error)?>(nil)
    _ = facade(server).upload(operation: SingleUploadMutation(file: "a"), files: [file]) { result in
      if case .failure(let error) = result { failure.withLock { $0 = error } }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    XCTAssertEqual(failure.withLock { $0 } as? ApolloDelegateTransport.GraphQLHTTPRequestError, .serializedBodyMessageError)
    XCTAssertTrue(server.requests.isEmpty)
  }

  func test_zeroXClientPerform_deliversTheMutationResult() throws {
    let server = StarWarsScriptedServer.make()
    let client = ApolloDelegateTransport.ApolloClient(networkTransport: facade(server), store: ApolloStore())
    let done = expectation(description: "perform")
    let stars = Mutex<Int?>(nil)
    client.perform(mutation: CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 5, commentary: "Great")),
                   queue: callbackQueue) { result in
      stars.withLock { $0 = try? result.get().data?.createReview?.stars }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    XCTAssertEqual(stars.withLock { $0 }, 5)
  }

  func test_completion_runsOnceOnTheCallbackQueue() {
    let server = ScriptedServer { _ in .json(r2Body) }
    let transport = facade(server)
    let done = expectation(description: "completion")
    done.assertForOverFulfill = true
    let label = Mutex<String?>(nil)
    let key = queueKey
    _ = transport.send(operation: HeroNameQuery(episode: nil)) { _ in
      label.withLock { $0 = DispatchQueue.getSpecific(key: key) }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    XCTAssertEqual(label.withLock { $0 }, "facade.callbacks")
  }

  func test_shouldSendFalse_completesOnceWithCancelledByDelegate() {
    let server = ScriptedServer { _ in .json(r2Body) }
    let transport = facade(server)
    let delegate = RecordingDelegate()
    delegate.shouldSend = { _ in false }
    transport.delegate = delegate
    let done = expectation(description: "completion")
    done.assertForOverFulfill = true
    let error = Mutex<(any Error)?>(nil)
    _ = transport.send(operation: HeroNameQuery(episode: nil)) { result in
      if case .failure(let failure) = result { error.withLock { $0 = failure } }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    XCTAssertEqual(error.withLock { $0 } as? ApolloDelegateTransport.GraphQLHTTPRequestError, .cancelledByDelegate)
    XCTAssertTrue(server.requests.isEmpty)
    XCTAssertEqual(delegate.transports.first, ObjectIdentifier(transport.delegateTransport))
  }

  func test_unauthorizedRetryThroughTheFacade_sendsTheRefreshedTokenOnTheSecondAttempt() throws {
    let server = ScriptedServer { request in
      request.header("Authorization") == "Bearer fresh" ? .json(r2Body) : .text("unauthorized", statusCode: 401)
    }
    let transport = facade(server)
    let tokens = TokenBox()
    let delegate = RecordingDelegate()
    delegate.willSend = { $0.setValue("Bearer \(tokens.value)", forHTTPHeaderField: "Authorization") }
    delegate.onError = { _, _, answer in
      tokens.refresh()
      answer(.retry)
    }
    transport.delegate = delegate
    let client = ApolloDelegateTransport.ApolloClient(networkTransport: transport, store: ApolloStore())

    let result = try XCTUnwrap(fetch(client, .fetchIgnoringCacheData)).get()
    XCTAssertEqual(result.data?.hero?.name, "R2-D2")
    XCTAssertEqual(server.requests.map { $0.header("Authorization") }, ["Bearer expired", "Bearer fresh"])
  }

  func test_cancel_completesOnceWithZeroXCancellationErrorAndStopsTheWork() {
    let server = ScriptedServer { _ in
      try await Task.sleep(nanoseconds: 2_000_000_000)
      return .json(r2Body)
    }
    let transport = facade(server)
    let done = expectation(description: "completion")
    done.assertForOverFulfill = true
    let error = Mutex<(any Error)?>(nil)
    let cancellable = transport.send(operation: HeroNameQuery(episode: nil)) { result in
      if case .failure(let failure) = result { error.withLock { $0 = failure } }
      done.fulfill()
    }
    cancellable.cancel()
    wait(for: [done], timeout: 5)
    guard case .networkError(_, let response, let underlying)? = error.withLock({ $0 }) as? URLSessionClient.URLSessionClientError else {
      return XCTFail("expected networkError")
    }
    XCTAssertNil(response)
    XCTAssertEqual((underlying as? URLError)?.code, .cancelled)
  }

  /// A cancelled request's raw task is reported to the task-completed delegate with the cancellation, as 0.x's
  /// cancelled URLSessionTask was (a network-activity count the delegate keeps stays balanced); the retry delegate
  /// is not asked.
  func test_cancel_reachesTheTaskCompletedDelegate_once() {
    let server = ScriptedServer { _ in
      try await Task.sleep(nanoseconds: 2_000_000_000)
      return .json(r2Body)
    }
    let transport = facade(server)
    let delegate = RecordingDelegate()
    transport.delegate = delegate
    let done = expectation(description: "completion")
    let cancellable = transport.send(operation: HeroNameQuery(episode: nil)) { _ in done.fulfill() }
    let sent = Date().addingTimeInterval(5)
    while server.receivedCount == 0 && Date() < sent { Thread.sleep(forTimeInterval: 0.01) }
    cancellable.cancel()
    wait(for: [done], timeout: 5)
    let reported = Date().addingTimeInterval(5)
    while delegate.rawTasks.isEmpty && Date() < reported { Thread.sleep(forTimeInterval: 0.01) }
    Thread.sleep(forTimeInterval: 0.1)
    XCTAssertEqual(delegate.rawTasks.count, 1)
    XCTAssertEqual((delegate.rawTasks.first?.error as? URLError)?.code, .cancelled)
    XCTAssertTrue(delegate.retries.isEmpty)
  }

  // MARK: Wire

  private func nativeRequest(sendOperationIdentifiers: Bool, useGETForQueries: Bool) throws -> ScriptedRequest {
    let server = ScriptedServer { _ in .json(r2Body) }
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    let native = HTTPNetworkTransport(url: migrationEndpoint, client: URLSessionClientOnStreamingSession(session: server, callbackQueue: queue),
                                      sendOperationIdentifiers: sendOperationIdentifiers, useGETForQueries: useGETForQueries)
    native.clientName = "WireApp"
    native.clientVersion = "1.2-3"
    let done = expectation(description: "native")
    _ = native.send(operation: HeroNameQuery(episode: .init(.EMPIRE))) { _ in done.fulfill() }
    wait(for: [done], timeout: 5)
    return try XCTUnwrap(server.requests.first)
  }

  private func facadeRequest(sendOperationIdentifiers: Bool, useGETForQueries: Bool) throws -> ScriptedRequest {
    let server = ScriptedServer { _ in .json(r2Body) }
    let transport = facade(server, sendOperationIdentifiers: sendOperationIdentifiers, useGETForQueries: useGETForQueries)
    transport.clientName = "WireApp"
    transport.clientVersion = "1.2-3"
    let done = expectation(description: "facade")
    _ = transport.send(operation: HeroNameQuery(episode: .init(.EMPIRE))) { _ in done.fulfill() }
    wait(for: [done], timeout: 5)
    return try XCTUnwrap(server.requests.first)
  }

  private func assertSameWire(sendOperationIdentifiers: Bool, useGETForQueries: Bool,
                              file: StaticString = #filePath, line: UInt = #line) throws {
    let native = try nativeRequest(sendOperationIdentifiers: sendOperationIdentifiers, useGETForQueries: useGETForQueries)
    let adapted = try facadeRequest(sendOperationIdentifiers: sendOperationIdentifiers, useGETForQueries: useGETForQueries)
    XCTAssertEqual(adapted.method, native.method, file: file, line: line)
    XCTAssertEqual(adapted.urlRequest.url, native.urlRequest.url, file: file, line: line)
    // Names compared as spelled, not case-folded: a delegate that reads `allHTTPHeaderFields` by key finds
    // the same keys on both (the native transport sets its fields in one assignment, as the 2.x engine does,
    // rather than through `setValue`, which re-spells names on Linux).
    XCTAssertEqual(adapted.urlRequest.allHTTPHeaderFields, native.urlRequest.allHTTPHeaderFields, file: file, line: line)
    XCTAssertEqual(adapted.urlRequest.httpBody, native.urlRequest.httpBody, "byte-identical body", file: file, line: line)
    XCTAssertNil(adapted.header("Accept"), file: file, line: line)
    XCTAssertNil(adapted.header("Apollo-Require-Preflight"), file: file, line: line)
    XCTAssertNil(adapted.extensions?["clientLibrary"], file: file, line: line)
  }

  func test_facadePOSTHeadersAndBody_matchTheNativeZeroXTransport() throws {
    try assertSameWire(sendOperationIdentifiers: false, useGETForQueries: false)
  }

  func test_facade_sendsIdLikeZeroXWithSendOperationIdentifiers() throws {
    try assertSameWire(sendOperationIdentifiers: true, useGETForQueries: false)
    let adapted = try facadeRequest(sendOperationIdentifiers: true, useGETForQueries: false)
    XCTAssertEqual(adapted.graphQLBody?["id"]?.stringValue, HeroNameQuery(episode: nil).operationIdentifier)
    XCTAssertNotNil(adapted.query, "0.x still sends the document with the id (MIGRATION.md §5.5, quirk Q4)")
  }

  func test_facadeGET_matchesTheNativeZeroXTransport() throws {
    try assertSameWire(sendOperationIdentifiers: false, useGETForQueries: true)
  }

  // The facade keeps 0.x's reading of a multipart body: as JSON, which fails; the task-completed and
  // retry delegates see the body framed as it was on the wire.
  func test_aMultipartBodyFailsAs0xDid_theDelegatesSeeTheFramedBody() throws {
    let server = ScriptedServer { _ in
      .multipart([#"{"data":{"hero":null},"hasNext":false}"#], boundary: "-", spec: "deferSpec=20220824")
    }
    let delegate = RecordingDelegate()
    let transport = facade(server)
    transport.delegate = delegate
    let client = ApolloDelegateTransport.ApolloClient(networkTransport: transport)
    guard case .failure(let error)? = fetch(client, .fetchIgnoringCacheData) else { return XCTFail("expected a failure") }
    XCTAssertTrue(error is JSONParsingError, "\(error)")
    let body = String(decoding: try XCTUnwrap(delegate.rawTasks.first?.data), as: UTF8.self)
    XCTAssertTrue(body.hasPrefix("\r\n---\r\nContent-Type: application/json"), body)
    XCTAssertTrue(body.hasSuffix("\r\n-----\r\n"), body)
    XCTAssertEqual(delegate.retries.count, 1)
  }
}
