import Foundation

/// Reads a parsed response stream out of an HTTP response.
public protocol ResponseParsingInterceptor: Sendable {
  func parse<Request: GraphQLRequest>(
    response: consuming HTTPResponse, for request: Request, includeCacheRecords: Bool
  ) async throws -> InterceptorResultStream<Request>
}
