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
  /// The fields read so far, repeats included: a list of unjoined parts grows more cheaply than a set of
  /// `RecordKey.field` strings, which is built only if somebody reads the keys (``dependentKeySource``).
  private var dependentKeyList: [DependentKeys.RecordedField] = []
  /// Every `RecordKey.field` key the read depended on, made a set only when somebody reads them.
  var dependentKeySource: DependentKeys { DependentKeys(recorded: dependentKeyList) }
  /// Sized for a typical response's records, so that a read does not regrow it from empty.
  private var loaded = [CacheKey: Record](minimumCapacity: 16)
  /// The response path of the field being read: pushed and popped as the walk goes, and read only when
  /// an error (or a field policy) needs it.
  private var currentPath = ExecutionPath()
  private var recentFields = RecentCollectedFields()

  /// `cache` when it is the in-memory one, which loads straight into ``loaded``.
  private let memoryCache: InMemoryNormalizedCache?

  init(cache: any NormalizedCache, variables: ApolloAPI.GraphQLOperation.Variables?, allowsMissingNullableFields: Bool = false) {
    self.cache = cache
    self.memoryCache = cache as? InMemoryNormalizedCache
    self.variables = variables
    self.allowsMissingNullableFields = allowsMissingNullableFields
  }

  /// Reads `rootType` from the record `key`.
  ///
  /// - Throws: a bare `JSONDecodingError.missingValue` when the record itself is absent (as
  ///   upstream), otherwise ``GraphQLExecutionError`` with the failing field's path.
  mutating func execute(rootType: any ApolloAPI.SelectionSet.Type, key: CacheKey) throws -> ApolloAPI.DataDict {
    guard let record = try loadRecord(key) else { throw ApolloAPI.JSONDecodingError.missingValue }
    currentPath = ExecutionPath()
    return try executeObject(selectionSetTypes: [rootType], schema: rootType._schema, record: record)
  }

  /// The records of `keys` that exist, loaded in one call for those not loaded yet.
  private mutating func load(_ keys: [CacheKey]) throws -> [CacheKey: Record] {
    try preload(keys)
    var found: [CacheKey: Record] = [:]
    for key in keys { if let record = loaded[key] { found[key] = record } }
    return found
  }

  /// Loads the records of `keys` not loaded yet, in one call.
  private mutating func preload(_ keys: [CacheKey]) throws {
    if let memoryCache {
      memoryCache.load(missingFrom: keys, into: &loaded)
      return
    }
    var missing = Set<CacheKey>(minimumCapacity: keys.count)
    for key in keys where loaded[key] == nil { missing.insert(key) }
    if !missing.isEmpty {
      for (key, record) in try cache.loadRecords(forKeys: missing) { loaded[key] = record }
    }
  }

  /// The record of `key`, loaded (alone) when it has not been yet; `nil` when the cache does not hold it.
  private mutating func loadRecord(_ key: CacheKey) throws -> Record? {
    if let record = loaded[key] { return record }
    if let memoryCache {
      memoryCache.load(missingFrom: CollectionOfOne(key), into: &loaded)
      return loaded[key]
    }
    let found = try cache.loadRecords(forKeys: [key])
    for (key, record) in found { loaded[key] = record }
    return found[key]
  }

  private mutating func executeObject(
    selectionSetTypes: [any ApolloAPI.SelectionSet.Type], schema: any SchemaMetadata.Type, record: Record
  ) throws -> ApolloAPI.DataDict {
    let shared = recentFields.fields(
      for: selectionSetTypes, schema: schema, variables: variables, typename: { Self.typename(of: record) })

    var data = shared.fields.emptyData
    try executeFields(shared.fields.groups, schema: schema, record: record, into: &data)
    guard !shared.fields.deferredTypes.isEmpty else {
      return ApolloAPI.DataDict(data: data, fulfilledFragments: shared.fields.fulfilled, deferredFragments: shared.fields.deferred)
    }

    var collected = shared.fields
    // A deferred fragment is fulfilled when all of its fields are cached; otherwise it stays pending
    // and the read still succeeds.
    let collector = FieldCollector(
      variables: variables,
      runtimeType: FieldCollector.runtimeType(
        typename: Self.typename(of: record), schema: schema, parentType: selectionSetTypes[0].__parentType))
    for type in collected.deferredTypes {
      let fragmentFields = collector.collectDeferred(type)
      var fragmentData: [String: ApolloAPI.DataDict.FieldValue] = [:]
      // Only the fields noted while trying the fragment are taken back if it is not all cached: the records loaded
      // stay loaded (they are what the cache holds), and the path is balanced by each step. Taking back a copy of
      // the whole reader made every pending fragment copy every field noted before it (quadratic in a list's
      // length with a fragment on each item).
      let fieldsNotedBefore = dependentKeyList.count
      do {
        try executeFields(fragmentFields.groups, schema: schema, record: record, into: &fragmentData)
      } catch {
        dependentKeyList.removeSubrange(fieldsNotedBefore...)
        continue
      }
      DeferredFieldMerging.merge(fragmentData, into: &data)
      collected.fulfil(deferred: type, by: fragmentFields)
    }
    return ApolloAPI.DataDict(data: data, fulfilledFragments: collected.fulfilled, deferredFragments: collected.deferred)
  }

  private static func typename(of record: Record) -> String? {
    if case .value(.string(let name))? = record.fields["__typename"] { return name }
    return nil
  }

  private mutating func executeFields(
    _ groups: [CollectedFields.Group], schema: any SchemaMetadata.Type, record: Record,
    into data: inout [String: ApolloAPI.DataDict.FieldValue]
  ) throws {
    for group in groups {
      currentPath.push(group.responseKey)
      defer { currentPath.pop() }
      do {
        let fieldKey = try group.cacheKey(variables: variables)
        dependentKeyList.append(DependentKeys.RecordedField(record: record.key, field: fieldKey))
        guard let value = try record.fields[fieldKey] ?? policyValue(for: group.first, schema: schema) else {
          if allowsMissingNullableFields, group.first.type.isNullable { continue }
          throw ApolloAPI.JSONDecodingError.missingValue
        }
        data[group.responseKey] = try complete(value, type: group.first.type, group: group, schema: schema)
      } catch let error as GraphQLExecutionError {
        throw error
      } catch {
        throw GraphQLExecutionError(path: currentPath.responsePath, underlying: error)
      }
    }
  }

  /// A field the record does not hold, read through its field policy: references to the records the policy
  /// names, when they are all cached.
  private mutating func policyValue(for field: Selection.Field, schema: any SchemaMetadata.Type) throws -> RecordValue? {
    guard field.arguments != nil,
          let policy = FieldPolicyKeys(field: field, variables: variables, schema: schema, path: currentPath.keys) else {
      return nil
    }
    switch policy {
    case .single(let key):
      return try loadRecord(key) == nil ? nil : .reference(key)
    case .list(let keys):
      let found = try load(keys)
      return keys.allSatisfy { found[$0] != nil } ? .list(keys.map { .reference($0) }) : nil
    }
  }

  private mutating func complete(
    _ value: RecordValue, type: Selection.Field.OutputType, group: CollectedFields.Group,
    schema: any SchemaMetadata.Type
  ) throws -> ApolloAPI.DataDict.FieldValue {
    // Most fields are non-null: the marker is peeled here rather than by a call of its own.
    let valueType: Selection.Field.OutputType
    let isNonNull: Bool
    if case .nonNull(let inner) = type { (valueType, isNonNull) = (inner, true) } else { (valueType, isNonNull) = (type, false) }
    if case .value(.null) = value {
      if isNonNull { throw ApolloAPI.JSONDecodingError.nullValue }
      return NSNull()
    }
    switch valueType {
    case .nonNull(let inner):
      return try complete(value, type: inner, group: group, schema: schema)
    case .scalar(let scalarType):
      guard case .value(let json) = value else { throw ApolloAPI.JSONDecodingError.wrongType }
      return try ScalarDecoding.decode(json, as: scalarType)
    case .customScalar(let scalarType):
      guard case .value(let json) = value else { throw ApolloAPI.JSONDecodingError.wrongType }
      return try scalarType.init(_jsonValue: json.serializationValue)
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
      if references.count > 1 { try preload(references) }
      var values: [ApolloAPI.DataDict.FieldValue?] = []
      values.reserveCapacity(elements.count)
      for (index, element) in elements.enumerated() {
        currentPath.push(index: index)
        defer { currentPath.pop() }
        do {
          values.append(try complete(element, type: elementType, group: group, schema: schema))
        } catch let error as GraphQLExecutionError {
          throw error
        } catch {
          throw GraphQLExecutionError(path: currentPath.responsePath, underlying: error)
        }
      }
      return ApolloAPI.DataDict.List(values)
    case .object(let rootType):
      guard case .reference(let key) = value else { throw ApolloAPI.JSONDecodingError.wrongType }
      guard let record = try loadRecord(key) else { throw ApolloAPI.JSONDecodingError.missingValue }
      let selectionSetTypes = group.objectSelectionSetTypes(startingWith: rootType)
      return try executeObject(selectionSetTypes: selectionSetTypes, schema: schema, record: record)
    }
  }
}
