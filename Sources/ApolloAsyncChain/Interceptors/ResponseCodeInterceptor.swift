import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fails a response whose status is outside 200–299.
///
/// As upstream, the check runs per chunk as chunks are read, so a non-2xx response with an empty body
/// produces no error here and the chain ends with ``ApolloClient/Error/noResults``.
public struct ResponseCodeInterceptor: HTTPInterceptor {
  /// A unique identifier. Drawn from a counter: `UUID()` costs microseconds on Linux, and providers
  /// build this interceptor for every send.
  public var id: String = "ResponseCodeInterceptor-" + InterceptorID.next()

  /// A response with a status outside 200–299, with the chunk that carried it.
  public struct ResponseCodeError: Error, LocalizedError {
    /// The response with the failing status.
    public let response: HTTPURLResponse
    /// The body chunk that was being read.
    public let chunk: Data

    /// The whole chunk read as one GraphQL error object, when it is a JSON object.
    public var graphQLError: GraphQLError? {
      (try? JSONParser.parseObject(chunk)).map(GraphQLError.init)
    }

    public var errorDescription: String? { "Received a \(response.statusCode) error." }
  }

  /// The interceptor.
  public init() {}

  /// Checks each chunk's response status as the chunk is read.
  public func intercept(request: URLRequest, next: NextHTTPInterceptorFunction) async throws -> HTTPResponse {
    let response = try await next(request)
    // A 2xx response passes every chunk unchanged, so it is returned as it is: no operator task and no
    // thread hand-off per chunk (for a multipart response, per part) for a check that cannot fail.
    guard !(200..<300).contains(response.response.statusCode) else { return response }
    return await response.mapChunks { response, chunk in
      guard (200..<300).contains(response.statusCode) else {
        throw ResponseCodeError(response: response, chunk: chunk)
      }
      return chunk
    }
  }
}
