import ApolloWebSocketCore

/// What ``WebSocketTransport/send(operation:completionHandler:)`` returns (0.33's internal `WebSocketTask`, renamed
/// because the socket seam below owns that name): cancelling it sends `stop` for the operation and forgets its
/// handler, so no callback follows.
typealias WebSocketOperationTask = WebSocketOperationHandle<WebSocketTransport>

extension WebSocketTransport: WebSocketOperationUnsubscribing {}

extension WebSocketOperationHandle where Transport == WebSocketTransport {
  /// The same as ``cancel()`` (0.33 had both).
  func unsubscribe() {
    cancel()
  }
}
