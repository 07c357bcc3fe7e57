@testable import ApolloCallbackChain
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let testEndpoint = URL(string: "http://scripted.invalid/graphql")!

/// A serial queue for completions: XCTest on Linux does not drain the main queue in async tests.
let callbackQueue = DispatchQueue(label: "ApolloCallbackChainTests.callbacks")

/// An expectation that must be fulfilled exactly `count` times (over-fulfilment fails the test).
func exactly(_ count: Int, _ description: String = "completion") -> XCTestExpectation {
  let expectation = XCTestExpectation(description: description)
  expectation.expectedFulfillmentCount = max(count, 1)
  expectation.assertForOverFulfill = true
  if count == 0 { expectation.isInverted = true }
  return expectation
}

/// Lets queued work run so that a late extra delivery would be seen.
func settle(_ seconds: Double = 0.1) {
  Thread.sleep(forTimeInterval: seconds)
  callbackQueue.sync {}
}

func httpResponse(status: Int = 200, headers: [String: String] = ["Content-Type": "application/json"]) -> HTTPURLResponse {
  HTTPURLResponse(url: testEndpoint, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
}

func jsonRequest<Operation: GraphQLOperation>(_ operation: Operation, cachePolicy: CachePolicy = .fetchIgnoringCacheData,
                                              autoPersistQueries: Bool = false) -> JSONRequest<Operation> {
  JSONRequest(operation: operation, graphQLEndpoint: testEndpoint, clientName: "test", clientVersion: "1",
              cachePolicy: cachePolicy, autoPersistQueries: autoPersistQueries)
}

/// A transport over a scripted server with the default (or a given) provider.
struct ScriptedStack {
  let server: ScriptedServer
  let client: URLSessionClientOnStreamingSession
  let store: ApolloStore
  let transport: RequestChainNetworkTransport
  let apollo: ApolloClient

  init(server: ScriptedServer = StarWarsScriptedServer.make(), store: ApolloStore = ApolloStore(),
       provider: ((URLSessionClientOnStreamingSession, ApolloStore) -> any InterceptorProvider)? = nil,
       autoPersistQueries: Bool = false, useGETForQueries: Bool = false, useGETForPersistedQueryRetry: Bool = false,
       additionalHeaders: [String: String] = [:]) {
    self.server = server
    self.store = store
    client = URLSessionClientOnStreamingSession(session: server)
    let provider = provider?(client, store) ?? DefaultInterceptorProvider(client: client, store: store)
    transport = RequestChainNetworkTransport(
      interceptorProvider: provider, endpointURL: testEndpoint, additionalHeaders: additionalHeaders,
      autoPersistQueries: autoPersistQueries, useGETForQueries: useGETForQueries,
      useGETForPersistedQueryRetry: useGETForPersistedQueryRetry)
    apollo = ApolloClient(networkTransport: transport, store: store)
  }
}

/// A provider with a fixed list of interceptors (fresh per request from the closure).
struct FixedProvider: InterceptorProvider {
  let make: () -> [any ApolloInterceptor]
  var errorInterceptor: (any ApolloErrorInterceptor)? = nil

  func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any ApolloInterceptor] { make() }
  func additionalErrorInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> (any ApolloErrorInterceptor)? {
    errorInterceptor
  }
}

/// Records every error it sees and forwards it.
final class ForwardingErrorInterceptor: ApolloErrorInterceptor, @unchecked Sendable {
  let seen = Recorder<any Error>()
  func handleErrorAsync<Operation: GraphQLOperation>(
    error: any Error, chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    seen.append(error)
    completion(.failure(error))
  }
}

/// An interceptor that runs a closure; `proceeds` decides whether it then proceeds by id.
final class ClosureInterceptor: ApolloInterceptor, @unchecked Sendable {
  var id: String = InterceptorID.next()
  let body: (any RequestChain, Any, Any?) -> Bool
  let hits = Recorder<Int>()

  init(_ body: @escaping (any RequestChain, Any, Any?) -> Bool = { _, _, _ in true }) {
    self.body = body
  }

  func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    hits.append(1)
    if body(chain, request, response) {
      chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
    }
  }
}

/// Sets a canned parsed response, as a mock server interceptor would.
struct CannedResponseInterceptor: ApolloInterceptor {
  var id: String = InterceptorID.next()
  let status: Int
  let body: String
  var headers: [String: String] = ["Content-Type": "application/json"]

  init(status: Int = 200, body: String, headers: [String: String] = ["Content-Type": "application/json"]) {
    self.status = status
    self.body = body
    self.headers = headers
  }

  func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    let response = HTTPResponse<Operation>(response: httpResponse(status: status, headers: headers),
                                           rawData: Data(body.utf8), parsedResponse: nil)
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

let r2d2Body = #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}}"#
