import Foundation

/// Something told about every change the store publishes, such as a query watcher.
///
/// The store holds subscribers weakly and calls them synchronously, in the task and thread that
/// published the change, so a subscriber can read that task's task-local values (a watcher uses this
/// to ignore its own writes).
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
}

/// A subscriber as the store holds it: weakly, or (a 2.x watcher, as upstream's store held it) strongly until it
/// unsubscribes.
struct StoreSubscriberReference: Sendable {
  weak var weakly: (any ApolloStoreSubscriber)?
  let strongly: (any ApolloStoreSubscriber)?

  init(subscriber: any ApolloStoreSubscriber, retained: Bool) {
    weakly = subscriber
    strongly = retained ? subscriber : nil
  }

  var subscriber: (any ApolloStoreSubscriber)? { strongly ?? weakly }
}
