import ApolloAsyncChain
import ApolloDelegateTransport
import ApolloMigration
import Foundation

extension Network {
  /// Route (b): call sites move to the 2.x `ApolloClient`, and the same delegate object keeps running,
  /// now as the 2.x chain's interceptors (`DelegateTransportInterceptorProvider`). The provider holds the
  /// delegate weakly, as `HTTPNetworkTransport.delegate` did; the singleton outlives every request.
  func makeAsyncChainClient() -> ApolloAsyncChain.ApolloClient {
    let configuration = AppConfiguration.current
    let store = ApolloStore()
    // What the delegate methods receive as their first argument; the 2.x chain sends nothing through it.
    let standIn = HTTPNetworkTransport(url: configuration.endpoint)
    let provider = DelegateTransportInterceptorProvider(delegate: self, transport: standIn, maxRetries: 3)
    let transport = ApolloAsyncChain.RequestChainNetworkTransport(
      urlSession: configuration.session, interceptorProvider: provider, store: store, endpointURL: configuration.endpoint)
    return ApolloAsyncChain.ApolloClient(networkTransport: transport, store: store)
  }
}
