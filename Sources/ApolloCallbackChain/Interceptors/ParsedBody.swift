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
    var dependentKeys: Set<CacheKey>?
    if normalizing { dependentKeys = records?.fieldKeys ?? [] }
    self.result = GraphQLResult(data: data, extensionsJSON: body.extensions, errors: body.errors, source: .server,
                                dependentKeys: dependentKeys)
    self.records = records
  }
}

extension RecordSet {
  /// Every `RecordKey.field` in the set: the keys a result built from these records depends on.
  var fieldKeys: Set<CacheKey> {
    var keys: Set<CacheKey> = []
    for (key, record) in storage {
      for field in record.fields.keys { keys.insert(key + "." + field) }
    }
    return keys
  }
}
