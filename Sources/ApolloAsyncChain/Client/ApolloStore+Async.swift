import Foundation

extension ApolloStore {
  /// The cached result of `operation`, or `nil` when a record or field it needs is missing. Data of the wrong
  /// shape (a `null` in a non-null field, a value of the wrong type) throws, naming the field, as upstream 2.x.
  public func load<Operation: GraphQLOperation>(_ operation: Operation) async throws -> GraphQLResponse<Operation>? {
    // A record missing a required field is a partial result: a miss, not an error.
    guard let cached = try readIfCompleteDeferringKeys(operation) else { return nil }
    return GraphQLResponse(
      data: cached.data, extensionsJSON: nil, errors: nil, source: .cache, dependentKeySource: cached.dependentKeys)
  }

  /// Writes records.
  public func publish(records: RecordSet) async throws {
    try await publishRecordsSuspending(records)
  }

  /// Drops every record.
  public func clearCache() async throws {
    try await removeAllSuspending()
  }

  /// Runs `body` in a read transaction (read transactions run side by side) and returns its result.
  public func withinReadTransaction<T: Sendable>(_ body: @Sendable @escaping (ReadTransaction) async throws -> T) async throws -> T {
    try await performReadTransaction(body)
  }

  /// Runs `body` in a read-write transaction, alone in the store, and returns its result.
  public func withinReadWriteTransaction<T: Sendable>(
    _ body: @Sendable @escaping (ReadWriteTransaction) async throws -> T
  ) async throws -> T {
    try await performReadWriteTransaction(body)
  }
}
