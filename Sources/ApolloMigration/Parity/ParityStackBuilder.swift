import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport
import Foundation

/// Assembles each built-in stack from the generations' public types, this module's adapters and the
/// catalog's hooks (``ParityHooks``, written once per generation), through the run's context.
struct ParityStackBuilder {
  let stack: ParityStack
  let context: ParityStackContext

  func build() -> ParityClient {
    let state = context.state
    let store = context.store
    let options = context.options
    switch stack {
    case .native0x:
      let delegate = ParityDelegateV0(state: state, additionalHeaders: options.additionalHeaders)
      let transport = HTTPNetworkTransport(
        url: context.endpoint, client: context.delegateTransportClient(),
        useGETForQueries: options.useGETForQueries, enableAutoPersistedQueries: options.autoPersistQueries)
      transport.delegate = delegate
      return .v0(V0Client(networkTransport: transport, store: store), keepAlive: [delegate])
    case .native1x:
      let provider = ParityProviderV1(client: context.callbackChainClient(), store: store, state: state)
      return .v1(V1Client(networkTransport: context.callbackChainTransport(provider), store: store), keepAlive: [provider])
    case .native2x:
      return .v2(V2Client(networkTransport: context.asyncChainTransport(ParityProviderV2(state: state)), store: store), keepAlive: [])
    case .delegatesOn1x:
      // 0.x had no transport headers: the 0.x hooks add the scenario's in `willSend`.
      let delegate = ParityDelegateV0(state: state, additionalHeaders: options.additionalHeaders)
      let provider = DelegateTransportCallbackInterceptorProvider(
        delegate: delegate, transport: context.standInTransport(), client: context.callbackChainClient(), store: store)
      return .v1(V1Client(networkTransport: context.callbackChainTransport(provider, additionalHeaders: [:]), store: store),
                 keepAlive: [delegate])
    case .delegatesOn2x:
      let delegate = ParityDelegateV0(state: state, additionalHeaders: options.additionalHeaders)
      let provider = DelegateTransportInterceptorProvider(delegate: delegate, transport: context.standInTransport())
      return .v2(V2Client(networkTransport: context.asyncChainTransport(provider, additionalHeaders: [:]), store: store),
                 keepAlive: [delegate])
    case .facade0xOn2x:
      let delegate = ParityDelegateV0(state: state, additionalHeaders: options.additionalHeaders)
      let transport = HTTPNetworkTransportOnAsyncChain(
        url: context.endpoint, session: context.urlSession, useGETForQueries: options.useGETForQueries,
        enableAutoPersistedQueries: options.autoPersistQueries, callbackQueue: context.callbackQueue)
      transport.delegate = delegate
      return .v0(V0Client(networkTransport: transport, store: store), keepAlive: [delegate])
    case .interceptorsOn2x:
      let callbackProvider = ParityProviderV1(client: context.callbackChainClient(), store: store, state: state)
      let provider = CallbackProviderOnAsyncChain(callbackProvider, store: store)
      return .v2(V2Client(networkTransport: context.asyncChainTransport(provider), store: store), keepAlive: [callbackProvider])
    case .facade1xOn2x:
      let callbackProvider = ParityProviderV1(client: context.callbackChainClient(), store: store, state: state)
      return .v1(V1Client(networkTransport: context.callbackFacadeTransport(callbackProvider), store: store),
                 keepAlive: [callbackProvider])
    }
  }
}
