@_exported import ApolloCore

// Foundation and, where it exists (Linux), FoundationNetworking: this module's API speaks `URLRequest`,
// `URLResponse`, `URLSession`, so its importers see them with no import of their own, as ApolloCore
// explains (Sources/ApolloCore/Exports.swift). Said here too so it holds even if the core stops re-exporting.
@_exported import Foundation
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
