import ApolloWebSocketCore

/// The handle `send` returns: cancelling it unsubscribes the operation (1.x's internal `WebSocketTask`, renamed
/// here because `WebSocketTask` is the socket seam's name). 1.x sent `stop` / `complete` on every call.
typealias WebSocketOperation = WebSocketOperationHandle<WebSocketTransport>

extension WebSocketTransport: WebSocketOperationUnsubscribing {}
