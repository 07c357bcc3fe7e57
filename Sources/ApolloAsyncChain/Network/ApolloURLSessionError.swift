import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A session answered with something the chain cannot use.
public enum ApolloURLSessionError: Error, LocalizedError {
  /// The response is not an `HTTPURLResponse`.
  case nonHTTPResponse(URLResponse)

  public var errorDescription: String? {
    switch self {
    case .nonHTTPResponse(let response): return "The session returned a non-HTTP response for \(response.url?.absoluteString ?? "a request")."
    }
  }
}
