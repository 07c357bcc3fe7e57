@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
import Foundation

/// The selection-driven executor: the one place where response data and cache records are read
/// through generated selections and normalized with upstream's cache keys.
public enum GraphQLExecutor {
  /// Reads a response's `data` as the operation's `Data`.
  ///
  /// - Parameter normalizing: also build the records a cache write stores (rooted at the operation
  ///   type's root record); `false` skips that work (upstream's "ignore the cache completely" path).
  /// - Throws: ``GraphQLExecutionError`` for data that does not match the selections.
  public static func execute<Operation: ApolloAPI.GraphQLOperation>(
    _ operation: Operation, data: JSONObject, normalizing: Bool
  ) throws -> (data: Operation.Data, records: RecordSet?) {
    var executor = NetworkResponseExecutor(variables: operation.__variables, normalizing: normalizing)
    let rootKey = CacheReference.rootCacheReference(for: Operation.operationType).key
    let dataDict = try executor.execute(rootType: Operation.Data.self, object: data, rootKey: rootKey)
    return (Operation.Data(_dataDict: dataDict), normalizing ? executor.records : nil)
  }

  /// Reads `data` as `type`, the selection set of an object whose record key is `rootKey`.
  public static func execute<Data: ApolloAPI.SelectionSet>(
    _ type: Data.Type, data: JSONObject, variables: ApolloAPI.GraphQLOperation.Variables? = nil,
    rootKey: CacheKey, normalizing: Bool
  ) throws -> (data: Data, records: RecordSet?) {
    var executor = NetworkResponseExecutor(variables: variables, normalizing: normalizing)
    let dataDict = try executor.execute(rootType: type, object: data, rootKey: rootKey)
    return (Data(_dataDict: dataDict), normalizing ? executor.records : nil)
  }

  /// Reads the operation's `Data` from the cache, with the `RecordKey.field` keys it depends on.
  ///
  /// - Throws: `JSONDecodingError.missingValue` (bare) when the root record is absent, otherwise
  ///   ``GraphQLExecutionError`` naming the missing or mismatched field.
  public static func read<Operation: ApolloAPI.GraphQLOperation>(
    _ operation: Operation, from cache: any NormalizedCache
  ) throws -> (data: Operation.Data, dependentKeys: Set<CacheKey>) {
    try read(Operation.Data.self, withKey: CacheReference.rootCacheReference(for: Operation.operationType).key,
             variables: operation.__variables, from: cache)
  }

  /// Reads `type` from the record `key`.
  public static func read<Data: ApolloAPI.SelectionSet>(
    _ type: Data.Type, withKey key: CacheKey, variables: ApolloAPI.GraphQLOperation.Variables? = nil,
    from cache: any NormalizedCache
  ) throws -> (data: Data, dependentKeys: Set<CacheKey>) {
    var executor = CacheReadExecutor(cache: cache, variables: variables)
    let dataDict = try executor.execute(rootType: type, key: key)
    return (Data(_dataDict: dataDict), executor.dependentKeys)
  }
}
