// The socket seam's API speaks Foundation's `URLRequest` and `URLSessionWebSocketTask.Message`, which live in
// FoundationNetworking on Linux; importing this module brings them, as the generation modules do
// (Sources/ApolloCore/Exports.swift says why).
@_exported import Foundation
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
