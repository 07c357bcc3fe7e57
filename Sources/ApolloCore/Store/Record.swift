import Foundation

/// The key of a normalized record: `QUERY_ROOT`, `Typename:id`, or a response path.
public typealias CacheKey = String

/// A field value inside a normalized record.
public indirect enum RecordValue: Sendable, Hashable {
  /// A scalar, or a list of scalars, stored as received.
  case value(JSONValue)
  /// A pointer to another record.
  case reference(CacheKey)
  /// A list that holds references (possibly nested, possibly mixed with nulls).
  case list([RecordValue])
}

/// One normalized object: its fields keyed by cache field name.
public struct Record: Sendable, Hashable {
  public let key: CacheKey
  public var fields: [String: RecordValue]

  public init(key: CacheKey, fields: [String: RecordValue] = [:]) {
    self.key = key
    self.fields = fields
  }
}

/// What an operation selected, remembered next to its records so that a later read can put the
/// response back together without the selection-set metadata that code generation would provide.
public indirect enum SelectionShape: Sendable, Hashable {
  /// A scalar field.
  case leaf
  /// An object's fields.
  case object([String: SelectionShape])
  /// A list whose elements have (the union of) this shape.
  case list(SelectionShape)

  /// The union of two shapes: fields selected by either.
  public func merged(with other: SelectionShape) -> SelectionShape {
    switch (self, other) {
    case (.object(let lhs), .object(let rhs)):
      return .object(lhs.merging(rhs) { $0.merged(with: $1) })
    case (.list(let lhs), .list(let rhs)):
      return .list(lhs.merged(with: rhs))
    case (.leaf, _):
      return other
    default:
      return self
    }
  }
}

/// A batch of records and the operation shapes they answer, as produced by normalizing one response.
public struct RecordSet: Sendable, Hashable {
  public private(set) var storage: [CacheKey: Record]
  /// Shapes keyed by ``OperationCacheKey``.
  public private(set) var shapes: [String: SelectionShape]

  public init(records: [Record] = [], shapes: [String: SelectionShape] = [:]) {
    self.storage = [:]
    self.shapes = shapes
    for record in records { merge(record: record) }
  }

  public var isEmpty: Bool { storage.isEmpty }
  public var keys: Dictionary<CacheKey, Record>.Keys { storage.keys }
  public subscript(key: CacheKey) -> Record? { storage[key] }

  /// Merges a record's fields over any existing record with the same key.
  public mutating func merge(record: Record) {
    guard storage[record.key] != nil else {
      storage[record.key] = record
      return
    }
    storage[record.key]?.fields.merge(record.fields) { $1 }
  }

  /// Merges another set over this one; later fields and shapes win or are unioned.
  public mutating func merge(records other: RecordSet) {
    for record in other.storage.values { merge(record: record) }
    for (key, shape) in other.shapes { mergeShape(shape, for: key) }
  }

  /// Records (or unions) the shape of an operation.
  public mutating func mergeShape(_ shape: SelectionShape, for operationKey: String) {
    if let existing = shapes[operationKey] {
      shapes[operationKey] = existing.merged(with: shape)
    } else {
      shapes[operationKey] = shape
    }
  }
}
