import ApolloCore

/// A WebSocket transport that stops one operation by its id (0.x and 1.x each have one, with the same
/// public `unsubscribe(_:)`).
package protocol WebSocketOperationUnsubscribing: AnyObject, Sendable {
  /// Sends the sub-protocol's stop message for the operation and forgets its handler.
  func unsubscribe(_ subscriptionId: String)
}

/// The handle a 0.x or 1.x WebSocket transport's `send` returns: cancelling it unsubscribes the operation.
/// Each generation names it as its upstream's internal `WebSocketTask` was, renamed there because the
/// socket seam owns that name.
package final class WebSocketOperationHandle<Transport: WebSocketOperationUnsubscribing>: Cancellable {
  private let transport: Transport
  /// The operation's id on the socket.
  package let id: String

  package init(transport: Transport, id: String) {
    self.transport = transport
    self.id = id
  }

  /// Unsubscribes the operation; every call sends the stop message again, as upstream did.
  package func cancel() {
    transport.unsubscribe(id)
  }
}
