import ApolloCallbackChain
import ApolloCore
import ApolloLegacyRuntime
import Foundation

// `API.swift` operations through the 1.x-style client of Apollo iOS 0.34–0.53: each is boxed (`LegacyOperationBox`,
// `LegacySubscriptionBox`) and handed to the client's own method for operations of the 1.x/2.x shape, so it runs
// through the provider's interceptors like any operation (one chain, one wire). The chain's parsing and cache
// interceptors read it with 0.x's rules and keys: the core's executor hands a boxed operation's reads to
// `LegacyExecutor`. Each result's `ResultMap` is then wrapped in the operation's own `Data`.

extension ApolloClient {
  /// Fetches an `API.swift` query with `cachePolicy` through the request chain and delivers each result on `queue`
  /// (twice for `returnCacheDataAndFetch` on a hit). The returned value cancels the request; after that the handler
  /// is not called.
  @discardableResult
  public func fetch<Query: GraphQLQuery>(query: Query,
                                         cachePolicy: CachePolicy = .default,
                                         contextIdentifier: UUID? = nil,
                                         context: (any RequestContext)? = nil,
                                         queue: DispatchQueue = .main,
                                         resultHandler: GraphQLResultHandler<Query.Data>? = nil) -> (any Cancellable) {
    sendBoxed(query, box: { try LegacyOperationBox($0) }, queue: queue, resultHandler: resultHandler) { box, handler in
      self.fetch(query: box, cachePolicy: cachePolicy, contextIdentifier: contextIdentifier, context: context, queue: queue,
                 resultHandler: handler)
    }
  }

  /// Performs an `API.swift` mutation; with `publishResultToStore` (the default) its result is written to the store
  /// before the handler runs, without it the mutation is sent with `fetchIgnoringCacheCompletely`.
  @discardableResult
  public func perform<Mutation: GraphQLMutation>(mutation: Mutation,
                                                 publishResultToStore: Bool = true,
                                                 contextIdentifier: UUID? = nil,
                                                 context: (any RequestContext)? = nil,
                                                 queue: DispatchQueue = .main,
                                                 resultHandler: GraphQLResultHandler<Mutation.Data>? = nil) -> (any Cancellable) {
    sendBoxed(mutation, box: { try LegacyOperationBox($0) }, queue: queue, resultHandler: resultHandler) { box, handler in
      self.perform(mutation: box, publishResultToStore: publishResultToStore, contextIdentifier: contextIdentifier,
                   context: context, queue: queue, resultHandler: handler)
    }
  }

  /// Sends an `API.swift` operation with `files` as a multipart form upload through the request chain; needs a
  /// transport that conforms to `UploadingNetworkTransport` (``ApolloClient/ApolloClientError/noUploadTransport``
  /// otherwise).
  @discardableResult
  public func upload<Operation: GraphQLOperation>(operation: Operation,
                                                  files: [GraphQLFile],
                                                  context: (any RequestContext)? = nil,
                                                  queue: DispatchQueue = .main,
                                                  resultHandler: GraphQLResultHandler<Operation.Data>? = nil) -> (any Cancellable) {
    sendBoxed(operation, box: { try LegacyOperationBox($0) }, queue: queue, resultHandler: resultHandler) { box, handler in
      self.upload(operation: box, files: files, context: context, queue: queue, resultHandler: handler)
    }
  }

  /// Subscribes to an `API.swift` subscription through the transport (multipart HTTP, or a socket transport); each
  /// event is read with 0.x's rules and delivered on `queue` until the returned value is cancelled.
  public func subscribe<Subscription: GraphQLSubscription>(subscription: Subscription,
                                                           context: (any RequestContext)? = nil,
                                                           queue: DispatchQueue = .main,
                                                           resultHandler: @escaping GraphQLResultHandler<Subscription.Data>) -> any Cancellable {
    sendBoxed(subscription, box: { try LegacySubscriptionBox($0) }, queue: queue, resultHandler: resultHandler) { box, handler in
      self.subscribe(subscription: box, context: context, queue: queue, resultHandler: handler)
    }
  }

  /// Fetches an `API.swift` query with `cachePolicy` and keeps delivering, on `callbackQueue`, a new result whenever
  /// the store changes data it depends on (see ``GraphQLQueryWatcher``). Call `cancel()` on the watcher when done:
  /// the store holds it until then.
  public func watch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy = .default,
                                         refetchOnFailedUpdates: Bool = true, context: (any RequestContext)? = nil,
                                         callbackQueue: DispatchQueue = .main,
                                         resultHandler: @escaping GraphQLResultHandler<Query.Data>) -> GraphQLQueryWatcher<Query> {
    let watcher = GraphQLQueryWatcher(client: self, query: query, refetchOnFailedUpdates: refetchOnFailedUpdates,
                                      context: context, callbackQueue: callbackQueue, resultHandler: resultHandler)
    watcher.refetch(cachePolicy: cachePolicy)
    return watcher
  }

  /// Boxes `operation` and starts `send` with a handler that unboxes each result; an operation that cannot be boxed
  /// (a variable with no JSON form) fails on `queue` before anything is sent.
  private func sendBoxed<Operation: GraphQLOperation, Box>(
    _ operation: Operation, box: (Operation) throws -> Box, queue: DispatchQueue,
    resultHandler: GraphQLResultHandler<Operation.Data>?,
    _ send: (Box, @escaping ApolloCallbackChain.GraphQLResultHandler<LegacyResponsePlaceholder>) -> any Cancellable
  ) -> any Cancellable {
    let boxed: Box
    do {
      boxed = try box(operation)
    } catch {
      queue.asyncTransferring { resultHandler?(.failure(error)) }
      return EmptyCancellable()
    }
    return send(boxed) { result in resultHandler?(result.map { GraphQLResult<Operation.Data>($0) }) }
  }
}
