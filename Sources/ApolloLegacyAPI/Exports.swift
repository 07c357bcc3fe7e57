// The module an app whose generated code is a 0.19–0.33 `API.swift` imports as `Apollo` (through a one-line
// module of its own, see MIGRATION.md): the runtime that file is written against (`GraphQLSelectionSet`,
// `ResultMap`, `GraphQLField`, 0.x `JSONDecodable`, …, from ApolloLegacyRuntime) and the 0.x networking and
// `graphql-ws` socket it was used with, all re-exported. The socket comes through here, not only through
// ApolloDelegateWebSocket, so that its `GraphQLMap` parameters can take the runtime's `GraphQLMap`
// (WebSocketTransport+LegacyPayload.swift) and a file that uses the socket still sees one `GraphQLMap`.
//
// The runtime's names are the same as ApolloAPI's (`GraphQLQuery`, `JSONDecodable`, `JSONObject`, …) and, for
// `GraphQLMap`, as ApolloDelegateTransport's. A module's own declarations shadow those of the modules its
// importers reach only through it, so this module declares each such name once more, as an alias of the
// runtime's (RuntimeNames.swift): in code that imports it the 0.x meanings win, while ApolloDelegateTransport
// keeps serving operations generated in the 1.x/2.x shape.
@_exported import ApolloLegacyRuntime
@_exported import ApolloDelegateTransport
@_exported import ApolloDelegateWebSocket
