import ApolloDelegateTransport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The order of events of one 0.x request and the 0.x quirks of MIGRATION.md §5.5, each pinned
/// as kept or as fixed ("differsFrom0x").
final class TransportBehaviourTests: XCTestCase {
  private func transport(_ client: URLSessionClient, delegate: RecordingDelegate, apq: Bool = false) -> HTTPNetworkTransport {
    let transport = HTTPNetworkTransport(url: testEndpoint, client: client, enableAutoPersistedQueries: apq)
    transport.delegate = delegate
    return transport
  }

  func test_orderOfEvents_preflightThenTaskCompletedThenRetry_andRetryRerunsThePreflight() {
    let client = ScriptedURLSessionClient(responses: [.text("no", statusCode: 500), .json(r2HeroBody)])
    let delegate = RecordingDelegate()
    let shouldSendSaw = Mutex<[URLRequest]>([])
    delegate.shouldSend = { request in shouldSendSaw.withLock { $0.append(request) }; return true }
    delegate.willSend = { $0.setValue("yes", forHTTPHeaderField: "X-Will-Send") }
    delegate.onError = { _, _, answer in answer(.retry) }
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()

    _ = transport(client, delegate: delegate).send(operation: HeroNameQuery(episode: nil)) { completion($0) }

    XCTAssertEqual(delegate.events, ["shouldSend", "willSend", "taskCompleted", "retry", "shouldSend", "willSend", "taskCompleted"])
    XCTAssertEqual(completion.count, 1)
    XCTAssertNotNil(completion.value)
    // shouldSend sees the fully built request, before willSend's changes.
    let first = shouldSendSaw.withLock { $0.first }
    XCTAssertEqual(first?.httpMethod, "POST")
    XCTAssertNotNil(first?.httpBody)
    XCTAssertEqual(first?.value(forHTTPHeaderField: "Content-Type"), "application/json")
    XCTAssertNotNil(first?.value(forHTTPHeaderField: "apollographql-client-name"))
    XCTAssertNil(first?.value(forHTTPHeaderField: "X-Will-Send"))
    // Later delegates receive the request as changed by willSend.
    XCTAssertEqual(delegate.taskCompletions.first?.request.value(forHTTPHeaderField: "X-Will-Send"), "yes")
    XCTAssertEqual(delegate.retryCalls.first?.request.value(forHTTPHeaderField: "X-Will-Send"), "yes")
  }

  func test_taskCompletedDelegate_seesEveryAttempt_beforeStatusChecksAndParsing_withRawBodyOf500() {
    let client = ScriptedURLSessionClient(responses: [.text("sad server", statusCode: 500), .response(statusCode: 200, body: Data("<html>".utf8), headers: [:])])
    let delegate = RecordingDelegate()
    delegate.onError = { error, count, answer in answer(count == 1 ? .retry : .fail(error)) }
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()

    _ = transport(client, delegate: delegate).send(operation: HeroNameQuery(episode: nil)) { completion($0) }

    XCTAssertEqual(delegate.taskCompletions.map { $0.data }, [Data("sad server".utf8), Data("<html>".utf8)])
    XCTAssertEqual(completion.count, 1)
  }

  func test_networkError_goesToRetryDelegateWithNilResponse_andTaskCompletedGetsEmptyDataNotNil() {
    let client = ScriptedURLSessionClient(responses: [.failure(URLError(.notConnectedToInternet))])
    let delegate = RecordingDelegate()
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()

    _ = transport(client, delegate: delegate).send(operation: HeroNameQuery(episode: nil)) { completion($0) }

    XCTAssertEqual(delegate.taskCompletions.first?.data, Data())
    XCTAssertNotNil(delegate.taskCompletions.first?.error)
    XCTAssertEqual(delegate.retryCount, 1)
    XCTAssertNil(delegate.retryCalls.first?.response)
    guard case .networkError(_, _, let underlying)? = completion.error as? URLSessionClient.URLSessionClientError else {
      return XCTFail("expected networkError, got \(String(describing: completion.error))")
    }
    XCTAssertEqual((underlying as? URLError)?.code, .notConnectedToInternet)
    XCTAssertEqual(completion.count, 1)
  }

  func test_nonHTTPResponse_isNoHTTPResponse_onTheRetryPath() {
    let client = ScriptedURLSessionClient(responses: [.notHTTP])
    let delegate = RecordingDelegate()
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()
    _ = transport(client, delegate: delegate).send(operation: HeroNameQuery(episode: nil)) { completion($0) }
    guard case .noHTTPResponse? = completion.error as? URLSessionClient.URLSessionClientError else {
      return XCTFail("expected noHTTPResponse, got \(String(describing: completion.error))")
    }
    XCTAssertEqual(delegate.retryCount, 1)
  }

  func test_withoutRetryDelegate_non2xx_completesWithResponseErrorKeepingBodyAndResponse() {
    let client = ScriptedURLSessionClient(responses: [.json(["errors": [["message": "Unauthorized"]]], statusCode: 401)])
    let transport = HTTPNetworkTransport(url: testEndpoint, client: client)
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()
    _ = transport.send(operation: HeroNameQuery(episode: nil)) { completion($0) }
    let error = completion.error as? GraphQLHTTPResponseError
    XCTAssertEqual(error?.response.statusCode, 401)
    XCTAssertEqual(error?.graphQLErrors?.first?.message, "Unauthorized", "GraphQL errors in a 4xx body stay reachable")
    XCTAssertEqual(completion.count, 1)
  }

  func test_differsFrom0x_2xxBodyThatIsNotJSON_isATypedJSONParsingError_onTheRetryPathWithTheResponse() {
    let client = ScriptedURLSessionClient(responses: [.response(statusCode: 200, body: Data(), headers: [:])])
    let delegate = RecordingDelegate()
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()
    _ = transport(client, delegate: delegate).send(operation: HeroNameQuery(episode: nil)) { completion($0) }
    XCTAssertTrue(completion.error is JSONParsingError, "0.x delivered NSCocoaErrorDomain 3840: \(String(describing: completion.error))")
    XCTAssertEqual((delegate.retryCalls.first?.response as? HTTPURLResponse)?.statusCode, 200)
  }

  func test_2xxJSONThatIsNotAnObject_isInvalidResponse() {
    let client = ScriptedURLSessionClient(responses: [.response(statusCode: 200, body: Data("[1,2]".utf8), headers: [:])])
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()
    _ = HTTPNetworkTransport(url: testEndpoint, client: client).send(operation: HeroNameQuery(episode: nil)) { completion($0) }
    XCTAssertEqual((completion.error as? GraphQLHTTPResponseError)?.kind, .invalidResponse)
  }

  func test_graphQLErrorDelegate_retryTrue_sendsAgain_andIsNotConsultedForErrorsOf4xx() {
    let client = ScriptedURLSessionClient(responses: [.json(["errors": [["message": "stale"]]]), .json(r2HeroBody)])
    let delegate = RecordingDelegate()
    delegate.onGraphQLErrors = { _, answer in answer(true) }
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()
    _ = transport(client, delegate: delegate).send(operation: HeroNameQuery(episode: nil)) { completion($0) }
    XCTAssertEqual(client.requests.count, 2)
    XCTAssertEqual(delegate.events, ["shouldSend", "willSend", "taskCompleted", "graphQLErrors", "shouldSend", "willSend", "taskCompleted"])
    XCTAssertEqual(completion.count, 1)
    XCTAssertNil(completion.value?.parseErrorsOnlyFast())
  }

  func test_quirkQ7Kept_noRetryLimit_theDelegateIsTheCounter() {
    let client = ScriptedURLSessionClient { _, _ in .text("down", statusCode: 503) }
    let delegate = RecordingDelegate()
    delegate.onError = { error, count, answer in answer(count < 10 ? .retry : .fail(error)) }
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()
    _ = transport(client, delegate: delegate).send(operation: HeroNameQuery(episode: nil)) { completion($0) }
    XCTAssertEqual(client.requests.count, 10)
    XCTAssertEqual(completion.count, 1)
  }

  func test_delegateAnsweringTwice_completesOnce() {
    let client = ScriptedURLSessionClient(responses: [.text("down", statusCode: 503), .json(r2HeroBody)])
    let delegate = RecordingDelegate()
    delegate.onError = { error, _, answer in
      answer(.fail(error))
      answer(.retry)
      answer(.fail(error))
    }
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()
    _ = transport(client, delegate: delegate).send(operation: HeroNameQuery(episode: nil)) { completion($0) }
    XCTAssertEqual(completion.count, 1)
    XCTAssertEqual(client.requests.count, 1)
  }

  func test_retryDelegate_mayAnswerAsynchronously_fromAnotherThread() {
    let client = ScriptedURLSessionClient(responses: [.json(["errors": [["message": "Unauthorized"]]], statusCode: 401), .json(r2HeroBody)])
    let delegate = RecordingDelegate()
    let token = Mutex<String?>(nil)
    delegate.willSend = { request in
      if let token = token.withLock({ $0 }) { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    }
    delegate.onError = { _, _, answer in
      Task {
        try? await Task.sleep(nanoseconds: 10_000_000)  // "re-authenticating"
        token.withLock { $0 = "fresh" }
        answer(.retry)
      }
    }
    let done = expectation(description: "completion")
    done.assertForOverFulfill = true
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>(done)
    _ = transport(client, delegate: delegate).send(operation: HeroNameQuery(episode: nil)) { completion($0) }
    wait(for: [done], timeout: 5)
    XCTAssertEqual(client.requests.last?.value(forHTTPHeaderField: "Authorization"), "Bearer fresh")
    XCTAssertNotNil(completion.value)
  }

  func test_apqNotFound_retriesWithTheDocument() {
    let client = ScriptedURLSessionClient(responses: [.json(["errors": [["message": "PersistedQueryNotFound"]]]), .json(r2HeroBody)])
    let delegate = RecordingDelegate()
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()
    _ = transport(client, delegate: delegate, apq: true).send(operation: HeroNameQuery(episode: nil)) { completion($0) }
    XCTAssertNil(jsonBody(client.requests.first)?["query"])
    XCTAssertNotNil(jsonBody(client.requests.last)?["query"])
    XCTAssertNotNil(jsonBody(client.requests.last)?["extensions"]?["persistedQuery"])
    XCTAssertTrue(delegate.graphQLErrorCalls.isEmpty, "the not-found answer is handled before the GraphQL-error delegate")
    XCTAssertEqual(completion.count, 1)
  }

  func test_differsFrom0x_apqNotFound_isRetriedOncePerAttempt_notForever() {
    let client = ScriptedURLSessionClient { _, _ in .json(["errors": [["message": "PersistedQueryNotFound"]]]) }
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()
    _ = transport(client, delegate: RecordingDelegate(), apq: true).send(operation: HeroNameQuery(episode: nil)) { completion($0) }
    XCTAssertEqual(client.requests.count, 2, "0.x looped forever")
    XCTAssertEqual(completion.value?.parseErrorsOnlyFast()?.first?.message, "PersistedQueryNotFound")
  }

  func test_quirkQ5Kept_delegateRetryWithAPQ_sendsTheFullDocumentAndTheHash() {
    let client = ScriptedURLSessionClient(responses: [.text("down", statusCode: 503), .json(r2HeroBody)])
    let delegate = RecordingDelegate()
    delegate.onError = { _, _, answer in answer(.retry) }
    _ = transport(client, delegate: delegate, apq: true).send(operation: HeroNameQuery(episode: nil)) { _ in }
    XCTAssertNil(jsonBody(client.requests.first)?["query"])
    XCTAssertNotNil(jsonBody(client.requests.last)?["query"])
    XCTAssertNotNil(jsonBody(client.requests.last)?["extensions"])
  }

  func test_differsFrom0x_inFlightRequestKeepsItsTransportAlive_soTheCompletionFires() {
    let queue = DispatchQueue(label: "scripted")
    let client = ScriptedURLSessionClient(completionQueue: queue) { _, _ in .json(r2HeroBody) }
    let done = expectation(description: "completion")
    done.assertForOverFulfill = true
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>(done)
    weak var weakTransport: HTTPNetworkTransport?
    queue.suspend()
    do {
      let transport = HTTPNetworkTransport(url: testEndpoint, client: client)
      weakTransport = transport
      _ = transport.send(operation: HeroNameQuery(episode: nil)) { completion($0) }
    }
    XCTAssertNotNil(weakTransport, "the request holds the transport")
    queue.resume()
    wait(for: [done], timeout: 5)
    XCTAssertEqual(completion.count, 1)
  }

  /// The same for the `ApolloClient`: 0.33's captured itself weakly and dropped the result of a client the app let go
  /// of. Here the fetch needs nothing of the client once started, and its handler fires.
  func test_differsFrom0x_aFetchWhoseClientWasReleased_stillCallsItsHandler() {
    let queue = DispatchQueue(label: "scripted")
    let session = ScriptedURLSessionClient(completionQueue: queue) { _, _ in .json(r2HeroBody) }
    let done = expectation(description: "handler")
    done.assertForOverFulfill = true
    weak var weakClient: ApolloClient?
    queue.suspend()
    do {
      let client = ApolloClient(networkTransport: HTTPNetworkTransport(url: testEndpoint, client: session), store: ApolloStore())
      weakClient = client
      client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: DispatchQueue(label: "handler")) { result in
        XCTAssertEqual(try? result.get().data?.hero?.name, "R2-D2")
        done.fulfill()
      }
    }
    XCTAssertNil(weakClient, "the client is gone before the response arrives")
    queue.resume()
    wait(for: [done], timeout: 5)
  }

  func test_subscriptionOverHTTP_isPOSTWithTheDocumentAndNoAPQ() {
    let client = ScriptedURLSessionClient(responses: [.json(["data": ["countdown": 3]])])
    _ = HTTPNetworkTransport(url: testEndpoint, client: client, useGETForQueries: true, enableAutoPersistedQueries: true)
      .send(operation: CountdownSubscription(from: 3, intervalMs: nil)) { _ in }
    XCTAssertEqual(client.lastRequest?.httpMethod, "POST")
    XCTAssertNotNil(jsonBody(client.lastRequest)?["query"])
    XCTAssertNil(jsonBody(client.lastRequest)?["extensions"])
  }

  func test_legacyRetryHandlerSpelling_isStillCalled_trueRetries_falseFailsWithTheOriginalError() {
    final class LegacyDelegate: HTTPNetworkTransportRetryDelegate, @unchecked Sendable {
      // @unchecked Sendable: `calls` is only touched on the test's thread (the client completes synchronously).
      var calls = 0
      func networkTransport(_ networkTransport: HTTPNetworkTransport, receivedError error: any Error, for request: URLRequest,
                            response: URLResponse?, retryHandler: @escaping (_ shouldRetry: Bool) -> Void) {
        calls += 1
        retryHandler(calls == 1)
      }
    }
    let client = ScriptedURLSessionClient { _, _ in .text("down", statusCode: 503) }
    let delegate = LegacyDelegate()
    let transport = HTTPNetworkTransport(url: testEndpoint, client: client)
    transport.delegate = delegate
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()
    _ = transport.send(operation: HeroNameQuery(episode: nil)) { completion($0) }
    XCTAssertEqual(delegate.calls, 2)
    XCTAssertEqual(client.requests.count, 2)
    XCTAssertEqual((completion.error as? GraphQLHTTPResponseError)?.response.statusCode, 503)
    XCTAssertEqual(completion.count, 1)
  }

  func test_delegateDeclaredWithThe0xNonSendableContinueHandler_conformsAndIsCalled() {
    final class OldStyleDelegate: HTTPNetworkTransportRetryDelegate, HTTPNetworkTransportGraphQLErrorDelegate {
      var retries = 0
      func networkTransport(_ networkTransport: HTTPNetworkTransport, receivedError error: any Error, for request: URLRequest,
                            response: URLResponse?, continueHandler: @escaping (_ action: HTTPNetworkTransport.ContinueAction) -> Void) {
        retries += 1
        continueHandler(retries == 1 ? .retry : .fail(error))
      }
      func networkTransport(_ networkTransport: HTTPNetworkTransport, receivedGraphQLErrors errors: [GraphQLError],
                            retryHandler: @escaping (_ shouldRetry: Bool) -> Void) {
        retryHandler(false)
      }
    }
    let client = ScriptedURLSessionClient(responses: [.text("down", statusCode: 503), .json(r2HeroBody)])
    let delegate = OldStyleDelegate()
    let transport = HTTPNetworkTransport(url: testEndpoint, client: client)
    transport.delegate = delegate
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()
    _ = transport.send(operation: HeroNameQuery(episode: nil)) { completion($0) }
    XCTAssertEqual(delegate.retries, 1)
    XCTAssertEqual(completion.count, 1)
    XCTAssertNotNil(completion.value)
  }

  @available(*, deprecated)
  func test_legacyInitializers_ofEarlier0xReleases_stillCompile_andTheDelegateIsSet() {
    let delegate = RecordingDelegate()
    let old = HTTPNetworkTransport(url: testEndpoint, session: .shared, delegate: delegate)
    XCTAssertTrue(old.delegate === delegate)
    let withSession = HTTPNetworkTransport(url: testEndpoint, session: URLSession(configuration: .ephemeral), useGETForQueries: true)
    XCTAssertNil(withSession.delegate)
    let delegateOnly = HTTPNetworkTransport(url: testEndpoint, delegate: nil)
    XCTAssertNil(delegateOnly.delegate)
  }

  func test_delegate_isHeldWeakly() {
    let transport = HTTPNetworkTransport(url: testEndpoint, client: ScriptedURLSessionClient(responses: []))
    do {
      let delegate = RecordingDelegate()
      transport.delegate = delegate
      XCTAssertNotNil(transport.delegate)
    }
    XCTAssertNil(transport.delegate)
  }
}
