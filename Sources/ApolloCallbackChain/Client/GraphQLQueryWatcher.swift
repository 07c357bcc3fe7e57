import Foundation

/// Watches the store for a query (1.x): delivers its fetch's results, then a new result each time a
/// change to the store touches the data the last result was read from.
///
/// What happens, in order:
/// 1. ``ApolloClient/watch(query:cachePolicy:refetchOnFailedUpdates:context:callbackQueue:resultHandler:)``
///    creates the watcher (it subscribes to the store) and fetches with the given policy, tagged with the
///    watcher's own `contextIdentifier`; each result goes to the handler on `callbackQueue`, and a
///    successful one's `dependentKeys` are kept.
/// 2. A store change from anyone else (the watcher's own fetches are tagged and skipped) that touches
///    those keys reloads the query from the store, off the publishing thread; the result goes to the
///    handler on `callbackQueue`.
/// 3. If that reload fails (a record was removed, say), the watcher refetches from the server with
///    `fetchIgnoringCacheData`, unless `refetchOnFailedUpdates` is off or the last policy was
///    `returnCacheDataDontFetch`.
///
/// ``refetch(cachePolicy:)`` starts step 1 again, cancelling a fetch still in flight. The store holds the
/// watcher until ``cancel()``, as in 1.x: a watcher that is never cancelled lives as long as the store. The
/// client and the in-flight fetch are held weakly, as 1.x held them.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain.ApolloClient.watch(query:) and its GraphQLQueryWatcher")
#endif
public final class GraphQLQueryWatcher<Query: GraphQLQuery>: Cancellable, ApolloStoreSubscriber, @unchecked Sendable {
  // @unchecked Sendable: `client` and `lastPolicy` are only read and written under `lock` (the fetch in flight under
  // `fetches`'s, the dependent keys under `watched`'s); `resultHandler` and `context` are the app's,
  // called and handed on from the callback queue and the reload queue as 1.x called them from its own
  // queues; everything else is immutable.

  /// The query watched.
  public let query: Query
  /// Whether a failed reload after a store change refetches from the server (`true` by default).
  public let refetchOnFailedUpdates: Bool

  private let resultHandler: GraphQLResultHandler<Query.Data>
  private let callbackQueue: DispatchQueue
  private let context: (any RequestContext)?
  /// The dependent keys, and the `contextIdentifier` that tags this watcher's own fetches so their cache
  /// writes are not taken for outside changes.
  private let watched = WatchedKeys(ownIdentifier: UUID(), label: "ApolloCallbackChain.GraphQLQueryWatcher.reloads")
  private let store: ApolloStore
  private let lock = NSLock()
  private weak var client: (any ApolloClientProtocol)?
  private let fetches = WatcherFetches(holding: .weakly)
  private var lastPolicy: CachePolicy?

  /// A watcher of `query` on `client`'s store; it fetches nothing until ``refetch(cachePolicy:)`` (the
  /// client's `watch` makes one and fetches at once).
  /// - Parameters:
  ///   - refetchOnFailedUpdates: whether a failed reload after a store change refetches from the server.
  ///   - context: handed to every fetch, for the request chain's interceptors.
  ///   - callbackQueue: where `resultHandler` runs (`.main` by default, as 1.x).
  public init(client: any ApolloClientProtocol, query: Query, refetchOnFailedUpdates: Bool = true,
              context: (any RequestContext)? = nil, callbackQueue: DispatchQueue = .main,
              resultHandler: @escaping GraphQLResultHandler<Query.Data>) {
    self.client = client
    self.store = client.store
    self.query = query
    self.refetchOnFailedUpdates = refetchOnFailedUpdates
    self.context = context
    self.callbackQueue = callbackQueue
    self.resultHandler = resultHandler
    // The store keeps the watcher until `cancel()`, as 0.x's and 1.x's did: an app that dropped its reference
    // (`_ = client.watch…`) still gets updates.
    client.store.subscribe(self)
  }

  /// Fetches the query again with `cachePolicy` (from the server by default), cancelling a fetch still
  /// in flight; its results reach the handler as the first fetch's did.
  public func refetch(cachePolicy: CachePolicy = .fetchIgnoringCacheData) {
    fetch(cachePolicy: cachePolicy)
  }

  /// Step 1: one fetch, tagged with the watcher's identifier.
  func fetch(cachePolicy: CachePolicy) {
    lock.lock()
    lastPolicy = cachePolicy
    let client = self.client
    lock.unlock()
    fetches.replace {
      client?.fetch(query: query, cachePolicy: cachePolicy, contextIdentifier: watched.ownIdentifier,
                    context: context, queue: callbackQueue) { [weak self] result in
        self?.handle(result)
      }
    }
  }

  /// Stops watching: unsubscribes from the store and cancels a fetch in flight. Nothing is delivered after
  /// it from a fetch it cancelled; a reload already on its way to the callback queue may still arrive.
  public func cancel() {
    store.unsubscribe(self)
    fetches.cancel()
  }

  /// A fetch's or a reload's result: a success's dependent keys are kept, then the handler runs.
  private func handle(_ result: Result<GraphQLResult<Query.Data>, any Error>) {
    if case .success(let value) = result { watched.remember(value.dependentKeys) }
    resultHandler(result)
  }

  // MARK: Store changes

  /// Without an identifier the change is someone else's.
  public func store(_ store: ApolloStore, didChangeKeys changedKeys: Set<CacheKey>) {
    self.store(store, didChangeKeys: changedKeys, contextIdentifier: nil)
  }

  /// Steps 2 and 3: a change from anyone else that touches the dependent keys reloads the query.
  public func store(_ store: ApolloStore, didChangeKeys changedKeys: Set<CacheKey>, contextIdentifier: UUID?) {
    watched.storeDidChange(changedKeys, contextIdentifier: contextIdentifier) { [weak self] in self?.reload() }
  }

  private func reload() {
    switch Result(catching: { try store.loadResult(query) }) {
    case .success(let value):
      callbackQueue.async { [weak self] in self?.handle(.success(value)) }
    case .failure:
      lock.lock()
      let policy = lastPolicy
      lock.unlock()
      if refetchOnFailedUpdates && policy != .returnCacheDataDontFetch {
        fetch(cachePolicy: .fetchIgnoringCacheData)
      }
    }
  }
}

#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain.ApolloClient.watch(query:) and its GraphQLQueryWatcher")
#endif
extension ApolloClient {
  /// Fetches `query` with `cachePolicy` and keeps delivering, on `callbackQueue`, a new result whenever
  /// the store changes data it depends on (see ``GraphQLQueryWatcher``). Call `cancel()` on the watcher
  /// when done: the store holds it until then.
  public func watch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy = .default,
                                         refetchOnFailedUpdates: Bool = true, context: (any RequestContext)? = nil,
                                         callbackQueue: DispatchQueue = .main,
                                         resultHandler: @escaping GraphQLResultHandler<Query.Data>) -> GraphQLQueryWatcher<Query> {
    let watcher = GraphQLQueryWatcher(client: self, query: query, refetchOnFailedUpdates: refetchOnFailedUpdates,
                                      context: context, callbackQueue: callbackQueue, resultHandler: resultHandler)
    watcher.fetch(cachePolicy: cachePolicy)
    return watcher
  }

  /// The spelling before `refetchOnFailedUpdates` (and ``ApolloClientProtocol``'s requirement): refetches
  /// after a failed reload.
  @_disfavoredOverload
  @available(*, deprecated, message: "Use watch(query:cachePolicy:refetchOnFailedUpdates:context:callbackQueue:resultHandler:)")
  public func watch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy = .default,
                                         context: (any RequestContext)? = nil, callbackQueue: DispatchQueue = .main,
                                         resultHandler: @escaping GraphQLResultHandler<Query.Data>) -> GraphQLQueryWatcher<Query> {
    watch(query: query, cachePolicy: cachePolicy, refetchOnFailedUpdates: true, context: context,
          callbackQueue: callbackQueue, resultHandler: resultHandler)
  }
}
