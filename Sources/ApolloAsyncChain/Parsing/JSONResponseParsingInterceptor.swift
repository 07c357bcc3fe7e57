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

  /// Parses each chunk as it is read.
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
        response.chunks.getStream(), parsedBody: parsedBody, parser: parser, as: Request.Operation.self))
    }
    // Parsed in place as the chain reads (no task of its own): the reader is the chain's fetch task,
    // the same task an operator's task would inherit its task-local values from.
    let chunks = IteratorBox(response.chunks.getStream().makeAsyncIterator())
    let last = Mutex<ParsedResult<Request.Operation>?>(nil)
    return InterceptorResultStream<Request>(stream: AsyncThrowingStream {
      while let chunk = try await chunks.next() {
        try Task.checkCancellation()
        if let object = parsedBody?.withLock({ $0.take() }),
           let parsed = try parser.parse(parsedBody: object, as: Request.Operation.self) {
          return parsed
        }
        let previous = last.withLock { $0 }
        if let parsed = try await parser.parse(dataChunk: chunk, mergingIncrementalItemsInto: previous) {
          last.withLock { $0 = parsed }
          return parsed
        }
      }
      return nil
    })
  }

  /// A body that is not multipart, parsed to its end: the results the stream would give, then the error
  /// it would end with, if any.
  private static func parseWhole<Operation: GraphQLOperation>(
    _ chunks: AsyncThrowingStream<Data, any Error>, parsedBody: Mutex<JSON.Object?>?, parser: JSONResponseParser,
    as _: Operation.Type
  ) async -> SettledElements<ParsedResult<Operation>> {
    var results: [ParsedResult<Operation>] = []
    // As in the stream: only a result parsed from the bytes is what a later chunk merges into.
    var last: ParsedResult<Operation>?
    do {
      for try await chunk in chunks {
        try Task.checkCancellation()
        if let object = parsedBody?.withLock({ $0.take() }), let parsed = try parser.parse(parsedBody: object, as: Operation.self) {
          results.append(parsed)
        } else if let parsed = try await parser.parse(dataChunk: chunk, mergingIncrementalItemsInto: last) {
          last = parsed
          results.append(parsed)
        }
      }
      return SettledElements(elements: results, failure: nil)
    } catch {
      return SettledElements(elements: results, failure: error)
    }
  }
}
