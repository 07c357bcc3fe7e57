import Foundation

/// Where normalized records live.
public protocol NormalizedCache: AnyObject, Sendable {
  /// The records for the keys that exist.
  func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record]
  /// Merges the records in; returns the keys of every field that changed, as `RecordKey.field`.
  func merge(records: RecordSet) throws -> Set<CacheKey>
  /// The stored shape of an operation.
  func loadShape(forKey key: String) throws -> SelectionShape?
  /// Drops every record and shape.
  func clear() throws
}

/// A ``NormalizedCache`` in memory, safe to use from any thread.
public final class InMemoryNormalizedCache: NormalizedCache {
  private let state: Mutex<(records: [CacheKey: Record], shapes: [String: SelectionShape])>

  public init(records: RecordSet = RecordSet()) {
    state = Mutex((records: [:], shapes: [:]))
    _ = try? merge(records: records)
  }

  public func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
    state.withLock { state in
      var found: [CacheKey: Record] = [:]
      for key in keys { if let record = state.records[key] { found[key] = record } }
      return found
    }
  }

  public func merge(records: RecordSet) throws -> Set<CacheKey> {
    state.withLock { state in
      var changed: Set<CacheKey> = []
      for key in records.keys {
        guard let incoming = records[key] else { continue }
        var record = state.records[key] ?? Record(key: key)
        for (field, value) in incoming.fields where record.fields[field] != value {
          record.fields[field] = value
          changed.insert(key + "." + field)
        }
        state.records[key] = record
      }
      for (key, shape) in records.shapes {
        // Repeated writes of the same operation bring the same shape: compare before rebuilding it.
        guard let existing = state.shapes[key] else { state.shapes[key] = shape; continue }
        if existing != shape { state.shapes[key] = existing.merged(with: shape) }
      }
      return changed
    }
  }

  public func loadShape(forKey key: String) throws -> SelectionShape? {
    state.withLock { $0.shapes[key] }
  }

  public func clear() throws {
    state.withLock { state in
      state.records.removeAll()
      state.shapes.removeAll()
    }
  }

  /// Every record held, by key: what a parity trace compares after a run.
  public var allRecords: [CacheKey: Record] { state.withLock { $0.records } }

  /// The number of records held, for tests and diagnostics.
  public var recordCount: Int { state.withLock { $0.records.count } }
}
