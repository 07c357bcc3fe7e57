// The 1.x callback request chain is built on the shared core; re-exporting it lets 1.x code see the
// operation model, JSON values, errors and the store through a single `import ApolloCallbackChain`.
@_exported import ApolloCore

// Foundation and, where it exists (Linux), FoundationNetworking: this module's API speaks `URLRequest`,
// `URLResponse`, `URLSession`, so its importers see them with no import of their own, as ApolloCore
// explains (Sources/ApolloCore/Exports.swift). Said here too so it holds even if the core stops re-exporting.
@_exported import Foundation
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif

// With the package trait MigrationDeprecations (off by default), this module's public entry points are
// `@available(*, deprecated)` under `#if MigrationDeprecations`: one message per group of declarations,
// "1.x API: use <2.x counterpart>; until then <ApolloMigration adapter> …". Every extension of a deprecated
// type is deprecated too, which keeps this module's own build free of the warnings.
