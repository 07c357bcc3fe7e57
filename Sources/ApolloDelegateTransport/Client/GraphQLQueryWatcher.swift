import Foundation

/// Watches the store for a query (0.x): delivers its fetch's results, then a new result each time a change
/// to the store touches the data the last result was read from.
///
/// What happens, in order:
/// 1. ``ApolloClient/watch(query:cachePolicy:queue:resultHandler:)`` creates the watcher (it subscribes to
///    the store) and fetches with the given policy, passing the watcher's own `context`, which tags the
///    result's store write; each result goes to the handler, and a successful one's dependent keys (every
///    record field it was read from or wrote) are kept.
/// 2. A store change from anyone else that touches those keys reloads the query from the store, off the
///    writing thread; the result goes to the handler.
/// 3. If that reload fails (a record was removed, say), the watcher refetches from the server
///    (`fetchIgnoringCacheData`), as 0.x always did.
///
/// ``refetch()`` fetches from the server again, cancelling a fetch still in flight. The store holds the
/// watcher until ``cancel()``, as in 0.x: a watcher that is never cancelled lives as long as the store.
///
/// One difference, on purpose: 0.x delivered every result on the main queue first and then hopped to the
/// `queue` given to `watch`; here results go to that queue directly, so a process whose main queue never
/// runs (a command-line tool, tests on Linux) still gets them. A watcher made with ``init(client:query:resultHandler:)``
/// delivers on the main queue, as 0.x's did.
#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: use ApolloAsyncChain.ApolloClient.watch(query:) and its GraphQLQueryWatcher")
#endif
public final class GraphQLQueryWatcher<Query: GraphQLQuery>: Cancellable, ApolloStoreSubscriber, @unchecked Sendable {
  // @unchecked Sendable: `client` is only read and written under `lock` (the fetch in flight under `fetches`'s, the
  // dependent keys under `watched`'s); `resultHandler` is the app's, called on `callbackQueue` as 0.x called it; `context`
  // is a tag, never dereferenced; everything else is immutable.

  /// The query watched.
  public let query: Query

  private let resultHandler: GraphQLResultHandler<Query.Data>
  private let callbackQueue: DispatchQueue
  /// The `context` this watcher's fetches pass: the tag of their store writes. Owned by the watcher.
  private let context = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
  /// The dependent keys, and the identifier `context` gives this watcher's own writes.
  private let watched: WatchedKeys
  private let store: ApolloStore
  private let lock = NSLock()
  private weak var client: (any ApolloClientProtocol)?
  private let fetches = WatcherFetches(holding: .strongly)

  /// A watcher of `query` on `client`'s store, delivering on the main queue; it fetches nothing until
  /// ``refetch()`` (the client's `watch` makes one and fetches at once).
  public convenience init(client: any ApolloClientProtocol, query: Query, resultHandler: @escaping GraphQLResultHandler<Query.Data>) {
    self.init(client: client, query: query, callbackQueue: .main, resultHandler: resultHandler)
  }

  init(client: any ApolloClientProtocol, query: Query, callbackQueue: DispatchQueue,
       resultHandler: @escaping GraphQLResultHandler<Query.Data>) {
    self.client = client
    self.store = client.store
    self.query = query
    self.callbackQueue = callbackQueue
    self.resultHandler = resultHandler
    watched = WatchedKeys(ownIdentifier: FetchContext.identifier(for: context),
                          label: "ApolloDelegateTransport.GraphQLQueryWatcher.reloads")
    // The store keeps the watcher until `cancel()`, as 0.x's and 1.x's did: an app that dropped its reference
    // (`_ = client.watch…`) still gets updates.
    client.store.subscribe(self)
  }

  deinit {
    context.deallocate()
  }

  /// Fetches the query from the server again, cancelling a fetch still in flight.
  public func refetch() {
    fetch(cachePolicy: .fetchIgnoringCacheData)
  }

  /// Step 1: one fetch, tagged with the watcher's context.
  func fetch(cachePolicy: CachePolicy) {
    lock.lock()
    let client = self.client
    lock.unlock()
    fetches.replace {
      client?.fetch(query: query, cachePolicy: cachePolicy, context: context, queue: callbackQueue) { [weak self] result in
        self?.handle(result)
      }
    }
  }

  /// Stops watching: unsubscribes from the store and cancels a fetch in flight.
  public func cancel() {
    store.unsubscribe(self)
    fetches.cancel()
  }

  private func handle(_ result: Result<GraphQLResult<Query.Data>, any Error>) {
    if case .success(let value) = result { watched.remember(value.dependentKeys) }
    resultHandler(result)
  }

  // MARK: Store changes

  /// Without a tag the change is someone else's.
  public func store(_ store: ApolloStore, didChangeKeys changedKeys: Set<CacheKey>) {
    self.store(store, didChangeKeys: changedKeys, contextIdentifier: nil)
  }

  /// Steps 2 and 3: a change from anyone else that touches the dependent keys reloads the query.
  public func store(_ store: ApolloStore, didChangeKeys changedKeys: Set<CacheKey>, contextIdentifier: UUID?) {
    watched.storeDidChange(changedKeys, contextIdentifier: contextIdentifier) { [weak self] in self?.reload() }
  }

  private func reload() {
    do {
      let cached = try store.read(query)
      let result = GraphQLResult<Query.Data>(data: cached.data, extensionsJSON: nil, errors: nil, source: .cache,
                                             dependentKeys: cached.dependentKeys)
      callbackQueue.async { [weak self] in self?.handle(.success(result)) }
    } catch {
      fetch(cachePolicy: .fetchIgnoringCacheData)
    }
  }
}

/// 0.x's `context` pointer as the identifier a store write is tagged with: the client's fetch tags its write
/// with it, and the watcher that passed the pointer recognises its own writes by it.
enum FetchContext {
  static func identifier(for context: UnsafeMutableRawPointer) -> UUID {
    let address = UInt64(UInt(bitPattern: context))
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in 0..<8 { bytes[index] = UInt8(truncatingIfNeeded: address >> (8 * UInt64(index))) }
    bytes[8] = 0x0C  // marks an identifier made from a context pointer
    return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                       bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
  }
}

#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: use ApolloAsyncChain.ApolloClient.watch(query:) and its GraphQLQueryWatcher")
#endif
extension ApolloClient {
  /// Fetches `query` with `cachePolicy` and keeps delivering, on `queue`, a new result whenever the store
  /// changes data it depends on (see ``GraphQLQueryWatcher``). Call `cancel()` on the watcher when done: the
  /// store holds it until then.
  public func watch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch,
                                         queue: DispatchQueue = DispatchQueue.main,
                                         resultHandler: @escaping GraphQLResultHandler<Query.Data>) -> GraphQLQueryWatcher<Query> {
    let watcher = GraphQLQueryWatcher(client: self, query: query, callbackQueue: queue, resultHandler: resultHandler)
    watcher.fetch(cachePolicy: cachePolicy)
    return watcher
  }
}
