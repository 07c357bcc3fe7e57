import Foundation

/// A GraphQL response body for one operation, before it is read into the operation's `Data` (0.x).
///
/// This is what `HTTPNetworkTransport.send` delivers; `ApolloClient` reads it into a ``GraphQLResult``.
public final class GraphQLResponse<Data: RootSelectionSet>: Sendable {
  /// The whole response object.
  public let body: JSONObject
  /// Normalizes the response's `data` for the operation it answers (the operation itself is kept only
  /// inside this closure, since the class is generic over `Data`).
  private let makeRecords: @Sendable (ApolloStore, JSONObject) -> RecordSet

  public init<Operation: GraphQLOperation>(operation: Operation, body: JSONObject) where Operation.Data == Data {
    self.body = body
    self.makeRecords = { store, data in store.records(for: operation, data: data) }
  }

  /// The `errors` array: `nil` unless it is an array of objects, `[]` for an empty array.
  public func parseErrorsOnlyFast() -> [GraphQLError]? {
    guard case .array(let entries)? = body["errors"] else { return nil }
    var errors: [GraphQLError] = []
    errors.reserveCapacity(entries.count)
    for entry in entries {
      guard case .object(let object) = entry else { return nil }
      errors.append(GraphQLError(object))
    }
    return errors
  }

  /// Reads the response without normalizing it: `dependentKeys` is `nil`, the source `.server`.
  ///
  /// - Throws: ``GraphQLResultError`` wrapping a ``JSONDecodingError`` when `data` does not match the
  ///   selection set. `data: null` (or no `data`) is not an error: the result's `data` is `nil`.
  public func parseResultFast() throws -> GraphQLResult<Data> {
    try parseResult(dataReader: body["data"]?.objectValue)
  }

  /// Reads the response and writes its records to `store` before returning, so a handler that reads
  /// the store sees them (0.x returned before the write finished).
  func parseResult(publishingTo store: ApolloStore) throws -> GraphQLResult<Data> {
    let result = try parseResultFast()
    if let data = body["data"]?.objectValue {
      try store.publishRecords(makeRecords(store, data))
    }
    return result
  }

  private func parseResult(dataReader data: JSONObject?) throws -> GraphQLResult<Data> {
    let decoded: Data?
    if let data {
      do {
        decoded = try Data(data: data)
      } catch let error as JSONDecodingError {
        throw GraphQLResultError(path: error.path, underlying: error)
      }
    } else {
      decoded = nil
    }
    return GraphQLResult(data: decoded, extensionsJSON: body["extensions"]?.objectValue, errors: parseErrorsOnlyFast(),
                         source: .server, dependentKeys: nil)
  }
}
