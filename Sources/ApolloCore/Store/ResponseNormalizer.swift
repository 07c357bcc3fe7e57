import Foundation

/// Names the records of an operation's root and its shape entry.
public enum OperationCacheKey {
  /// `QUERY_ROOT`, `MUTATION_ROOT` or `SUBSCRIPTION_ROOT`.
  public static func rootKey(for type: GraphQLOperationType) -> CacheKey {
    switch type {
    case .query: return "QUERY_ROOT"
    case .mutation: return "MUTATION_ROOT"
    case .subscription: return "SUBSCRIPTION_ROOT"
    }
  }

  /// The suffix root fields carry so that the same field with other variables is another entry.
  ///
  /// Hand-written operations carry no field-argument metadata, so the operation's variables stand in
  /// for the arguments of its root fields; nested fields are keyed by name.
  public static func argumentsSuffix(for variables: JSONObject?) -> String {
    guard let variables, !variables.isEmpty else { return "" }
    return "(" + JSONSerializer.string(.object(variables), sortedKeys: true) + ")"
  }

  /// The key under which an operation's shape is stored.
  public static func shapeKey<Operation: GraphQLOperation>(for operation: Operation) -> String {
    shapeKey(operationType: Operation.operationType, operationName: Operation.operationName,
             variables: operation.variablesJSON)
  }

  /// The key under which the shape of an operation known by its type, name and variables is stored.
  public static func shapeKey(operationType: GraphQLOperationType, operationName: String, variables: JSONObject?) -> String {
    rootKey(for: operationType) + "." + operationName + argumentsSuffix(for: variables)
  }
}

/// Decides the cache key of a response object; `nil` falls back to the object's path.
public typealias CacheKeyForObject = @Sendable (_ object: JSONObject) -> String?

/// Turns response data into normalized records.
public struct ResponseNormalizer: Sendable {
  /// The key rule; the default keys objects that have both `__typename` and `id` as `Typename:id`.
  public let cacheKeyForObject: CacheKeyForObject

  /// Objects with `__typename` and a string or integer `id` become `Typename:id`.
  public static let typenameAndID: CacheKeyForObject = { object in
    guard let typename = object["__typename"]?.stringValue else { return nil }
    switch object["id"] {
    case .string(let id)?: return "\(typename):\(id)"
    case .int(let id)?: return "\(typename):\(id)"
    default: return nil
    }
  }

  public init(cacheKeyForObject: @escaping CacheKeyForObject = ResponseNormalizer.typenameAndID) {
    self.cacheKeyForObject = cacheKeyForObject
  }

  /// The records and shape for one response's `data`.
  public func records<Operation: GraphQLOperation>(for operation: Operation, data: JSONObject) -> RecordSet {
    records(operationType: Operation.operationType, operationName: Operation.operationName,
            variables: operation.variablesJSON, data: data)
  }

  /// The records and shape for one response's `data`, for an operation known by its type, name and variables.
  public func records(
    operationType: GraphQLOperationType, operationName: String, variables: JSONObject?, data: JSONObject
  ) -> RecordSet {
    let argumentsSuffix = OperationCacheKey.argumentsSuffix(for: variables)
    var set = RecordSet()
    let rootKey = OperationCacheKey.rootKey(for: operationType)
    var root = Record(key: rootKey)
    var shape: [String: SelectionShape] = [:]
    for (field, value) in data {
      let (recordValue, fieldShape) = normalize(value, path: { rootKey + "." + field + argumentsSuffix }, into: &set)
      root.fields[field + argumentsSuffix] = recordValue
      shape[field] = fieldShape
    }
    set.merge(record: root)
    set.mergeShape(
      .object(shape),
      for: OperationCacheKey.shapeKey(operationType: operationType, operationName: operationName, variables: variables))
    return set
  }

  /// - Parameter path: builds the object's path key; called only when an object has no key of its own,
  ///   so scalar fields cost no string building.
  private func normalize(_ value: JSONValue, path: () -> String, into set: inout RecordSet) -> (RecordValue, SelectionShape) {
    switch value {
    case .object(let object):
      let key = cacheKeyForObject(object) ?? path()
      var record = Record(key: key)
      record.fields.reserveCapacity(object.count)
      var shape: [String: SelectionShape] = [:]
      shape.reserveCapacity(object.count)
      for (field, fieldValue) in object {
        let (recordValue, fieldShape) = normalize(fieldValue, path: { key + "." + field }, into: &set)
        record.fields[field] = recordValue
        shape[field] = fieldShape
      }
      set.merge(record: record)
      return (.reference(key), .object(shape))
    case .array(let elements):
      var values: [RecordValue] = []
      values.reserveCapacity(elements.count)
      var elementShape: SelectionShape = .leaf
      var holdsObjects = false
      for (index, element) in elements.enumerated() {
        let (recordValue, shape) = normalize(element, path: { path() + "." + String(index) }, into: &set)
        if case .value = recordValue {} else { holdsObjects = true }
        values.append(recordValue)
        elementShape = elementShape.merged(with: shape)
      }
      return (holdsObjects ? .list(values) : .value(value), .list(elementShape))
    default:
      return (.value(value), .leaf)
    }
  }
}
