// Generated once by codegen as a typealias, then owned by the app: later codegen runs leave it
// alone.

import ApolloAPI

public typealias ISBN = String
