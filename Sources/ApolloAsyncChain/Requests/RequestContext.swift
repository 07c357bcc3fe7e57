import Foundation

/// Deprecated per-request context of 1.x.
@available(*, deprecated, message: "Use TaskLocal values and RequestConfiguration")
public protocol RequestContext: Sendable {}

/// Deprecated timeout context of 1.x.
@available(*, deprecated, message: "Use TaskLocal values and RequestConfiguration")
public protocol RequestContextTimeoutConfigurable: RequestContext {
  /// The timeout 1.x's chain applied to the request; the 2.x chain does not read it (use
  /// ``RequestConfiguration/requestTimeout``).
  var requestTimeout: TimeInterval { get }
}
