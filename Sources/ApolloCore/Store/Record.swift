import Foundation

/// The key of a normalized record: `QUERY_ROOT`, `Typename:id`, or a response path.
public typealias CacheKey = String

/// A field value inside a normalized record.
public indirect enum RecordValue: Sendable, Hashable {
  /// A scalar, or a list of scalars, stored as received.
  case value(JSON)
  /// A pointer to another record.
  case reference(CacheKey)
  /// A list that holds references (possibly nested, possibly mixed with nulls).
  case list([RecordValue])
}

/// One normalized object: its fields keyed by cache field name.
public struct Record: Sendable, Hashable {
  /// The record's cache key, as other records' ``RecordValue/reference(_:)`` name it.
  public let key: CacheKey
  /// The field values by cache field name (the field name plus its arguments, e.g. `hero(episode:JEDI)`).
  public var fields: [String: RecordValue]

  /// A record under `key`; with no fields by default.
  public init(key: CacheKey, fields: [String: RecordValue] = [:]) {
    self.key = key
    self.fields = fields
  }

  /// Takes `incoming`'s fields over this record's, noting `key.field` in `changed` for each field whose value
  /// is new or different.
  mutating func mergeFields(of incoming: Record, changed: inout Set<CacheKey>) {
    for (field, value) in incoming.fields {
      // One lookup per field: the old value comes back from the write.
      if fields.updateValue(value, forKey: field) != value { changed.insert(key + "." + field) }
    }
  }
}

/// A batch of records, as produced by normalizing one response.
public struct RecordSet: Sendable, Hashable {
  /// The records by key, each already merged.
  public private(set) var storage: [CacheKey: Record]

  /// A set from `records`; records with the same key are merged, later fields winning.
  public init(records: [Record] = []) {
    self.storage = [:]
    for record in records { merge(record: record) }
  }

  /// `true` when normalizing produced no record (a response without `data`).
  public var isEmpty: Bool { storage.isEmpty }
  /// The cache keys of the records in the set.
  public var keys: Dictionary<CacheKey, Record>.Keys { storage.keys }
  /// The record under `key`, or `nil`.
  public subscript(key: CacheKey) -> Record? { storage[key] }

  /// Merges a record's fields over any existing record with the same key.
  public mutating func merge(record: Record) {
    // One lookup for the common case, a key not yet in the set.
    guard var merged = storage.updateValue(record, forKey: record.key) else { return }
    // `merged` holds the only reference to the old fields, so they are extended in place, not copied.
    merged.fields.merge(record.fields) { $1 }
    storage[record.key] = merged
  }

  /// Merges another set over this one; later fields win.
  public mutating func merge(records other: RecordSet) {
    for record in other.storage.values { merge(record: record) }
  }
}
