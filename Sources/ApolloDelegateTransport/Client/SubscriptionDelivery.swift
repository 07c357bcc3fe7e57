import Foundation

/// Calls a subscription's result handler on its queue for every event, until cancelled.
final class SubscriptionDelivery<Data: RootSelectionSet>: @unchecked Sendable {
  // @unchecked Sendable: `handler` is immutable and only called on `queue`, as 0.x called it (its closure is not
  // `@Sendable`, like every 0.x result handler); `isCancelled` is a Mutex.
  private let queue: DispatchQueue
  private let handler: GraphQLResultHandler<Data>
  private let isCancelled = Mutex(false)

  init(queue: DispatchQueue, handler: @escaping GraphQLResultHandler<Data>) {
    self.queue = queue
    self.handler = handler
  }

  func deliver(_ result: Result<GraphQLResult<Data>, any Error>) {
    queue.async { [self] in
      guard !isCancelled.withLock({ $0 }) else { return }
      handler(result)
    }
  }

  /// Stops deliveries, then cancels the transport's task.
  final class Cancellation: Cancellable {
    private let delivery: SubscriptionDelivery
    private let task: any Cancellable

    init(delivery: SubscriptionDelivery, task: any Cancellable) {
      self.delivery = delivery
      self.task = task
    }

    func cancel() {
      delivery.isCancelled.withLock { $0 = true }
      task.cancel()
    }
  }
}
