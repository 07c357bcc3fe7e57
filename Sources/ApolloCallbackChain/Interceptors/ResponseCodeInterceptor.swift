import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fails the request unless there is a response with a 2xx status. Runs before parsing, which ignores
/// the status.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use the built-in stages of ApolloAsyncChain.DefaultInterceptorProvider; until then ApolloMigration.CallbackProviderOnAsyncChain maps this interceptor to its 2.x stage")
#endif
public struct ResponseCodeInterceptor: ApolloInterceptor {
  /// Raised for a missing response or a status outside 200-299.
  public enum ResponseCodeError: Error, LocalizedError {
    /// The status was not 2xx (or there was no response); holds the response and its body, so an error
    /// interceptor can read the server's message.
    case invalidResponseCode(response: HTTPURLResponse?, rawData: Data?)

    public var errorDescription: String? {
      switch self {
      case .invalidResponseCode(let response, let rawData):
        var parts: [String] = []
        if let response {
          parts.append("Received a \(response.statusCode) error.")
        } else {
          parts.append("Did not receive a valid status code.")
        }
        if let rawData, let text = String(data: rawData, encoding: .utf8) {
          parts.append("Data returned as a String was:")
          parts.append(text)
        } else {
          parts.append("Data was nil or could not be transformed into a string.")
        }
        return parts.joined(separator: " ")
      }
    }

    /// The whole JSON body wrapped as a `GraphQLError` (not `errors[0]`, as upstream), or `nil` when the
    /// body is not a JSON object.
    public var graphQLError: GraphQLError? {
      switch self {
      case .invalidResponseCode(_, let rawData):
        guard let rawData, let object = try? JSONParser.parseObject(rawData) else { return nil }
        return GraphQLError(object)
      }
    }
  }

  public var id: String = InterceptorID.next()

  /// An interceptor with its own id; it keeps no other state.
  public init() {}

  public func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain,
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    guard let response, response.httpResponse.isSuccessful else {
      chain.handleErrorAsync(
        ResponseCodeError.invalidResponseCode(response: response?.httpResponse, rawData: response?.rawData),
        request: request, response: response, completion: completion)
      return
    }
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}
