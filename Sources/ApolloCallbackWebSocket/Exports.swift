// `import ApolloCallbackWebSocket` stands for 1.x's `import ApolloWebSocket` next to `import Apollo`: a 1.x app
// changes that one import. The 1.x chain (ApolloClient, NetworkTransport, RequestBodyCreator, ApolloStore, the
// operation model) comes with it, and so do Foundation and FoundationNetworking through the chain's exports.
@_exported import ApolloCallbackChain
// The socket seam (`WebSocketURLSession`, `DefaultWebSocketURLSession`, the RFC 6455 client), so an app or a test
// that hands ``WebSocket`` its own session needs no second import.
@_exported import ApolloWebSocketCore
