import Foundation

/// What a callback query watcher (0.x's and 1.x's `GraphQLQueryWatcher`) keeps between store changes: the
/// keys its last result depends on and the identifier its own writes carry, and the queue its reloads run on.
///
/// A change reloads the watcher only when someone else made it and it touches those keys. Reloads run on a
/// queue of the watcher's own, one at a time in the order of the changes, never on the thread that wrote
/// (which may hold a store transaction the reload would wait for).
package final class WatchedKeys: @unchecked Sendable {
  // @unchecked Sendable: `dependentKeys` is only read and written under `lock`; the rest is immutable.
  private let lock = NSLock()
  private var dependentKeys: Set<CacheKey>?
  private let reloads: DispatchQueue
  /// The identifier the watcher's own fetches tag their store writes with.
  package let ownIdentifier: UUID

  package init(ownIdentifier: UUID, label: String) {
    self.ownIdentifier = ownIdentifier
    self.reloads = DispatchQueue(label: label)
  }

  /// Keeps the dependent keys of the result just delivered (`nil`: nothing can change it).
  package func remember(_ keys: Set<CacheKey>?) {
    lock.lock()
    dependentKeys = keys
    lock.unlock()
  }

  /// Runs `reload` on the reload queue when a change from someone else touches the kept keys.
  package func storeDidChange(_ changedKeys: Set<CacheKey>, contextIdentifier: UUID?,
                              reload: @escaping @Sendable () -> Void) {
    guard contextIdentifier != ownIdentifier else { return }
    lock.lock()
    let keys = dependentKeys
    lock.unlock()
    guard let keys, !keys.isDisjoint(with: changedKeys) else { return }
    reloads.async(execute: reload)
  }
}
