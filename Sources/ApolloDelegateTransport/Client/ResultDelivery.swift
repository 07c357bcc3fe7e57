import Foundation

/// Calls a result handler on its queue, asynchronously; `nil` handlers are a no-op.
package final class ResultDelivery<Data>: Sendable {
  private let queue: DispatchQueue
  private let handler: OnceCallback<Result<GraphQLResult<Data>, any Error>>?
  /// For `returnCacheDataAndFetch`, whose handler is called twice.
  private let firstHandler: OnceCallback<Result<GraphQLResult<Data>, any Error>>?

  package init(queue: DispatchQueue, handler: GraphQLResultHandler<Data>?) {
    self.queue = queue
    // The same closure behind two once-boxes: the cache delivery and the final one.
    self.handler = handler.map { OnceCallback($0) }
    self.firstHandler = handler.map { OnceCallback($0) }
  }

  package func deliver(_ result: Result<GraphQLResult<Data>, any Error>, unless operation: FetchQueryOperation? = nil) {
    guard let handler else { return }
    // Handed to the queue and not touched here again; a 0.x `API.swift` result (a `ResultMap`) is not `Sendable`.
    nonisolated(unsafe) let result = result
    queue.async {
      if operation?.isCancelled == true { return }
      handler(result)
    }
  }

  package func deliverKeepingOpen(_ result: Result<GraphQLResult<Data>, any Error>, unless operation: FetchQueryOperation) {
    guard let firstHandler else { return }
    nonisolated(unsafe) let result = result  // as in deliver(_:unless:)
    queue.async {
      if operation.isCancelled { return }
      firstHandler(result)
    }
  }
}
