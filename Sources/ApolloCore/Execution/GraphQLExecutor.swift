@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
import Foundation

/// The selection-driven executor: the one place where response data and cache records are read
/// through generated selections and normalized with upstream's cache keys.
public enum GraphQLExecutor {
  /// Reads a response's `data` as the operation's `Data`.
  ///
  /// A `@defer` operation's deferred fragments are read when all of their fields are in `data` (a
  /// response merged from incremental payloads) and left pending otherwise.
  ///
  /// - Parameters:
  ///   - normalizing: also build the records a cache write stores (rooted at the operation type's root
  ///     record); `false` skips that work (upstream's "ignore the cache completely" path).
  ///   - cacheKeyForObject: the app's own key rule (0.x), asked before the schema's `cacheKeyInfo`.
  /// - Throws: ``GraphQLExecutionError`` for data that does not match the selections.
  public static func execute<Operation: ApolloAPI.GraphQLOperation>(
    _ operation: Operation, data: JSON.Object, normalizing: Bool, cacheKeyForObject: CacheKeyForObject? = nil
  ) throws -> (data: Operation.Data, records: RecordSet?) {
    try execute(
      Operation.self, variables: operation.__variables, data: data, normalizing: normalizing,
      cacheKeyForObject: cacheKeyForObject)
  }

  /// Reads a response's `data` as the `Data` of an operation known by its type and variables (what a
  /// parser that outlives no operation instance holds); otherwise as ``execute(_:data:normalizing:cacheKeyForObject:)``.
  public static func execute<Operation: ApolloAPI.GraphQLOperation>(
    _ operationType: Operation.Type, variables: ApolloAPI.GraphQLOperation.Variables?, data: JSON.Object,
    normalizing: Bool, cacheKeyForObject: CacheKeyForObject? = nil
  ) throws -> (data: Operation.Data, records: RecordSet?) {
    try execute(operationType, variables: variables, data: data, normalizing: normalizing,
                cacheKeyForObject: cacheKeyForObject, fieldKeys: nil)
  }

  /// As the public form, keeping variable-dependent field keys in `fieldKeys` (which must only ever see
  /// these `variables`) for the next part of the same response.
  package static func execute<Operation: ApolloAPI.GraphQLOperation>(
    _ operationType: Operation.Type, variables: ApolloAPI.GraphQLOperation.Variables?, data: JSON.Object,
    normalizing: Bool, cacheKeyForObject: CacheKeyForObject?, fieldKeys: FieldKeyMemo?
  ) throws -> (data: Operation.Data, records: RecordSet?) {
    if let own = Operation.self as? any SelfExecutingOperation.Type {
      return try executeSelf(own, as: Operation.self, variables: variables, data: data, normalizing: normalizing,
                             cacheKeyForObject: cacheKeyForObject)
    }
    var executor = NetworkResponseExecutor(
      variables: variables, normalizing: normalizing, cacheKeyForObject: cacheKeyForObject,
      readsArrivedDeferredFragments: Operation.hasDeferredFragments, fieldKeys: fieldKeys)
    let rootKey = CacheReference.rootCacheReference(for: Operation.operationType).key
    let dataDict = try executor.execute(rootType: Operation.Data.self, object: data, rootKey: rootKey)
    return (Operation.Data(_dataDict: dataDict), normalizing ? executor.records : nil)
  }

  /// The records a cache write of `data` as the response to `operation` stores, without keeping the data
  /// read: what ``execute(_:data:normalizing:cacheKeyForObject:)`` returns as its records, failing the same way.
  static func records<Operation: ApolloAPI.GraphQLOperation>(
    for operation: Operation, data: JSON.Object, cacheKeyForObject: CacheKeyForObject?
  ) throws -> RecordSet {
    if let own = Operation.self as? any SelfExecutingOperation.Type {
      return try executeSelf(own, as: Operation.self, variables: operation.__variables, data: data, normalizing: true,
                             cacheKeyForObject: cacheKeyForObject).records ?? RecordSet()
    }
    var executor = NetworkResponseExecutor(
      variables: operation.__variables, normalizing: true, cacheKeyForObject: cacheKeyForObject,
      readsArrivedDeferredFragments: Operation.hasDeferredFragments, buildsData: false)
    let rootKey = CacheReference.rootCacheReference(for: Operation.operationType).key
    _ = try executor.execute(rootType: Operation.Data.self, object: data, rootKey: rootKey)
    return executor.records
  }

  /// Reads `data` as `type`, the selection set of an object whose record key is `rootKey`.
  public static func execute<Data: ApolloAPI.SelectionSet>(
    _ type: Data.Type, data: JSON.Object, variables: ApolloAPI.GraphQLOperation.Variables? = nil,
    rootKey: CacheKey, normalizing: Bool
  ) throws -> (data: Data, records: RecordSet?) {
    var executor = NetworkResponseExecutor(variables: variables, normalizing: normalizing)
    let dataDict = try executor.execute(rootType: type, object: data, rootKey: rootKey)
    return (Data(_dataDict: dataDict), normalizing ? executor.records : nil)
  }

  /// Reads hand-written JSON (a mock, a preview, a payload from elsewhere) as `type`, as upstream's
  /// `RootSelectionSet.init(data:variables:)` does: the network executor without records, a nullable field may
  /// be absent (it reads as `nil`), and a missing non-null field or a value of the wrong type throws
  /// ``GraphQLExecutionError`` naming it.
  public static func selectionSet<Data: ApolloAPI.RootSelectionSet>(
    _ type: Data.Type, from data: JSON.Object, variables: ApolloAPI.GraphQLOperation.Variables?
  ) throws -> Data {
    var executor = NetworkResponseExecutor(variables: variables, normalizing: false, allowsMissingNullableFields: true)
    return Data(_dataDict: try executor.execute(rootType: type, object: data, rootKey: nil))
  }

  /// As ``selectionSet(_:from:variables:)``, from JSON in the API's value form (what both generations'
  /// `RootSelectionSet.init(data:variables:)` are given).
  package static func selectionSet<Data: ApolloAPI.RootSelectionSet>(
    _ type: Data.Type, from data: ApolloAPI.JSONObject, variables: ApolloAPI.GraphQLOperation.Variables?
  ) throws -> Data {
    guard case .object(let object)? = JSON(apiValue: data) else {
      throw ApolloAPI.JSONDecodingError.couldNotConvert(value: String(describing: data), to: JSON.Object.self)
    }
    return try selectionSet(type, from: object, variables: variables)
  }

  /// Reads the operation's `Data` from the cache, with the `RecordKey.field` keys it depends on.
  ///
  /// - Throws: `JSONDecodingError.missingValue` (bare) when the root record is absent, otherwise
  ///   ``GraphQLExecutionError`` naming the missing or mismatched field; an operation that reads itself
  ///   (``SelfExecutingOperation``, a boxed `API.swift` operation) throws its own executor's errors
  ///   (``GraphQLResultError``). ``isCacheMiss(_:)`` tells a miss from a failing cache for both.
  public static func read<Operation: ApolloAPI.GraphQLOperation>(
    _ operation: Operation, from cache: any NormalizedCache
  ) throws -> (data: Operation.Data, dependentKeys: Set<CacheKey>) {
    let read = try readDeferringKeys(operation, from: cache)
    return (read.data, read.dependentKeys.keys)
  }

  /// As ``read(_:from:)``, with the dependent keys made a set only when somebody reads them: the result of a
  /// cache hit is nearly always delivered without that (only watchers read it).
  package static func readDeferringKeys<Operation: ApolloAPI.GraphQLOperation>(
    _ operation: Operation, from cache: any NormalizedCache
  ) throws -> (data: Operation.Data, dependentKeys: DependentKeys) {
    if let own = Operation.self as? any SelfExecutingOperation.Type {
      let read = try readSelf(own, as: Operation.self, variables: operation.__variables, from: cache)
      return (read.data, DependentKeys(read.dependentKeys))
    }
    return try readDeferringKeys(Operation.Data.self, withKey: CacheReference.rootCacheReference(for: Operation.operationType).key,
                                 variables: operation.__variables, from: cache)
  }

  /// Reads `type` from the record `key`.
  public static func read<Data: ApolloAPI.SelectionSet>(
    _ type: Data.Type, withKey key: CacheKey, variables: ApolloAPI.GraphQLOperation.Variables? = nil,
    from cache: any NormalizedCache
  ) throws -> (data: Data, dependentKeys: Set<CacheKey>) {
    let read = try readDeferringKeys(type, withKey: key, variables: variables, from: cache)
    return (read.data, read.dependentKeys.keys)
  }

  /// As ``read(_:withKey:variables:from:)``, with the dependent keys kept as the read recorded them.
  private static func readDeferringKeys<Data: ApolloAPI.SelectionSet>(
    _ type: Data.Type, withKey key: CacheKey, variables: ApolloAPI.GraphQLOperation.Variables?,
    from cache: any NormalizedCache
  ) throws -> (data: Data, dependentKeys: DependentKeys) {
    var executor = CacheReadExecutor(cache: cache, variables: variables)
    let dataDict = try executor.execute(rootType: type, key: key)
    return (Data(_dataDict: dataDict), executor.dependentKeySource)
  }

  /// Whether a read failed because the cache does not hold the data (a missing record or field:
  /// `JSONDecodingError.missingValue`, bare or wrapped), rather than because what it holds is of the wrong
  /// shape (`nullValue`, `wrongType`, `couldNotConvert`) or the cache itself failed. 2.x's `load` answers
  /// `nil` for a miss and throws the others, as upstream 2.x does.
  public static func isCacheMiss(_ error: any Error) -> Bool {
    switch error {
    case let error as ApolloAPI.JSONDecodingError: return error == .missingValue
    case let error as any CacheMissReason: return error.isMissingValue
    case let error as GraphQLExecutionError: return isCacheMiss(error.underlying)
    case let error as GraphQLResultError: return isCacheMiss(error.underlying)
    default: return false
    }
  }
}
