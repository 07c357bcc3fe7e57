@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
import Foundation

/// Reads a response's `data` through an operation's generated selections into a `DataDict`, and
/// (when asked) normalizes it into records with upstream's cache keys in the same walk.
///
/// Every selected field must be present (a nullable one too); `null` is allowed only in nullable
/// fields; values are converted with the generated scalar types. A mismatch throws
/// ``GraphQLExecutionError`` with the field's response path; there is no partial data.
struct NetworkResponseExecutor {
  let variables: ApolloAPI.GraphQLOperation.Variables?
  /// Whether to build records as well.
  let normalizing: Bool
  /// Whether to keep the values read (`false` when only the records are wanted: every value is still
  /// read and checked, so the same data fails the same way).
  let buildsData: Bool
  private(set) var records = RecordSet()
  /// The response path of the field being completed: pushed and popped as the walk goes, and read
  /// only when an error needs it.
  private var currentPath = ExecutionPath()
  var recentFields = RecentCollectedFields()

  /// The app's own key rule (0.x `cacheKeyForObject`), asked before the schema's `cacheKeyInfo`.
  let cacheKeyForObject: CacheKeyForObject?
  /// Whether deferred fragments whose data is present are read (a merged `@defer` response) rather than
  /// left pending unread (an initial payload).
  let readsArrivedDeferredFragments: Bool
  /// Field keys kept across executions with these `variables` (the parts of one response).
  let fieldKeys: FieldKeyMemo?
  /// Whether a nullable field may be absent (left out of the data), as `RootSelectionSet.init(data:variables:)`
  /// reads hand-written JSON; a response from a server must have every selected field.
  let allowsMissingNullableFields: Bool

  init(
    variables: ApolloAPI.GraphQLOperation.Variables?, normalizing: Bool, cacheKeyForObject: CacheKeyForObject? = nil,
    readsArrivedDeferredFragments: Bool = false, buildsData: Bool = true, fieldKeys: FieldKeyMemo? = nil,
    allowsMissingNullableFields: Bool = false
  ) {
    self.variables = variables
    self.allowsMissingNullableFields = allowsMissingNullableFields
    self.fieldKeys = fieldKeys
    self.normalizing = normalizing
    self.buildsData = buildsData
    self.cacheKeyForObject = cacheKeyForObject
    self.readsArrivedDeferredFragments = readsArrivedDeferredFragments
  }

  /// Executes `rootType`'s selections on `object`.
  ///
  /// - Parameters:
  ///   - rootKey: the record key of the root object (`QUERY_ROOT`, or the record an incremental
  ///     payload belongs to); `nil` keys the root by its path.
  ///   - path: the response path of `object` (non-empty for an incremental payload).
  mutating func execute(
    rootType: any ApolloAPI.SelectionSet.Type, object: JSON.Object, rootKey: CacheKey?, path: [String] = []
  ) throws -> ApolloAPI.DataDict {
    currentPath = ExecutionPath(path)
    return try executeObject(
      selectionSetTypes: [rootType], schema: rootType._schema, object: object,
      recordKey: rootKey ?? path.joined(separator: "."))
  }

  mutating func executeObject(
    selectionSetTypes: [any ApolloAPI.SelectionSet.Type], schema: any SchemaMetadata.Type, object: JSON.Object,
    recordKey: CacheKey
  ) throws -> ApolloAPI.DataDict {
    let shared = recentFields.fields(
      for: selectionSetTypes, schema: schema, variables: variables, typename: { object["__typename"]?.stringValue })

    var data = buildsData ? shared.fields.emptyData : [:]
    var record: Record? = normalizing ? Record(key: recordKey, fields: shared.fields.emptyRecordFields) : nil
    try executeFields(shared.fields.groups, schema: schema, object: object, recordKey: recordKey, into: &data, record: &record)
    guard readsArrivedDeferredFragments, !shared.fields.deferredTypes.isEmpty else {
      if let record { records.merge(record: record) }
      return ApolloAPI.DataDict(data: data, fulfilledFragments: shared.fields.fulfilled, deferredFragments: shared.fields.deferred)
    }

    var collected = shared.fields
    // A merged incremental response: a deferred fragment whose fields have all arrived is read (and
    // normalized) now; one still missing a field stays pending, with nothing of it kept.
    let collector = FieldCollector(
      variables: variables,
      runtimeType: FieldCollector.runtimeType(
        typename: object["__typename"]?.stringValue, schema: schema, parentType: selectionSetTypes[0].__parentType))
    for type in collected.deferredTypes {
      let fragmentFields = collector.collectDeferred(type)
      var fragmentData: [String: ApolloAPI.DataDict.FieldValue] = [:]
      var fragmentRecord = record
      // The fragment's records go into a set of their own, joined to the others once the fragment is read: kept
      // aside this way, a fragment that has not arrived is dropped without a copy of every record read before
      // it (a copy per fragment made a list with a fragment on each item quadratic in its length).
      var recordsBefore = RecordSet()
      swap(&recordsBefore, &records)
      do {
        try executeFields(
          fragmentFields.groups, schema: schema, object: object, recordKey: recordKey, into: &fragmentData,
          record: &fragmentRecord)
      } catch let error as GraphQLExecutionError where Self.isAbsentField(error) {
        // Not arrived yet. A value that arrived but does not fit (wrong type, null where non-null) is
        // an error of the response, and fails it like any other.
        records = recordsBefore
        continue
      }
      recordsBefore.merge(records: records)
      records = recordsBefore
      record = fragmentRecord
      DeferredFieldMerging.merge(fragmentData, into: &data)
      collected.fulfil(deferred: type, by: fragmentFields)
    }
    if let record { records.merge(record: record) }
    return ApolloAPI.DataDict(data: data, fulfilledFragments: collected.fulfilled, deferredFragments: collected.deferred)
  }

  /// Whether reading a deferred fragment failed only because one of its fields is absent.
  private static func isAbsentField(_ error: GraphQLExecutionError) -> Bool {
    if case .missingValue? = error.underlying as? ApolloAPI.JSONDecodingError { return true }
    return false
  }

  private mutating func executeFields(
    _ groups: [CollectedFields.Group], schema: any SchemaMetadata.Type, object: JSON.Object, recordKey: CacheKey,
    into data: inout [String: ApolloAPI.DataDict.FieldValue], record: inout Record?
  ) throws {
    for group in groups {
      if allowsMissingNullableFields, object[group.responseKey] == nil, group.first.type.isNullable { continue }
      currentPath.push(group.responseKey)
      defer { currentPath.pop() }
      do {
        // The field's record key is needed only for records (the cache path below is asked for then only).
        let fieldKey: String
        if !normalizing {
          fieldKey = ""
        } else if let fieldKeys {
          fieldKey = try fieldKeys.key(for: group, variables: variables)
        } else {
          fieldKey = try group.cacheKey(variables: variables)
        }
        var recordValue: RecordValue?
        let value = try complete(
          object[group.responseKey], type: group.first.type, group: group, schema: schema,
          cachePath: { recordKey + "." + fieldKey }, record: &recordValue)
        if buildsData { data[group.responseKey] = value }
        if let recordValue { record?.fields[fieldKey] = recordValue }
      } catch let error as GraphQLExecutionError {
        throw error
      } catch {
        throw GraphQLExecutionError(path: currentPath.responsePath, underlying: error)
      }
    }
  }

  /// Reads `raw` as `type`; when normalizing, also sets `record` to what the field's record stores.
  private mutating func complete(
    _ raw: JSON?, type: Selection.Field.OutputType, group: CollectedFields.Group,
    schema: any SchemaMetadata.Type, cachePath: () -> String, record: inout RecordValue?
  ) throws -> ApolloAPI.DataDict.FieldValue {
    guard let raw else { throw ApolloAPI.JSONDecodingError.missingValue }
    // Most fields are non-null: the marker is peeled here rather than by a call of its own.
    let valueType: Selection.Field.OutputType
    let isNonNull: Bool
    if case .nonNull(let inner) = type { (valueType, isNonNull) = (inner, true) } else { (valueType, isNonNull) = (type, false) }
    if case .null = raw {
      if isNonNull { throw ApolloAPI.JSONDecodingError.nullValue }
      if normalizing { record = .value(.null) }
      return NSNull()
    }
    switch valueType {
    case .nonNull(let inner):
      return try complete(raw, type: inner, group: group, schema: schema, cachePath: cachePath, record: &record)
    case .scalar(let scalarType):
      let value = try ScalarDecoding.decode(raw, as: scalarType)
      if normalizing { record = .value(raw) }
      return value
    case .customScalar(let scalarType):
      let value = try scalarType.init(_jsonValue: raw.serializationValue)
      if normalizing { record = .value(raw) }
      return value
    case .list(let elementType):
      guard case .array(let elements) = raw else { throw ApolloAPI.JSONDecodingError.wrongType }
      var values: [ApolloAPI.DataDict.FieldValue?] = []
      if buildsData { values.reserveCapacity(elements.count) }
      var recordValues: [RecordValue] = []
      if normalizing { recordValues.reserveCapacity(elements.count) }
      var holdsReferences = false
      for (index, element) in elements.enumerated() {
        currentPath.push(index: index)
        defer { currentPath.pop() }
        do {
          var elementRecord: RecordValue?
          let value = try complete(
            element, type: elementType, group: group, schema: schema,
            cachePath: { cachePath() + "." + String(index) }, record: &elementRecord)
          if buildsData { values.append(value) }
          if let elementRecord {
            if case .value = elementRecord {} else { holdsReferences = true }
            recordValues.append(elementRecord)
          }
        } catch let error as GraphQLExecutionError {
          throw error
        } catch {
          throw GraphQLExecutionError(path: currentPath.responsePath, underlying: error)
        }
      }
      if normalizing { record = holdsReferences ? .list(recordValues) : .value(raw) }
      return ApolloAPI.DataDict.List(values)
    case .object(let rootType):
      guard case .object(let object) = raw else { throw ApolloAPI.JSONDecodingError.wrongType }
      let selectionSetTypes = group.objectSelectionSetTypes(startingWith: rootType)
      let key: CacheKey
      if normalizing {
        key = ResponseObjectKey.key(of: object, schema: schema, rootType: rootType, cacheKeyForObject: cacheKeyForObject)
          ?? cachePath()
      } else {
        key = ""
      }
      let child = try executeObject(
        selectionSetTypes: selectionSetTypes, schema: schema, object: object, recordKey: key)
      if normalizing { record = .reference(key) }
      return child
    }
  }
}

/// Built-in scalars straight from the core's JSON, without boxing the value first when the kinds
/// match; anything else goes through the type's `init(_jsonValue:)`.
enum ScalarDecoding {
  static func decode(_ raw: JSON, as type: any ScalarType.Type) throws -> ApolloAPI.DataDict.FieldValue {
    switch raw {
    case .string(let string) where type == String.self: return string
    case .int(let int) where type == Int.self: return int
    case .bool(let bool) where type == Bool.self: return bool
    case .double(let double) where type == Double.self: return double
    default: return try type.init(_jsonValue: raw.apiValue)
    }
  }
}
