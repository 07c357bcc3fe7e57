import Foundation

/// Parses single responses, `@defer` responses and subscriptions over multipart HTTP.
public actor JSONResponseParsingInterceptor: ResponseParsingInterceptor, ResponseParserEndingWithBody {
  private let normalizer: ResponseNormalizer

  /// A parser with the default cache-key rule.
  public init() {
    self.normalizer = ResponseNormalizer()
  }

  /// - Parameter normalizer: how results become cache records; use the store's if it has custom keys.
  public init(normalizer: ResponseNormalizer) {
    self.normalizer = normalizer
  }

  /// Parses a body that is not multipart before returning (its results are settled); parses each part of a
  /// multipart body as it is read.
  public nonisolated func parse<Request: GraphQLRequest>(
    response: consuming HTTPResponse, for request: Request, includeCacheRecords: Bool
  ) async throws -> InterceptorResultStream<Request> {
    let parser = JSONResponseParser(
      response: response.response, operationVariables: request.operation.__variables,
      includeCacheRecords: includeCacheRecords, normalizer: normalizer)
    // An HTTP stage that parsed the whole body already (the 0.x adapter's checks) hands over the object.
    let parsedBody = response.parsedBody.map { Mutex<JSON.Object?>($0) }
    guard MultipartContentType.isMultipartMixed(response.response) else {
      // One JSON body (one chunk, or none): parsed here, and handed on settled.
      return InterceptorResultStream<Request>(settled: await Self.parseWhole(
        response.chunks, parsedBody: parsedBody, parser: parser, as: Request.Operation.self))
    }
    // Parsed in place as the chain reads (no task of its own): the reader is the chain's fetch task,
    // the same task an operator's task would inherit its task-local values from. Pulled rather than made
    // into a stream: the chain reads each part straight from this closure, without a stream's storage in
    // between (a stage that asks for the stream gets `AsyncThrowingStream(unfolding:)` of it).
    let chunks = response.chunks.puller()
    let last = Mutex<ParsedResult<Request.Operation>?>(nil)
    return InterceptorResultStream<Request>(pulling: {
      while let chunk = try await chunks() {
        try Task.checkCancellation()
        var previous = last.withLock { $0 }
        let parsed = try await Self.result(of: chunk, parsedBody: parsedBody, parser: parser, last: &previous)
        last.withLock { $0 = previous }
        if let parsed { return parsed }
      }
      return nil
    })
  }

  /// A body that is not multipart, parsed to its end: the results the stream would give, then the error
  /// it would end with, if any.
  private static func parseWhole<Operation: GraphQLOperation>(
    _ chunks: consuming NonCopyableAsyncThrowingStream<Data>, parsedBody: Mutex<JSON.Object?>?,
    parser: JSONResponseParser, as _: Operation.Type
  ) async -> SettledElements<ParsedResult<Operation>> {
    var results: [ParsedResult<Operation>] = []
    var last: ParsedResult<Operation>?
    do {
      try await chunks.forEachElement { chunk in
        try Task.checkCancellation()
        if let parsed = try await result(of: chunk, parsedBody: parsedBody, parser: parser, last: &last) {
          results.append(parsed)
        }
        return true
      }
      return SettledElements(elements: results, failure: nil)
    } catch {
      return SettledElements(elements: results, failure: error)
    }
  }

  /// One chunk's result, if it gives one: from the object an HTTP stage parsed (taken once) when that gives
  /// one, else from the bytes, merged into `last`. Only a result parsed from bytes becomes the new `last`.
  private static func result<Operation: GraphQLOperation>(
    of chunk: Data, parsedBody: Mutex<JSON.Object?>?, parser: JSONResponseParser, last: inout ParsedResult<Operation>?
  ) async throws -> ParsedResult<Operation>? {
    if let object = parsedBody?.withLock({ $0.take() }), let parsed = try parser.parse(parsedBody: object, as: Operation.self) {
      return parsed
    }
    guard let parsed = try await parser.parse(dataChunk: chunk, mergingIncrementalItemsInto: last) else { return nil }
    last = parsed
    return parsed
  }
}
