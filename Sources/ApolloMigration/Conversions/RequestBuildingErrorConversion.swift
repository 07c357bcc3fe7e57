import ApolloAsyncChain
import ApolloCallbackChain
import ApolloDelegateTransport

/// The 2.x error for a request that could not be built, as the generation whose call surface reports it.
///
/// | 2.x `GraphQLHTTPRequestError` | 0.x and 1.x `GraphQLHTTPRequestError` |
/// |---|---|
/// | `serializedBodyMessageError` | `serializedBodyMessageError` |
/// | `serializedQueryParamsMessageError` (the GET URL) | `serializedQueryParamsMessageError` |
///
/// Each generation threw its own type of the same name from the same place, so 0.x or 1.x code that matches it would
/// miss the 2.x one.
extension ApolloAsyncChain.GraphQLHTTPRequestError {
  /// As 0.33's `HTTPNetworkTransport` reported it.
  var inDelegateTransport: ApolloDelegateTransport.GraphQLHTTPRequestError {
    switch self {
    case .serializedBodyMessageError: return .serializedBodyMessageError
    case .serializedQueryParamsMessageError: return .serializedQueryParamsMessageError
    }
  }

  /// As 1.x's `JSONRequest.toURLRequest()` threw it.
  var inCallbackChain: ApolloCallbackChain.GraphQLHTTPRequestError {
    switch self {
    case .serializedBodyMessageError: return .serializedBodyMessageError
    case .serializedQueryParamsMessageError: return .serializedQueryParamsMessageError
    }
  }
}
