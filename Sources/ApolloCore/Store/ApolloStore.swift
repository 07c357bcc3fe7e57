import Foundation

/// The normalized store every generation reads and writes: records, keyed by cache key, behind a
/// ``NormalizedCache``.
///
/// Its methods are synchronous and thread-safe; each generation module adds the upstream spellings
/// (callbacks for 0.x and 1.x, `async` for 2.x) on top.
public final class ApolloStore: Sendable {
  /// Where the records live.
  public let cache: any NormalizedCache
  /// How responses are turned into records.
  public let normalizer: ResponseNormalizer
  private let subscribers = Mutex<[ObjectIdentifier: WeakStoreSubscriber]>([:])

  public init(cache: any NormalizedCache = InMemoryNormalizedCache(), normalizer: ResponseNormalizer = ResponseNormalizer()) {
    self.cache = cache
    self.normalizer = normalizer
  }

  /// Data read back from the store, with the record fields it depends on.
  public struct CachedData: Sendable, Hashable {
    public let data: JSONObject
    /// Every `RecordKey.field` that was read.
    public let dependentKeys: Set<CacheKey>
  }

  /// Writes records and tells subscribers what changed; returns the `RecordKey.field` keys whose values
  /// changed.
  @discardableResult
  public func publishRecords(_ records: RecordSet) throws -> Set<CacheKey> {
    let changed = try cache.merge(records: records)
    if !changed.isEmpty {
      // Called outside the lock: a subscriber may read or publish in turn.
      let live = subscribers.withLock { $0.values.compactMap(\.subscriber) }
      for subscriber in live { subscriber.store(self, didChangeKeys: changed) }
    }
    return changed
  }

  /// Adds a subscriber, held weakly.
  public func subscribe(_ subscriber: any ApolloStoreSubscriber) {
    subscribers.withLock { subscribers in
      subscribers = subscribers.filter { $0.value.subscriber != nil }
      subscribers[ObjectIdentifier(subscriber)] = WeakStoreSubscriber(subscriber: subscriber)
    }
  }

  /// Removes a subscriber.
  public func unsubscribe(_ subscriber: any ApolloStoreSubscriber) {
    subscribers.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(subscriber)) }
  }

  /// The records that normalizing `data` as the response to `operation` would write.
  public func records<Operation: GraphQLOperation>(for operation: Operation, data: JSONObject) -> RecordSet {
    normalizer.records(for: operation, data: data)
  }

  /// Rebuilds the last stored response of `operation`, or `nil` when the store has none.
  ///
  /// Fields missing from a record are left out; reading the result into the operation's `Data`
  /// then fails for required fields, which callers treat as a cache miss (a partial record is a miss).
  public func readData<Operation: GraphQLOperation>(for operation: Operation) throws -> CachedData? {
    guard case .object(let shape)? = try cache.loadShape(forKey: OperationCacheKey.shapeKey(for: operation)) else {
      return nil
    }
    let rootKey = OperationCacheKey.rootKey(for: Operation.operationType)
    guard let root = try cache.loadRecords(forKeys: [rootKey])[rootKey] else { return nil }
    let suffix = OperationCacheKey.argumentsSuffix(for: operation.variablesJSON)
    var reader = RecordReader(cache: cache)
    var data: JSONObject = [:]
    for (field, fieldShape) in shape {
      let recordField = field + suffix
      guard let value = root.fields[recordField] else { continue }
      reader.dependentKeys.insert(rootKey + "." + recordField)
      if let json = try reader.read(value, shape: fieldShape) { data[field] = json }
    }
    return CachedData(data: data, dependentKeys: reader.dependentKeys)
  }

  /// Drops every record.
  public func removeAll() throws {
    try cache.clear()
  }
}

/// Follows references from a record value along a shape.
private struct RecordReader {
  let cache: any NormalizedCache
  var dependentKeys: Set<CacheKey> = []

  mutating func read(_ value: RecordValue, shape: SelectionShape) throws -> JSONValue? {
    switch (value, shape) {
    case (.value(let json), _):
      return json
    case (.reference(let key), .object(let fields)):
      guard let record = try cache.loadRecords(forKeys: [key])[key] else { return nil }
      var object: JSONObject = [:]
      for (field, fieldShape) in fields {
        guard let fieldValue = record.fields[field] else { continue }
        dependentKeys.insert(key + "." + field)
        if let json = try read(fieldValue, shape: fieldShape) { object[field] = json }
      }
      return .object(object)
    case (.list(let elements), .list(let elementShape)):
      var array: [JSONValue] = []
      array.reserveCapacity(elements.count)
      for element in elements {
        guard let json = try read(element, shape: elementShape) else { return nil }
        array.append(json)
      }
      return .array(array)
    default:
      return nil
    }
  }
}
