import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A 0.x delegate asked to send the request again: the retry delegate answered `.retry`, or the
/// GraphQL-error delegate answered `true`.
///
/// ``DelegateTransportHTTPInterceptor`` throws it; ``DelegateTransportRetryInterceptor`` (a 2.x
/// `GraphQLInterceptor`, which knows the request type) turns it into `RequestChain<Request>.Retry`.
/// Without that interceptor in the chain, it reaches the caller as an ordinary error.
public struct DelegateTransportRetryRequested: Error, Sendable {
  /// The request of the attempt that is retried, as `willSend` left it.
  public let request: URLRequest
}
