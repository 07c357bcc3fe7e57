import ApolloCore

/// What ``WebSocketTransport/send(operation:completionHandler:)`` returns (0.33's internal `WebSocketTask`, renamed
/// because the socket seam below owns that name): cancelling it stops the operation.
final class WebSocketOperationTask: Cancellable {
  private let transport: WebSocketTransport
  /// The operation's id on the socket.
  let id: String

  init(transport: WebSocketTransport, id: String) {
    self.transport = transport
    self.id = id
  }

  /// Sends `stop` for the operation and forgets its handler: no callback follows.
  func cancel() {
    transport.unsubscribe(id)
  }

  /// The same as ``cancel()`` (0.33 had both).
  func unsubscribe() {
    cancel()
  }
}
