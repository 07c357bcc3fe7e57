import ApolloCallbackChain
import ApolloCore
import ApolloLegacyRuntime
import Foundation

// `API.swift` operations through the 1.x-style client of Apollo iOS 0.34–0.53: each is boxed
// (`LegacyOperationBox`) and sent with `networkTransport.send`, so it runs through the provider's interceptors
// like any operation (one chain, one wire). The chain's parsing and cache interceptors read it with 0.x's rules
// and keys: the core's executor hands a boxed operation's reads to `LegacyExecutor`.

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
    sendLegacy(query, cachePolicy: cachePolicy, contextIdentifier: contextIdentifier, context: context, queue: queue,
               resultHandler: resultHandler)
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
    sendLegacy(mutation, cachePolicy: publishResultToStore ? .default : .fetchIgnoringCacheCompletely,
               contextIdentifier: contextIdentifier, context: context, queue: queue, resultHandler: resultHandler)
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
    watcher.fetch(cachePolicy: cachePolicy)
    return watcher
  }

  /// Sends `operation` boxed through the transport; a variable with no JSON form fails on `queue` before anything
  /// is sent.
  func sendLegacy<Operation: GraphQLOperation>(_ operation: Operation, cachePolicy: CachePolicy, contextIdentifier: UUID?,
                                               context: (any RequestContext)?, queue: DispatchQueue,
                                               resultHandler: GraphQLResultHandler<Operation.Data>?) -> any Cancellable {
    let box: LegacyOperationBox<Operation>
    do {
      box = try LegacyOperationBox(operation)
    } catch {
      queue.asyncTransferring { resultHandler?(.failure(error)) }
      return EmptyCancellable()
    }
    return networkTransport.send(operation: box, cachePolicy: cachePolicy, contextIdentifier: contextIdentifier,
                                 context: context, callbackQueue: queue) { result in
      resultHandler?(result.map { GraphQLResult<Operation.Data>($0) })
    }
  }
}
