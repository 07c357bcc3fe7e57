import ApolloCallbackChain
import ApolloCore
import ApolloLegacyRuntime
import Foundation

/// Watches the store for an `API.swift` query (0.34–0.53): delivers its fetch's results, then a new result each time
/// a change to the store touches the data the last result was read from.
///
/// The same steps as ApolloCallbackChain's watcher, for a query of the 0.x shape:
/// 1. ``ApolloClient/watch(query:cachePolicy:refetchOnFailedUpdates:context:callbackQueue:resultHandler:)`` creates
///    the watcher (it subscribes to the store) and fetches through the request chain with the given policy, tagged
///    with the watcher's own `contextIdentifier`; each result goes to the handler on `callbackQueue`, and a
///    successful one's dependent keys are kept.
/// 2. A store change from anyone else (the watcher's own fetches are tagged and skipped) that touches those keys
///    reloads the query from the store with 0.x's rules, off the publishing thread; the result goes to the handler.
/// 3. If that reload fails (a record was removed, say), the watcher refetches from the server with
///    `fetchIgnoringCacheData`, unless `refetchOnFailedUpdates` is off or the last policy was
///    `returnCacheDataDontFetch`.
///
/// ``refetch(cachePolicy:)`` starts step 1 again, cancelling a fetch still in flight. The store holds the watcher
/// until ``cancel()``: a watcher that is never cancelled lives as long as the store. The client and the in-flight
/// fetch are held weakly.
public final class GraphQLQueryWatcher<Query: GraphQLQuery>: Cancellable, ApolloStoreSubscriber, @unchecked Sendable {
  // @unchecked Sendable: `client`, `fetching`, `lastPolicy` and `keptUntilCancelled` are only read and written under
  // `lock` (the dependent keys under `watched`'s); `query`, `resultHandler` and `context` are the app's, used from
  // the callback queue and the reload queue as 0.34–0.53 used them from its own queues (the query is only read);
  // everything else (the boxed query included) is immutable.

  /// The query watched.
  public let query: Query
  /// Whether a failed reload after a store change refetches from the server (`true` by default).
  public let refetchOnFailedUpdates: Bool

  private let resultHandler: GraphQLResultHandler<Query.Data>
  private let callbackQueue: DispatchQueue
  private let context: (any RequestContext)?
  /// The dependent keys, and the `contextIdentifier` that tags this watcher's own fetches.
  private let watched = WatchedKeys(ownIdentifier: UUID(), label: "ApolloLegacyAPIOnCallbackChain.GraphQLQueryWatcher.reloads")
  private let store: ApolloStore
  /// The query as the client sends it, or why it cannot be sent (a variable with no JSON form).
  private let boxed: Result<LegacyOperationBox<Query>, any Error>
  private let lock = NSLock()
  private weak var client: (any ApolloClientProtocol)?
  private weak var fetching: (any Cancellable)?
  private var lastPolicy: CachePolicy?
  /// The store holds subscribers weakly, so the watcher holds itself until `cancel()`.
  private var keptUntilCancelled: GraphQLQueryWatcher<Query>?

  /// A watcher of `query` on `client`'s store; it fetches nothing until ``refetch(cachePolicy:)`` (the client's
  /// `watch` makes one and fetches at once). Its fetches go through the client's `fetch` requirement with the query
  /// boxed, so a client of the app's own (a mock) serves it too; a query whose variables have no JSON form fails each
  /// fetch on `callbackQueue` instead.
  /// - Parameters:
  ///   - refetchOnFailedUpdates: whether a failed reload after a store change refetches from the server.
  ///   - context: handed to every fetch, for the request chain's interceptors.
  ///   - callbackQueue: where `resultHandler` runs (`.main` by default).
  public init(client: any ApolloClientProtocol, query: Query, refetchOnFailedUpdates: Bool = true,
              context: (any RequestContext)? = nil, callbackQueue: DispatchQueue = .main,
              resultHandler: @escaping GraphQLResultHandler<Query.Data>) {
    self.client = client
    self.store = client.store
    self.query = query
    self.boxed = Result { try LegacyOperationBox(query) }
    self.refetchOnFailedUpdates = refetchOnFailedUpdates
    self.context = context
    self.callbackQueue = callbackQueue
    self.resultHandler = resultHandler
    keptUntilCancelled = self
    client.store.subscribe(self)
  }

  /// Fetches the query again with `cachePolicy` (from the server by default), cancelling a fetch still in flight.
  public func refetch(cachePolicy: CachePolicy = .fetchIgnoringCacheData) {
    fetch(cachePolicy: cachePolicy)
  }

  /// Step 1: one fetch, tagged with the watcher's identifier.
  func fetch(cachePolicy: CachePolicy) {
    lock.lock()
    let previous = fetching
    fetching = nil
    lastPolicy = cachePolicy
    let client = self.client
    lock.unlock()
    previous?.cancel()
    let box: LegacyOperationBox<Query>
    switch boxed {
    case .success(let value):
      box = value
    case .failure(let error):
      callbackQueue.asyncTransferring { [weak self] in self?.handle(.failure(error)) }
      return
    }
    // Outside the lock: a fetch may answer from the cache on this thread, straight into `handle`.
    let started = client?.fetch(query: box, cachePolicy: cachePolicy, contextIdentifier: watched.ownIdentifier,
                                context: context, queue: callbackQueue) { [weak self] result in
      self?.handle(result.map { GraphQLResult<Query.Data>($0) })
    }
    lock.lock()
    fetching = started
    lock.unlock()
  }

  /// Stops watching: unsubscribes from the store and cancels a fetch in flight.
  public func cancel() {
    store.unsubscribe(self)
    lock.lock()
    let inFlight = fetching
    fetching = nil
    let kept = keptUntilCancelled
    keptUntilCancelled = nil
    lock.unlock()
    inFlight?.cancel()
    withExtendedLifetime(kept) {}
  }

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
    // Handed over in a `Transfer`: a `@Sendable` closure may not capture the `API.swift` query's type, which is not
    // `Sendable`; the reload only reads the immutable query.
    let reload = Transfer<() -> Void> { [weak self] in self?.reload() }
    watched.storeDidChange(changedKeys, contextIdentifier: contextIdentifier) { reload.value() }
  }

  private func reload() {
    do {
      let cached = try query.readData(from: store.cache)
      let result = GraphQLResult<Query.Data>(data: cached.data, extensionsJSON: nil, errors: nil, source: .cache,
                                             dependentKeySource: DependentKeys(cached.dependentKeys))
      callbackQueue.asyncTransferring { [weak self] in self?.handle(.success(result)) }
    } catch {
      lock.lock()
      let policy = lastPolicy
      lock.unlock()
      if refetchOnFailedUpdates && policy != .returnCacheDataDontFetch {
        fetch(cachePolicy: .fetchIgnoringCacheData)
      }
    }
  }
}
