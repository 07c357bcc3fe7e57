import Foundation

/// A request that could not be built or was refused before it reached the network.
///
/// Delivered synchronously, before `send` returns, together with an ``EmptyCancellable``; neither the
/// task-completed nor the retry delegate sees it (0.x behaviour).
public enum GraphQLHTTPRequestError: Error, LocalizedError, Hashable, Sendable {
  /// The preflight delegate's `shouldSend` answered `false`.
  case cancelledByDelegate
  /// The POST body (JSON or multipart) could not be built.
  case serializedBodyMessageError
  /// The GET URL could not be built from the body.
  case serializedQueryParamsMessageError

  public var errorDescription: String? {
    switch self {
    case .cancelledByDelegate:
      return "The actual request was cancelled by the preflight delegate"
    case .serializedBodyMessageError:
      return "JSONSerialization error: Error while serializing request's body"
    case .serializedQueryParamsMessageError:
      return "QueryParams error: Error while serializing variables as query parameters."
    }
  }
}
