import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloMigration
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

typealias V1Interceptor = ApolloCallbackChain.ApolloInterceptor
typealias V1Chain = ApolloCallbackChain.RequestChain
typealias V1Request<Operation: GraphQLOperation> = ApolloCallbackChain.HTTPRequest<Operation>
typealias V1Response<Operation: GraphQLOperation> = ApolloCallbackChain.HTTPResponse<Operation>
typealias V1Result<Data: RootSelectionSet> = ApolloCallbackChain.GraphQLResult<Data>
typealias V1Completion<Data: RootSelectionSet> = (Result<V1Result<Data>, any Error>) -> Void

let endpoint = URL(string: "http://scripted.invalid/graphql")!
/// The serial queue 1.x callbacks run on (the main queue is not drained on Linux).
let callbacks = DispatchQueue(label: "ApolloMigrationTests.callbacks")

/// A 1.x provider made of closures.
struct ClosureProvider: ApolloCallbackChain.InterceptorProvider {
  let make: () -> [any V1Interceptor]
  var errorInterceptor: (() -> any ApolloCallbackChain.ApolloErrorInterceptor)? = nil

  func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any V1Interceptor] { make() }
  func additionalErrorInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> (any ApolloCallbackChain.ApolloErrorInterceptor)? {
    errorInterceptor?()
  }
}

/// The 1.x default list with custom interceptors at the three positions.
func defaultList(client: ApolloCallbackChain.URLSessionClient, store: ApolloStore, maxRetries: Int = 3,
                 beforeFetch: [any V1Interceptor] = [], afterFetch: [any V1Interceptor] = [],
                 afterParsing: [any V1Interceptor] = []) -> [any V1Interceptor] {
  [ApolloCallbackChain.MaxRetryInterceptor(maxRetriesAllowed: maxRetries), ApolloCallbackChain.CacheReadInterceptor(store: store)]
    + beforeFetch
    + [ApolloCallbackChain.NetworkFetchInterceptor(client: client)]
    + afterFetch
    + [ApolloCallbackChain.ResponseCodeInterceptor(), ApolloCallbackChain.MultipartResponseParsingInterceptor(),
       ApolloCallbackChain.JSONResponseParsingInterceptor(normalizer: store.normalizer)]
    + afterParsing
    + [ApolloCallbackChain.AutomaticPersistedQueryInterceptor(), ApolloCallbackChain.CacheWriteInterceptor(store: store)]
}

/// Reads a 2.x result stream to its end, giving up (by cancelling it) after `timeout`.
func readToEnd<Operation: GraphQLOperation>(
  _ stream: AsyncThrowingStream<ApolloAsyncChain.GraphQLResponse<Operation>, any Error>, timeout: Duration = .seconds(5)
) async -> (values: [ApolloAsyncChain.GraphQLResponse<Operation>], error: (any Error)?) {
  let reader = Task { () -> ([ApolloAsyncChain.GraphQLResponse<Operation>], (any Error)?) in
    var values: [ApolloAsyncChain.GraphQLResponse<Operation>] = []
    do {
      for try await value in stream { values.append(value) }
      return (values, nil)
    } catch {
      return (values, error)
    }
  }
  let timer = Task {
    try? await Task.sleep(for: timeout)
    reader.cancel()
  }
  defer { timer.cancel() }
  let (values, error) = await reader.value
  return (values, error)
}

/// A 2.x transport over `server` with a 1.x provider adapted.
func adaptedTransport(server: ScriptedServer, store: ApolloStore, provider: any ApolloCallbackChain.InterceptorProvider,
                      timeout: Duration = .seconds(60)) -> ApolloAsyncChain.RequestChainNetworkTransport {
  ApolloAsyncChain.RequestChainNetworkTransport(
    urlSession: server, interceptorProvider: CallbackProviderOnAsyncChain(provider, store: store, interceptorTimeout: timeout),
    store: store, endpointURL: endpoint)
}

/// An expectation fulfilled exactly `count` times; more fails the test.
func exactly(_ count: Int, _ description: String) -> XCTestExpectation {
  let expectation = XCTestExpectation(description: description)
  expectation.expectedFulfillmentCount = count
  expectation.assertForOverFulfill = true
  return expectation
}

/// Lets late work run, so an extra delivery would be seen.
func settle() {
  Thread.sleep(forTimeInterval: 0.15)
  callbacks.sync {}
}

let heroJSON: JSON.Object = ["data": ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]]]

/// The 1.x call surface over `provider`, for a test that compares 1.x with its facade: 1.x's own transport when
/// `engine` is "1.x", else the facade on the 2.x engine over `server` and `store`.
func callbackTransport(
  _ engine: String, provider: any ApolloCallbackChain.InterceptorProvider, server: ScriptedServer, store: ApolloStore,
  autoPersistQueries: Bool = false
) -> any ApolloCallbackChain.UploadingNetworkTransport {
  engine == "1.x"
    ? ApolloCallbackChain.RequestChainNetworkTransport(interceptorProvider: provider, endpointURL: endpoint, autoPersistQueries: autoPersistQueries)
    : RequestChainNetworkTransportOnAsyncChain(interceptorProvider: provider, endpointURL: endpoint, autoPersistQueries: autoPersistQueries,
                                               urlSession: server, store: store)
}
