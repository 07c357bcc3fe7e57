import Foundation

/// Marks the store writes a watcher's own fetches make, so that it does not react to them.
enum QueryWatcherContext {
  @TaskLocal static var identifier: UUID?
}

/// Watches a query: delivers its result, then a new one whenever the store changes data it depends on.
///
/// After a change to one of the result's dependent keys it reloads the query from the cache; when that
/// fails or misses (a partial result) and `refetchOnFailedUpdates` is set, it refetches from the network
/// (unless the last fetch was cache-only). Writes made by its own fetches do not trigger it. Every error of a
/// fetch but cancellation reaches the handler, a cache-only miss as `ApolloClient.Error.noResults`.
///
/// - Important: As upstream's, the store keeps the watcher alive while it is subscribed, whether or not you keep
///   a reference: call ``cancel()`` when you no longer want results. After `cancel()` the handler is not called
///   again, and no fetch starts. The watcher holds its client weakly: once the client is gone, its next fetch
///   cancels it.
public actor GraphQLQueryWatcher<Query: GraphQLQuery>: ApolloStoreSubscriber {
  /// Receives each result or error.
  public typealias ResultHandler = @Sendable (Result<GraphQLResponse<Query>, any Swift.Error>) -> Void

  private weak var client: ApolloClient?
  private weak var store: ApolloStore?
  private let query: Query
  private let refetchOnFailedUpdates: Bool
  private let resultHandler: ResultHandler
  private let identifier = UUID()
  private var dependentKeys: Set<CacheKey>? {
    didSet { publishWatchedKeys() }
  }
  /// Fetches and reloads working out new keys now.
  private var keyWork = 0
  /// Keys others changed while keys were being worked out, which the result being worked out may predate: looked at
  /// again, with the keys it gives, once the work is over (a change that reloaded at once may reload once more).
  private var changedDuringKeyWork: Set<CacheKey> = []
  /// What the watcher depends on, readable where the store reports a change: a change none of the keys is part of
  /// needs no task and no hop onto the watcher (with many watchers, every write started a task on each). While a
  /// fetch or reload is working out new keys (and before the first) every change goes to the watcher, which decides
  /// with the keys it has by then, as it did for every change before.
  private nonisolated let watchedKeys = Mutex(WatchedKeys.pending)
  private var lastFetchBehavior: FetchBehavior?
  private var lastConfiguration: RequestConfiguration?
  private var fetchTask: Task<Void, Never>?
  /// Set by ``cancel()`` at once (it is not isolated to the actor), read before every delivery and fetch.
  private nonisolated let cancellation = Mutex(false)

  /// A watcher of `query`, subscribed to the client's store; call a `fetch` to start.
  public init(client: ApolloClient, query: Query, refetchOnFailedUpdates: Bool = true,
              resultHandler: @escaping ResultHandler) async {
    self.client = client
    self.query = query
    self.refetchOnFailedUpdates = refetchOnFailedUpdates
    self.resultHandler = resultHandler
    self.store = client.store
    client.store.subscribe(self)
  }

  private nonisolated var isCancelled: Bool { cancellation.withLock { $0 } }

  /// Fetches again; cancels a fetch still in progress.
  public func fetch(fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration? = nil) {
    fetchTask?.cancel()
    guard !isCancelled else { return }
    guard let client else {
      // The client is gone: the watcher can fetch nothing more, and stops (as upstream's).
      cancel()
      return
    }
    lastFetchBehavior = fetchBehavior
    lastConfiguration = requestConfiguration
    keyWork += 1
    publishWatchedKeys()
    let (query, identifier) = (query, identifier)
    // Runs on this actor, so delivery is ordered with the store-change handling.
    fetchTask = Task {
      defer { endKeyWork() }
      do {
        // Bound around the call, so the chain's cache write (which inherits it) is recognised as ours.
        let stream = try QueryWatcherContext.$identifier.withValue(identifier) {
          try client.fetch(query: query, fetchBehavior: fetchBehavior, requestConfiguration: requestConfiguration)
        }
        for try await response in stream {
          // A result already buffered when a newer fetch replaced this one is not delivered.
          try Task.checkCancellation()
          deliver(response)
        }
      } catch is CancellationError {
        // Replaced by a newer fetch or cancelled: nothing to report.
      } catch {
        report(error)
      }
    }
  }

  /// Fetches again with a single-response policy.
  public func fetch(cachePolicy: CachePolicy.Query.SingleResponse, requestConfiguration: RequestConfiguration? = nil) {
    fetch(fetchBehavior: cachePolicy.toFetchBehavior(), requestConfiguration: requestConfiguration)
  }

  /// Reads again from the cache.
  public func fetch(cachePolicy: CachePolicy.Query.CacheOnly, requestConfiguration: RequestConfiguration? = nil) {
    fetch(fetchBehavior: cachePolicy.toFetchBehavior(), requestConfiguration: requestConfiguration)
  }

  /// Fetches again from the cache, then the network.
  public func fetch(cachePolicy: CachePolicy.Query.CacheAndNetwork, requestConfiguration: RequestConfiguration? = nil) {
    fetch(fetchBehavior: cachePolicy.toFetchBehavior(), requestConfiguration: requestConfiguration)
  }

  /// Fetches again with `cachePolicy` (cache first by default, as upstream 2.x) and delivers the result to the
  /// watcher's handler; 1.x's name for `fetch(cachePolicy:requestConfiguration:)`.
  @available(*, deprecated, renamed: "fetch(cachePolicy:requestConfiguration:)")
  public func refetch(cachePolicy: CachePolicy.Query.SingleResponse = .cacheFirst) {
    fetch(cachePolicy: cachePolicy)
  }

  /// Stops watching: cancels the fetch in progress and leaves the store.
  public nonisolated func cancel() {
    cancellation.withLock { $0 = true }
    Task { await self.stop() }
  }

  /// Cancels the fetch and leaves the store, which lets go of the watcher.
  private func stop() {
    fetchTask?.cancel()
    fetchTask = nil
    store?.unsubscribe(self)
  }

  private func deliver(_ response: GraphQLResponse<Query>) {
    guard !isCancelled else { return }
    // A server result carries no dependent keys; they are read back from the store, which already holds it.
    dependentKeys = response.dependentKeys ?? store.flatMap { try? $0.readIfComplete(query) }?.dependentKeys
    resultHandler(.success(response))
  }

  private func report(_ error: any Swift.Error) {
    guard !isCancelled else { return }
    resultHandler(.failure(error))
  }

  /// Ends a fetch's or reload's work on the keys; the last one to end looks at the changes made meanwhile.
  private func endKeyWork() {
    keyWork -= 1
    publishWatchedKeys()
    guard keyWork == 0, !changedDuringKeyWork.isEmpty else { return }
    let changed = changedDuringKeyWork
    changedDuringKeyWork = []
    guard let store else { return }
    Task { await self.storeDidChange(changed, in: store) }
  }

  /// Mirrors ``dependentKeys`` where the store reports changes, or `pending` while keys are being worked out.
  private func publishWatchedKeys() {
    let keys: WatchedKeys = keyWork > 0 ? .pending : .known(dependentKeys)
    watchedKeys.withLock { $0 = keys }
  }

  /// Reacts to store changes made by others.
  public nonisolated func store(_ store: ApolloStore, didChangeKeys changedKeys: Set<CacheKey>) {
    guard QueryWatcherContext.identifier != identifier, watchedKeys.withLock({ $0.mayDependOn(changedKeys) }) else { return }
    Task { await self.storeDidChange(changedKeys, in: store) }
  }

  private func storeDidChange(_ changedKeys: Set<CacheKey>, in store: ApolloStore) async {
    guard !isCancelled else { return }
    // A fetch or reload is under way: the result it delivers may have been read before this change, with keys not
    // known yet (upstream decided only with the keys it had, so a change to data the first result depends on could be
    // lost for good). Kept, and looked at again with the delivered result's keys once the work is over; a change to
    // the keys known now still reloads at once.
    if keyWork > 0 { changedDuringKeyWork.formUnion(changedKeys) }
    guard let dependentKeys, !dependentKeys.isDisjoint(with: changedKeys) else { return }
    keyWork += 1
    publishWatchedKeys()
    defer { endKeyWork() }
    let reloaded = try? await store.load(query)
    // The load suspends: the watcher may have been cancelled meanwhile.
    guard !isCancelled else { return }
    if let reloaded {
      self.dependentKeys = reloaded.dependentKeys
      resultHandler(.success(reloaded))
    } else if refetchOnFailedUpdates, lastFetchBehavior != .CacheOnly {
      fetch(fetchBehavior: .NetworkOnly, requestConfiguration: lastConfiguration)
    }
  }
}

/// A watcher's dependent keys as the store's change reports see them.
private enum WatchedKeys: Sendable {
  /// A fetch or reload is working out new keys: any change may matter.
  case pending
  /// The keys as last set (`nil`: none, so no change matters until the next fetch).
  case known(Set<CacheKey>?)

  /// Whether a change of `changedKeys` is worth the watcher's look.
  func mayDependOn(_ changedKeys: Set<CacheKey>) -> Bool {
    switch self {
    case .pending: return true
    case .known(let keys): return keys.map { !$0.isDisjoint(with: changedKeys) } ?? false
    }
  }
}

extension ApolloClient {
  /// Watches a query; the first fetch starts at once (not awaited).
  public func watch<Query: GraphQLQuery>(
    query: Query, cachePolicy: CachePolicy.Query.SingleResponse = .cacheFirst, requestConfiguration: RequestConfiguration? = nil,
    refetchOnFailedUpdates: Bool = true, resultHandler: @escaping GraphQLQueryWatcher<Query>.ResultHandler
  ) async -> GraphQLQueryWatcher<Query> {
    await watch(query: query, fetchBehavior: cachePolicy.toFetchBehavior(), requestConfiguration: requestConfiguration,
                refetchOnFailedUpdates: refetchOnFailedUpdates, resultHandler: resultHandler)
  }

  /// Watches a query from the cache, then the network.
  public func watch<Query: GraphQLQuery>(
    query: Query, cachePolicy: CachePolicy.Query.CacheAndNetwork, requestConfiguration: RequestConfiguration? = nil,
    refetchOnFailedUpdates: Bool = true, resultHandler: @escaping GraphQLQueryWatcher<Query>.ResultHandler
  ) async -> GraphQLQueryWatcher<Query> {
    await watch(query: query, fetchBehavior: cachePolicy.toFetchBehavior(), requestConfiguration: requestConfiguration,
                refetchOnFailedUpdates: refetchOnFailedUpdates, resultHandler: resultHandler)
  }

  /// Watches a query in the cache only.
  public func watch<Query: GraphQLQuery>(
    query: Query, cachePolicy: CachePolicy.Query.CacheOnly, requestConfiguration: RequestConfiguration? = nil,
    refetchOnFailedUpdates: Bool = true, resultHandler: @escaping GraphQLQueryWatcher<Query>.ResultHandler
  ) async -> GraphQLQueryWatcher<Query> {
    await watch(query: query, fetchBehavior: cachePolicy.toFetchBehavior(), requestConfiguration: requestConfiguration,
                refetchOnFailedUpdates: refetchOnFailedUpdates, resultHandler: resultHandler)
  }

  /// Watches a query with an explicit ``FetchBehavior``.
  public func watch<Query: GraphQLQuery>(
    query: Query, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration? = nil,
    refetchOnFailedUpdates: Bool = true, resultHandler: @escaping GraphQLQueryWatcher<Query>.ResultHandler
  ) async -> GraphQLQueryWatcher<Query> {
    let watcher = await GraphQLQueryWatcher(client: self, query: query, refetchOnFailedUpdates: refetchOnFailedUpdates,
                                            resultHandler: resultHandler)
    await watcher.fetch(fetchBehavior: fetchBehavior, requestConfiguration: requestConfiguration)
    return watcher
  }
}
