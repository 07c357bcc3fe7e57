// The module an app of Apollo iOS 0.34–0.53 imports as `Apollo` (through a one-line module of its own, see
// MIGRATION.md): the runtime its `API.swift` is written against (`GraphQLSelectionSet`, `ResultMap`, `GraphQLField`,
// 0.x `JSONDecodable`, …, from ApolloLegacyRuntime) and the request chain it was used with (ApolloCallbackChain:
// `RequestChainNetworkTransport`, `LegacyInterceptorProvider`, interceptors, the 1.x-style `ApolloClient`), both
// re-exported.
//
// Names the two bring twice are declared here once more, and a module's own declarations shadow those of the
// modules its importers reach only through it: the runtime's names as aliases (RuntimeNames.swift), and the
// result, handler and watcher types of that era, which take `API.swift` data (GraphQLResult.swift,
// GraphQLQueryWatcher.swift).
@_exported import ApolloLegacyRuntime
@_exported import ApolloCallbackChain
