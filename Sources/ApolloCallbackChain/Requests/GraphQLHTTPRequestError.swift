import Foundation

/// The HTTP errors a request can raise while it builds its `URLRequest`.
public enum GraphQLHTTPRequestError: Error, LocalizedError, Hashable {
  /// Never produced by this package (the core's JSON writer cannot fail on a request body); kept for source
  /// compatibility with upstream 1.x, which raised it when `JSONSerialization` failed.
  case serializedBodyMessageError
  /// The GET URL could not be built from the body.
  case serializedQueryParamsMessageError

  public var errorDescription: String? {
    switch self {
    case .serializedBodyMessageError: return "JSONSerialization error: Error while serializing request's body"
    case .serializedQueryParamsMessageError: return "QueryParams error: Error while serializing variables as query parameters."
    }
  }
}
