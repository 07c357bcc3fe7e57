import Foundation

extension ApolloStore {
  /// The cached result of `operation`, or `nil` when the store cannot answer it completely.
  public func load<Operation: GraphQLOperation>(_ operation: Operation) async throws -> GraphQLResponse<Operation>? {
    // A record missing a required field is a partial result: a miss, not an error.
    guard let cached = try readIfComplete(operation) else { return nil }
    return GraphQLResponse(
      data: cached.data, extensions: nil, errors: nil, source: .cache, dependentKeys: cached.dependentKeys)
  }

  /// Writes records.
  public func publish(records: RecordSet) async throws {
    try publishRecords(records)
  }

  /// Drops every record.
  public func clearCache() async throws {
    try removeAll()
  }
}
