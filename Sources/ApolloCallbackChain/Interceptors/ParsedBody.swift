import Foundation

/// A response body read into a typed result and, unless the policy skips the cache, its records: what the
/// JSON and the incremental (`@defer`) parsing interceptors both put on the response.
struct ParsedBody<Operation: GraphQLOperation> {
  let result: GraphQLResult<Operation.Data>
  let records: RecordSet?

  init(_ body: GraphQLResponseBody, operation: Operation, cachePolicy: CachePolicy, normalizer: ResponseNormalizer) throws {
    let normalizing = cachePolicy != .fetchIgnoringCacheCompletely
    var data: Operation.Data?
    var records: RecordSet?
    if let json = body.data {
      (data, records) = try normalizer.execute(operation, data: json, normalizing: normalizing)
    }
    // Without `data` there was nothing to track: `nil`, as 1.x's result had it, not an empty set.
    var dependentKeys: DependentKeys?
    if normalizing, let records { dependentKeys = DependentKeys(fieldsOf: records) }
    self.result = GraphQLResult(data: data, extensionsJSON: body.extensions, errors: body.errors, source: .server,
                                dependentKeySource: dependentKeys)
    self.records = records
  }
}
