import Foundation

/// The normalized store every generation reads and writes: records, keyed by cache key, behind a
/// ``NormalizedCache``.
///
/// Its methods are synchronous and thread-safe; each generation module adds the upstream spellings
/// (callbacks for 0.x and 1.x, `async` for 2.x) on top.
public final class ApolloStore: Sendable {
  /// Where the records live.
  public let cache: any NormalizedCache
  /// How responses are turned into records. Read at each use: a 0.x app may change its key rule while
  /// the store is in use (`cacheKeyForObject`), and later writes follow it (records already written keep
  /// their keys, as in 0.x).
  public var normalizer: ResponseNormalizer { normalizerState.withLock { $0 } }
  private let normalizerState: Mutex<ResponseNormalizer>
  /// Held until they unsubscribe, as upstream's store held them.
  private let subscribers = Mutex<[ObjectIdentifier: any ApolloStoreSubscriber]>([:])
  /// Many read transactions or one read-write transaction at a time.
  let transactionLock = StoreTransactionLock()
  /// Where the callback spellings of the transactions run, in the order they were submitted (a read-write
  /// transaction is a barrier): see ``submitTransaction(exclusive:callbackQueue:completion:_:)``.
  let callbackTransactions = DispatchQueue(label: "ApolloStore.callbackTransactions", attributes: .concurrent)
  /// Callback transactions submitted and not finished: while there are any, the callback spellings' plain
  /// reads and writes queue behind them (``hasPendingCallbackTransactions``).
  let pendingCallbackTransactions = Mutex(0)

  /// A store over `cache` (in memory by default), normalizing responses with `normalizer`.
  public init(cache: any NormalizedCache = InMemoryNormalizedCache(), normalizer: ResponseNormalizer = ResponseNormalizer()) {
    self.cache = cache
    self.normalizerState = Mutex(normalizer)
  }

  /// Replaces the normalizer: the generations' settable `cacheKeyForObject` spellings.
  package func replaceNormalizer(_ normalizer: ResponseNormalizer) {
    normalizerState.withLock { $0 = normalizer }
  }

  /// Writes records and tells subscribers what changed, with `identifier` (who made the change, `nil` by
  /// default: 1.x watchers skip changes tagged with their own); returns the `RecordKey.field` keys whose
  /// values changed.
  ///
  /// It does not wait for transactions (the write is atomic on its own): it is called from synchronous code,
  /// often on the main queue or a callback queue that a transaction body may be waiting for. `async` callers use
  /// ``publishRecordsSuspending(_:identifier:)``, which waits for a read-write transaction in progress.
  @discardableResult
  public func publishRecords(_ records: RecordSet, identifier: UUID? = nil) throws -> Set<CacheKey> {
    let changed = try cache.merge(records: records)
    notifySubscribers(of: changed, identifier: identifier)
    return changed
  }

  /// ``publishRecords(_:identifier:)`` for `async` callers, after a read-write transaction in progress (as
  /// upstream's barrier made writes wait), so it cannot land between the transaction's read and its write-back;
  /// it suspends meanwhile. Inside a transaction body it runs at once.
  @discardableResult
  package func publishRecordsSuspending(_ records: RecordSet, identifier: UUID? = nil) async throws -> Set<CacheKey> {
    let changed = try await transactionLock.withWriteAccess { try cache.merge(records: records) }
    notifySubscribers(of: changed, identifier: identifier)
    return changed
  }

  private func notifySubscribers(of changed: Set<CacheKey>, identifier: UUID?) {
    guard !changed.isEmpty else { return }
    // Called outside the locks: a subscriber may read or publish in turn.
    let live = subscribers.withLock { Array($0.values) }
    for subscriber in live { subscriber.store(self, didChangeKeys: changed, contextIdentifier: identifier) }
  }

  /// Identifies a subscription, for ``unsubscribe(_:)-(SubscriptionToken)`` (2.x's spelling).
  public struct SubscriptionToken: Hashable, Sendable {
    fileprivate let id: ObjectIdentifier
  }

  /// Adds a subscriber and keeps it until it unsubscribes, as upstream's store did (0.x, 1.x and 2.x alike).
  /// Subscribing again has no further effect.
  @discardableResult
  public func subscribe(_ subscriber: any ApolloStoreSubscriber) -> SubscriptionToken {
    let id = ObjectIdentifier(subscriber)
    subscribers.withLock { $0[id] = subscriber }
    return SubscriptionToken(id: id)
  }

  /// Removes a subscriber.
  public func unsubscribe(_ subscriber: any ApolloStoreSubscriber) {
    subscribers.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(subscriber)) }
  }

  /// Removes the subscriber `token` was given for.
  public func unsubscribe(_ token: SubscriptionToken) {
    subscribers.withLock { _ = $0.removeValue(forKey: token.id) }
  }

  /// The records that writing `data` as the response to `operation` stores: `data` read by the
  /// operation's selections and keyed by this store's ``normalizer``.
  ///
  /// - Throws: ``GraphQLExecutionError`` when `data` does not match the selections.
  public func records<Operation: GraphQLOperation>(for operation: Operation, data: JSON.Object) throws -> RecordSet {
    try GraphQLExecutor.records(for: operation, data: data, cacheKeyForObject: normalizer.cacheKeyForObject)
  }

  /// Reads `operation`'s data from the records by its generated selections, so records written by
  /// any operation that selected the same fields serve it, with the `RecordKey.field` keys it depends
  /// on.
  ///
  /// - Throws: a cache miss: `JSONDecodingError.missingValue` when the root record is absent,
  ///   otherwise ``GraphQLExecutionError`` naming the first missing or mismatched field (a partial
  ///   record is a miss).
  public func read<Operation: GraphQLOperation>(
    _ operation: Operation
  ) throws -> (data: Operation.Data, dependentKeys: Set<CacheKey>) {
    try GraphQLExecutor.read(operation, from: cache)
  }

  /// As ``read(_:)``, with the dependent keys made a set only when somebody reads them (the clients' cache
  /// hits, whose results keep them as their ``DependentKeys`` source).
  package func readDeferringKeys<Operation: GraphQLOperation>(
    _ operation: Operation
  ) throws -> (data: Operation.Data, dependentKeys: DependentKeys) {
    try GraphQLExecutor.readDeferringKeys(operation, from: cache)
  }

  /// Reads `operation`'s data like ``read(_:)``, with a cache miss (a missing record or field) as `nil`; a
  /// record that does not match the selections (a `null` in a non-null field, a value of the wrong type) and a
  /// failure of the cache itself are thrown.
  public func readIfComplete<Operation: GraphQLOperation>(
    _ operation: Operation
  ) throws -> (data: Operation.Data, dependentKeys: Set<CacheKey>)? {
    try readIfCompleteDeferringKeys(operation).map { ($0.data, $0.dependentKeys.keys) }
  }

  /// As ``readIfComplete(_:)``, with the dependent keys made a set only when somebody reads them.
  package func readIfCompleteDeferringKeys<Operation: GraphQLOperation>(
    _ operation: Operation
  ) throws -> (data: Operation.Data, dependentKeys: DependentKeys)? {
    do {
      return try readDeferringKeys(operation)
    } catch let error where GraphQLExecutor.isCacheMiss(error) {
      return nil
    }
  }

  /// Drops every record (without waiting for transactions, as ``publishRecords(_:identifier:)``).
  public func removeAll() throws {
    try cache.clear()
  }

  /// ``removeAll()`` for `async` callers, suspending while a read-write transaction runs.
  package func removeAllSuspending() async throws {
    try await transactionLock.withWriteAccess { try cache.clear() }
  }
}
