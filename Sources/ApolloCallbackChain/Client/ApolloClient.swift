import Foundation

/// The 1.x client surface, as a protocol apps mock.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain.ApolloClient; until then give this client an ApolloMigration.RequestChainNetworkTransportOnAsyncChain to run on the 2.x engine")
#endif
public protocol ApolloClientProtocol: AnyObject {
  /// The normalized cache the client reads from and writes results to.
  var store: ApolloStore { get }
  /// Removes every record from ``store``; `completion` runs on `callbackQueue` once the cache is empty.
  func clearCache(callbackQueue: DispatchQueue, completion: ((Result<Void, any Error>) -> Void)?)
  /// Fetches `query` as `cachePolicy` says; `resultHandler` runs on `queue`, once per result (twice for
  /// `returnCacheDataAndFetch`). `contextIdentifier` travels on the request (``HTTPRequest/contextIdentifier``)
  /// for interceptors to read.
  func fetch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy, contextIdentifier: UUID?,
                                  context: (any RequestContext)?, queue: DispatchQueue,
                                  resultHandler: GraphQLResultHandler<Query.Data>?) -> (any Cancellable)
  /// Fetches `query` and keeps delivering a new result on `callbackQueue` whenever the store changes data
  /// it depends on; see ``GraphQLQueryWatcher``. (1.x's requirement has no `refetchOnFailedUpdates`.)
  func watch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy, context: (any RequestContext)?,
                                  callbackQueue: DispatchQueue,
                                  resultHandler: @escaping GraphQLResultHandler<Query.Data>) -> GraphQLQueryWatcher<Query>
  /// Sends `mutation` to the server, never reading the cache; with `publishResultToStore` the result is
  /// written to the store. `resultHandler` runs on `queue`.
  func perform<Mutation: GraphQLMutation>(mutation: Mutation, publishResultToStore: Bool, contextIdentifier: UUID?,
                                          context: (any RequestContext)?, queue: DispatchQueue,
                                          resultHandler: GraphQLResultHandler<Mutation.Data>?) -> (any Cancellable)
  /// Sends `operation` with `files` as a multipart form upload; needs a transport that conforms to
  /// ``UploadingNetworkTransport``. `resultHandler` runs on `queue`.
  func upload<Operation: GraphQLOperation>(operation: Operation, files: [GraphQLFile], context: (any RequestContext)?,
                                           queue: DispatchQueue,
                                           resultHandler: GraphQLResultHandler<Operation.Data>?) -> (any Cancellable)
  /// Starts `subscription`; `resultHandler` runs on `queue` once per event until the returned value is
  /// cancelled or the server ends the stream.
  func subscribe<Subscription: GraphQLSubscription>(subscription: Subscription, context: (any RequestContext)?,
                                                    queue: DispatchQueue,
                                                    resultHandler: @escaping GraphQLResultHandler<Subscription.Data>) -> any Cancellable
}

#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain.ApolloClient; until then give this client an ApolloMigration.RequestChainNetworkTransportOnAsyncChain to run on the 2.x engine")
#endif
extension ApolloClientProtocol {
  /// The pre-1.5 shape without `contextIdentifier`.
  public func fetch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy, context: (any RequestContext)?,
                                         queue: DispatchQueue,
                                         resultHandler: GraphQLResultHandler<Query.Data>?) -> (any Cancellable) {
    fetch(query: query, cachePolicy: cachePolicy, contextIdentifier: nil, context: context, queue: queue,
          resultHandler: resultHandler)
  }

  /// The pre-1.5 shape without `contextIdentifier`.
  public func perform<Mutation: GraphQLMutation>(mutation: Mutation, publishResultToStore: Bool,
                                                 context: (any RequestContext)?, queue: DispatchQueue,
                                                 resultHandler: GraphQLResultHandler<Mutation.Data>?) -> (any Cancellable) {
    perform(mutation: mutation, publishResultToStore: publishResultToStore, contextIdentifier: nil, context: context,
            queue: queue, resultHandler: resultHandler)
  }
}

/// Sends operations through a ``NetworkTransport`` and delivers results to callbacks (1.x).
///
/// Result handlers run on `queue` (`.main` by default, as upstream: on Linux something must drive the
/// main run loop, so command-line tools and tests pass their own queue). A handler may run more than
/// once: `returnCacheDataAndFetch` delivers the cached result and then the server's; multipart
/// subscriptions and `@defer` queries deliver once per part.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain.ApolloClient; until then give this client an ApolloMigration.RequestChainNetworkTransportOnAsyncChain to run on the 2.x engine")
#endif
public class ApolloClient {
  package let networkTransport: any NetworkTransport
  /// The store given at creation; ``clearCache(callbackQueue:completion:)`` empties it.
  public let store: ApolloStore
  let sendEnhancedClientAwareness: Bool

  /// Errors the client raises itself, before any request is made.
  public enum ApolloClientError: Error, LocalizedError, Hashable {
    /// ``upload(operation:files:context:queue:resultHandler:)`` was called on a client whose transport
    /// does not conform to ``UploadingNetworkTransport``.
    case noUploadTransport

    public var errorDescription: String? {
      switch self {
      case .noUploadTransport:
        return "Attempting to upload using a transport which does not support uploads. This is a developer error."
      }
    }
  }

  /// `sendEnhancedClientAwareness` is stored only; it does not change a transport passed in (as upstream).
  public init(networkTransport: any NetworkTransport, store: ApolloStore, sendEnhancedClientAwareness: Bool = true) {
    self.networkTransport = networkTransport
    self.store = store
    self.sendEnhancedClientAwareness = sendEnhancedClientAwareness
  }

  /// An in-memory store, the default provider with a `URLSessionClient`, and a transport to `url`.
  public convenience init(url: URL, sendEnhancedClientAwareness: Bool = true) {
    let store = ApolloStore(cache: InMemoryNormalizedCache())
    let provider = DefaultInterceptorProvider(store: store)
    let transport = RequestChainNetworkTransport(interceptorProvider: provider, endpointURL: url,
                                                 sendEnhancedClientAwareness: sendEnhancedClientAwareness)
    self.init(networkTransport: transport, store: store, sendEnhancedClientAwareness: sendEnhancedClientAwareness)
  }
}

#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain.ApolloClient; until then give this client an ApolloMigration.RequestChainNetworkTransportOnAsyncChain to run on the 2.x engine")
#endif
extension ApolloClient: ApolloClientProtocol {
  /// Empties ``store``; `completion` runs on `callbackQueue` (`.main` by default, as upstream).
  public func clearCache(callbackQueue: DispatchQueue = .main, completion: ((Result<Void, any Error>) -> Void)? = nil) {
    store.clearCache(callbackQueue: callbackQueue, completion: completion)
  }

  /// Fetches `query` with `cachePolicy` (``CachePolicy/default``, `returnCacheDataElseFetch` unless the app
  /// changed it) and delivers each result on `queue`. The returned value cancels the request; after that the
  /// handler is not called.
  @discardableResult
  public func fetch<Query: GraphQLQuery>(query: Query,
                                         cachePolicy: CachePolicy = .default,
                                         contextIdentifier: UUID? = nil,
                                         context: (any RequestContext)? = nil,
                                         queue: DispatchQueue = .main,
                                         resultHandler: GraphQLResultHandler<Query.Data>? = nil) -> (any Cancellable) {
    networkTransport.send(operation: query, cachePolicy: cachePolicy, contextIdentifier: contextIdentifier,
                          context: context, callbackQueue: queue) { result in
      resultHandler?(result)
    }
  }

  /// `publishResultToStore: false` sends with `fetchIgnoringCacheCompletely`.
  @discardableResult
  public func perform<Mutation: GraphQLMutation>(mutation: Mutation,
                                                 publishResultToStore: Bool = true,
                                                 contextIdentifier: UUID? = nil,
                                                 context: (any RequestContext)? = nil,
                                                 queue: DispatchQueue = .main,
                                                 resultHandler: GraphQLResultHandler<Mutation.Data>? = nil) -> (any Cancellable) {
    networkTransport.send(operation: mutation,
                          cachePolicy: publishResultToStore ? .default : .fetchIgnoringCacheCompletely,
                          contextIdentifier: contextIdentifier, context: context, callbackQueue: queue) { result in
      resultHandler?(result)
    }
  }

  /// Without an uploading transport this fails with ``ApolloClientError/noUploadTransport`` (upstream
  /// also trapped in debug builds; this one does not).
  @discardableResult
  public func upload<Operation: GraphQLOperation>(operation: Operation,
                                                  files: [GraphQLFile],
                                                  context: (any RequestContext)? = nil,
                                                  queue: DispatchQueue = .main,
                                                  resultHandler: GraphQLResultHandler<Operation.Data>? = nil) -> (any Cancellable) {
    guard let uploadingTransport = networkTransport as? any UploadingNetworkTransport else {
      queue.asyncTransferring { resultHandler?(.failure(ApolloClientError.noUploadTransport)) }
      return EmptyCancellable()
    }
    return uploadingTransport.upload(operation: operation, files: files, context: context, callbackQueue: queue) { result in
      resultHandler?(result)
    }
  }

  /// Subscribes over multipart HTTP: one delivery per payload, no terminal event.
  public func subscribe<Subscription: GraphQLSubscription>(subscription: Subscription,
                                                           context: (any RequestContext)? = nil,
                                                           queue: DispatchQueue = .main,
                                                           resultHandler: @escaping GraphQLResultHandler<Subscription.Data>) -> any Cancellable {
    networkTransport.send(operation: subscription, cachePolicy: .default, contextIdentifier: nil, context: context,
                          callbackQueue: queue, completionHandler: resultHandler)
  }
}
