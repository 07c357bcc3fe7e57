@testable import ApolloCallbackChain
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Mirrors upstream 1.x `URLSessionClientTests` (apollographql/apollo-ios-dev 1.25.7,
/// Tests/ApolloTests/Network/URLSessionClientTests.swift), against the scripted client (the real one is covered by the
/// integration tests).
final class URLSessionClientTests: XCTestCase {
  private var request: URLRequest { URLRequest(url: testEndpoint) }

  func test_jsonResponse_oneCallbackWithTheWholeBodyAndResponse() {
    let client = URLSessionClientOnStreamingSession(session: ScriptedServer(responses: [.text(r2d2Body, headers: ["X-A": "b"])]))
    let done = exactly(1)
    client.sendRequest(request) { result in
      guard case .success(let (data, response)) = result else { return XCTFail("\(result)") }
      XCTAssertEqual(String(decoding: data, as: UTF8.self), r2d2Body)
      XCTAssertEqual(response.statusCode, 200)
      XCTAssertEqual(response.value(forHTTPHeaderField: "X-A"), "b")
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    settle()
  }

  func test_multipart_onePerPartThenOnceMoreWithEmptyData() {
    let server = ScriptedServer(responses: [.multipart([#"{"payload":{}}"#, #"{"payload":{}}"#], spec: "subscriptionSpec=1.0")])
    let client = URLSessionClientOnStreamingSession(session: server)
    let sizes = Recorder<Int>()
    let done = exactly(3)
    client.sendRequest(request) { result in
      sizes.append((try? result.get().0.count) ?? -1)
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    settle()
    XCTAssertEqual(sizes.count, 3)
    XCTAssertEqual(sizes.values.last, 0)
    XCTAssertTrue(sizes.values.dropLast().allSatisfy { $0 > 0 })
  }

  func test_multipartWithoutClosingDelimiter_remainderArrivesAtCompletion() {
    let body = "\r\n--graphql\r\nContent-Type: application/json\r\n\r\n{\"payload\":{}}"
    let server = ScriptedServer(responses: [.text(body, headers: ["Content-Type": "multipart/mixed;boundary=graphql;subscriptionSpec=1.0"])])
    let client = URLSessionClientOnStreamingSession(session: server)
    let bodies = Recorder<String>()
    let done = exactly(1)
    client.sendRequest(request) { result in
      bodies.append((try? String(decoding: result.get().0, as: UTF8.self)) ?? "error")
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    settle()
    XCTAssertTrue(bodies.values.first?.contains("{\"payload\":{}}") == true)
  }

  func test_completePlusPartialChunk_completeFirstThenTheRemainderAtCompletion() {
    let part = "\r\n--graphql\r\nContent-Type: application/json\r\n\r\n{\"payload\":{\"a\":1}}\r\n--graphql"
    let partial = "\r\nContent-Type: application/json\r\n\r\n{\"payload\":{\"b\""
    let server = ScriptedServer(responses: [ScriptedResponse(
      headers: ["Content-Type": "multipart/mixed;boundary=graphql;subscriptionSpec=1.0"],
      body: [.data(Data(part.utf8)), .data(Data(partial.utf8))])])
    let bodies = Recorder<String>()
    let done = exactly(2)
    URLSessionClientOnStreamingSession(session: server).sendRequest(URLRequest(url: testEndpoint)) { result in
      bodies.append((try? String(decoding: result.get().0, as: UTF8.self)) ?? "error")
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    settle()
    XCTAssertTrue(bodies.values.first?.hasSuffix(#"{"payload":{"a":1}}"#) == true, "\(bodies.values)")
    XCTAssertTrue(bodies.values.last?.hasSuffix(#"{"payload":{"b""#) == true, "\(bodies.values)")
  }

  func test_boundaryTextInsideAJSONString_doesNotSplitThePart() {
    let body = "--graphql\r\nContent-Type: application/json\r\n\r\n{\"payload\":{\"data\":{\"countdown\":1},\"note\":\"--graphql\"}}\r\n--graphql--"
    let server = ScriptedServer(responses: [.text(body, headers: ["Content-Type": "multipart/mixed;boundary=graphql;subscriptionSpec=1.0"])])
    let results = Recorder<Int>()
    let done = exactly(1)
    let chain = InterceptorRequestChain(interceptors: [
      NetworkFetchInterceptor(client: URLSessionClientOnStreamingSession(session: server)), MultipartResponseParsingInterceptor(),
      JSONResponseParsingInterceptor(),
    ], callbackQueue: callbackQueue)
    chain.kickoff(request: jsonRequest(CountdownSubscription(from: 1, intervalMs: nil))) { result in
      results.append((try? result.get().data?.countdown) ?? -1)
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    settle()
    XCTAssertEqual(results.values, [1])
  }

  func test_cancelTaskThroughClient_completionNeverCalled() {
    let server = ScriptedServer { _ in
      try await Task.sleep(nanoseconds: 100_000_000)
      return .text("{}")
    }
    let client = URLSessionClientOnStreamingSession(session: server)
    let none = exactly(0)
    let task = client.sendRequest(request) { _ in none.fulfill() }
    client.cancel(task: task)
    wait(for: [none], timeout: 0.4)
  }

  func test_taskCancelDirectly_networkErrorWithCancelled() {
    let server = ScriptedServer { _ in
      try await Task.sleep(nanoseconds: 1_000_000_000)
      return .text("{}")
    }
    let client = URLSessionClientOnStreamingSession(session: server)
    let done = exactly(1)
    let task = client.sendRequest(request) { result in
      guard case .failure(let error) = result,
        case .networkError(let data, nil, let underlying)? = error as? URLSessionClient.URLSessionClientError
      else { return XCTFail("\(result)") }
      XCTAssertTrue(data.isEmpty)
      XCTAssertEqual((underlying as? URLError)?.code, .cancelled)
      done.fulfill()
    }
    task.cancel()
    wait(for: [done], timeout: 2)
    settle()
  }

  /// `cancel()` from another thread while the body arrives: the completion hears of the cancel exactly once. Before,
  /// the cancelled session ended the body early and the reader took that for the end of the response, so the request
  /// often completed as a success with a truncated body; and without a callback queue the cancel's report read the
  /// task's data while the reader appended to it (the thread sanitizer run checks that no longer happens).
  func test_taskCancelledFromAnotherThread_whileTheBodyArrives_completesOnceWithCancelled() {
    let events = (0..<200).flatMap { _ -> [ScriptedResponse.BodyEvent] in
      [.data(Data(repeating: 0x20, count: 100)), .delay(.microseconds(50))]
    }
    let server = ScriptedServer { _ in ScriptedResponse(headers: ["Content-Type": "application/json"], body: events) }
    let client = URLSessionClientOnStreamingSession(session: server)
    for round in 0..<10 {
      let outcomes = Recorder<String>()
      let done = exactly(1)
      let task = client.sendRequest(request) { result in
        if case .failure(let error) = result, case .networkError(_, _, let underlying)? = error as? URLSessionClient.URLSessionClientError,
          (underlying as? URLError)?.code == .cancelled {
          outcomes.append("cancelled")
        } else {
          outcomes.append("\(result)")
        }
        done.fulfill()
      }
      let cancel = UncheckedTask(task)
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(2 + round)) { cancel.task.cancel() }
      wait(for: [done], timeout: 5)
      settle()
      XCTAssertEqual(outcomes.values, ["cancelled"], "round \(round)")
    }
  }

  /// `invalidate()` stops the requests in flight, as 1.x's `invalidateAndCancel()` did, and calls none of their
  /// completions: a quiet subscription no longer keeps reading, and keeping the client, until its next part.
  func test_invalidate_stopsAQuietSubscription_andLetsGoOfTheClient() {
    let server = ScriptedServer { _ in
      .multipart([#"{"data":{"countdown":3}}"#, #"{"data":{"countdown":2}}"#], spec: "subscriptionSpec=1.0", delay: .seconds(30))
    }
    var client: URLSessionClientOnStreamingSession? = URLSessionClientOnStreamingSession(session: server)
    weak var released = client
    let firstPart = expectation(description: "first part")
    let calls = Recorder<Bool>()
    client?.sendRequest(request) { result in
      calls.append((try? result.get()) != nil)
      if calls.values.count == 1 { firstPart.fulfill() }
    }
    wait(for: [firstPart], timeout: 2)
    client?.invalidate()
    client = nil
    let deadline = Date().addingTimeInterval(2)
    while released != nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    XCTAssertNil(released)
    settle()
    XCTAssertEqual(calls.values, [true], "no completion after invalidate()")
  }

  func test_twentyConcurrentRequests_allSucceed() {
    let client = URLSessionClientOnStreamingSession(session: StarWarsScriptedServer.make())
    let done = exactly(20)
    var body = URLRequest(url: testEndpoint)
    body.httpMethod = "POST"
    body.httpBody = Data(#"{"operationName":"HeroName"}"#.utf8)
    for _ in 0..<20 {
      client.sendRequest(body) { result in
        if case .success = result { done.fulfill() }
      }
    }
    wait(for: [done], timeout: 5)
  }

  func test_afterInvalidate_sendRequestFailsSynchronouslyWithSessionInvalidated() {
    for client in [URLSessionClientOnStreamingSession(session: StarWarsScriptedServer.make()), URLSessionClient(callbackQueue: nil)] {
      client.invalidate()
      var failed = false
      client.sendRequest(request) { result in
        if case .failure(let error) = result, case .sessionInvalidated? = error as? URLSessionClient.URLSessionClientError {
          failed = true
        }
      }
      XCTAssertTrue(failed)
    }
  }

  func test_sessionAndTaskDescriptions_areSetWhenGiven() {
    let plain = URLSessionClient(callbackQueue: nil)
    XCTAssertNil(plain.session.sessionDescription)
    let described = URLSessionClient(callbackQueue: nil, sessionDescription: "desc")
    XCTAssertEqual(described.session.sessionDescription, "desc")
    let scripted = URLSessionClientOnStreamingSession(session: StarWarsScriptedServer.make())
    XCTAssertNil(scripted.sendRequest(request) { _ in }.taskDescription)
    XCTAssertEqual(scripted.sendRequest(request, taskDescription: "task") { _ in }.taskDescription, "task")
    plain.invalidate()
    described.invalidate()
  }

  /// A multipart part over MultipartLimits.maximumPartSize fails the request once, typed, after the
  /// complete parts before it; nothing is delivered afterwards (no empty final delivery).
  func test_multipartPartOverTheLimit_failsOnceTyped_afterTheCompleteParts() {
    let previous = MultipartLimits.maximumPartSize
    MultipartLimits.maximumPartSize = 1024
    defer { MultipartLimits.maximumPartSize = previous }
    let head = "\r\n--graphql\r\nContent-Type: application/json\r\n\r\n{\"payload\":{}}\r\n--graphql\r\n"
    let server = ScriptedServer(responses: [ScriptedResponse(
      statusCode: 200, headers: ["Content-Type": "multipart/mixed;boundary=graphql;subscriptionSpec=1.0"],
      body: [.data(Data(head.utf8)), .data(Data(repeating: 0x78, count: 600)), .data(Data(repeating: 0x78, count: 600)),
             .data(Data(repeating: 0x78, count: 600))])])
    let client = URLSessionClientOnStreamingSession(session: server)
    let outcomes = Recorder<String>()
    let done = exactly(2)
    client.sendRequest(request) { result in
      switch result {
      case .success(let (data, _)): outcomes.append("part \(data.count)")
      case .failure(let error): outcomes.append(error is MultipartPartTooLargeError ? "too large" : "\(error)")
      }
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    settle()
    XCTAssertEqual(outcomes.count, 2)
    XCTAssertEqual(outcomes.values.last, "too large")
    XCTAssertTrue(outcomes.values.first?.hasPrefix("part ") == true, "\(outcomes.values)")
  }

  /// Its parts can never be found: one failure, not one per slice followed by the whole body as a success (1.x).
  func test_multipartWithoutABoundary_failsOnce() {
    let server = ScriptedServer(responses: [ScriptedResponse(
      statusCode: 200, headers: ["Content-Type": "multipart/mixed;subscriptionSpec=1.0"],
      body: [.data(Data("--x\r\n".utf8)), .data(Data("{}\r\n".utf8)), .data(Data("--x--\r\n".utf8))])])
    let client = URLSessionClientOnStreamingSession(session: server)
    let outcomes = Recorder<String>()
    let done = exactly(1)
    client.sendRequest(request) { result in
      switch result {
      case .success(let (data, _)): outcomes.append("success \(data.count)")
      case .failure(let error): outcomes.append("\(error)")
      }
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    settle()
    XCTAssertEqual(outcomes.values, ["missingMultipartBoundary"])
  }

  /// A response given up on (here: no boundary) stops being read, as the URLSession-backed client cancels its task:
  /// before, the client kept reading a body that might never end, and the read kept the client alive.
  func test_aResponseGivenUpOn_isNoLongerRead() throws {
    let server = ScriptedServer(responses: [ScriptedResponse(
      statusCode: 200, headers: ["Content-Type": "multipart/mixed;subscriptionSpec=1.0"],
      body: [.data(Data("--x\r\n".utf8)), .delay(.seconds(60)), .data(Data("--x--\r\n".utf8))])])
    var client: URLSessionClientOnStreamingSession? = URLSessionClientOnStreamingSession(session: server)
    weak var released = client
    let done = exactly(1)
    try XCTUnwrap(client).sendRequest(request) { _ in done.fulfill() }
    wait(for: [done], timeout: 2)
    client = nil
    let deadline = Date().addingTimeInterval(2)
    while released != nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    XCTAssertNil(released, "the read stopped, and with it what held the client")
  }

}

/// Mirrors upstream 1.x request-building tests (apollographql/apollo-ios-dev 1.25.7, Tests/ApolloTests/).
final class RequestBuildingTests: XCTestCase {
  func test_timeout_60ByDefault_120WithContext() throws {
    struct Timeout: RequestContextTimeoutConfigurable { let requestTimeout: TimeInterval = 120 }
    XCTAssertEqual(try jsonRequest(HeroNameQuery(episode: nil)).toURLRequest().timeoutInterval, 60)
    let withContext = JSONRequest(operation: HeroNameQuery(episode: nil), graphQLEndpoint: testEndpoint, clientName: "n", clientVersion: "v",
                                  context: Timeout())
    XCTAssertEqual(try withContext.toURLRequest().timeoutInterval, 120)
    let upload = UploadRequest(graphQLEndpoint: testEndpoint, operation: SingleUploadMutation(file: "a"), clientName: "n", clientVersion: "v",
                               files: [], context: Timeout())
    XCTAssertEqual(try upload.toURLRequest().timeoutInterval, 120)
  }

  func test_clientMetadata_headersAlways_clientLibraryExtensionUnlessDisabled() throws {
    let enabled = try jsonRequest(HeroNameQuery(episode: nil)).toURLRequest()
    XCTAssertEqual(enabled.value(forHTTPHeaderField: "apollographql-client-name"), "test")
    XCTAssertEqual(enabled.value(forHTTPHeaderField: "apollographql-client-version"), "1")
    let body = try JSONParser.parseObject(enabled.httpBody ?? Data())
    XCTAssertEqual(body["extensions"]?["clientLibrary"], ["name": "apollo-ios", "version": "1.25.7"])
    let disabled = JSONRequest(operation: HeroNameQuery(episode: nil), graphQLEndpoint: testEndpoint, clientName: "n", clientVersion: "v",
                               sendEnhancedClientAwareness: false)
    XCTAssertNil(try JSONParser.parseObject(disabled.toURLRequest().httpBody ?? Data())["extensions"])
  }

  func test_httpRequestInit_overwritesReservedHeaders() {
    let request = HTTPRequest(graphQLEndpoint: testEndpoint, operation: HeroNameQuery(episode: nil), contentType: "application/json",
                              clientName: "n", clientVersion: "v",
                              additionalHeaders: ["Content-Type": "text/plain", "X-APOLLO-OPERATION-NAME": "x", "Keep": "me"])
    XCTAssertEqual(request.additionalHeaders["Content-Type"], "application/json")
    XCTAssertEqual(request.additionalHeaders["X-APOLLO-OPERATION-NAME"], "HeroName")
    XCTAssertEqual(request.additionalHeaders["X-APOLLO-OPERATION-TYPE"], "query")
    XCTAssertEqual(request.additionalHeaders["Keep"], "me")
  }

  func test_jsonRequestBody_isCachedUntilPersistedQueryRetry() {
    let request = jsonRequest(HeroNameQuery(episode: nil), autoPersistQueries: true)
    XCTAssertNil(request.body["query"])
    request.operation = HeroNameQuery(episode: .init(.JEDI))
    XCTAssertNil(request.body["variables"]?["episode"]?.stringValue)  // cached body keeps the old operation
    request.isPersistedQueryRetry = true
    XCTAssertNotNil(request.body["query"])
    XCTAssertEqual(request.body["variables"]?["episode"], "JEDI")
  }

  func test_uploadForm_operationsWithNullFileAndMap_transportHeadersPresent() throws {
    let transport = RequestChainNetworkTransport(interceptorProvider: FixedProvider(make: { [] }), endpointURL: testEndpoint,
                                                 additionalHeaders: ["X-Custom": "yes"])
    let file = GraphQLFile(fieldName: "file", originalName: "a.txt", mimeType: "text/plain", data: Data("hello".utf8))
    let request = transport.constructUploadRequest(for: SingleUploadMutation(file: "a"), with: [file], manualBoundary: "TEST.BOUNDARY")
    let urlRequest = try request.toURLRequest()
    XCTAssertEqual(urlRequest.value(forHTTPHeaderField: "X-Custom"), "yes")
    XCTAssertEqual(urlRequest.value(forHTTPHeaderField: "Content-Type"), "multipart/form-data; boundary=TEST.BOUNDARY")
    XCTAssertNil(urlRequest.value(forHTTPHeaderField: "Accept"))
    let text = String(decoding: urlRequest.httpBody ?? Data(), as: UTF8.self)
    XCTAssertTrue(text.contains(#"{"0":["variables.file"]}"#), text)
    XCTAssertTrue(text.contains(#""variables":{"file":null}"#), text)
    XCTAssertTrue(text.contains("filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\nhello"), text)
  }

  func test_uploadForm_twoFilesOnOneListField_andFilesOnSeveralFields() throws {
    struct TwoFieldsMutation: GraphQLMutation {
      static let operationName = "TwoFields"
      static let operationDocument = OperationDocument(definition: OperationDefinition("mutation TwoFields($a: Upload!, $b: Upload!) { x }"))
      var __variables: Variables? { ["a": "a", "b": "b"] }
      typealias Data = HeroNameQuery.Data
    }
    func text<Operation: GraphQLOperation>(_ operation: Operation, _ files: [GraphQLFile]) throws -> String {
      let request = UploadRequest(graphQLEndpoint: testEndpoint, operation: operation, clientName: "n", clientVersion: "v", files: files,
                                  manualBoundary: "B", sendEnhancedClientAwareness: false)
      return String(decoding: try request.toURLRequest().httpBody ?? Data(), as: UTF8.self)
    }
    let list = try text(MultipleUploadMutation(files: ["a", "b"]), [
      GraphQLFile(fieldName: "files", originalName: "a.txt", data: Data("a".utf8)),
      GraphQLFile(fieldName: "files", originalName: "b.txt", data: Data("b".utf8)),
    ])
    XCTAssertTrue(list.contains(#"{"0":["variables.files.0"],"1":["variables.files.1"]}"#), list)
    XCTAssertTrue(list.contains(#""variables":{"files":[null,null]}"#), list)
    let fields = try text(TwoFieldsMutation(), [
      GraphQLFile(fieldName: "b", originalName: "b.txt", data: Data("b".utf8)),
      GraphQLFile(fieldName: "a", originalName: "a.txt", data: Data("a".utf8)),
    ])
    XCTAssertTrue(fields.contains(#"{"0":["variables.a"],"1":["variables.b"]}"#), fields)
    XCTAssertTrue(fields.contains("name=\"0\"; filename=\"a.txt\""), fields)
  }

  func test_get_removesContentTypeAndKeepsOtherHeaders() throws {
    let request = JSONRequest(operation: HeroNameQuery(episode: nil), graphQLEndpoint: testEndpoint, clientName: "n", clientVersion: "v",
                              additionalHeaders: ["Authorization": "x"], useGETForQueries: true)
    let urlRequest = try request.toURLRequest()
    XCTAssertEqual(urlRequest.httpMethod, "GET")
    XCTAssertNil(urlRequest.value(forHTTPHeaderField: "Content-Type"))
    XCTAssertEqual(urlRequest.value(forHTTPHeaderField: "Authorization"), "x")
    XCTAssertTrue(urlRequest.url?.query?.contains("operationName=HeroName") == true)
  }
}

/// Hands a task to the thread that cancels it (`URLSessionTask` is thread-safe to cancel but not `Sendable`).
private struct UncheckedTask: @unchecked Sendable {
  // @unchecked Sendable: only `cancel()` is called on it, which URLSessionTask allows from any thread.
  let task: URLSessionTask
  init(_ task: URLSessionTask) { self.task = task }
}
