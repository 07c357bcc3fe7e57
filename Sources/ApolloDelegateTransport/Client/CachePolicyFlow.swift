import Foundation

/// What a fetch does under each cache policy, for both generated-code shapes (the 1.x/2.x shape here, 0.x
/// `API.swift` in ApolloLegacyAPI through the same client): which of the cache and the network answer, and
/// how often the handler runs.
package enum CachePolicyFlow {
  /// Runs `cachePolicy`: `loadFromCache` reads the store; `send(publish)` starts the request, writing its
  /// result to the store when `publish`.
  ///
  /// As in 0.33, where a cache policy's fetch was an operation on the client's queue: the cache is read
  /// after the store's callback transactions submitted before it (at once when there are none), and the
  /// network phase starts on `networkQueue`, so a fetch cancelled before that phase starts sends nothing and
  /// calls back nothing.
  package static func fetch<Data>(
    _ cachePolicy: CachePolicy, delivery: ResultDelivery<Data>, store: ApolloStore, networkQueue: DispatchQueue,
    loadFromCache: @escaping () -> Result<GraphQLResult<Data>, any Error>,
    send: @escaping (_ publish: Bool) -> any Cancellable
  ) -> any Cancellable {
    switch cachePolicy {
    case .fetchIgnoringCacheCompletely:
      return send(false)
    case .fetchIgnoringCacheData:
      return send(true)
    case .returnCacheDataElseFetch, .returnCacheDataDontFetch, .returnCacheDataAndFetch:
      let operation = FetchQueryOperation()
      let sendLater = { networkQueue.asyncTransferring { operation.start { send(true) } } }
      let readCache = {
        guard !operation.isCancelled else { return }
        switch (cachePolicy, loadFromCache()) {
        case (.returnCacheDataElseFetch, .success(let result)):
          delivery.deliver(.success(result), unless: operation)
        case (.returnCacheDataDontFetch, let outcome):
          delivery.deliver(outcome, unless: operation)
        case (.returnCacheDataAndFetch, .success(let result)):
          delivery.deliverKeepingOpen(.success(result), unless: operation)
          sendLater()
        default:
          // A miss or partial hit: the cache error is not delivered (0.x).
          sendLater()
        }
      }
      store.inSubmissionOrder(exclusive: false, callbackQueue: nil, completion: nil as ((Result<Void, any Error>) -> Void)?,
                              readCache)
      return operation
    }
  }
}
