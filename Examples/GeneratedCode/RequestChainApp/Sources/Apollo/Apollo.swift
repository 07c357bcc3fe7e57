// The app's `Apollo` module: what its 0.34–0.53 code and `API.swift` import. It is the `API.swift` runtime and the
// request chain of this package, re-exported, so neither file changes.
@_exported import ApolloLegacyAPIOnCallbackChain
