@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
import Foundation

/// Normalizes a selection-set value an app holds (a local cache mutation's data, a fragment, an operation's
/// data built with its generated initializer) into records, with the same keys a network response gets.
///
/// Which selections apply is read from the data itself, as upstream's cache write does, not worked out again:
/// an inline fragment, named fragment or `@defer` fragment is written only when the `DataDict` lists it as
/// fulfilled; `@include`/`@skip` conditions are not evaluated (their fields are written when present), and a
/// non-null field under a condition is written only when it has a value. A field the data does not hold is
/// left out of the record (the record keeps what it had), so a partial model never erases cached fields.
struct SelectionSetModelNormalizer {
  let variables: ApolloAPI.GraphQLOperation.Variables?
  /// The app's own key rule (0.x `cacheKeyForObject`), asked before the schema's `cacheKeyInfo`.
  let cacheKeyForObject: CacheKeyForObject?
  private(set) var records = RecordSet()
  private var currentPath: [String] = []

  init(variables: ApolloAPI.GraphQLOperation.Variables?, cacheKeyForObject: CacheKeyForObject? = nil) {
    self.variables = variables
    self.cacheKeyForObject = cacheKeyForObject
  }

  /// Normalizes `data`, read as `type`, into the record `key` and the records it refers to.
  ///
  /// - Throws: ``GraphQLExecutionError`` with the field's path when a value does not fit its selection (an
  ///   object field holding something other than selection-set data, a list field holding a non-list).
  mutating func normalize(_ data: ApolloAPI.DataDict, as type: any ApolloAPI.SelectionSet.Type, key: CacheKey) throws {
    try normalizeObject(data, selectionSetTypes: [type], schema: type._schema, recordKey: key)
  }

  private mutating func normalizeObject(
    _ data: ApolloAPI.DataDict, selectionSetTypes: [any ApolloAPI.SelectionSet.Type],
    schema: any SchemaMetadata.Type, recordKey: CacheKey
  ) throws {
    var fields = ModelFields()
    for type in selectionSetTypes {
      fields.collect(type.__selections, fulfilled: data._fulfilledFragments, underCondition: false)
    }
    var record = Record(key: recordKey)
    for (group, underConditionOnly) in fields.finish() {
      let field = group.first
      guard let stored = data._data[group.responseKey] else { continue }
      let value = ModelValue(stored)
      if underConditionOnly, case .nonNull = field.type, value == .null { continue }
      currentPath.append(group.responseKey)
      defer { currentPath.removeLast() }
      do {
        let fieldKey = try group.cacheKey(variables: variables)
        record.fields[fieldKey] = try recordValue(
          value, type: field.type, group: group, schema: schema, cachePath: recordKey + "." + fieldKey)
      } catch let error as GraphQLExecutionError {
        throw error
      } catch {
        throw GraphQLExecutionError(path: ResponsePath(currentPath), underlying: error)
      }
    }
    records.merge(record: record)
  }

  private mutating func recordValue(
    _ value: ModelValue, type: Selection.Field.OutputType, group: CollectedFields.Group,
    schema: any SchemaMetadata.Type, cachePath: String
  ) throws -> RecordValue {
    if value == .null { return .value(.null) }
    switch type {
    case .nonNull(let inner):
      return try recordValue(value, type: inner, group: group, schema: schema, cachePath: cachePath)
    case .scalar, .customScalar:
      guard case .scalar(let stored) = value, let json = JSON(apiValue: stored) else {
        throw ApolloAPI.JSONDecodingError.wrongType
      }
      return .value(json)
    case .list(let elementType):
      guard case .list(let elements) = value else { throw ApolloAPI.JSONDecodingError.wrongType }
      var converted: [RecordValue] = []
      converted.reserveCapacity(elements.count)
      for (index, element) in elements.enumerated() {
        currentPath.append(String(index))
        defer { currentPath.removeLast() }
        do {
          converted.append(try recordValue(
            element, type: elementType, group: group, schema: schema, cachePath: cachePath + "." + String(index)))
        } catch let error as GraphQLExecutionError {
          throw error
        } catch {
          throw GraphQLExecutionError(path: ResponsePath(currentPath), underlying: error)
        }
      }
      // As a response is stored: a list of scalars as one JSON value, a list holding references as a list.
      let scalars = converted.compactMap { element -> JSON? in
        if case .value(let json) = element { return json }
        return nil
      }
      return scalars.count == converted.count ? .value(.array(scalars)) : .list(converted)
    case .object(let rootType):
      guard case .object(let child) = value else { throw ApolloAPI.JSONDecodingError.wrongType }
      let key = ResponseObjectKey.key(
        of: JSON.object(of: child) ?? [:], schema: schema, rootType: rootType, cacheKeyForObject: cacheKeyForObject)
        ?? cachePath
      try normalizeObject(
        child, selectionSetTypes: group.objectSelectionSetTypes(startingWith: rootType), schema: schema, recordKey: key)
      return .reference(key)
    }
  }
}

/// A value as a model stores it, whichever way it was built (by the executor or a generated initializer).
private enum ModelValue: Equatable {
  case null
  case scalar(any Sendable & Hashable)
  case list([ModelValue])
  case object(ApolloAPI.DataDict)

  init(_ stored: Any?) {
    guard let stored, !(stored is NSNull) else { self = .null; return }
    if let optional = stored as? any OptionalModelValue {
      guard let wrapped = optional.wrappedModelValue else { self = .null; return }
      self.init(wrapped)
      return
    }
    switch stored {
    case let data as ApolloAPI.DataDict: self = .object(data)
    case let list as ApolloAPI.DataDict.List: self = .list(list.elements.map { ModelValue($0) })
    case let dataDicts as [ApolloAPI.DataDict]: self = .list(dataDicts.map { .object($0) })
    case let array as [Any?]: self = .list(array.map { ModelValue($0) })
    case let scalar as any Sendable & Hashable: self = .scalar(scalar)
    default: self = .null
    }
  }

  static func == (lhs: ModelValue, rhs: ModelValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    default: return false
    }
  }
}

/// Sees through an `Optional` of any wrapped type stored as an existential.
private protocol OptionalModelValue {
  var wrappedModelValue: Any? { get }
}

extension Optional: OptionalModelValue {
  fileprivate var wrappedModelValue: Any? {
    switch self {
    case .none: return nil
    case .some(let wrapped): return wrapped
    }
  }
}

/// The fields a model write covers, grouped by response key in first-seen order, each group with whether every
/// selection of its key sits under an `@include`/`@skip` condition.
private struct ModelFields {
  private struct PendingGroup {
    let first: Selection.Field
    var others: [Selection.Field] = []
    var underConditionOnly: Bool
  }

  private var pending: [PendingGroup] = []
  private var indexByKey: [String: Int] = [:]
  private var visited: Set<ObjectIdentifier> = []

  mutating func collect(_ selections: [Selection], fulfilled: Set<ObjectIdentifier>, underCondition: Bool) {
    for selection in selections {
      switch selection {
      case .field(let field):
        add(field, underCondition: underCondition)
      case .conditional(_, let inner):
        collect(inner, fulfilled: fulfilled, underCondition: true)
      case .inlineFragment(let type):
        descend(into: type, fulfilled: fulfilled, underCondition: underCondition)
      case .fragment(let type):
        descend(into: type, fulfilled: fulfilled, underCondition: underCondition)
      case .deferred(_, let type, _):
        descend(into: type, fulfilled: fulfilled, underCondition: underCondition)
      }
    }
  }

  /// The groups as the executors use them (cache key, child selection sets), each with its condition flag.
  func finish() -> [(group: CollectedFields.Group, underConditionOnly: Bool)] {
    pending.map { (CollectedFields.Group(first: $0.first, others: $0.others), $0.underConditionOnly) }
  }

  private mutating func descend(into type: any ApolloAPI.SelectionSet.Type, fulfilled: Set<ObjectIdentifier>, underCondition: Bool) {
    let id = ObjectIdentifier(type)
    guard fulfilled.contains(id), visited.insert(id).inserted else { return }
    collect(type.__selections, fulfilled: fulfilled, underCondition: underCondition)
  }

  private mutating func add(_ field: Selection.Field, underCondition: Bool) {
    if let index = indexByKey[field.responseKey] {
      pending[index].others.append(field)
      if !underCondition { pending[index].underConditionOnly = false }
    } else {
      indexByKey[field.responseKey] = pending.count
      pending.append(PendingGroup(first: field, underConditionOnly: underCondition))
    }
  }
}
