@_exported import ApolloCore
