import ApolloAPI
import ApolloCore
import Foundation

// A boxed 0.x operation on a chain written for today's operations (the 1.x request chain): the core's executor
// hands its response and cache reads here, so the chain's parsing and cache interceptors read it with 0.x's
// rules and keys, and the result carries the `ResultMap` the client wraps in the operation's `Data`.

extension LegacyOperationBox: SelfExecutingOperation {
  package static func executeResponse(
    data: JSON.Object, variables: ApolloAPI.GraphQLOperation.Variables?, normalizing: Bool,
    cacheKeyForObject: CacheKeyForObject?
  ) throws -> (data: LegacyResponsePlaceholder, records: RecordSet?) {
    // Not normalizing is `fetchIgnoringCacheCompletely` (or a mutation not published), where 0.x read with
    // `parseResultFast()`'s rules.
    var executor = LegacyExecutor(variables: legacyVariables(variables), normalizing: normalizing,
                                  cacheKeyForObject: cacheKeyForObject, requiringTypenames: !normalizing)
    let resultMap = try executor.execute(Operation.Data.selections, on: LegacyJSONConversion.object(data),
                                         rootKey: rootKey)
    return (LegacyResponsePlaceholder(resultMap: resultMap), normalizing ? executor.records : nil)
  }

  package static func readFromCache(
    _ cache: any NormalizedCache, variables: ApolloAPI.GraphQLOperation.Variables?
  ) throws -> (data: LegacyResponsePlaceholder, dependentKeys: Set<CacheKey>) {
    var reader = LegacyExecutor(variables: legacyVariables(variables), cache: cache)
    let resultMap = try reader.read(Operation.Data.selections, fromRecord: rootKey)
    return (LegacyResponsePlaceholder(resultMap: resultMap), reader.dependentKeys)
  }

  /// `QUERY_ROOT`, `MUTATION_ROOT` or `SUBSCRIPTION_ROOT`, as the operation recorded when boxed.
  private static var rootKey: CacheKey { LegacyOperationMetadata.of(Operation.self).type.rootKey }

  /// The box's wire variables as the 0.x executor takes them: JSON `null` as an unset value, anything else as
  /// its Foundation form (what the variable's own `jsonValue` gave when it was boxed).
  private static func legacyVariables(_ variables: ApolloAPI.GraphQLOperation.Variables?) -> GraphQLMap? {
    guard let variables else { return nil }
    var map = GraphQLMap(minimumCapacity: variables.count)
    for (name, value) in variables {
      guard let json = (value as? LegacyWireVariable)?.json else { continue }
      if case .null = json {
        map[name] = .some(nil)
      } else {
        map[name] = LegacyJSONVariable(jsonValue: LegacyJSONConversion.value(json))
      }
    }
    return map
  }
}

/// A variable value as the wire sent it, in Foundation form.
struct LegacyJSONVariable: JSONEncodable {
  let jsonValue: JSONValue
}
