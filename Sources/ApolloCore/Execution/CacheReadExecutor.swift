@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
import Foundation

/// Reads normalized records through generated selections, so data written by one operation serves
/// every operation that selects the same fields.
///
/// Fields are looked up by their cache key (name and arguments), references are followed (the
/// records a list refers to are loaded in one batch), `@defer` fragments are fulfilled when their
/// fields are all cached and left pending otherwise, and every field read is recorded as a
/// dependent key (`RecordKey.field`) for watchers.
struct CacheReadExecutor {
  let cache: any NormalizedCache
  let variables: ApolloAPI.GraphQLOperation.Variables?
  /// Whether a nullable field absent from its record is left out of the data instead of failing the read:
  /// what a read-modify-write (`update`) allows, so a cached object missing an optional field can still be
  /// updated (and the field stays absent when it is written back).
  let allowsMissingNullableFields: Bool
  private(set) var dependentKeys: Set<CacheKey> = []
  private var loaded: [CacheKey: Record] = [:]

  init(cache: any NormalizedCache, variables: ApolloAPI.GraphQLOperation.Variables?, allowsMissingNullableFields: Bool = false) {
    self.cache = cache
    self.variables = variables
    self.allowsMissingNullableFields = allowsMissingNullableFields
  }

  /// Reads `rootType` from the record `key`.
  ///
  /// - Throws: a bare `JSONDecodingError.missingValue` when the record itself is absent (as
  ///   upstream), otherwise ``GraphQLExecutionError`` with the failing field's path.
  mutating func execute(rootType: any ApolloAPI.SelectionSet.Type, key: CacheKey) throws -> ApolloAPI.DataDict {
    guard let record = try load([key])[key] else { throw ApolloAPI.JSONDecodingError.missingValue }
    return try executeObject(selectionSetTypes: [rootType], schema: rootType._schema, record: record, path: [])
  }

  private mutating func load(_ keys: [CacheKey]) throws -> [CacheKey: Record] {
    let missing = Set(keys.filter { loaded[$0] == nil })
    if !missing.isEmpty {
      for (key, record) in try cache.loadRecords(forKeys: missing) { loaded[key] = record }
    }
    var found: [CacheKey: Record] = [:]
    for key in keys { if let record = loaded[key] { found[key] = record } }
    return found
  }

  private mutating func executeObject(
    selectionSetTypes: [any ApolloAPI.SelectionSet.Type], schema: any SchemaMetadata.Type, record: Record, path: [String]
  ) throws -> ApolloAPI.DataDict {
    var typename: String?
    if case .value(.string(let name))? = record.fields["__typename"] { typename = name }
    let runtimeType = FieldCollector.runtimeType(
      typename: typename, schema: schema, parentType: selectionSetTypes[0].__parentType)
    let collector = FieldCollector(variables: variables, runtimeType: runtimeType)
    var collected = CollectedFields(fulfilled: Set(selectionSetTypes.map(ObjectIdentifier.init)))
    for type in selectionSetTypes { collector.collect(type.__selections, into: &collected) }

    var data: [String: ApolloAPI.DataDict.FieldValue] = [:]
    try executeFields(collected.groups, schema: schema, record: record, path: path, into: &data)

    // A deferred fragment is fulfilled when all of its fields are cached; otherwise it stays pending
    // and the read still succeeds.
    for type in collected.deferredTypes {
      let fragmentFields = collector.collectDeferred(type)
      var fragmentData: [String: ApolloAPI.DataDict.FieldValue] = [:]
      let saved = self
      do {
        try executeFields(fragmentFields.groups, schema: schema, record: record, path: path, into: &fragmentData)
      } catch {
        self = saved
        continue
      }
      data.merge(fragmentData) { current, _ in current }
      collected.fulfil(deferred: type, by: fragmentFields)
    }
    return ApolloAPI.DataDict(data: data, fulfilledFragments: collected.fulfilled, deferredFragments: collected.deferred)
  }

  private mutating func executeFields(
    _ groups: [CollectedFields.Group], schema: any SchemaMetadata.Type, record: Record, path: [String],
    into data: inout [String: ApolloAPI.DataDict.FieldValue]
  ) throws {
    for group in groups {
      let field = group.first
      let fieldPath = path + [field.responseKey]
      do {
        let fieldKey = try FieldCacheKey.key(for: field, variables: variables)
        dependentKeys.insert(record.key + "." + fieldKey)
        guard let value = try record.fields[fieldKey] ?? policyValue(for: field, schema: schema, path: fieldPath) else {
          if allowsMissingNullableFields, field.type.isNullable { continue }
          throw ApolloAPI.JSONDecodingError.missingValue
        }
        data[field.responseKey] = try complete(value, type: field.type, group: group, schema: schema, path: fieldPath)
      } catch let error as GraphQLExecutionError {
        throw error
      } catch {
        throw GraphQLExecutionError(path: ResponsePath(fieldPath), underlying: error)
      }
    }
  }

  /// A field the record does not hold, read through its field policy: references to the records the policy
  /// names, when they are all cached.
  private mutating func policyValue(for field: Selection.Field, schema: any SchemaMetadata.Type, path: [String]) throws -> RecordValue? {
    guard field.arguments != nil, let policy = FieldPolicyKeys(field: field, variables: variables, schema: schema, path: path) else {
      return nil
    }
    switch policy {
    case .single(let key):
      return try load([key])[key] == nil ? nil : .reference(key)
    case .list(let keys):
      let found = try load(keys)
      return keys.allSatisfy { found[$0] != nil } ? .list(keys.map { .reference($0) }) : nil
    }
  }

  private mutating func complete(
    _ value: RecordValue, type: Selection.Field.OutputType, group: CollectedFields.Group,
    schema: any SchemaMetadata.Type, path: [String]
  ) throws -> ApolloAPI.DataDict.FieldValue {
    if case .value(.null) = value {
      if case .nonNull = type { throw ApolloAPI.JSONDecodingError.nullValue }
      return NSNull()
    }
    switch type {
    case .nonNull(let inner):
      return try complete(value, type: inner, group: group, schema: schema, path: path)
    case .scalar(let scalarType):
      guard case .value(let json) = value else { throw ApolloAPI.JSONDecodingError.wrongType }
      return try ScalarDecoding.decode(json, as: scalarType)
    case .customScalar(let scalarType):
      guard case .value(let json) = value else { throw ApolloAPI.JSONDecodingError.wrongType }
      return try scalarType.init(_jsonValue: json.apiValue)
    case .list(let elementType):
      let elements: [RecordValue]
      switch value {
      case .list(let values): elements = values
      case .value(.array(let values)): elements = values.map { .value($0) }
      default: throw ApolloAPI.JSONDecodingError.wrongType
      }
      // The records this list refers to, in one load.
      let references = elements.compactMap { element -> CacheKey? in
        if case .reference(let key) = element { return key }
        return nil
      }
      if references.count > 1 { _ = try load(references) }
      var values: [ApolloAPI.DataDict.FieldValue?] = []
      values.reserveCapacity(elements.count)
      for (index, element) in elements.enumerated() {
        let elementPath = path + [String(index)]
        do {
          values.append(try complete(element, type: elementType, group: group, schema: schema, path: elementPath))
        } catch let error as GraphQLExecutionError {
          throw error
        } catch {
          throw GraphQLExecutionError(path: ResponsePath(elementPath), underlying: error)
        }
      }
      return ApolloAPI.DataDict.List(values)
    case .object(let rootType):
      guard case .reference(let key) = value else { throw ApolloAPI.JSONDecodingError.wrongType }
      guard let record = try load([key])[key] else { throw ApolloAPI.JSONDecodingError.missingValue }
      let selectionSetTypes = group.objectSelectionSetTypes(startingWith: rootType)
      return try executeObject(selectionSetTypes: selectionSetTypes, schema: schema, record: record, path: path)
    }
  }
}
