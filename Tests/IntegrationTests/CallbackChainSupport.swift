import ApolloCallbackChain
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Completions of the 1.x tests run here: XCTest on Linux does not drain the main queue in async tests.
let callbackChainQueue = DispatchQueue(label: "IntegrationTests.callbackChain")

/// A 1.x client over the real `URLSessionClient` against TestServer.
struct CallbackLive {
  let store = ApolloStore()
  let session: URLSessionClient
  let transport: RequestChainNetworkTransport
  let client: ApolloClient

  init(endpoint: String = "/graphql",
       provider: ((URLSessionClient, ApolloStore) -> any InterceptorProvider)? = nil,
       autoPersistQueries: Bool = false, useGETForQueries: Bool = false, useGETForPersistedQueryRetry: Bool = false) {
    let url = endpoint.hasPrefix("/") ? TestServer.url(endpoint) : URL(string: endpoint)!
    // A private serial delegate queue (`nil`), not `.main`, which nothing drains here.
    session = URLSessionClient(sessionConfiguration: .default, callbackQueue: nil)
    let store = self.store
    let provider = provider?(session, store) ?? DefaultInterceptorProvider(client: session, store: store)
    transport = RequestChainNetworkTransport(
      interceptorProvider: provider, endpointURL: url, autoPersistQueries: autoPersistQueries,
      useGETForQueries: useGETForQueries, useGETForPersistedQueryRetry: useGETForPersistedQueryRetry)
    client = ApolloClient(networkTransport: transport, store: store)
  }

  /// The default interceptors for `operation`, from a provider that leaves the session alone when it goes.
  func defaults<Operation: GraphQLOperation>(for operation: Operation) -> [any ApolloInterceptor] {
    DefaultInterceptorProvider(client: session, shouldInvalidateClientOnDeinit: false, store: store).interceptors(for: operation)
  }
}

extension IntegrationTestCase {
  /// Starts a 1.x call, waits for `expected` completions (at most `timeout` s), lets `settle` s pass and
  /// asserts that exactly `expected` arrived.
  func callbackResults<Data: RootSelectionSet>(
    expected: Int, timeout: Double = 15, settle: Double = 0.3, file: StaticString = #filePath, line: UInt = #line,
    _ start: (@escaping GraphQLResultHandler<Data>) -> Void
  ) async -> [Result<GraphQLResult<Data>, any Error>] {
    let results = Recorder<Result<GraphQLResult<Data>, any Error>>()
    let arrived = XCTestExpectation(description: "completions")
    arrived.expectedFulfillmentCount = max(expected, 1)
    arrived.isInverted = expected == 0
    start { result in
      results.append(result)
      arrived.fulfill()
    }
    await fulfillment(of: [arrived], timeout: expected == 0 ? settle : timeout)
    try? await Task.sleep(nanoseconds: UInt64(settle * 1_000_000_000))
    XCTAssertEqual(results.count, expected, "number of completions", file: file, line: line)
    return results.values
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
