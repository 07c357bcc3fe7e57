import Foundation

/// Parses single responses, `@defer` responses and subscriptions over multipart HTTP.
public actor JSONResponseParsingInterceptor: ResponseParsingInterceptor {
  private let normalizer: ResponseNormalizer

  public init() {
    self.normalizer = ResponseNormalizer()
  }

  /// - Parameter normalizer: how results become cache records; use the store's if it has custom keys.
  public init(normalizer: ResponseNormalizer) {
    self.normalizer = normalizer
  }

  public nonisolated func parse<Request: GraphQLRequest>(
    response: consuming HTTPResponse, for request: Request, includeCacheRecords: Bool
  ) async throws -> InterceptorResultStream<Request> {
    let parser = JSONResponseParser(
      response: response.response, operationVariables: request.operation.__variables,
      includeCacheRecords: includeCacheRecords, normalizer: normalizer)
    let last = Mutex<ParsedResult<Request.Operation>?>(nil)
    return await response.chunks.compactMap { chunk in
      try Task.checkCancellation()
      let previous = last.withLock { $0 }
      guard let parsed = try await parser.parse(dataChunk: chunk, mergingIncrementalItemsInto: previous) else {
        return nil
      }
      last.withLock { $0 = parsed }
      return parsed
    }
  }
}
