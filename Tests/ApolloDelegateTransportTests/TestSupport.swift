import ApolloDelegateTransport
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let testEndpoint = URL(string: "http://localhost:8080/graphql")!

let r2HeroBody: JSON.Object = ["data": ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]]]
let lukeHeroBody: JSON.Object = ["data": ["hero": ["__typename": "Human", "id": "1000", "name": "Luke Skywalker"]]]

/// `HeroName` with the multi-line document of Apollo iOS 0.33's test suite, for byte-exact URL checks.
struct MultilineHeroNameQuery: GraphQLQuery {
  static let operationName = "HeroName"
  static let operationDocument = OperationDocument(definition: OperationDefinition(
    "query HeroName($episode: Episode) {\n  hero(episode: $episode) {\n    __typename\n    name\n  }\n}"))
  var episode: GraphQLNullable<GraphQLEnum<Episode>>
  init(episode: GraphQLNullable<GraphQLEnum<Episode>> = nil) { self.episode = episode }
  var __variables: Variables? { ["episode": episode] }
  typealias Data = HeroNameQuery.Data
}

/// A persisted-only query: it has an identifier but no document.
struct PersistedOnlyQuery: GraphQLQuery {
  static let operationName = "PersistedOnly"
  static let operationDocument = OperationDocument(operationIdentifier: "abc123")
  typealias Data = HeroNameQuery.Data
}

/// A query whose generated code carries its document but no identifier (codegen without operation ids).
struct NoIdentifierQuery: GraphQLQuery {
  static let operationName = "NoIdentifier"
  static let operationDocument = OperationDocument(definition: OperationDefinition("query NoIdentifier { hero { __typename id name } }"))
  typealias Data = HeroNameQuery.Data
}

/// A query upload: `query Echo($file: Upload!) { echo }`.
struct QueryUpload: GraphQLQuery {
  static let operationName = "QueryUpload"
  static let operationDocument = OperationDocument(definition: OperationDefinition("query QueryUpload($file: Upload) { hero { __typename id name } }"))
  typealias Data = HeroNameQuery.Data
}

/// What the scripted client answers for one request.
enum ScriptedOutcome: Sendable {
  case response(statusCode: Int, body: Data, headers: [String: String])
  case failure(any Error)
  case notHTTP

  static func json(_ object: JSON.Object, statusCode: Int = 200) -> ScriptedOutcome {
    .response(statusCode: statusCode, body: JSONSerializer.serialize(object), headers: ["Content-Type": "application/json"])
  }

  static func text(_ text: String, statusCode: Int) -> ScriptedOutcome {
    .response(statusCode: statusCode, body: Data(text.utf8), headers: ["Content-Type": "text/plain"])
  }
}

/// A `URLSessionClient` that never touches the network: each request is answered by `handler`
/// (with the request and its 1-based sequence number), synchronously inside `sendRequest` as Apollo
/// iOS 0.33's `MockURLSessionClient` did, or on `completionQueue` when one is given.
///
/// The returned task is a real data task of a private session that is never resumed, so tests can read
/// its `currentRequest`.
final class ScriptedURLSessionClient: URLSessionClient, @unchecked Sendable {
  // @unchecked Sendable: `log` is a Mutex; `handler` and `completionQueue` are immutable.
  typealias Handler = @Sendable (URLRequest, Int) -> ScriptedOutcome

  private let handler: Handler
  private let completionQueue: DispatchQueue?
  private let log = Mutex<[URLRequest]>([])
  private let taskFactory = URLSession(configuration: .ephemeral)

  init(completionQueue: DispatchQueue? = nil, handler: @escaping Handler) {
    self.handler = handler
    self.completionQueue = completionQueue
    super.init(sessionConfiguration: .ephemeral, callbackQueue: nil)
  }

  convenience init(responses: [ScriptedOutcome]) {
    self.init { _, number in
      number <= responses.count ? responses[number - 1] : .failure(URLError(.resourceUnavailable))
    }
  }

  /// The requests received so far.
  var requests: [URLRequest] { log.withLock { $0 } }
  var lastRequest: URLRequest? { requests.last }

  override func sendRequest(_ request: URLRequest, rawTaskCompletionHandler: RawCompletion? = nil,
                            completion: @escaping Completion) -> URLSessionTask {
    let number = log.withLock { log -> Int in
      log.append(request)
      return log.count
    }
    let task = taskFactory.dataTask(with: request)
    let outcome = handler(request, number)
    let finish = {
      switch outcome {
      case .response(let status, let body, let headers):
        let response = HTTPURLResponse(url: request.url ?? testEndpoint, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
        rawTaskCompletionHandler?(body, response, nil)
        if let response { completion(.success((body, response))) }
      case .failure(let error):
        rawTaskCompletionHandler?(Data(), nil, error)
        completion(.failure(URLSessionClientError.networkError(data: Data(), response: nil, underlying: error)))
      case .notHTTP:
        rawTaskCompletionHandler?(Data(), nil, nil)
        completion(.failure(URLSessionClientError.noHTTPResponse(request: request)))
      }
    }
    if let completionQueue {
      let box = UncheckedBox(finish)
      completionQueue.async { box.value() }
    } else {
      finish()
    }
    return task
  }
}

/// Moves a closure to another queue in tests.
struct UncheckedBox<Value>: @unchecked Sendable {
  // @unchecked Sendable: each box is handed to exactly one `DispatchQueue.async` and read there once.
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// Records what the transport calls, in order. Adopts every delegate protocol; each behaviour is a closure.
final class RecordingDelegate: HTTPNetworkTransportPreflightDelegate, HTTPNetworkTransportTaskCompletedDelegate,
  HTTPNetworkTransportRetryDelegate, HTTPNetworkTransportGraphQLErrorDelegate, @unchecked Sendable {
  // @unchecked Sendable: every mutable member is behind `lock`.
  private let lock = NSLock()
  private var _events: [String] = []
  private var _taskCompletions: [(request: URLRequest, data: Data?, response: URLResponse?, error: (any Error)?)] = []
  private var _retryCalls: [(error: any Error, request: URLRequest, response: URLResponse?)] = []
  private var _graphQLErrors: [[GraphQLError]] = []

  var shouldSend: @Sendable (URLRequest) -> Bool = { _ in true }
  var willSend: @Sendable (inout URLRequest) -> Void = { _ in }
  var onError: @Sendable (any Error, Int, @escaping @Sendable (HTTPNetworkTransport.ContinueAction) -> Void) -> Void = { error, _, answer in
    answer(.fail(error))
  }
  var onGraphQLErrors: @Sendable ([GraphQLError], @escaping @Sendable (Bool) -> Void) -> Void = { _, answer in answer(false) }

  private func record(_ event: String) { lock.withLock { _events.append(event) } }
  var events: [String] { lock.withLock { _events } }
  var taskCompletions: [(request: URLRequest, data: Data?, response: URLResponse?, error: (any Error)?)] { lock.withLock { _taskCompletions } }
  var retryCalls: [(error: any Error, request: URLRequest, response: URLResponse?)] { lock.withLock { _retryCalls } }
  var graphQLErrorCalls: [[GraphQLError]] { lock.withLock { _graphQLErrors } }
  var retryCount: Int { retryCalls.count }

  func networkTransport(_ networkTransport: HTTPNetworkTransport, shouldSend request: URLRequest) -> Bool {
    record("shouldSend")
    return shouldSend(request)
  }

  func networkTransport(_ networkTransport: HTTPNetworkTransport, willSend request: inout URLRequest) {
    record("willSend")
    willSend(&request)
  }

  func networkTransport(_ networkTransport: HTTPNetworkTransport, didCompleteRawTaskForRequest request: URLRequest,
                        withData data: Data?, response: URLResponse?, error: (any Error)?) {
    record("taskCompleted")
    lock.withLock { _taskCompletions.append((request, data, response, error)) }
  }

  func networkTransport(_ networkTransport: HTTPNetworkTransport, receivedError error: any Error, for request: URLRequest,
                        response: URLResponse?, continueHandler: @escaping @Sendable (HTTPNetworkTransport.ContinueAction) -> Void) {
    record("retry")
    let count = lock.withLock { () -> Int in
      _retryCalls.append((error, request, response))
      return _retryCalls.count
    }
    onError(error, count, continueHandler)
  }

  func networkTransport(_ networkTransport: HTTPNetworkTransport, receivedGraphQLErrors errors: [GraphQLError],
                        retryHandler: @escaping @Sendable (Bool) -> Void) {
    record("graphQLErrors")
    lock.withLock { _graphQLErrors.append(errors) }
    onGraphQLErrors(errors, retryHandler)
  }
}

/// Counts completions of a 0.x `send` and keeps the last result, fulfilling `expectation` on each.
final class CompletionRecorder<Value>: @unchecked Sendable {
  // @unchecked Sendable: `results` locks itself, `expectation` is immutable and XCTest fulfils it from any thread.
  private let results = Recorder<Result<Value, any Error>>()
  let expectation: XCTestExpectation?

  init(_ expectation: XCTestExpectation? = nil) {
    self.expectation = expectation
  }

  func callAsFunction(_ result: Result<Value, any Error>) {
    results.append(result)
    expectation?.fulfill()
  }

  var count: Int { results.count }
  var last: Result<Value, any Error>? { results.last }
  var error: (any Error)? {
    guard case .failure(let error)? = last else { return nil }
    return error
  }
  var value: Value? {
    guard case .success(let value)? = last else { return nil }
    return value
  }
}

/// The JSON body of a POST request.
func jsonBody(_ request: URLRequest?) -> JSON.Object? {
  guard let data = request?.httpBody else { return nil }
  return try? JSONParser.parseObject(data)
}

/// The query items of a GET request, by name.
func queryItems(_ request: URLRequest?) -> [String: String] {
  guard let url = request?.url, let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems else { return [:] }
  var result: [String: String] = [:]
  for item in items { result[item.name] = item.value ?? "" }
  return result
}
