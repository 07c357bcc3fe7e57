import Foundation

/// The cache keys a result depends on, kept in the form they were produced in and turned into a set
/// only when somebody asks.
///
/// A server result depends on every field of the records its response was normalized into
/// (`"<record key>.<field>"`), the rule 1.x applies to every server result. Building that set costs a
/// string and a hash per field, and nearly every result is delivered without anybody reading it (only
/// watchers do), so a result built from records keeps the records and works the set out on demand. A
/// cache read keeps the list of keys it recorded, for the same reason.
/// Two values are equal when their sets are.
public struct DependentKeys: Sendable, Hashable {
  private enum Storage: Sendable {
    case keys(Set<CacheKey>)
    case fieldsOf(RecordSet)
    case recorded([RecordedField])
  }

  /// A field a cache read looked at, kept as its two parts: joining them costs a string per field, and
  /// most reads are never asked for their keys.
  package struct RecordedField: Sendable {
    let record: CacheKey
    let field: String

    package init(record: CacheKey, field: String) {
      self.record = record
      self.field = field
    }
  }

  private let storage: Storage

  /// Exactly `keys`.
  public init(_ keys: Set<CacheKey>) {
    storage = .keys(keys)
  }

  /// Every `"<record key>.<field>"` of `records`, worked out when first read.
  public init(fieldsOf records: RecordSet) {
    storage = .fieldsOf(records)
  }

  /// The fields a cache read recorded as it went, repeats included; the set is built when read.
  package init(recorded keys: [RecordedField]) {
    storage = .recorded(keys)
  }

  /// The set itself, worked out from the records at each read when built from records (the few callers
  /// that read it, watchers, read it once per result).
  public var keys: Set<CacheKey> {
    switch storage {
    case .keys(let keys): return keys
    case .fieldsOf(let records): return records.fieldKeys
    case .recorded(let fields):
      var keys = Set<CacheKey>(minimumCapacity: fields.count)
      for field in fields { keys.insert(field.record + "." + field.field) }
      return keys
    }
  }

  /// Whether both stand for the same keys.
  public static func == (lhs: DependentKeys, rhs: DependentKeys) -> Bool {
    lhs.keys == rhs.keys
  }

  /// Hashes the keys.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(keys)
  }
}

extension RecordSet {
  /// Every `"<record key>.<field>"` in the set: the keys a result built from these records depends on.
  public var fieldKeys: Set<CacheKey> {
    var count = 0
    for record in storage.values { count += record.fields.count }
    var keys = Set<CacheKey>(minimumCapacity: count)
    for (key, record) in storage {
      let prefix = key + "."
      for field in record.fields.keys { keys.insert(prefix + field) }
    }
    return keys
  }
}
