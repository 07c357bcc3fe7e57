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
  // @unchecked Sendable: both stored properties are `let`s; `query` is the app's operation, only read (as 0.x's
  // watcher read it from its own queues), and the boxed watcher is Sendable.

  /// The query watched.
  public let query: Query
  /// `nil` when the query could not be boxed (its failure went to the handler).
  private let boxed: ApolloDelegateTransport.GraphQLQueryWatcher<LegacyOperationBox<Query>>?

  /// A watcher of `query` on `client`'s store, delivering on the main queue; it fetches nothing until
  /// ``refetch()`` (the client's `watch` makes one and fetches at once). A query whose variables have no JSON form
  /// fails at once, on the main queue.
  public convenience init(client: any ApolloClientProtocol, query: Query, resultHandler: @escaping GraphQLResultHandler<Query.Data>) {
    self.init(query: query, queue: .main, resultHandler: resultHandler) { box, handler in
      ApolloDelegateTransport.GraphQLQueryWatcher(client: client, query: box, resultHandler: handler)
    }
  }

  init(query: Query, queue: DispatchQueue, resultHandler: @escaping GraphQLResultHandler<Query.Data>,
       watch: (LegacyOperationBox<Query>, @escaping GraphQLResultHandler<LegacyResponsePlaceholder>)
         -> ApolloDelegateTransport.GraphQLQueryWatcher<LegacyOperationBox<Query>>) {
    self.query = query
    do {
      let box = try LegacyOperationBox(query)
      boxed = watch(box) { result in resultHandler(result.map { GraphQLResult(unboxing: $0) }) }
    } catch {
      boxed = nil
      ResultDelivery(queue: queue, handler: resultHandler).deliver(.failure(error))
    }
  }

  /// Fetches the query from the server again, cancelling a fetch still in flight.
  public func refetch() {
    boxed?.refetch()
  }

  /// Stops watching: unsubscribes from the store and cancels a fetch in flight.
  public func cancel() {
    boxed?.cancel()
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
