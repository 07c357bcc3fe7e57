import Foundation

/// Something told about every change the store publishes, such as a query watcher.
///
/// The store holds subscribers until they unsubscribe and calls them synchronously, in the task and thread
/// that published the change, so a subscriber can read that task's task-local values (a watcher uses this
/// to ignore its own writes). Implement either method: 2.x's ``store(_:didChangeKeys:)`` or 1.x's
/// ``store(_:didChangeKeys:contextIdentifier:)``.
public protocol ApolloStoreSubscriber: AnyObject, Sendable {
  /// `changedKeys` are the `RecordKey.field` keys whose values changed.
  func store(_ store: ApolloStore, didChangeKeys changedKeys: Set<CacheKey>)

  /// The same, with the identifier the publisher tagged the change with (1.x's `contextIdentifier`: a
  /// request's, or the one given to `publish(records:identifier:)`), `nil` for none. This is what the store
  /// calls; by default it forwards to ``store(_:didChangeKeys:)``.
  func store(_ store: ApolloStore, didChangeKeys changedKeys: Set<CacheKey>, contextIdentifier: UUID?)
}

extension ApolloStoreSubscriber {
  /// Forwards to ``store(_:didChangeKeys:)``: a subscriber that does not tell changes apart by who made them.
  public func store(_ store: ApolloStore, didChangeKeys changedKeys: Set<CacheKey>, contextIdentifier: UUID?) {
    self.store(store, didChangeKeys: changedKeys)
  }

  /// Nothing: a 1.x subscriber implements ``store(_:didChangeKeys:contextIdentifier:)``, which the store calls.
  public func store(_ store: ApolloStore, didChangeKeys changedKeys: Set<CacheKey>) {}
}
