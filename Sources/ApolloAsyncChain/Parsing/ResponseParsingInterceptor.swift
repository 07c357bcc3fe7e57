import Foundation

/// Reads a parsed response stream out of an HTTP response.
public protocol ResponseParsingInterceptor: Sendable {
  /// Turns the response body (a single JSON body or a multipart stream) into parsed results; with
  /// `includeCacheRecords` each result also carries the records to write to the store.
  func parse<Request: GraphQLRequest>(
    response: consuming HTTPResponse, for request: Request, includeCacheRecords: Bool
  ) async throws -> InterceptorResultStream<Request>
}
