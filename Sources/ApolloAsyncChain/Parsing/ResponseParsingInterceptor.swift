import Foundation

/// Reads a parsed response stream out of an HTTP response.
public protocol ResponseParsingInterceptor: Sendable {
  /// Turns the response body (a single JSON body or a multipart stream) into parsed results; with
  /// `includeCacheRecords` each result also carries the records to write to the store.
  func parse<Request: GraphQLRequest>(
    response: consuming HTTPResponse, for request: Request, includeCacheRecords: Bool
  ) async throws -> InterceptorResultStream<Request>
}

/// A parser whose results for a response that is not `multipart/mixed` have all been produced when the body
/// ends. The chain reads such a response inside `next`, with no task of its own (``RequestChain`` step 5);
/// a parser of any other kind gets a task, as upstream gives every parser.
package protocol ResponseParserEndingWithBody: ResponseParsingInterceptor {}
