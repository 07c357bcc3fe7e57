import ApolloCore
import ApolloLegacyRuntime
import Foundation

/// Watches the store for a 0.x generated query: delivers its fetch's results, then a new result each time a change
/// to the store touches the data the last result was read from; a reload that fails refetches from the server.
///
/// It is ApolloDelegateTransport's watcher (the same steps, tags and lifetime: the store holds it until
/// ``cancel()``) over the query boxed for the client, each result unboxed into the query's own `Data`; reloads read
/// the store with 0.x's rules. As that watcher does, it delivers on the `queue` given to `watch` directly, where
/// 0.x went through the main queue first.
public final class GraphQLQueryWatcher<Query: GraphQLQuery>: Cancellable, @unchecked Sendable {
  // @unchecked Sendable: every stored property is a `let`; `query` is the app's operation, only read (as 0.x's
  // watcher read it from its own queues), the boxed watcher is Sendable, and `resultHandler` is only called on
  // `queue` (by the boxed watcher, or with a boxing failure).

  /// The query watched.
  public let query: Query
  /// The watcher of the boxed query, or why the query cannot be boxed (delivered again at each ``refetch()``).
  private let boxed: Result<ApolloDelegateTransport.GraphQLQueryWatcher<LegacyOperationBox<Query>>, any Error>
  private let queue: DispatchQueue
  private let resultHandler: GraphQLResultHandler<Query.Data>

  /// A watcher of `query` on `client`'s store, delivering on the main queue; it fetches nothing until
  /// ``refetch()`` (the client's `watch` makes one and fetches at once). A query whose variables have no JSON form
  /// fails at once, and at each refetch, on the main queue.
  public convenience init(client: any ApolloClientProtocol, query: Query, resultHandler: @escaping GraphQLResultHandler<Query.Data>) {
    self.init(query: query, queue: .main, resultHandler: resultHandler) { box, handler in
      ApolloDelegateTransport.GraphQLQueryWatcher(client: client, query: box, resultHandler: handler)
    }
  }

  init(query: Query, queue: DispatchQueue, resultHandler: @escaping GraphQLResultHandler<Query.Data>,
       watch: (LegacyOperationBox<Query>, @escaping GraphQLResultHandler<LegacyResponsePlaceholder>)
         -> ApolloDelegateTransport.GraphQLQueryWatcher<LegacyOperationBox<Query>>) {
    self.query = query
    self.queue = queue
    self.resultHandler = resultHandler
    boxed = Result {
      try watch(LegacyOperationBox(query)) { result in resultHandler(result.map { GraphQLResult(unboxing: $0) }) }
    }
    if case .failure(let error) = boxed { deliverFailure(error) }
  }

  private func deliverFailure(_ error: any Error) {
    let resultHandler = self.resultHandler
    queue.asyncTransferring { resultHandler(.failure(error)) }
  }

  /// Fetches the query from the server again, cancelling a fetch still in flight; for a query that cannot be sent,
  /// delivers that failure again.
  public func refetch() {
    switch boxed {
    case .success(let watcher): watcher.refetch()
    case .failure(let error): deliverFailure(error)
    }
  }

  /// Stops watching: unsubscribes from the store and cancels a fetch in flight.
  public func cancel() {
    try? boxed.get().cancel()
  }
}

extension ApolloClient {
  /// Fetches a 0.x generated query with `cachePolicy` and keeps delivering, on `queue`, a new result whenever the
  /// store changes data it depends on (see ``GraphQLQueryWatcher``). Call `cancel()` on the watcher when done: the
  /// store holds it until then.
  public func watch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch,
                                         queue: DispatchQueue = DispatchQueue.main,
                                         resultHandler: @escaping GraphQLResultHandler<Query.Data>) -> GraphQLQueryWatcher<Query> {
    GraphQLQueryWatcher(query: query, queue: queue, resultHandler: resultHandler) { box, handler in
      self.watch(query: box, cachePolicy: cachePolicy, queue: queue, resultHandler: handler)
    }
  }
}
