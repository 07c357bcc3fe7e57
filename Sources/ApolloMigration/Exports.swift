// The adapters and facades take and hand out Foundation's URL loading types (`URL`, `URLRequest`,
// `HTTPURLResponse`), so importers get Foundation and, where it exists (Linux), FoundationNetworking with
// this module, as with every generation module (Sources/ApolloCore/Exports.swift says why). The generation
// modules themselves are not re-exported: a file names the generations it uses, and qualifies the names
// they share (MIGRATION.md, "Mixing generations in one file").
@_exported import Foundation
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
