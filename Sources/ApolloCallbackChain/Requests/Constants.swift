import Foundation

/// Library identity reported in `extensions.clientLibrary` (1.21+).
public enum Constants {
  public static let ApolloClientName = "apollo-ios"
  /// The upstream release this module models.
  public static let ApolloClientVersion = "1.25.7"
}

/// The HTTP errors a request can raise while it builds its `URLRequest`.
public enum GraphQLHTTPRequestError: Error, LocalizedError, Hashable {
  case serializedBodyMessageError
  case serializedQueryParamsMessageError

  public var errorDescription: String? {
    switch self {
    case .serializedBodyMessageError: return "JSONSerialization error: Error while serializing request's body"
    case .serializedQueryParamsMessageError: return "QueryParams error: Error while serializing variables as query parameters."
    }
  }
}
