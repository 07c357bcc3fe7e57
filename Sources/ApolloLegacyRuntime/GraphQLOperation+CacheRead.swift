import ApolloCore

extension GraphQLOperation {
  /// The operation's data read from its root record in `cache` with 0.x's rules, and the `RecordKey.field` keys
  /// it was read from: what every client's cache policies and watchers read for an `API.swift` operation.
  ///
  /// - Throws: ``JSONDecodingError/missingValue`` when the root record is absent, otherwise `GraphQLResultError`
  ///   at the first missing field.
  package func readData(from cache: any NormalizedCache) throws -> (data: Data, dependentKeys: Set<CacheKey>) {
    var reader = LegacyExecutor(variables: variables, cache: cache)
    let resultMap = try reader.read(Data.selections, fromRecord: operationType.rootKey)
    return (Data(unsafeResultMap: resultMap), reader.dependentKeys)
  }
}
