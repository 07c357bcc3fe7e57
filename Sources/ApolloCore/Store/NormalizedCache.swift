import Foundation

/// Where normalized records live.
public protocol NormalizedCache: AnyObject, Sendable {
  /// The records for the keys that exist.
  func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record]
  /// Merges the records in; returns the keys of every field that changed, as `RecordKey.field`.
  func merge(records: RecordSet) throws -> Set<CacheKey>
  /// Drops the record under `key`, if there is one. Records that refer to it keep their references, so a
  /// later read through one of them is a miss.
  func removeRecord(for key: CacheKey) throws
  /// Drops every record whose key contains `pattern`, ignoring case (`"hero"` drops `QUERY_ROOT.Hero.friends.0`).
  func removeRecords(matching pattern: CacheKey) throws
  /// Drops every record.
  func clear() throws
}

/// A ``NormalizedCache`` in memory, safe to use from any thread.
public final class InMemoryNormalizedCache: NormalizedCache {
  private let storage: Mutex<[CacheKey: Record]>

  /// A cache that starts with `records`, merged as ``merge(records:)`` would.
  public init(records: RecordSet = RecordSet()) {
    self.storage = Mutex([:])
    _ = try? merge(records: records)
  }

  public func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
    storage.withLock { stored in
      var found = [CacheKey: Record](minimumCapacity: keys.count)
      for key in keys { if let record = stored[key] { found[key] = record } }
      return found
    }
  }

  /// Copies into `loaded` the records of `keys` it does not hold yet, under one lock: what a cache read's
  /// batch load does, without the set and the dictionary ``loadRecords(forKeys:)`` builds on the way.
  package func load<Keys: Sequence<CacheKey>>(missingFrom keys: Keys, into loaded: inout [CacheKey: Record]) {
    storage.withLock { stored in
      for key in keys where loaded[key] == nil {
        if let record = stored[key] { loaded[key] = record }
      }
    }
  }

  public func merge(records: RecordSet) throws -> Set<CacheKey> {
    storage.withLock { stored in
      var changed: Set<CacheKey> = []
      for (key, incoming) in records.storage {
        // Changed in place: a copy taken out of the dictionary and written back would copy every field of the
        // stored record on each write (a root record holding many queries' fields made each write O(fields)).
        stored[key, default: Record(key: key)].mergeFields(of: incoming, changed: &changed)
      }
      return changed
    }
  }

  public func removeRecord(for key: CacheKey) throws {
    storage.withLock { _ = $0.removeValue(forKey: key) }
  }

  public func removeRecords(matching pattern: CacheKey) throws {
    storage.withLock { stored in
      // The keys first: removing while iterating `stored.keys` copied the whole store at the first removal.
      let matching = stored.keys.filter { $0.range(of: pattern, options: .caseInsensitive) != nil }
      for key in matching { stored.removeValue(forKey: key) }
    }
  }

  public func clear() throws {
    storage.withLock { $0.removeAll() }
  }

  /// Every record held, by key: what a parity trace compares after a run.
  public var allRecords: [CacheKey: Record] { storage.withLock { $0 } }

  /// The number of records held, for tests and diagnostics.
  public var recordCount: Int { storage.withLock { $0.count } }
}
