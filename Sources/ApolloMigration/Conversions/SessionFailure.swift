import ApolloAsyncChain
import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a failure thrown below an adapter's HTTP stage was, as 0.x's and 1.x's `URLSessionClient` told them apart:
/// both clients reported every failure of the transfer (wrapped as their `networkError`) and a response that was not
/// HTTP (their `noHTTPResponse`); anything else (a cancellation, a multipart part over the size limit, what an HTTP
/// interceptor of the app's throws) never came from them.
enum SessionFailure {
  /// The session answered with a response that is not HTTP.
  case nonHTTPResponse
  /// The transfer failed: a `URLError`, another `NSURLErrorDomain` error, or the streaming session's own.
  case transfer
  /// Not the session's: it goes on unchanged.
  case other

  init(_ error: any Error) {
    switch error {
    case ApolloURLSessionError.nonHTTPResponse: self = .nonHTTPResponse
    case is URLError, is HTTPStreamingSessionError: self = .transfer
    case let error as NSError where error.domain == NSURLErrorDomain: self = .transfer
    default: self = .other
    }
  }
}
