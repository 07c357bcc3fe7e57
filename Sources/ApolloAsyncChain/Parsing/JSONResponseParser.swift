import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads the chunks of one HTTP response into parsed results: a single JSON response, `@defer`
/// payloads (both wire formats), or subscription payloads.
///
/// One parser serves one response; it keeps the state an `@defer` response needs between chunks.
public struct JSONResponseParser: Sendable {
  private enum Mode: Sendable {
    case single
    case deferred
    case subscription
  }

  private let mode: Mode
  private let modeError: JSONResponseParsingError?
  private let variables: GraphQLOperation.Variables?
  private let includeCacheRecords: Bool
  private let normalizer: ResponseNormalizer
  private let deferred = Mutex(DeferredParts())
  /// The response's parts share the operation's variables, so a field key with variables is worked out once.
  private let fieldKeys = FieldKeyMemo()

  /// A parser for `response` with the default cache-key rule.
  public init(response: HTTPURLResponse, operationVariables: GraphQLOperation.Variables?, includeCacheRecords: Bool) {
    self.init(response: response, operationVariables: operationVariables, includeCacheRecords: includeCacheRecords,
              normalizer: ResponseNormalizer())
  }

  /// - Parameter normalizer: how results become cache records; match the store's.
  public init(response: HTTPURLResponse, operationVariables: GraphQLOperation.Variables?, includeCacheRecords: Bool,
              normalizer: ResponseNormalizer) {
    self.variables = operationVariables
    self.includeCacheRecords = includeCacheRecords
    self.normalizer = normalizer
    // Header names are case-insensitive; upstream read one spelling only.
    let contentType = response.value(forHTTPHeaderField: "Content-Type") ?? ""
    guard MultipartContentType.isMultipartMixed(contentType) else {
      mode = .single
      modeError = nil
      return
    }
    if MultipartChunkSplitter.boundary(fromContentType: contentType) == nil {
      mode = .single
      modeError = .missingMultipartBoundary
    } else if contentType.containsASCII("deferSpec=20220824") {
      mode = .deferred
      modeError = nil
    } else if contentType.containsASCII("subscriptionSpec=1.0") || contentType.containsASCII("subscriptionSpec=\"1.0\"") {
      mode = .subscription
      modeError = nil
    } else {
      mode = .single
      modeError = .invalidMultipartProtocol
    }
  }

  /// Parses one chunk. Returns `nil` for chunks that carry no result (heartbeats, null payloads,
  /// a bare `{"hasNext":false}`).
  public func parse<Operation: GraphQLOperation>(
    dataChunk: Data, mergingIncrementalItemsInto existingResult: ParsedResult<Operation>?
  ) async throws -> ParsedResult<Operation>? {
    if let modeError { throw modeError }
    switch mode {
    case .single:
      guard let object = try? JSONParser.parseObject(dataChunk) else {
        throw JSONResponseParsingError.couldNotParseToJSON(data: dataChunk)
      }
      return try result(for: GraphQLResponseBody(object), operation: Operation.self)
    case .deferred:
      let object = try Self.partJSON(
        dataChunk, unsupported: { MultipartResponseDeferParser.ParsingError.unsupportedContentType(type: $0) },
        unreadable: MultipartResponseDeferParser.ParsingError.cannotParseChunkData)
      guard let object else { return nil }
      let outcome: DeferredParts.Outcome
      do {
        outcome = try deferred.withLock { try $0.merge(object) }
      } catch is IncrementalResponseMerger.PayloadError {
        throw MultipartResponseDeferParser.ParsingError.cannotParsePayloadData
      }
      guard case .updated(let body, let count, let previous) = outcome else { return nil }
      return try deferredResult(
        for: body, count: count, after: previous, incrementsAt: IncrementalResponseMerger.incrementPaths(of: object),
        operation: Operation.self)
    case .subscription:
      let object = try Self.partJSON(
        dataChunk, unsupported: { MultipartResponseSubscriptionParser.ParsingError.unsupportedContentType(type: $0) },
        unreadable: MultipartResponseSubscriptionParser.ParsingError.cannotParseChunkData)
      guard let object, !object.isEmpty else { return nil }  // heartbeat
      if case .array(let errors)? = object["errors"] {
        let messages = errors.compactMap { $0["message"]?.stringValue }.map { GraphQLError(message: $0) }
        throw MultipartResponseSubscriptionParser.ParsingError.irrecoverableErrors(messages)
      }
      guard case .object(let payload)? = object["payload"] else { return nil }
      return try result(for: GraphQLResponseBody(payload), operation: Operation.self)
    }
  }

  /// ``parse(dataChunk:mergingIncrementalItemsInto:)`` of a body that an HTTP stage already parsed into
  /// `object` (``HTTPResponse/parsedBody``): the same result without parsing the bytes again. `nil` when
  /// the response is not read as one JSON document (multipart), where the parts must be read instead.
  package func parse<Operation: GraphQLOperation>(parsedBody object: JSON.Object, as _: Operation.Type) throws
    -> ParsedResult<Operation>?
  {
    if let modeError { throw modeError }
    guard case .single = mode else { return nil }
    return try result(for: GraphQLResponseBody(object), operation: Operation.self)
  }

  /// The result of a `@defer` response after a part: when the part brought increments at known paths and the part
  /// before was read here, only the objects at those paths are read again (``GraphQLExecutor/executeIncrements``);
  /// otherwise the whole merged response is read. Either way the same data and records.
  private func deferredResult<Operation: GraphQLOperation>(
    for body: GraphQLResponseBody, count: Int, after earlier: (any Sendable)?, incrementsAt paths: [[JSON]]?,
    operation: Operation.Type
  ) throws -> ParsedResult<Operation> {
    let parsed: ParsedResult<Operation>
    if let paths, let json = body.data,
       let previous = earlier as? ParsedResult<Operation>,
       let previousData = previous.result.data,
       let (data, records) = GraphQLExecutor.executeIncrements(
         Operation.self, variables: variables, data: json, paths: paths,
         previous: (previousData, previous.cacheRecords), normalizing: includeCacheRecords,
         cacheKeyForObject: normalizer.cacheKeyForObject, fieldKeys: fieldKeys)
    {
      let response = GraphQLResponse<Operation>(
        data: data, extensionsJSON: body.extensions, errors: body.errors, source: .server, dependentKeySource: nil)
      parsed = ParsedResult(result: response, cacheRecords: records)
    } else {
      parsed = try result(for: body, operation: Operation.self)
    }
    deferred.withLock { $0.keep(parsed, readAfter: count) }
    return parsed
  }

  private func result<Operation: GraphQLOperation>(for body: GraphQLResponseBody, operation: Operation.Type)
    throws -> ParsedResult<Operation>
  {
    var data: Operation.Data?
    var records: RecordSet?
    if let json = body.data {
      (data, records) = try normalizer.execute(
        Operation.self, variables: variables, data: json, normalizing: includeCacheRecords, fieldKeys: fieldKeys)
    }
    let response = GraphQLResponse<Operation>(
      data: data, extensionsJSON: body.extensions, errors: body.errors, source: .server, dependentKeySource: nil)
    return ParsedResult(result: response, cacheRecords: records)
  }

  /// 2.x's part rules, as upstream 2.x: only the first content-type directive may name JSON, and a blank
  /// part without headers is unreadable (1.x differs; MIGRATION.md, section 4).
  static let partReading = MultipartPartReading(contentType: .firstDirective, blankPart: .skipOnlyWithHeaders)

  /// The JSON of one multipart part: headers (optional) then a JSON body. `nil` for an empty part.
  private static func partJSON(
    _ chunk: Data, unsupported: (String) -> any Error, unreadable: any Error
  ) throws -> JSON.Object? {
    try partReading.object(of: MultipartPart.parse(chunk), unsupportedContentType: unsupported, unreadable: unreadable)
  }
}
