import Foundation

/// A GraphQL response body for one operation, before it is read into the operation's `Data` (0.x).
///
/// This is what `HTTPNetworkTransport.send` delivers; `ApolloClient` reads it into a ``GraphQLResult``.
public final class GraphQLResponse<Data: RootSelectionSet>: Sendable {
  /// The whole response object.
  public let body: JSON.Object
  /// Reads the response's `data` by the selections of the operation it answers, normalizing it with
  /// the given rules when asked (the operation itself is kept only inside this closure, since the
  /// class is generic over `Data`).
  private let execute: @Sendable (JSON.Object, ResponseNormalizer?) throws -> (data: Data, records: RecordSet?)

  /// Wraps the response object `body` for `operation`; nothing is read until the client asks for the result.
  public init<Operation: GraphQLOperation>(operation: Operation, body: JSON.Object) where Operation.Data == Data {
    self.body = body
    self.execute = { data, normalizer in
      try (normalizer ?? ResponseNormalizer()).execute(operation, data: data, normalizing: normalizer != nil)
    }
  }

  /// The `errors` array: `nil` unless it is an array of objects, `[]` for an empty array.
  public func parseErrorsOnlyFast() -> [GraphQLError]? {
    GraphQLResponseBody.errors(in: body["errors"])
  }

  /// Reads the response without normalizing it: `dependentKeys` is `nil`, the source `.server`.
  ///
  /// - Throws: ``GraphQLResultError`` wrapping a `JSONDecodingError` when `data` does not match the
  ///   selection set. `data: null` (or no `data`) is not an error: the result's `data` is `nil`.
  public func parseResultFast() throws -> GraphQLResult<Data> {
    try parseResult(normalizingWith: nil).result
  }

  /// Reads the response and writes its records to `store` before returning, so a handler that reads
  /// the store sees them (0.x returned before the write finished).
  /// `identifier` tags the write (the fetch's `context`), so the watcher that made the fetch does not take
  /// it for an outside change.
  func parseResult(publishingTo store: ApolloStore, identifier: UUID? = nil) throws -> GraphQLResult<Data> {
    let parsed = try parseResult(normalizingWith: store.normalizer)
    if let records = parsed.records { try store.publishRecords(records, identifier: identifier) }
    return parsed.result
  }

  private func parseResult(normalizingWith normalizer: ResponseNormalizer?) throws
    -> (result: GraphQLResult<Data>, records: RecordSet?)
  {
    var decoded: Data?
    var records: RecordSet?
    if let data = body["data"]?.objectValue {
      do {
        (decoded, records) = try execute(data, normalizer)
      } catch let error as GraphQLExecutionError {
        throw GraphQLResultError(path: error.path.toArray(), underlying: error.underlying)
      }
    }
    // Normalized, the result depends on every field it wrote (0.x's dependency tracker read the same keys).
    let dependentKeys = normalizer.map { _ in records.map { DependentKeys(fieldsOf: $0) } ?? DependentKeys([]) }
    let result = GraphQLResult(
      data: decoded, extensionsJSON: body["extensions"]?.objectValue, errors: parseErrorsOnlyFast(), source: .server,
      dependentKeySource: dependentKeys)
    return (result, records)
  }
}
