// The module an app whose generated code is a 0.19–0.33 `API.swift` imports as `Apollo` (SwiftPM
// `moduleAliases: ["ApolloLegacyAPI": "Apollo"]`): the runtime that file is written against
// (`GraphQLSelectionSet`, `ResultMap`, `GraphQLField`, 0.x `JSONDecodable`, …) and, re-exported, the 0.x
// networking it was used with.
//
// The runtime is declared here rather than in ApolloDelegateTransport because its names are the same as
// ApolloAPI's (`GraphQLQuery`, `JSONDecodable`, `JSONObject`, `GraphQLOperationType`, …): a module's own
// declarations shadow those of the modules it re-exports, so in code that imports this module the 0.x
// meanings win, while ApolloDelegateTransport keeps serving operations generated in the 1.x/2.x shape.
@_exported import ApolloDelegateTransport
