import Foundation

/// 0.33's callback spelling of the store's `clearCache`, over the core's synchronous store. (Its transactions
/// and `load` take `API.swift` operations: they are in ApolloLegacyAPI.)
extension ApolloStore {
  /// Drops every record, after the callback transactions submitted before it (at once when there are none),
  /// then calls `completion` on `callbackQueue`.
  public func clearCache(callbackQueue: DispatchQueue = .main, completion: ((Result<Void, any Error>) -> Void)? = nil) {
    clearCacheInSubmissionOrder(callbackQueue: callbackQueue, completion: completion)
  }
}
