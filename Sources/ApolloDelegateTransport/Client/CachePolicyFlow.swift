import Foundation

/// What a fetch does under each cache policy, for both generated-code shapes (the 1.x/2.x shape here, 0.x
/// `API.swift` in ApolloLegacyAPI): which of the cache and the network answer, and how often the handler runs.
package enum CachePolicyFlow {
  /// Runs `cachePolicy`: `loadFromCache` reads the store now; `send(publish)` starts the request, writing its
  /// result to the store when `publish`.
  package static func fetch<Data>(
    _ cachePolicy: CachePolicy, delivery: ResultDelivery<Data>,
    loadFromCache: () -> Result<GraphQLResult<Data>, any Error>, send: @escaping (_ publish: Bool) -> any Cancellable
  ) -> any Cancellable {
    switch cachePolicy {
    case .fetchIgnoringCacheCompletely:
      return send(false)
    case .fetchIgnoringCacheData:
      return send(true)
    case .returnCacheDataElseFetch, .returnCacheDataDontFetch, .returnCacheDataAndFetch:
      let operation = FetchQueryOperation()
      switch (cachePolicy, loadFromCache()) {
      case (.returnCacheDataElseFetch, .success(let result)):
        delivery.deliver(.success(result), unless: operation)
      case (.returnCacheDataDontFetch, let outcome):
        delivery.deliver(outcome, unless: operation)
      case (.returnCacheDataAndFetch, .success(let result)):
        delivery.deliverKeepingOpen(.success(result), unless: operation)
        operation.start { send(true) }
      default:
        // A miss or partial hit: the cache error is not delivered (0.x).
        operation.start { send(true) }
      }
      return operation
    }
  }
}
