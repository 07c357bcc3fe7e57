import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport
import Foundation

/// Assembles each stack from the generations' public types and this module's adapters.
struct ParityStackBuilder {
  let stack: ParityStack
  let sessions: ParitySessions
  let store: ApolloStore
  let state: ParityHookState
  let queue: DispatchQueue
  let endpoint: URL
  let options: ParityTransportOptions

  func build() -> ParityClient {
    switch stack {
    case .native0x:
      let delegate = ParityDelegateV0(state: state, additionalHeaders: options.additionalHeaders)
      let transport = HTTPNetworkTransport(
        url: endpoint, client: sessions.v0Client(operationQueue()),
        useGETForQueries: options.useGETForQueries, enableAutoPersistedQueries: options.autoPersistQueries)
      transport.delegate = delegate
      return .v0(V0Client(networkTransport: transport, store: store), keepAlive: [delegate])
    case .native1x:
      let provider = ParityProviderV1(client: sessions.v1Client(queue), store: store, state: state)
      return .v1(V1Client(networkTransport: v1Transport(provider, additionalHeaders: options.additionalHeaders), store: store), keepAlive: [provider])
    case .native2x:
      return .v2(V2Client(networkTransport: v2Transport(ParityProviderV2(state: state), additionalHeaders: options.additionalHeaders), store: store), keepAlive: [])
    case .delegatesOn1x:
      let delegate = ParityDelegateV0(state: state, additionalHeaders: options.additionalHeaders)
      let provider = DelegateTransportCallbackInterceptorProvider(
        delegate: delegate, transport: standInTransport(),
        client: sessions.v1Client(queue), store: store)
      return .v1(V1Client(networkTransport: v1Transport(provider, additionalHeaders: [:]), store: store), keepAlive: [delegate])
    case .delegatesOn2x:
      let delegate = ParityDelegateV0(state: state, additionalHeaders: options.additionalHeaders)
      let provider = DelegateTransportInterceptorProvider(delegate: delegate, transport: standInTransport())
      return .v2(V2Client(networkTransport: v2Transport(provider, additionalHeaders: [:]), store: store), keepAlive: [delegate])
    case .facade0xOn2x:
      let delegate = ParityDelegateV0(state: state, additionalHeaders: options.additionalHeaders)
      let transport = HTTPNetworkTransportOnAsyncChain(
        url: endpoint, session: sessions.streaming, useGETForQueries: options.useGETForQueries,
        enableAutoPersistedQueries: options.autoPersistQueries, callbackQueue: queue)
      transport.delegate = delegate
      return .v0(V0Client(networkTransport: transport, store: store), keepAlive: [delegate])
    case .interceptorsOn2x:
      let callbackProvider = ParityProviderV1(
        client: sessions.v1Client(queue), store: store, state: state)
      let provider = CallbackProviderOnAsyncChain(callbackProvider, store: store)
      return .v2(V2Client(networkTransport: v2Transport(provider, additionalHeaders: options.additionalHeaders), store: store),
                 keepAlive: [callbackProvider])
    case .facade1xOn2x:
      let callbackProvider = ParityProviderV1(
        client: sessions.v1Client(queue), store: store, state: state)
      let transport = RequestChainNetworkTransportOnAsyncChain(
        interceptorProvider: callbackProvider, endpointURL: endpoint, additionalHeaders: options.additionalHeaders,
        autoPersistQueries: options.autoPersistQueries, useGETForQueries: options.useGETForQueries,
        urlSession: sessions.streaming, store: store)
      return .v1(V1Client(networkTransport: transport, store: store), keepAlive: [callbackProvider])
    }
  }

  /// The `HTTPNetworkTransport` 0.x delegate methods receive as their first argument under an adapter.
  func standInTransport() -> HTTPNetworkTransport {
    HTTPNetworkTransport(url: endpoint, client: StreamingSessionClient(session: sessions.streaming, callbackQueue: operationQueue()),
                         useGETForQueries: options.useGETForQueries, enableAutoPersistedQueries: options.autoPersistQueries)
  }

  func operationQueue() -> OperationQueue {
    let operations = OperationQueue()
    operations.maxConcurrentOperationCount = 1
    operations.underlyingQueue = queue
    return operations
  }

  /// A 1.x transport; `additionalHeaders` is the transport's, `[:]` when 0.x delegates add them in `willSend`.
  func v1Transport(_ provider: any V1InterceptorProvider, additionalHeaders: [String: String]) -> ApolloCallbackChain.RequestChainNetworkTransport {
    ApolloCallbackChain.RequestChainNetworkTransport(
      interceptorProvider: provider, endpointURL: endpoint, additionalHeaders: additionalHeaders,
      autoPersistQueries: options.autoPersistQueries, useGETForQueries: options.useGETForQueries)
  }

  /// A 2.x transport; `additionalHeaders` as for ``v1Transport(_:additionalHeaders:)``.
  func v2Transport(_ provider: any V2InterceptorProvider, additionalHeaders: [String: String]) -> V2RequestChainNetworkTransport {
    V2RequestChainNetworkTransport(
      urlSession: sessions.streaming, interceptorProvider: provider, store: store, endpointURL: endpoint,
      additionalHeaders: additionalHeaders,
      apqConfig: AutoPersistedQueryConfiguration(autoPersistQueries: options.autoPersistQueries),
      useGETForQueries: options.useGETForQueries)
  }
}
