// The 0.x generation shares its operations, JSON model, errors, request encoding and store with the
// other generations, so code that imports this module sees the core the way 0.x code saw `Apollo`.
@_exported import ApolloCore
