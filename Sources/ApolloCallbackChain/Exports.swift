// The 1.x callback request chain is built on the shared core; re-exporting it lets 1.x code see the
// operation model, JSON values, errors and the store through a single `import ApolloCallbackChain`.
@_exported import ApolloCore
