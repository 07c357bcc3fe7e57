import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 0.x client surface, so that code written against any generation can name it.
#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: use ApolloAsyncChain.ApolloClient; until then give this client an ApolloMigration.HTTPNetworkTransportOnAsyncChain to run on the 2.x engine")
#endif
public protocol ApolloClientProtocol: AnyObject {
  /// The normalized cache the client reads cache policies from and writes server results to.
  var store: ApolloStore { get }
  /// Empties the store, then reports on `callbackQueue`. (0.x's ``ApolloClient`` ignored the queue and always used main.)
  func clearCache(callbackQueue: DispatchQueue, completion: ((Result<Void, any Error>) -> Void)?)
  /// Fetches `query` as `cachePolicy` says and calls `resultHandler` on `queue`, possibly twice (cache, then server).
  /// `context` is an opaque pointer, never dereferenced: it tags the store write the fetch makes, so that a watcher
  /// that passed its own pointer does not take its own write for a change.
  func fetch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy, context: UnsafeMutableRawPointer?,
                                  queue: DispatchQueue, resultHandler: GraphQLResultHandler<Query.Data>?) -> any Cancellable
  /// Sends `mutation` to the network, never reading the cache, and calls `resultHandler` once on `queue`.
  func perform<Mutation: GraphQLMutation>(mutation: Mutation, context: UnsafeMutableRawPointer?, queue: DispatchQueue,
                                          resultHandler: GraphQLResultHandler<Mutation.Data>?) -> any Cancellable
  /// Sends `operation` with `files` as a multipart request; fails with `ApolloClient.ApolloClientError.noUploadTransport`
  /// when the transport cannot upload.
  func upload<Operation: GraphQLOperation>(operation: Operation, context: UnsafeMutableRawPointer?, files: [GraphQLFile],
                                           queue: DispatchQueue, resultHandler: GraphQLResultHandler<Operation.Data>?) -> any Cancellable
  /// Subscribes to `subscription` and calls `resultHandler` on `queue` for each event until cancelled.
  func subscribe<Subscription: GraphQLSubscription>(subscription: Subscription, queue: DispatchQueue,
                                                    resultHandler: @escaping GraphQLResultHandler<Subscription.Data>) -> any Cancellable
  /// Fetches `query` and keeps delivering a new result on `queue` whenever the store changes data it
  /// depends on; see ``GraphQLQueryWatcher``.
  func watch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy, queue: DispatchQueue,
                                  resultHandler: @escaping GraphQLResultHandler<Query.Data>) -> GraphQLQueryWatcher<Query>
}

/// Fetches queries through the cache and the network, performs mutations and uploads (0.x).
///
/// Results are read (and written to the store) on the transport's callback queue, then the result
/// handler is called asynchronously on the `queue` given to each call (`.main` by default). GraphQL
/// errors are a `.success` with `errors` set; transport errors reach the handler unchanged.
#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: use ApolloAsyncChain.ApolloClient; until then give this client an ApolloMigration.HTTPNetworkTransportOnAsyncChain to run on the 2.x engine")
#endif
public class ApolloClient: @unchecked Sendable {
  // @unchecked Sendable: every stored property is immutable; the transport is used as 0.x used it,
  // from any thread (HTTPNetworkTransport guards its own state with a lock).

  /// Client-level failures.
  public enum ApolloClientError: Error, LocalizedError, Hashable {
    /// `upload` was called, but the transport is not an ``UploadingNetworkTransport``.
    case noUploadTransport

    public var errorDescription: String? {
      switch self {
      case .noUploadTransport: return "Attempting to upload using a transport which does not support uploads. This is a developer error."
      }
    }
  }

  /// The normalized cache given at init (an in-memory one by default); shared with watchers and cache policies.
  public let store: ApolloStore
  package let networkTransport: any NetworkTransport
  /// Where a cache policy's network phase starts, as it started from 0.33's concurrent store queue: concurrent, so
  /// a preflight delegate that waits (a token refresh that fetches and waits for the answer) holds back nothing else.
  private let fetchQueue = DispatchQueue(label: "com.apollographql.ApolloClient.fetch", attributes: .concurrent)

  /// - Parameters:
  ///   - networkTransport: held strongly.
  ///   - store: the normalized store; an in-memory one by default.
  public init(networkTransport: any NetworkTransport, store: ApolloStore = ApolloStore(cache: InMemoryNormalizedCache())) {
    self.networkTransport = networkTransport
    self.store = store
  }

  /// A client for `url` over an ``HTTPNetworkTransport`` with every default.
  public convenience init(url: URL) {
    self.init(networkTransport: HTTPNetworkTransport(url: url))
  }
}

#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: use ApolloAsyncChain.ApolloClient; until then give this client an ApolloMigration.HTTPNetworkTransportOnAsyncChain to run on the 2.x engine")
#endif
extension ApolloClient: ApolloClientProtocol {
  /// Drops every record, then calls `completion` on `callbackQueue` (0.x ignored the queue and used main).
  public func clearCache(callbackQueue: DispatchQueue = .main, completion: ((Result<Void, any Error>) -> Void)? = nil) {
    // After the store's callback transactions submitted before it, as 0.x's store queue ran them in order.
    store.clearCacheInSubmissionOrder(callbackQueue: callbackQueue, completion: completion)
  }

  /// Fetches `query` following `cachePolicy`.
  ///
  /// Network-only policies return the transport's task: cancelling it delivers the cancellation error.
  /// Cache policies return an operation: their cache read waits for the store's callback transactions
  /// submitted before it, and their network phase starts on a concurrent queue of the client's (so the
  /// preflight delegate runs there, as on 0.33's store queue). Cancelling stops cache deliveries, sends nothing when the
  /// network phase has not started, and otherwise cancels the task (whose error still reaches the
  /// handler, as in 0.x).
  @discardableResult
  public func fetch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch,
                                         context: UnsafeMutableRawPointer? = nil, queue: DispatchQueue = DispatchQueue.main,
                                         resultHandler: GraphQLResultHandler<Query.Data>? = nil) -> any Cancellable {
    let delivery = ResultDelivery(queue: queue, handler: resultHandler)
    let identifier = context.map(FetchContext.identifier(for:))
    return CachePolicyFlow.fetch(cachePolicy, delivery: delivery, store: store, networkQueue: fetchQueue,
                                 loadFromCache: { self.loadFromCache(query) }) { publish in
      self.send(query, publish: publish, identifier: identifier, delivery: delivery)
    }
  }

  /// Performs `mutation`; the result is written to the store before the handler runs.
  @discardableResult
  public func perform<Mutation: GraphQLMutation>(mutation: Mutation, context: UnsafeMutableRawPointer? = nil,
                                                 queue: DispatchQueue = DispatchQueue.main,
                                                 resultHandler: GraphQLResultHandler<Mutation.Data>? = nil) -> any Cancellable {
    send(mutation, publish: true, delivery: ResultDelivery(queue: queue, handler: resultHandler))
  }

  /// Sends `operation` with `files`; fails with ``ApolloClientError/noUploadTransport`` when the
  /// transport cannot upload (0.x also stopped debug builds with an assertion).
  @discardableResult
  public func upload<Operation: GraphQLOperation>(operation: Operation, context: UnsafeMutableRawPointer? = nil,
                                                  files: [GraphQLFile], queue: DispatchQueue = .main,
                                                  resultHandler: GraphQLResultHandler<Operation.Data>? = nil) -> any Cancellable {
    let delivery = ResultDelivery(queue: queue, handler: resultHandler)
    guard let transport = networkTransport as? any UploadingNetworkTransport else {
      delivery.deliver(.failure(ApolloClientError.noUploadTransport))
      return EmptyCancellable()
    }
    let store = self.store
    return transport.upload(operation: operation, files: files) { result in
      delivery.deliver(Self.read(result, publishingTo: store))
    }
  }

  /// Subscribes to `subscription` through the transport (a `WebSocketTransport` or `SplitNetworkTransport` from
  /// ApolloDelegateWebSocket): each event is written to the store, then `resultHandler` runs on `queue`, as many times
  /// as the server sends events. After `cancel()` the handler is not called again, even for an event already on its
  /// way to `queue`.
  @discardableResult
  public func subscribe<Subscription: GraphQLSubscription>(subscription: Subscription, queue: DispatchQueue = .main,
                                                           resultHandler: @escaping GraphQLResultHandler<Subscription.Data>) -> any Cancellable {
    let delivery = SubscriptionDelivery(queue: queue, handler: resultHandler)
    let store = self.store
    let task = networkTransport.send(operation: subscription) { result in
      delivery.deliver(Self.read(result, publishingTo: store))
    }
    return SubscriptionDelivery.Cancellation(delivery: delivery, task: task)
  }

  // MARK: Internals

  private func send<Operation: GraphQLOperation>(_ operation: Operation, publish: Bool, identifier: UUID? = nil,
                                                 delivery: ResultDelivery<Operation.Data>) -> any Cancellable {
    let store = self.store
    return networkTransport.send(operation: operation) { result in
      delivery.deliver(Self.read(result, publishingTo: publish ? store : nil, identifier: identifier))
    }
  }

  private static func read<Data: RootSelectionSet>(_ result: Result<GraphQLResponse<Data>, any Error>,
                                 publishingTo store: ApolloStore?, identifier: UUID? = nil) -> Result<GraphQLResult<Data>, any Error> {
    result.flatMap { response in
      Result {
        if let store { return try response.parseResult(publishingTo: store, identifier: identifier) }
        return try response.parseResultFast()
      }
    }
  }

  private func loadFromCache<Query: GraphQLQuery>(_ query: Query) -> Result<GraphQLResult<Query.Data>, any Error> {
    Result {
      do {
        let cached = try store.readDeferringKeys(query)
        return GraphQLResult(
          data: cached.data, extensionsJSON: nil, errors: nil, source: .cache, dependentKeySource: cached.dependentKeys)
      } catch let error as GraphQLExecutionError {
        throw GraphQLResultError(path: error.path.toArray(), underlying: error.underlying)
      }
    }
  }
}
