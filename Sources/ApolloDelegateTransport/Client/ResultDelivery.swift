import Foundation

/// Calls a result handler on its queue, asynchronously: at most once with the final result, and at most once
/// with the cache result that `returnCacheDataAndFetch` delivers first. `nil` handlers are a no-op.
package final class ResultDelivery<Data>: @unchecked Sendable {
  // @unchecked Sendable: `handler` (a 0.x closure, which is not `Sendable`) is immutable and only called on
  // `queue`, each kind of call at most once: `delivered`, read and set under its lock, decides.
  private let queue: DispatchQueue
  private let handler: GraphQLResultHandler<Data>?
  /// One flag per kind of call, not a once-box per kind: two boxes cost four allocations per request.
  private let delivered = Mutex(DeliveredResults())

  package init(queue: DispatchQueue, handler: GraphQLResultHandler<Data>?) {
    self.queue = queue
    self.handler = handler
  }

  package func deliver(_ result: Result<GraphQLResult<Data>, any Error>, unless operation: FetchQueryOperation? = nil) {
    guard handler != nil else { return }
    // Handed to the queue and not touched here again; a 0.x `API.swift` result (a `ResultMap`) is not `Sendable`.
    nonisolated(unsafe) let result = result
    queue.async {
      if operation?.isCancelled == true { return }
      self.call(with: result, first: false)
    }
  }

  package func deliverKeepingOpen(_ result: Result<GraphQLResult<Data>, any Error>, unless operation: FetchQueryOperation) {
    guard handler != nil else { return }
    nonisolated(unsafe) let result = result  // as in deliver(_:unless:)
    queue.async {
      if operation.isCancelled { return }
      self.call(with: result, first: true)
    }
  }

  /// Calls the handler unless this kind of call (`first`: the cache result before the fetch) already ran.
  private func call(with result: Result<GraphQLResult<Data>, any Error>, first: Bool) {
    let isNew = delivered.withLock { delivered -> Bool in
      if first {
        defer { delivered.first = true }
        return !delivered.first
      }
      defer { delivered.final = true }
      return !delivered.final
    }
    if isNew { handler?(result) }
  }
}

/// Which of a ``ResultDelivery``'s calls already ran. Outside the generic class, so that it is not generic.
private struct DeliveredResults {
  var first = false
  var final = false
}
