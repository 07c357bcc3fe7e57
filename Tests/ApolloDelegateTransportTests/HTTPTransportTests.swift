import ApolloDelegateTransport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Apollo iOS 0.33 `HTTPTransportTests` (apollographql/apollo-ios 0.33.0, Tests/ApolloTests/HTTPTransportTests.swift), against a scripted client that
/// completes synchronously inside `sendRequest`, as upstream's mock did.
final class HTTPTransportTests: XCTestCase {
  private func makeTransport(_ client: URLSessionClient, useGETForQueries: Bool = true,
                             delegate: RecordingDelegate) -> HTTPNetworkTransport {
    let transport = HTTPNetworkTransport(url: testEndpoint, client: client, useGETForQueries: useGETForQueries)
    transport.delegate = delegate
    return transport
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `HTTPTransportTests` (Tests/ApolloTests/HTTPTransportTests.swift).
  func test_shouldSendFalse_completesWithCancelledByDelegate_andReturnsEmptyCancellable() {
    let client = ScriptedURLSessionClient(responses: [.json(r2HeroBody)])
    let delegate = RecordingDelegate()
    delegate.shouldSend = { _ in false }
    let transport = makeTransport(client, delegate: delegate)
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()

    let cancellable = transport.send(operation: HeroNameQuery(episode: nil)) { completion($0) }

    XCTAssertTrue(cancellable is EmptyCancellable)
    XCTAssertEqual(completion.count, 1, "completes before send returns")
    XCTAssertEqual(completion.error as? GraphQLHTTPRequestError, .cancelledByDelegate)
    XCTAssertTrue(client.requests.isEmpty, "nothing reaches the network")
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `HTTPTransportTests` (Tests/ApolloTests/HTTPTransportTests.swift).
  func test_shouldSendFalse_callsNeitherTaskCompletedNorRetryDelegate() {
    let client = ScriptedURLSessionClient(responses: [.json(r2HeroBody)])
    let delegate = RecordingDelegate()
    delegate.shouldSend = { _ in false }
    let transport = makeTransport(client, delegate: delegate)
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()

    _ = transport.send(operation: HeroNameQuery(episode: nil)) { completion($0) }

    XCTAssertEqual(delegate.events, ["shouldSend"])
    XCTAssertEqual(delegate.retryCount, 0)
    XCTAssertTrue(delegate.taskCompletions.isEmpty)
    XCTAssertEqual(completion.count, 1)
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `HTTPTransportTests` (Tests/ApolloTests/HTTPTransportTests.swift).
  func test_headerAddedInWillSend_isOnTheReturnedTasksCurrentRequest() throws {
    let client = ScriptedURLSessionClient(responses: [.json(r2HeroBody)])
    let delegate = RecordingDelegate()
    delegate.willSend = { $0.addValue("Bearer 1234", forHTTPHeaderField: "Authorization") }
    let transport = makeTransport(client, delegate: delegate)
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()

    let cancellable = transport.send(operation: HeroNameQuery(episode: nil)) { completion($0) }

    let task = try XCTUnwrap(cancellable as? URLSessionTask)
    XCTAssertEqual(task.currentRequest?.value(forHTTPHeaderField: "Authorization"), "Bearer 1234")
    XCTAssertEqual(client.lastRequest?.value(forHTTPHeaderField: "Authorization"), "Bearer 1234")
    XCTAssertEqual(completion.count, 1)
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `HTTPTransportTests` (Tests/ApolloTests/HTTPTransportTests.swift).
  func test_withoutAHeaderFromWillSend_authorizationIsAbsent() throws {
    let client = ScriptedURLSessionClient(responses: [.json(r2HeroBody)])
    let transport = makeTransport(client, delegate: RecordingDelegate())
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()

    let task = try XCTUnwrap(transport.send(operation: HeroNameQuery(episode: nil)) { completion($0) } as? URLSessionTask)

    XCTAssertNil(task.currentRequest?.value(forHTTPHeaderField: "Authorization"))
    XCTAssertEqual(completion.count, 1)
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `HTTPTransportTests` (Tests/ApolloTests/HTTPTransportTests.swift).
  func test_afterASuccessfulSend_taskCompletedDelegateSawRequestDataAndResponse_andNoError() throws {
    let client = ScriptedURLSessionClient(responses: [.json(r2HeroBody)])
    let delegate = RecordingDelegate()
    let transport = makeTransport(client, delegate: delegate)
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()

    _ = transport.send(operation: HeroNameQuery(episode: nil)) { completion($0) }

    let call = try XCTUnwrap(delegate.taskCompletions.first)
    XCTAssertEqual(delegate.taskCompletions.count, 1)
    XCTAssertEqual(call.request.url, client.lastRequest?.url)
    XCTAssertEqual(call.data, JSONSerializer.serialize(r2HeroBody))
    XCTAssertEqual((call.response as? HTTPURLResponse)?.statusCode, 200)
    XCTAssertNil(call.error)
    XCTAssertEqual(completion.count, 1)
    XCTAssertEqual(try completion.value?.parseResultFast().data?.hero?.name, "R2-D2")
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `HTTPTransportTests` (Tests/ApolloTests/HTTPTransportTests.swift).
  func test_urlChangedInWillSend_failsAndRetryDelegateRetries_willSendRunsOnEveryAttempt_successAfterTwoRetries() throws {
    let goodURL = URL(string: "http://localhost:8080/graphql?operationName=HeroName")!
    let client = ScriptedURLSessionClient { request, _ in
      // The server answers only requests that still carry the GET query string.
      request.url?.query == nil ? .text("Not found", statusCode: 404) : .json(r2HeroBody)
    }
    let delegate = RecordingDelegate()
    let willSendCount = Mutex(0)
    delegate.willSend = { request in
      let count = willSendCount.withLock { $0 += 1; return $0 }
      // The first two attempts go to a URL without the query string; the third keeps it.
      if count <= 2 { request.url = testEndpoint }
    }
    delegate.onError = { error, _, answer in
      XCTAssertEqual((error as? GraphQLHTTPResponseError)?.kind, .errorResponse)
      answer(.retry)
    }
    let transport = makeTransport(client, delegate: delegate)
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()

    let task = try XCTUnwrap(transport.send(operation: HeroNameQuery(episode: nil)) { completion($0) } as? URLSessionTask)

    XCTAssertEqual(task.currentRequest?.url, testEndpoint, "the returned task carries willSend's URL")
    XCTAssertEqual(delegate.retryCount, 2)
    XCTAssertEqual(willSendCount.withLock { $0 }, 3)
    XCTAssertEqual(completion.count, 1)
    XCTAssertNotNil(completion.value)
    XCTAssertNotEqual(client.lastRequest?.url, goodURL, "the query string is kept, only the first attempts lost it")
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `HTTPTransportTests` (Tests/ApolloTests/HTTPTransportTests.swift).
  func test_returnedTasksCurrentRequestURL_isTheURLWillSendSet() throws {
    let other = URL(string: "http://other.invalid/gql")!
    let client = ScriptedURLSessionClient(responses: [.json(r2HeroBody)])
    let delegate = RecordingDelegate()
    delegate.willSend = { $0.url = other }
    let transport = makeTransport(client, delegate: delegate)

    let task = try XCTUnwrap(transport.send(operation: HeroNameQuery(episode: nil)) { _ in } as? URLSessionTask)

    XCTAssertEqual(task.currentRequest?.url, other)
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `HTTPTransportTests` (Tests/ApolloTests/HTTPTransportTests.swift).
  func test_404WithRetryDelegateFailingWithTheError_deliversGraphQLHTTPResponseError() {
    let client = ScriptedURLSessionClient(responses: [.text("Not found", statusCode: 404)])
    let delegate = RecordingDelegate()
    let transport = makeTransport(client, delegate: delegate)
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()

    _ = transport.send(operation: HeroNameQuery(episode: nil)) { completion($0) }

    XCTAssertEqual(completion.count, 1)
    let error = completion.error as? GraphQLHTTPResponseError
    XCTAssertEqual(error?.kind, .errorResponse)
    XCTAssertEqual(error?.response.statusCode, 404)
    XCTAssertEqual(error?.body, Data("Not found".utf8), "the body is kept")
    XCTAssertEqual((delegate.retryCalls.first?.response as? HTTPURLResponse)?.statusCode, 404)
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `HTTPTransportTests` (Tests/ApolloTests/HTTPTransportTests.swift).
  func test_retryDelegateFailingWithACustomError_deliversExactlyThatError() {
    struct CustomError: Error, Equatable { let code: Int }
    let client = ScriptedURLSessionClient(responses: [.text("down", statusCode: 503)])
    let delegate = RecordingDelegate()
    delegate.onError = { _, _, answer in answer(.fail(CustomError(code: 42))) }
    let transport = makeTransport(client, delegate: delegate)
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()

    _ = transport.send(operation: HeroNameQuery(episode: nil)) { completion($0) }

    XCTAssertEqual(completion.count, 1)
    XCTAssertEqual(completion.error as? CustomError, CustomError(code: 42))
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `HTTPTransportTests` (Tests/ApolloTests/HTTPTransportTests.swift).
  func test_equality_sameURLClientAndGETFlag_areEqual_changingUseGETForQueries_makesThemUnequal() {
    let client = URLSessionClient(callbackQueue: nil)
    let a = HTTPNetworkTransport(url: testEndpoint, client: client, useGETForQueries: true)
    let b = HTTPNetworkTransport(url: testEndpoint, client: client, useGETForQueries: true, enableAutoPersistedQueries: true)
    let c = HTTPNetworkTransport(url: testEndpoint, client: client, useGETForQueries: false)
    XCTAssertEqual(a, b, "APQ flags are ignored, as in 0.x")
    XCTAssertNotEqual(a, c)
    XCTAssertNotEqual(a, HTTPNetworkTransport(url: testEndpoint, client: URLSessionClient(callbackQueue: nil), useGETForQueries: true),
                      "clients compare by identity")
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `HTTPTransportTests` (Tests/ApolloTests/HTTPTransportTests.swift).
  func test_graphQLErrorIn200_callsGraphQLErrorDelegateOnceBeforeSendReturns_retryFalseIsSuccess() {
    let client = ScriptedURLSessionClient(responses: [.json(["errors": [["message": "Test graphql error"]]])])
    let delegate = RecordingDelegate()
    let transport = makeTransport(client, useGETForQueries: false, delegate: delegate)
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()

    _ = transport.send(operation: HeroNameQuery(episode: nil)) { completion($0) }

    XCTAssertEqual(client.lastRequest?.httpMethod, "POST")
    XCTAssertEqual(client.lastRequest?.url?.host, testEndpoint.host)
    XCTAssertEqual(delegate.graphQLErrorCalls.count, 1)
    XCTAssertEqual(delegate.graphQLErrorCalls.first?.count, 1)
    XCTAssertEqual(delegate.graphQLErrorCalls.first?.first?.message, "Test graphql error")
    XCTAssertEqual(completion.count, 1)
    XCTAssertEqual(completion.value?.parseErrorsOnlyFast()?.first?.message, "Test graphql error")
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `HTTPTransportTests` (Tests/ApolloTests/HTTPTransportTests.swift).
  func test_emptyErrorsArray_doesNotCallGraphQLErrorDelegate_andSucceeds() {
    let client = ScriptedURLSessionClient(responses: [.json(["errors": []])])
    let delegate = RecordingDelegate()
    let transport = makeTransport(client, useGETForQueries: false, delegate: delegate)
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>()

    _ = transport.send(operation: HeroNameQuery(episode: nil)) { completion($0) }

    XCTAssertTrue(delegate.graphQLErrorCalls.isEmpty)
    XCTAssertEqual(completion.count, 1)
    XCTAssertNotNil(completion.value)
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `HTTPTransportTests` (Tests/ApolloTests/HTTPTransportTests.swift).
  func test_postCarriesClientNameAndVersionHeaders_equalToTheTransportsValues() {
    let client = ScriptedURLSessionClient(responses: [.json(r2HeroBody)])
    let transport = HTTPNetworkTransport(url: testEndpoint, client: client)

    _ = transport.send(operation: HeroNameQuery(episode: nil)) { _ in }

    let request = client.lastRequest
    let name = request?.value(forHTTPHeaderField: HTTPNetworkTransport.headerFieldNameApolloClientName)
    let version = request?.value(forHTTPHeaderField: HTTPNetworkTransport.headerFieldNameApolloClientVersion)
    XCTAssertEqual(name, transport.clientName)
    XCTAssertEqual(version, transport.clientVersion)
    XCTAssertFalse(name?.isEmpty ?? true)
    XCTAssertFalse(version?.isEmpty ?? true)
    XCTAssertEqual(HTTPNetworkTransport.headerFieldNameApolloClientName, "apollographql-client-name")
    XCTAssertEqual(HTTPNetworkTransport.headerFieldNameApolloClientVersion, "apollographql-client-version")

    transport.clientName = "custom-name"
    transport.clientVersion = "9.9"
    _ = transport.send(operation: HeroNameQuery(episode: nil)) { _ in }
    XCTAssertEqual(client.lastRequest?.value(forHTTPHeaderField: "apollographql-client-name"), "custom-name")
    XCTAssertEqual(client.lastRequest?.value(forHTTPHeaderField: "apollographql-client-version"), "9.9")
  }
}
