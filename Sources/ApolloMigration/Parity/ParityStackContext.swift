import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a stack is built from for one run: where it sends, its store, and where callbacks run.
public struct ParityStackContext: Sendable {
  /// The endpoint requests go to.
  public let endpoint: URL
  /// A fresh store for this run; the trace records its contents afterwards.
  public let store: ApolloStore
  /// The serial queue callback clients deliver on.
  public let callbackQueue: DispatchQueue
  /// The scenario's transport options (GET for queries, persisted queries, additional headers).
  public let options: ParityTransportOptions
  let sessions: ParitySessions
  let state: ParityHookState

  /// The 2.x session requests go through.
  public var urlSession: any HTTPStreamingSession & ApolloURLSession { sessions.streaming }

  /// A 0.x `URLSessionClient` delivering on ``callbackQueue``.
  public func delegateTransportClient() -> ApolloDelegateTransport.URLSessionClient {
    sessions.v0Client(.serial(on: callbackQueue))
  }

  /// A 1.x `URLSessionClient` delivering on ``callbackQueue``.
  public func callbackChainClient() -> ApolloCallbackChain.URLSessionClient {
    sessions.v1Client(callbackQueue)
  }

  /// The `HTTPNetworkTransport` 0.x delegate methods receive under an adapter; it never sends.
  func standInTransport() -> HTTPNetworkTransport {
    HTTPNetworkTransport(url: endpoint, client: V0ClientOnStreamingSession(session: urlSession, callbackQueue: .serial(on: callbackQueue)),
                         useGETForQueries: options.useGETForQueries, enableAutoPersistedQueries: options.autoPersistQueries)
  }

  /// A 2.x transport with the scenario's options; `additionalHeaders` defaults to the scenario's (`[:]`
  /// where 0.x hooks add them themselves, 0.x transports having had none).
  func asyncChainTransport(_ provider: any ApolloAsyncChain.InterceptorProvider,
                           additionalHeaders: [String: String]? = nil) -> V2RequestChainNetworkTransport {
    V2RequestChainNetworkTransport(
      urlSession: urlSession, interceptorProvider: provider, store: store, endpointURL: endpoint,
      additionalHeaders: additionalHeaders ?? options.additionalHeaders,
      apqConfig: AutoPersistedQueryConfiguration(autoPersistQueries: options.autoPersistQueries),
      useGETForQueries: options.useGETForQueries)
  }

  /// A 1.x transport with the scenario's options; `additionalHeaders` as for ``asyncChainTransport(_:additionalHeaders:)``.
  func callbackChainTransport(_ provider: any ApolloCallbackChain.InterceptorProvider,
                              additionalHeaders: [String: String]? = nil) -> ApolloCallbackChain.RequestChainNetworkTransport {
    ApolloCallbackChain.RequestChainNetworkTransport(
      interceptorProvider: provider, endpointURL: endpoint, additionalHeaders: additionalHeaders ?? options.additionalHeaders,
      autoPersistQueries: options.autoPersistQueries, useGETForQueries: options.useGETForQueries)
  }

  /// The 1.x call surface on the 2.x engine with the scenario's options.
  func callbackFacadeTransport(_ provider: any ApolloCallbackChain.InterceptorProvider) -> RequestChainNetworkTransportOnAsyncChain {
    RequestChainNetworkTransportOnAsyncChain(
      interceptorProvider: provider, endpointURL: endpoint, additionalHeaders: options.additionalHeaders,
      autoPersistQueries: options.autoPersistQueries, useGETForQueries: options.useGETForQueries,
      urlSession: urlSession, store: store)
  }
}
