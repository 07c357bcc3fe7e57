import Foundation

/// Caller-supplied data that travels with a request through the whole chain (1.5+).
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain.RequestContext; until then ApolloMigration.CallbackRequestContext carries this one to 1.x interceptors on the 2.x chain")
#endif
public protocol RequestContext {}

/// A context that sets the request's timeout (1.19+); other requests use Foundation's 60 s.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain.RequestContext; until then ApolloMigration.CallbackRequestContext carries this one to 1.x interceptors on the 2.x chain")
#endif
public protocol RequestContextTimeoutConfigurable: RequestContext {
  /// The `URLRequest.timeoutInterval` the network step sets, in seconds.
  var requestTimeout: TimeInterval { get }
}
