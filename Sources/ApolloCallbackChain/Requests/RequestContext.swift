import Foundation

/// Caller-supplied data that travels with a request through the whole chain (1.5+).
public protocol RequestContext {}

/// A context that sets the request's timeout (1.19+); other requests use Foundation's 60 s.
public protocol RequestContextTimeoutConfigurable: RequestContext {
  var requestTimeout: TimeInterval { get }
}
