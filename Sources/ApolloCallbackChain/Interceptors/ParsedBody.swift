import Foundation

/// A response body read into a typed result and, unless the policy skips the cache, its records: what the
/// JSON and the incremental (`@defer`) parsing interceptors both put on the response.
struct ParsedBody<Operation: GraphQLOperation>: Sendable {
  let result: GraphQLResult<Operation.Data>
  let records: RecordSet?

  /// - Parameters:
  ///   - previous: the reading of the same `@defer` response before this part, and `paths`, where this part's
  ///     increments arrived: only the objects there are read again (``GraphQLExecutor/executeIncrements``), for the
  ///     same result as reading the whole body.
  init(
    _ body: GraphQLResponseBody, operation: Operation, cachePolicy: CachePolicy, normalizer: ResponseNormalizer,
    after previous: ParsedBody? = nil, incrementsAt paths: [[JSON]]? = nil
  ) throws {
    let normalizing = cachePolicy != .fetchIgnoringCacheCompletely
    var data: Operation.Data?
    var records: RecordSet?
    if let json = body.data {
      if let previous, let paths, let previousData = previous.result.data,
         let read = GraphQLExecutor.executeIncrements(
           Operation.self, variables: operation.__variables, data: json, paths: paths,
           previous: (previousData, previous.records), normalizing: normalizing,
           cacheKeyForObject: normalizer.cacheKeyForObject, fieldKeys: nil)
      {
        (data, records) = read
      } else {
        (data, records) = try normalizer.execute(operation, data: json, normalizing: normalizing)
      }
    }
    // Without `data` there was nothing to track: `nil`, as 1.x's result had it, not an empty set.
    var dependentKeys: DependentKeys?
    if normalizing, let records { dependentKeys = DependentKeys(fieldsOf: records) }
    self.result = GraphQLResult(data: data, extensionsJSON: body.extensions, errors: body.errors, source: .server,
                                dependentKeySource: dependentKeys)
    self.records = records
  }
}
