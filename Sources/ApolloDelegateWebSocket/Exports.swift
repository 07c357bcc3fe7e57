// A 0.x app changes `import ApolloWebSocket` to `import ApolloDelegateWebSocket` and nothing else: its socket code
// also names the 0.x HTTP types (`NetworkTransport`, `HTTPNetworkTransport`, `GraphQLResponse`, `RequestCreator`),
// the core's operations and JSON, and Foundation's `URLRequest` (FoundationNetworking on Linux), so they come along.
@_exported import ApolloDelegateTransport
// The socket seam (`WebSocketURLSession`, `WebSocketTask`, `DefaultWebSocketURLSession`, the RFC 6455 client), which
// `ApolloWebSocket(request:protocols:session:)` takes; 0.33 has no public type with these names.
@_exported import ApolloWebSocketCore
@_exported import Foundation
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
