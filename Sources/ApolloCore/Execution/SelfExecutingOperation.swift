import ApolloAPI

/// An operation whose data is not read through generated selections but by an executor of its own: a 0.x
/// `API.swift` operation boxed to travel a chain written for today's operations (ApolloLegacyRuntime's
/// `LegacyOperationBox`).
///
/// ``GraphQLExecutor``'s operation entry points hand such an operation's response and cache reads over to it, so
/// every interceptor that parses a response or reads the store (and the store's own `read`) serves it with no
/// change: one chain, one wire, the operation's own rules for reading and keys.
package protocol SelfExecutingOperation: ApolloAPI.GraphQLOperation {
  /// Reads a response's `data` as `Data`; when `normalizing`, also the records a cache write stores, keyed by
  /// `cacheKeyForObject` when given.
  static func executeResponse(
    data: JSON.Object, variables: Variables?, normalizing: Bool, cacheKeyForObject: CacheKeyForObject?
  ) throws -> (data: Data, records: RecordSet?)

  /// Reads `Data` from the operation's root record in `cache`, with the `RecordKey.field` keys it was read from.
  static func readFromCache(
    _ cache: any NormalizedCache, variables: Variables?
  ) throws -> (data: Data, dependentKeys: Set<CacheKey>)
}

extension GraphQLExecutor {
  /// `own`'s response read, typed as `Operation.Data` (the same type: `own` is `Operation.self`, opened).
  static func executeSelf<Own: SelfExecutingOperation, Operation: ApolloAPI.GraphQLOperation>(
    _ own: Own.Type, as operation: Operation.Type, variables: ApolloAPI.GraphQLOperation.Variables?, data: JSON.Object,
    normalizing: Bool, cacheKeyForObject: CacheKeyForObject?
  ) throws -> (data: Operation.Data, records: RecordSet?) {
    let read = try Own.executeResponse(data: data, variables: variables, normalizing: normalizing,
                                       cacheKeyForObject: cacheKeyForObject)
    guard let typed = read.data as? Operation.Data else { throw SelfExecutionMismatch() }
    return (typed, read.records)
  }

  /// `own`'s cache read, typed as `Operation.Data`.
  static func readSelf<Own: SelfExecutingOperation, Operation: ApolloAPI.GraphQLOperation>(
    _ own: Own.Type, as operation: Operation.Type, variables: ApolloAPI.GraphQLOperation.Variables?,
    from cache: any NormalizedCache
  ) throws -> (data: Operation.Data, dependentKeys: Set<CacheKey>) {
    let read = try Own.readFromCache(cache, variables: variables)
    guard let typed = read.data as? Operation.Data else { throw SelfExecutionMismatch() }
    return (typed, read.dependentKeys)
  }
}

/// An error of a ``SelfExecutingOperation``'s own executor that may mean the cache does not hold the data (the
/// 0.x runtime's `JSONDecodingError`), as `ApolloAPI.JSONDecodingError.missingValue` means it for generated
/// selections: ``GraphQLExecutor/isCacheMiss(_:)`` counts it as a miss when ``isMissingValue``.
package protocol CacheMissReason: Error {
  /// Whether the error is a missing record or field (a miss), not data of the wrong shape.
  var isMissingValue: Bool { get }
}

/// Never thrown: a ``SelfExecutingOperation`` is opened from the operation's own type, so its `Data` is the
/// operation's. It stands where a force cast would.
struct SelfExecutionMismatch: Error {}
