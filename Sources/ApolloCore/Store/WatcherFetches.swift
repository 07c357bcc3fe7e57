import Foundation

/// The fetch a callback query watcher (0.x's and 1.x's `GraphQLQueryWatcher`) has in flight, replaced by each new
/// fetch and cancelled with the watcher.
///
/// Upstream started a fetch under the watcher's lock. Here it starts outside (the client's `fetch` may answer on the
/// calling thread), so a `cancel()` or another fetch can come while it starts: the fetch that was starting is then
/// cancelled at once rather than kept, where it escaped both (two fetches live and the older result possibly arriving
/// last, or a result delivered after `cancel()`).
package final class WatcherFetches: @unchecked Sendable {
  // @unchecked Sendable: every stored property but `holding` (immutable) is read and written under `lock`.
  private let lock = NSLock()
  private let holding: Holding
  private weak var weakFetch: (any Cancellable)?
  private var strongFetch: (any Cancellable)?
  /// Counts the fetches started and the cancels: a fetch is current while the count is the one it started at.
  private var turns = 0

  /// How the fetch in flight is held: 1.x held it weakly (its chain keeps itself alive while it runs), 0.x strongly.
  package enum Holding: Sendable {
    case weakly, strongly
  }

  package init(holding: Holding) {
    self.holding = holding
  }

  private var inFlight: (any Cancellable)? {
    get { holding == .weakly ? weakFetch : strongFetch }
    set {
      switch holding {
      case .weakly: weakFetch = newValue
      case .strongly: strongFetch = newValue
      }
    }
  }

  /// Cancels the fetch in flight and runs `start` in its place; a fetch that another fetch or a ``cancel()``
  /// overtook while it started is cancelled.
  package func replace(_ start: () -> (any Cancellable)?) {
    let (previous, mine) = nextTurn()
    previous?.cancel()
    let fetch = start()
    lock.lock()
    let isCurrent = mine == turns
    if isCurrent { inFlight = fetch }
    lock.unlock()
    if !isCurrent { fetch?.cancel() }
  }

  /// Cancels the fetch in flight, and one starting now.
  package func cancel() {
    nextTurn().previous?.cancel()
  }

  private func nextTurn() -> (previous: (any Cancellable)?, turn: Int) {
    lock.lock()
    defer { lock.unlock() }
    let previous = inFlight
    inFlight = nil
    turns += 1
    return (previous, turns)
  }
}
