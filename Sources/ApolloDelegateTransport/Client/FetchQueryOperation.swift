import Foundation

/// The `Cancellable` of a fetch that reads the cache first.
package final class FetchQueryOperation: Cancellable {
  private struct State {
    var isCancelled = false
    var networkTask: (any Cancellable)?
  }
  private let state = Mutex(State())

  package init() {}

  package var isCancelled: Bool { state.withLock { $0.isCancelled } }

  /// Starts the network phase unless the operation was cancelled.
  package func start(_ send: () -> any Cancellable) {
    guard !isCancelled else { return }
    let task = send()
    let cancelNow = state.withLock { state -> Bool in
      state.networkTask = task
      return state.isCancelled
    }
    if cancelNow { task.cancel() }
  }

  package func cancel() {
    let task = state.withLock { state -> (any Cancellable)? in
      state.isCancelled = true
      return state.networkTask
    }
    task?.cancel()
  }
}
