// `import ApolloWebSocket` stands for upstream's `import ApolloWebSocket` + `import Apollo`: the 2.x API
// comes with it (re-exported from OperationMessage.swift), and so do Foundation and, where it exists (Linux),
// FoundationNetworking, whose `URLRequest` and `URLSessionWebSocketTask` this module's API speaks (see
// Sources/ApolloCore/Exports.swift for why).
// The socket seam (`WebSocketTask`, `WebSocketURLSession`, the RFC 6455 client) is 2.x API too, kept in the
// lower ApolloWebSocketCore so the older generations' sockets share it.
@_exported import ApolloWebSocketCore
@_exported import Foundation
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
