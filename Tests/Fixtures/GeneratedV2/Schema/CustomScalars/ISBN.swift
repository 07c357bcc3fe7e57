// Generated once by codegen as a typealias, then owned by the app: later codegen runs leave it
// alone.

@_spi(Internal) @_spi(Execution) import ApolloAPI

public typealias ISBN = String
