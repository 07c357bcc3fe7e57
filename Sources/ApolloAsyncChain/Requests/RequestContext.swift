import Foundation

/// Deprecated per-request context of 1.x.
@available(*, deprecated, message: "Use TaskLocal values and RequestConfiguration")
public protocol RequestContext: Sendable {}

/// Deprecated timeout context of 1.x.
@available(*, deprecated, message: "Use TaskLocal values and RequestConfiguration")
public protocol RequestContextTimeoutConfigurable: RequestContext {
  var requestTimeout: TimeInterval { get }
}
