import ApolloCallbackChain
import ApolloCore
import ApolloLegacyRuntime
import Foundation

/// Watches the store for an `API.swift` query (0.34–0.53): delivers its fetch's results, then a new result each time
/// a change to the store touches the data the last result was read from.
///
/// It is ApolloCallbackChain's watcher over the query boxed for the request chain, each result unboxed into the
/// query's own `Data`: the same steps, tags and lifetime.
/// 1. ``ApolloClient/watch(query:cachePolicy:refetchOnFailedUpdates:context:callbackQueue:resultHandler:)`` creates
///    the watcher (it subscribes to the store) and fetches through the request chain with the given policy, tagged
///    with the watcher's own `contextIdentifier`; each result goes to the handler on `callbackQueue`, and a
///    successful one's dependent keys are kept.
/// 2. A store change from anyone else (the watcher's own fetches are tagged and skipped) that touches those keys
///    reloads the query from the store (with 0.x's rules: the store's read hands the boxed query to the 0.x
///    executor), off the publishing thread; the result goes to the handler.
/// 3. If that reload fails (a record was removed, say), the watcher refetches from the server with
///    `fetchIgnoringCacheData`, unless `refetchOnFailedUpdates` is off or the last policy was
///    `returnCacheDataDontFetch`.
///
/// ``refetch(cachePolicy:)`` starts step 1 again, cancelling a fetch still in flight. The store holds the watcher
/// until ``cancel()``. A query whose variables have no JSON form cannot be sent: each fetch fails on
/// `callbackQueue` instead.
public final class GraphQLQueryWatcher<Query: GraphQLQuery>: Cancellable, @unchecked Sendable {
  // @unchecked Sendable: every stored property is a `let`. `query` and `resultHandler` are the app's: the query is
  // only read, and the handler is called on `callbackQueue` only, as 0.34–0.53 called it; the wrapped watcher is
  // Sendable.

  /// The query watched.
  public let query: Query
  /// Whether a failed reload after a store change refetches from the server (`true` by default).
  public let refetchOnFailedUpdates: Bool

  /// The watcher of the boxed query, or why the query cannot be boxed.
  private let boxed: Result<ApolloCallbackChain.GraphQLQueryWatcher<LegacyOperationBox<Query>>, any Error>
  private let callbackQueue: DispatchQueue
  private let resultHandler: GraphQLResultHandler<Query.Data>

  /// A watcher of `query` on `client`'s store; it fetches nothing until ``refetch(cachePolicy:)`` (the client's
  /// `watch` makes one and fetches at once). Its fetches go through the client's `fetch` requirement with the query
  /// boxed, so a client of the app's own (a mock) serves it too.
  /// - Parameters:
  ///   - refetchOnFailedUpdates: whether a failed reload after a store change refetches from the server.
  ///   - context: handed to every fetch, for the request chain's interceptors.
  ///   - callbackQueue: where `resultHandler` runs (`.main` by default).
  public init(client: any ApolloClientProtocol, query: Query, refetchOnFailedUpdates: Bool = true,
              context: (any RequestContext)? = nil, callbackQueue: DispatchQueue = .main,
              resultHandler: @escaping GraphQLResultHandler<Query.Data>) {
    self.query = query
    self.refetchOnFailedUpdates = refetchOnFailedUpdates
    self.callbackQueue = callbackQueue
    self.resultHandler = resultHandler
    boxed = Result {
      ApolloCallbackChain.GraphQLQueryWatcher(
        client: client, query: try LegacyOperationBox(query), refetchOnFailedUpdates: refetchOnFailedUpdates,
        context: context, callbackQueue: callbackQueue
      ) { result in resultHandler(result.map { GraphQLResult<Query.Data>($0) }) }
    }
  }

  /// Fetches the query again with `cachePolicy` (from the server by default), cancelling a fetch still in flight.
  public func refetch(cachePolicy: CachePolicy = .fetchIgnoringCacheData) {
    switch boxed {
    case .success(let watcher):
      watcher.refetch(cachePolicy: cachePolicy)
    case .failure(let error):
      let resultHandler = self.resultHandler
      callbackQueue.asyncTransferring { resultHandler(.failure(error)) }
    }
  }

  /// Stops watching: unsubscribes from the store and cancels a fetch in flight.
  public func cancel() {
    try? boxed.get().cancel()
  }
}
