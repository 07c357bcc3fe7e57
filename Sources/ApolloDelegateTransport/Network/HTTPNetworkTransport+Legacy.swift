import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Initializers of earlier 0.x releases, kept so that old call sites compile (with a deprecation warning).
// Each has one argument without a default, so `HTTPNetworkTransport(url:)` still picks the 0.33 one.
#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: use ApolloAsyncChain.RequestChainNetworkTransport; until then ApolloMigration.HTTPNetworkTransportOnAsyncChain runs these call sites on the 2.x engine")
#endif
extension HTTPNetworkTransport {
  /// 0.22 to 0.26: a `URLSession` instead of a `URLSessionClient`.
  ///
  /// A client is created with the session's configuration; the session itself, and its delegate,
  /// are not used (a `URLSessionClient` must be the delegate of its own session).
  @available(*, deprecated, message: "Pass client: URLSessionClient(sessionConfiguration:) (Apollo iOS 0.27)")
  public convenience init(url: URL,
                          session: URLSession,
                          sendOperationIdentifiers: Bool = false,
                          useGETForQueries: Bool = false,
                          enableAutoPersistedQueries: Bool = false,
                          useGETForPersistedQueryRetry: Bool = false,
                          requestCreator: any RequestCreator = ApolloRequestCreator()) {
    self.init(url: url, client: URLSessionClient(sessionConfiguration: session.configuration),
              sendOperationIdentifiers: sendOperationIdentifiers, useGETForQueries: useGETForQueries,
              enableAutoPersistedQueries: enableAutoPersistedQueries,
              useGETForPersistedQueryRetry: useGETForPersistedQueryRetry, requestCreator: requestCreator)
  }

  /// Up to 0.21: the delegate passed to `init`. It is still held weakly, as `delegate` is.
  @available(*, deprecated, message: "Set transport.delegate after init, and pass client: instead of session: (Apollo iOS 0.22/0.27)")
  public convenience init(url: URL,
                          session: URLSession = .shared,
                          sendOperationIdentifiers: Bool = false,
                          useGETForQueries: Bool = false,
                          enableAutoPersistedQueries: Bool = false,
                          useGETForPersistedQueryRetry: Bool = false,
                          delegate: (any HTTPNetworkTransportDelegate)?,
                          requestCreator: any RequestCreator = ApolloRequestCreator()) {
    self.init(url: url, client: URLSessionClient(sessionConfiguration: session.configuration),
              sendOperationIdentifiers: sendOperationIdentifiers, useGETForQueries: useGETForQueries,
              enableAutoPersistedQueries: enableAutoPersistedQueries,
              useGETForPersistedQueryRetry: useGETForPersistedQueryRetry, requestCreator: requestCreator)
    self.delegate = delegate
  }
}
