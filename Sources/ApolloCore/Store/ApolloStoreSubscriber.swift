import Foundation

/// Something told about every change the store publishes, such as a query watcher.
///
/// The store holds subscribers weakly and calls them synchronously, in the task and thread that
/// published the change, so a subscriber can read that task's task-local values (a watcher uses this
/// to ignore its own writes).
public protocol ApolloStoreSubscriber: AnyObject, Sendable {
  /// `changedKeys` are the `RecordKey.field` keys whose values changed.
  func store(_ store: ApolloStore, didChangeKeys changedKeys: Set<CacheKey>)
}

/// A weak reference to a subscriber.
struct WeakStoreSubscriber: Sendable {
  weak var subscriber: (any ApolloStoreSubscriber)?
}
