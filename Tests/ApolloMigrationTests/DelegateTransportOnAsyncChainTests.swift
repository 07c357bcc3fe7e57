import ApolloAsyncChain
import ApolloCore
import ApolloDelegateTransport
import ApolloMigration
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 0.x delegate object on the 2.x chain: hooks, arguments, order, retries and threads.
final class DelegateTransportOnAsyncChainTests: XCTestCase {
  private func send(
    _ server: ScriptedServer, delegate: RecordingDelegate, transport: HTTPNetworkTransport = standInTransport(),
    maxRetries: Int? = nil, marker: String? = nil
  ) async throws -> (values: [ApolloAsyncChain.GraphQLResponse<HeroNameQuery>], error: (any Error)?) {
    let provider = DelegateTransportInterceptorProvider(delegate: delegate, transport: transport, maxRetries: maxRetries)
    let network = ApolloAsyncChain.RequestChainNetworkTransport(
      urlSession: server, interceptorProvider: provider, store: ApolloStore(), endpointURL: migrationEndpoint)
    let stream = try ChainMarker.$value.withValue(marker) {
      try network.send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly,
                       requestConfiguration: RequestConfiguration(writeResultsToCache: false))
    }
    return try await collect(stream)
  }

  func test_delegateCallOrderOnSuccess_isShouldSendWillSendRawTaskThenResult() async throws {
    let server = ScriptedServer { _ in .json(r2Body) }
    let delegate = RecordingDelegate()
    let transport = standInTransport()
    let outcome = try await send(server, delegate: delegate, transport: transport)

    XCTAssertNil(outcome.error)
    XCTAssertEqual(outcome.values.first?.data?.hero?.name, "R2-D2")
    XCTAssertEqual(delegate.events, ["shouldSend", "willSend", "didCompleteRawTask"])
    XCTAssertEqual(Set(delegate.transports), [ObjectIdentifier(transport)], "the given transport is the first argument")
  }

  func test_shouldSendFalse_endsWithCancelledByDelegateAndNothingOnTheWire() async throws {
    let server = ScriptedServer { _ in .json(r2Body) }
    let delegate = RecordingDelegate()
    delegate.shouldSend = { _ in false }
    let outcome = try await send(server, delegate: delegate)

    XCTAssertEqual(outcome.error as? ApolloDelegateTransport.GraphQLHTTPRequestError, .cancelledByDelegate)
    XCTAssertTrue(server.requests.isEmpty)
    XCTAssertEqual(delegate.events, ["shouldSend"], "neither task-completed nor retry delegate")
  }

  func test_willSendChangesOfHeadersURLBodyAndTimeout_reachTheWire() async throws {
    let server = ScriptedServer { _ in .json(r2Body) }
    let delegate = RecordingDelegate()
    let otherURL = URL(string: "http://localhost:9090/other")!
    let body = JSONSerializer.serialize(["operationName": "HeroName", "variables": ["episode": "EMPIRE"]] as JSON.Object)
    delegate.willSend = { request in
      request.setValue("Bearer 1234", forHTTPHeaderField: "Authorization")
      request.url = otherURL
      request.httpBody = body
      request.timeoutInterval = 7
    }
    let outcome = try await send(server, delegate: delegate)

    XCTAssertNil(outcome.error)
    let wire = try XCTUnwrap(server.requests.first)
    XCTAssertEqual(wire.header("Authorization"), "Bearer 1234")
    XCTAssertEqual(wire.urlRequest.url, otherURL)
    XCTAssertEqual(wire.variables?["episode"]?.stringValue, "EMPIRE")
    XCTAssertEqual(wire.urlRequest.timeoutInterval, 7)
    XCTAssertEqual(delegate.rawTasks.first?.request.url, otherURL, "later hooks see the changed request")
  }

  func test_rawTask_seesWholeBodyAndResponseOnSuccess() async throws {
    let server = ScriptedServer { _ in .json(r2Body) }
    let delegate = RecordingDelegate()
    _ = try await send(server, delegate: delegate)

    let call = try XCTUnwrap(delegate.rawTasks.first)
    XCTAssertEqual(call.data, JSONSerializer.serialize(r2Body))
    XCTAssertEqual((call.response as? HTTPURLResponse)?.statusCode, 200)
    XCTAssertNil(call.error)
    XCTAssertEqual(call.request.value(forHTTPHeaderField: "Content-Type"), "application/json")
  }

  func test_status500_goesToRawTaskAndRetryDelegateWithErrorResponseKindAndTheResponse() async throws {
    let server = ScriptedServer { _ in .text("boom", statusCode: 500) }
    let delegate = RecordingDelegate()
    let outcome = try await send(server, delegate: delegate)

    XCTAssertEqual(delegate.events, ["shouldSend", "willSend", "didCompleteRawTask", "receivedError"])
    XCTAssertEqual(delegate.rawTasks.first?.data, Data("boom".utf8))
    XCTAssertEqual((delegate.rawTasks.first?.response as? HTTPURLResponse)?.statusCode, 500)
    let retry = try XCTUnwrap(delegate.retries.first)
    let error = try XCTUnwrap(retry.error as? GraphQLHTTPResponseError)
    XCTAssertEqual(error.kind, .errorResponse)
    XCTAssertEqual(error.body, Data("boom".utf8))
    XCTAssertEqual((retry.response as? HTTPURLResponse)?.statusCode, 500)
    XCTAssertEqual((outcome.error as? GraphQLHTTPResponseError)?.kind, .errorResponse, ".fail(error) delivers it")
  }

  func test_transportFailure_givesRawTaskEmptyDataAndTheErrorAndRetryDelegateNoResponse() async throws {
    let server = ScriptedServer { _ in .failure(URLError(.notConnectedToInternet)) }
    let delegate = RecordingDelegate()
    let outcome = try await send(server, delegate: delegate)

    let raw = try XCTUnwrap(delegate.rawTasks.first)
    XCTAssertEqual(raw.data, Data(), "empty Data, not nil, as 0.x")
    XCTAssertNil(raw.response)
    XCTAssertEqual((raw.error as? URLError)?.code, .notConnectedToInternet)
    let retry = try XCTUnwrap(delegate.retries.first)
    XCTAssertNil(retry.response)
    guard case .networkError(let data, _, let underlying)? = retry.error as? URLSessionClient.URLSessionClientError else {
      return XCTFail("expected networkError, got \(retry.error)")
    }
    XCTAssertEqual(data, Data())
    XCTAssertEqual((underlying as? URLError)?.code, .notConnectedToInternet)
    XCTAssertNotNil(outcome.error as? URLSessionClient.URLSessionClientError)
  }

  /// A session failing with an error of its own (the streaming session, invalidated) takes the same path as a
  /// `URLError`, as 0.x's client sent every failure of the transfer to the delegates; before, it skipped them.
  func test_aSessionFailureOfItsOwnType_reachesTheRawTaskAndRetryDelegates() async throws {
    let server = ScriptedServer { _ in .failure(HTTPStreamingSessionError.invalidated) }
    let delegate = RecordingDelegate()
    let outcome = try await send(server, delegate: delegate)
    XCTAssertEqual(try XCTUnwrap(delegate.rawTasks.first).error as? HTTPStreamingSessionError, .invalidated)
    let retry = try XCTUnwrap(delegate.retries.first)
    guard case .networkError(_, _, let underlying)? = retry.error as? URLSessionClient.URLSessionClientError else {
      return XCTFail("expected networkError, got \(retry.error)")
    }
    XCTAssertEqual(underlying as? HTTPStreamingSessionError, .invalidated)
    XCTAssertNotNil(outcome.error as? URLSessionClient.URLSessionClientError)
  }

  /// A connection lost mid-body: as 0.x's client, the raw task sees the response head that had arrived, with the
  /// session's error. (The bytes before the failure are not there to pass: the 2.x session hands a body that is
  /// not multipart over whole, when it ends.)
  func test_aFailureMidBody_givesRawTaskTheResponseHead() async throws {
    let server = ScriptedServer { _ in
      ScriptedResponse(statusCode: 200, headers: ["Content-Type": "application/json"],
                       body: [.data(Data(#"{"data":{"hero""#.utf8)), .fail(URLError(.networkConnectionLost))])
    }
    let delegate = RecordingDelegate()
    let outcome = try await send(server, delegate: delegate)
    let raw = try XCTUnwrap(delegate.rawTasks.first)
    XCTAssertEqual((raw.response as? HTTPURLResponse)?.statusCode, 200)
    XCTAssertEqual((raw.error as? URLError)?.code, .networkConnectionLost)
    XCTAssertNil(try XCTUnwrap(delegate.retries.first).response, "the retry delegate gets no response, as 0.x")
    guard case .networkError(_, let response, _)? = outcome.error as? URLSessionClient.URLSessionClientError else {
      return XCTFail("expected networkError, got \(String(describing: outcome.error))")
    }
    XCTAssertEqual(response?.statusCode, 200)
  }

  /// An upload carries the document, so a `PersistedQueryNotFound` error in its answer is not the persisted-query
  /// retry's: the GraphQL-error delegate is asked, as 0.x asked it without APQ (before, the form was taken for a
  /// hash-only request, and the delegate never heard of the error).
  func test_persistedQueryNotFound_inAnUploadsAnswer_reachesTheGraphQLErrorDelegate() async throws {
    let server = ScriptedServer { _ in .json(["errors": [["message": "PersistedQueryNotFound"]]]) }
    let delegate = RecordingDelegate()
    let provider = DelegateTransportInterceptorProvider(delegate: delegate, transport: standInTransport())
    let network = ApolloAsyncChain.RequestChainNetworkTransport(
      urlSession: server, interceptorProvider: provider, store: ApolloStore(), endpointURL: migrationEndpoint)
    let file = GraphQLFile(fieldName: "episode", originalName: "a.txt", mimeType: "text/plain", data: Data("a".utf8))
    _ = try await collect(network.upload(operation: HeroNameQuery(episode: nil), files: [file],
                                         requestConfiguration: RequestConfiguration(writeResultsToCache: false)))
    XCTAssertEqual(delegate.graphQLErrorCalls.first?.first?.message, "PersistedQueryNotFound")
  }

  /// An HTTP interceptor inside the adapter that throws (a token interceptor with no token, a 2.x response-code
  /// check) is not the network: 0.x's delegates never saw such errors, and the caller gets it unchanged.
  func test_anErrorOfAnInnerHTTPInterceptor_reachesTheCallerUnchanged_withoutTheDelegates() async throws {
    struct NotLoggedIn: Error {}
    struct Refusing: HTTPInterceptor {
      func intercept(request: URLRequest, next: NextHTTPInterceptorFunction) async throws -> ApolloAsyncChain.HTTPResponse {
        throw NotLoggedIn()
      }
    }
    struct Provider: ApolloAsyncChain.InterceptorProvider {
      let adapter: DelegateTransportHTTPInterceptor
      func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
        [DelegateTransportRetryInterceptor()]
      }
      func httpInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any HTTPInterceptor] {
        [adapter, Refusing()]
      }
    }
    let server = ScriptedServer { _ in .json(r2Body) }
    let delegate = RecordingDelegate()
    let provider = Provider(adapter: DelegateTransportHTTPInterceptor(delegate: delegate, transport: standInTransport()))
    let network = ApolloAsyncChain.RequestChainNetworkTransport(
      urlSession: server, interceptorProvider: provider, store: ApolloStore(), endpointURL: migrationEndpoint)
    let outcome = try await collect(network.send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly,
                                                 requestConfiguration: RequestConfiguration(writeResultsToCache: false)))
    XCTAssertTrue(outcome.error is NotLoggedIn, "\(String(describing: outcome.error))")
    XCTAssertTrue(delegate.rawTasks.isEmpty)
    XCTAssertTrue(delegate.retries.isEmpty)
    XCTAssertEqual(server.receivedCount, 0)
  }

  func test_unauthorizedRetryDelegate_refreshesTokenAndRetryRunsPreflightAgainWithNewHeader() async throws {
    let server = ScriptedServer { request in
      request.header("Authorization") == "Bearer fresh" ? .json(r2Body) : .text("unauthorized", statusCode: 401)
    }
    let tokens = TokenBox()
    let delegate = RecordingDelegate()
    delegate.willSend = { $0.setValue("Bearer \(tokens.value)", forHTTPHeaderField: "Authorization") }
    delegate.onError = { error, _, answer in
      // Asynchronously, as a token refresh would be.
      DispatchQueue.global().async {
        tokens.refresh()
        answer(.retry)
      }
    }
    let outcome = try await send(server, delegate: delegate)

    XCTAssertNil(outcome.error)
    XCTAssertEqual(outcome.values.count, 1)
    XCTAssertEqual(server.requests.map { $0.header("Authorization") }, ["Bearer expired", "Bearer fresh"])
    XCTAssertEqual(delegate.events, ["shouldSend", "willSend", "didCompleteRawTask", "receivedError",
                                     "shouldSend", "willSend", "didCompleteRawTask"])
    XCTAssertEqual((delegate.retries.first?.response as? HTTPURLResponse)?.statusCode, 401)
  }

  func test_retryDelegateFailWithCustomError_deliversThatError() async throws {
    let server = ScriptedServer { _ in .text("missing", statusCode: 404) }
    let delegate = RecordingDelegate()
    delegate.onError = { _, _, answer in answer(.fail(CustomFailure(code: 42))) }
    let outcome = try await send(server, delegate: delegate)

    XCTAssertEqual(outcome.error as? CustomFailure, CustomFailure(code: 42))
    XCTAssertEqual(server.requests.count, 1)
  }

  func test_withoutRetryDelegateTheZeroXError_reachesTheCaller() async throws {
    final class PreflightOnly: HTTPNetworkTransportPreflightDelegate {
      func networkTransport(_ networkTransport: HTTPNetworkTransport, shouldSend request: URLRequest) -> Bool { true }
      func networkTransport(_ networkTransport: HTTPNetworkTransport, willSend request: inout URLRequest) {}
    }
    let delegate = PreflightOnly()
    let server = ScriptedServer { _ in .text("boom", statusCode: 503) }
    let provider = DelegateTransportInterceptorProvider(delegate: delegate, transport: standInTransport())
    let network = ApolloAsyncChain.RequestChainNetworkTransport(
      urlSession: server, interceptorProvider: provider, store: ApolloStore(), endpointURL: migrationEndpoint)
    let outcome = try await collect(try network.send(
      query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration()))

    let error = try XCTUnwrap(outcome.error as? GraphQLHTTPResponseError)
    XCTAssertEqual(error.kind, .errorResponse)
    XCTAssertEqual(error.response.statusCode, 503)
    withExtendedLifetime(delegate) {}
  }

  func test_malformedJSON_goesToRetryDelegateWithParserErrorAndResponse() async throws {
    let server = ScriptedServer { _ in .text("{not json", statusCode: 200) }
    let delegate = RecordingDelegate()
    let outcome = try await send(server, delegate: delegate)

    let retry = try XCTUnwrap(delegate.retries.first)
    XCTAssertNotNil(retry.error as? JSONParsingError, "the 0.x parser's error, as JSONSerializationFormat throws")
    XCTAssertEqual((retry.response as? HTTPURLResponse)?.statusCode, 200)
    XCTAssertNotNil(outcome.error as? JSONParsingError)
  }

  func test_jsonThatIsNotAnObject_isInvalidResponse() async throws {
    let server = ScriptedServer { _ in .text("[1,2]", statusCode: 200) }
    let delegate = RecordingDelegate()
    _ = try await send(server, delegate: delegate)

    XCTAssertEqual((delegate.retries.first?.error as? GraphQLHTTPResponseError)?.kind, .invalidResponse)
  }

  func test_dataThatDoesNotMatchTheSelectionSet_neverReachesTheRetryDelegate() async throws {
    let server = ScriptedServer { _ in .json(["data": ["hero": ["__typename": "Droid"]]]) }
    let delegate = RecordingDelegate()
    let outcome = try await send(server, delegate: delegate)

    XCTAssertNotNil(outcome.error, "the parser's error reaches the caller")
    XCTAssertTrue(delegate.retries.isEmpty)
  }

  func test_graphQLErrorDelegateRetry_thenSucceeds() async throws {
    let counter = Mutex(0)
    let server = ScriptedServer { _ in
      let number = counter.withLock { $0 += 1; return $0 }
      return number == 1 ? .json(["errors": [["message": "Try again"]]]) : .json(r2Body)
    }
    let delegate = RecordingDelegate()
    delegate.onGraphQLErrors = { _, count, answer in answer(count == 1) }
    let outcome = try await send(server, delegate: delegate)

    XCTAssertNil(outcome.error)
    XCTAssertEqual(outcome.values.first?.data?.hero?.name, "R2-D2")
    XCTAssertEqual(delegate.graphQLErrorCalls.map { $0.map(\.message) }, [["Try again"]])
    XCTAssertEqual(server.requests.count, 2)
    XCTAssertEqual(delegate.events.filter { $0 == "shouldSend" }.count, 2, "preflight ran again")
  }

  func test_graphQLErrorDelegateFalse_deliversTheResponseWithItsErrors() async throws {
    let server = ScriptedServer { _ in .json(["data": ["hero": .null], "errors": [["message": "Test graphql error"]]]) }
    let delegate = RecordingDelegate()
    let outcome = try await send(server, delegate: delegate)

    XCTAssertNil(outcome.error)
    XCTAssertEqual(outcome.values.first?.errors?.map(\.message), ["Test graphql error"])
    XCTAssertEqual(delegate.graphQLErrorCalls.count, 1)
  }

  func test_emptyErrorsArray_doesNotCallTheGraphQLErrorDelegate() async throws {
    let server = ScriptedServer { _ in .json(["data": ["hero": .null], "errors": []]) }
    let delegate = RecordingDelegate()
    _ = try await send(server, delegate: delegate)
    XCTAssertTrue(delegate.graphQLErrorCalls.isEmpty)
  }

  func test_delegates_runOnTheChainsTaskWithTheCallersTaskLocals() async throws {
    let server = ScriptedServer { _ in .text("boom", statusCode: 500) }
    let delegate = RecordingDelegate()
    _ = try await send(server, delegate: delegate, marker: "caller")

    XCTAssertEqual(delegate.events.count, 4)
    XCTAssertEqual(delegate.markers, Array(repeating: "caller", count: 4), "every hook ran inside the chain's task")
  }

  func test_retryBound_endsALoopingDelegateWithMaxRetriesError() async throws {
    let server = ScriptedServer { _ in .text("boom", statusCode: 500) }
    let delegate = RecordingDelegate()
    delegate.onError = { _, _, answer in answer(.retry) }
    let outcome = try await send(server, delegate: delegate, maxRetries: 2)

    XCTAssertNotNil(outcome.error as? ApolloAsyncChain.MaxRetryInterceptor.MaxRetriesError)
    XCTAssertEqual(server.requests.count, 3)
  }

  func test_default_hasNoRetryBoundAsZeroX() async throws {
    let server = ScriptedServer { request in request.sequenceNumber > 5 ? .json(r2Body) : .text("boom", statusCode: 500) }
    let delegate = RecordingDelegate()
    delegate.onError = { _, _, answer in answer(.retry) }
    let outcome = try await send(server, delegate: delegate)

    XCTAssertNil(outcome.error)
    XCTAssertEqual(server.requests.count, 6)
  }

  func test_delegate_isHeldWeaklyAndItsHooksAreSkippedOnceReleased() async throws {
    var delegate: RecordingDelegate? = RecordingDelegate()
    weak let weakDelegate = delegate
    let provider = DelegateTransportInterceptorProvider(delegate: try XCTUnwrap(delegate), transport: standInTransport())
    delegate = nil
    XCTAssertNil(weakDelegate, "the provider does not keep the delegate alive")

    let server = ScriptedServer { _ in .text("boom", statusCode: 500) }
    let network = ApolloAsyncChain.RequestChainNetworkTransport(
      urlSession: server, interceptorProvider: provider, store: ApolloStore(), endpointURL: migrationEndpoint)
    let outcome = try await collect(try network.send(
      query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration()))
    XCTAssertNotNil(outcome.error as? GraphQLHTTPResponseError, "no delegate: the 0.x error reaches the caller")
  }

  // 0.x never read multipart: under the adapter a `@defer` response streams as on 2.x, each part
  // reported to the task-completed delegate as it arrives, and nothing goes to the retry delegate.
  func test_aDeferResponseStreamsPartByPart_eachPartReachesTheRawTaskDelegate() async throws {
    let server = ScriptedServer { _ in
      .multipart([
        #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}},"hasNext":true}"#,
        #"{"incremental":[{"data":{"friends":[]},"path":["hero"],"label":"friends"}],"hasNext":false}"#,
      ], boundary: "-", spec: "deferSpec=20220824")
    }
    let delegate = RecordingDelegate()
    let network = ApolloAsyncChain.RequestChainNetworkTransport(
      urlSession: server, interceptorProvider: DelegateTransportInterceptorProvider(delegate: delegate, transport: standInTransport()),
      store: ApolloStore(), endpointURL: migrationEndpoint)
    let outcome = try await collect(try network.send(
      query: HeroDeferredQuery(), fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration(writeResultsToCache: false)))
    XCTAssertNil(outcome.error)
    XCTAssertEqual(outcome.values.count, 2)
    XCTAssertEqual(delegate.rawTasks.count, 2)
    XCTAssertTrue(delegate.rawTasks.allSatisfy { String(decoding: $0.data ?? Data(), as: UTF8.self).contains("application/json") })
    XCTAssertTrue(delegate.retries.isEmpty)
  }

  /// A request whose task is cancelled before the HTTP stage starts asks no delegate at all (0.x's cancel came
  /// after `send` had run them): it happens to a retry that a cancel overtook, and to the 0.x facade's task on
  /// runtimes that cannot start it on the caller's thread.
  func test_aRequestCancelledBeforeTheHTTPStage_asksNoDelegate() async throws {
    let delegate = RecordingDelegate()
    let interceptor = DelegateTransportHTTPInterceptor(delegate: delegate, transport: standInTransport())
    let sent = Recorder<URLRequest>()
    let task = Task { () -> (any Error)? in
      withUnsafeCurrentTask { $0?.cancel() }
      do {
        _ = try await interceptor.intercept(request: URLRequest(url: migrationEndpoint)) { request in
          sent.append(request)
          throw CancellationError()
        }
        return nil
      } catch {
        return error
      }
    }
    let error = await task.value
    XCTAssertTrue(error is CancellationError, "\(String(describing: error))")
    XCTAssertEqual(delegate.events, [])
    XCTAssertEqual(sent.count, 0)
  }
}
