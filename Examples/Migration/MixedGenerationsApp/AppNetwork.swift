// The one file that sees two generations: it builds the 0.x and the 2.x client on one `ApolloStore`. Both
// modules define `ApolloClient`, `CachePolicy`, `NetworkTransport` and `GraphQLResponse`, so here those names
// are module-qualified (`ApolloDelegateTransport.ApolloClient`, `ApolloAsyncChain.ApolloClient`); an
// unqualified `ApolloClient` would not compile ("'ApolloClient' is ambiguous for type lookup"). Names only one
// of them has (`HTTPNetworkTransport`, `URLSessionClientOnStreamingSession`, `RequestChainNetworkTransport`,
// `ApolloURLSessionOnStreamingSession`) and the shared core's (`ApolloStore`) need nothing.
import ApolloAsyncChain
import ApolloDelegateTransport
import StarWarsAPI

/// The app's networking in the middle of a migration: one store, one client per generation.
struct AppNetwork {
  /// Shared by both clients: what one writes, the other reads.
  let store = ApolloStore()
  let legacyClient: ApolloDelegateTransport.ApolloClient
  let modernClient: ApolloAsyncChain.ApolloClient

  init(environment: ExampleEnvironment, callbacks: OperationQueue) {
    // 0.x: the delegate-based transport, over the embedded server or a real URLSession.
    let sessionClient: URLSessionClient = environment.isEmbedded
      ? URLSessionClientOnStreamingSession(session: environment.session, callbackQueue: callbacks)
      : URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: callbacks)
    let legacyTransport: any ApolloDelegateTransport.NetworkTransport = HTTPNetworkTransport(url: environment.endpoint, client: sessionClient)
    legacyClient = ApolloDelegateTransport.ApolloClient(networkTransport: legacyTransport, store: store)

    // 2.x: the async request chain, same endpoint, same store.
    let modernTransport = RequestChainNetworkTransport(
      urlSession: ApolloURLSessionOnStreamingSession(environment.session), interceptorProvider: DefaultInterceptorProvider.shared,
      store: store, endpointURL: environment.endpoint)
    modernClient = ApolloAsyncChain.ApolloClient(networkTransport: modernTransport, store: store)
  }

  /// A 0.x cache policy spelled with its module, as this file must.
  static let legacyNetworkFirst: ApolloDelegateTransport.CachePolicy = .fetchIgnoringCacheData
  /// Its 0.x counterpart for "cache only".
  static let legacyCacheOnly: ApolloDelegateTransport.CachePolicy = .returnCacheDataDontFetch
}
