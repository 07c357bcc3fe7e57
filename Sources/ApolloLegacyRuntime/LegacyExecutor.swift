import ApolloCore
import Foundation

/// Reads data through 0.x generated selections into a ``ResultMap``, with 0.x's rules, from a response's JSON
/// (optionally normalizing it into records with 0.x's cache keys in the same walk) or from the store's records.
///
/// 0.x's rules, which differ from the 1.x/2.x executor's: every selected field must be present (a nullable one
/// too); type cases are chosen by `__typename` strings; a `@include`/`@skip` variable must be given; an object
/// is keyed by the app's `cacheKeyForObject` alone (no typename prefix), else by its path; a `null` argument is
/// left out of a field's cache key. Failures are `GraphQLResultError`s carrying the response path.
///
/// Reading a response without normalizing it can follow 0.x's `parseResultFast()` instead (`requiringTypenames`),
/// the reader 0.x used under `fetchIgnoringCacheCompletely`: every nested object must carry `__typename`, and the
/// root's type cases and fragment spreads see no runtime type.
package struct LegacyExecutor {
  /// The operation's variables; a `nil` value (an optional variable left unset) reads as JSON `null`.
  private let variables: [String: any JSONEncodable]
  private let cacheKeyForObject: CacheKeyForObject?
  /// Whether to build records while reading a response.
  private let normalizing: Bool
  /// `parseResultFast()`'s rules for a response.
  private let requiresTypenames: Bool
  package private(set) var records = RecordSet()
  package private(set) var dependentKeys: Set<CacheKey> = []
  private var loaded: [CacheKey: Record] = [:]
  private let cache: (any NormalizedCache)?
  private var path: [String] = []

  package init(variables: GraphQLMap?, normalizing: Bool = false, cacheKeyForObject: CacheKeyForObject? = nil,
               cache: (any NormalizedCache)? = nil, requiringTypenames: Bool = false) {
    var resolved: [String: any JSONEncodable] = [:]
    for (name, value) in variables ?? [:] { resolved[name] = value ?? ExplicitNull() }
    self.variables = resolved
    self.normalizing = normalizing
    self.requiresTypenames = requiringTypenames
    self.cacheKeyForObject = cacheKeyForObject
    self.cache = cache
  }

  /// Reads `object` (a response's `data`) through `selections`; when normalizing, its record is `rootKey`.
  package mutating func execute(_ selections: [any GraphQLSelection], on object: JSONObject, rootKey: CacheKey = "QUERY_ROOT") throws -> ResultMap {
    try wrappingErrors { try executeObject(selections, on: .json(object), key: rootKey, runtimeTypeKnown: !requiresTypenames) }
  }

  /// Reads the record `rootKey` through `selections`, following references.
  ///
  /// - Throws: `JSONDecodingError.missingValue` when the record is absent; otherwise `GraphQLResultError`.
  package mutating func read(_ selections: [any GraphQLSelection], fromRecord rootKey: CacheKey) throws -> ResultMap {
    guard let record = try load(rootKey) else { throw JSONDecodingError.missingValue }
    return try wrappingErrors { try executeObject(selections, on: .record(record), key: rootKey) }
  }

  private func wrappingErrors<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as GraphQLResultError {
      throw error
    } catch let error as ReadFailure {
      throw GraphQLResultError(path: error.path, underlying: error.underlying)
    }
  }

  /// Where a field read failed, before it is wrapped once at the top.
  private struct ReadFailure: Error {
    let path: [String]
    let underlying: any Error
  }

  private enum Source {
    case json(JSONObject)
    case record(Record)

    var typename: String? {
      switch self {
      case .json(let object): return object["__typename"] as? String
      case .record(let record):
        if case .value(.string(let typename))? = record.fields["__typename"] { return typename }
        return nil
      }
    }
  }

  /// A reference to another record, as a cache read meets it in a field.
  private struct Reference { let key: CacheKey }

  // MARK: Collecting

  private struct FieldGroup {
    var fields: [GraphQLField]
  }

  private func collect(_ selections: [any GraphQLSelection], typename: String?, into groups: inout [FieldGroup],
                       index: inout [String: Int]) throws {
    for selection in selections {
      switch selection {
      case let field as GraphQLField:
        if let position = index[field.responseKey] {
          groups[position].fields.append(field)
        } else {
          index[field.responseKey] = groups.count
          groups.append(FieldGroup(fields: [field]))
        }
      case let condition as GraphQLBooleanCondition:
        guard let value = variables[condition.variableName] else {
          throw GraphQLError(message: "Variable \(condition.variableName) was not provided.")
        }
        if (value.jsonValue as? Bool) == !condition.inverted {
          try collect(condition.selections, typename: typename, into: &groups, index: &index)
        }
      case let spread as GraphQLFragmentSpread:
        if let typename, spread.fragment.possibleTypes.contains(typename) {
          try collect(spread.fragment.selections, typename: typename, into: &groups, index: &index)
        }
      case let typeCase as GraphQLTypeCase:
        let chosen = typename.flatMap { typeCase.variants[$0] } ?? typeCase.default
        try collect(chosen, typename: typename, into: &groups, index: &index)
      case let condition as GraphQLTypeCondition:
        if let typename, condition.possibleTypes.contains(typename) {
          try collect(condition.selections, typename: typename, into: &groups, index: &index)
        }
      default:
        throw LegacyExecutionError.unsupportedSelection(String(describing: type(of: selection)))
      }
    }
  }

  // MARK: Reading

  /// `runtimeTypeKnown`: whether type cases and spreads see the object's `__typename` (`parseResultFast()`'s root does not).
  private mutating func executeObject(_ selections: [any GraphQLSelection], on source: Source, key: CacheKey,
                                      runtimeTypeKnown: Bool = true) throws -> ResultMap {
    var groups: [FieldGroup] = []
    var index: [String: Int] = [:]
    // Thrown as it is, as 0.x's executor did: the field whose object this is wraps it with its own path, and
    // at the root nothing does.
    try collect(selections, typename: runtimeTypeKnown ? source.typename : nil, into: &groups, index: &index)
    var resultMap = ResultMap(minimumCapacity: groups.count)
    var record = normalizing ? Record(key: key) : nil
    // Only records need a field's cache key (reading one, or writing one): 0.x's plain JSON reading never worked
    // it out, so an argument's missing variable does not fail `init(jsonObject:)`.
    let needsFieldKeys: Bool
    if case .record = source { needsFieldKeys = true } else { needsFieldKeys = normalizing }
    for group in groups {
      let field = group.fields[0]
      // Also thrown as it is (0.x worked the key out before the field's own error wrapping).
      let fieldKey = needsFieldKeys ? try LegacyFieldCacheKey.key(for: field, variables: variables) : field.name
      path.append(field.responseKey)
      defer { path.removeLast() }
      do {
        let raw: Any
        switch source {
        case .json(let object):
          guard let value = object[field.responseKey] else { throw JSONDecodingError.missingValue }
          raw = value
        case .record(let stored):
          dependentKeys.insert(stored.key + "." + fieldKey)
          guard let value = stored.fields[fieldKey] else { throw JSONDecodingError.missingValue }
          raw = Self.untyped(value)
        }
        let completed = try complete(raw, type: field.type, group: group, cachePath: normalizing ? key + "." + fieldKey : "")
        resultMap[field.responseKey] = completed.value
        if let value = completed.record { record?.fields[fieldKey] = value }
      } catch let failure as ReadFailure {
        throw failure
      } catch {
        throw ReadFailure(path: path, underlying: error)
      }
    }
    if let record { records.merge(record: record) }
    return resultMap
  }

  private mutating func complete(_ raw: Any, type: GraphQLOutputType, group: FieldGroup, cachePath: String) throws
    -> (value: Any?, record: RecordValue?)
  {
    if raw is NSNull {
      if case .nonNull = type { throw JSONDecodingError.nullValue }
      return (nil, .value(.null))
    }
    switch type {
    case .nonNull(let inner):
      return try complete(raw, type: inner, group: group, cachePath: cachePath)
    case .scalar(let decodable):
      let record: RecordValue? = normalizing ? LegacyJSONConversion.json(raw).map { .value($0) } : nil
      return (try decodable.init(jsonValue: raw), record)
    case .list(let elementType):
      guard let elements = raw as? [Any] else { throw JSONDecodingError.wrongType }
      var values: [Any?] = []
      values.reserveCapacity(elements.count)
      var recordValues: [RecordValue] = []
      for (offset, element) in elements.enumerated() {
        // The index is in the path of the fields inside the element; the element's own failure is the list
        // field's, as in 0.x.
        path.append(String(offset))
        defer { path.removeLast() }
        let completed = try complete(element, type: elementType, group: group,
                                     cachePath: normalizing ? cachePath + "." + String(offset) : "")
        values.append(completed.value)
        if let value = completed.record { recordValues.append(value) }
      }
      return (values, normalizing ? Self.listRecordValue(recordValues) : nil)
    case .object:
      let childSelections = group.fields.flatMap { field -> [any GraphQLSelection] in
        if case .object(let selections) = field.type.namedType { return selections }
        return []
      }
      switch raw {
      case let object as JSONObject:
        if requiresTypenames && object["__typename"] == nil {
          throw ReadFailure(path: path + ["__typename"], underlying: JSONDecodingError.missingValue)
        }
        let key = normalizing ? (cacheKeyForObject?(LegacyJSONConversion.json(object)?.objectValue ?? [:]) ?? cachePath) : cachePath
        let child = try executeObject(childSelections, on: .json(object), key: key)
        return (child, .reference(key))
      case let reference as Reference:
        guard let record = try load(reference.key) else { throw JSONDecodingError.missingValue }
        return (try executeObject(childSelections, on: .record(record), key: reference.key), nil)
      default:
        throw JSONDecodingError.wrongType
      }
    }
  }

  /// A list stored as one JSON value when it holds only scalars, as a list when it holds references.
  private static func listRecordValue(_ values: [RecordValue]) -> RecordValue {
    var scalars: [JSON] = []
    for value in values {
      guard case .value(let json) = value else { return .list(values) }
      scalars.append(json)
    }
    return .value(.array(scalars))
  }

  private static func untyped(_ value: RecordValue) -> Any {
    switch value {
    case .value(let json): return LegacyJSONConversion.value(json)
    case .reference(let key): return Reference(key: key)
    case .list(let elements): return elements.map(untyped) as [Any]
    }
  }

  private mutating func load(_ key: CacheKey) throws -> Record? {
    if let record = loaded[key] { return record }
    guard let cache else { return nil }
    let record = try cache.loadRecords(forKeys: [key])[key]
    if let record { loaded[key] = record }
    return record
  }
}

/// A selection the 0.x executor cannot read.
public enum LegacyExecutionError: Error, Hashable, CustomStringConvertible {
  /// A `GraphQLSelection` of a type the runtime does not know (only generated selection types are read).
  case unsupportedSelection(String)

  public var description: String {
    switch self {
    case .unsupportedSelection(let type): return "\(type) is not a selection the 0.x executor reads"
    }
  }
}

/// JSON `null` as a variable value: what an optional variable left `nil` evaluates to.
struct ExplicitNull: JSONEncodable {
  var jsonValue: JSONValue { NSNull() }
}
