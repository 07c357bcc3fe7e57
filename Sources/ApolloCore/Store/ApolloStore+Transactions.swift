@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
import Foundation

// Transactions: reading generated selection sets from the store and writing app-held models into it, as 1.x
// and 2.x apps do with `withinReadTransaction` / `withinReadWriteTransaction` (each generation module adds its
// own spelling of those two; the transaction types and their methods are shared).
//
// Every method exists twice, synchronous and `async`: a 1.x transaction body is a plain closure and calls the
// synchronous ones; a 2.x body is `async` and its `try await transaction.read(query:)` picks the `async` ones,
// so code written for either generation compiles unchanged and without warnings.

extension ApolloStore {
  /// Reads generated selection sets from the store, by their selections.
  ///
  /// Read transactions run side by side; a ``ReadWriteTransaction`` runs alone. Store writes from `async` code
  /// (2.x's `publish`, `clearCache` and cache writes) wait for a read-write transaction in progress, so none lands
  /// between its read and its write-back; synchronous writes and plain reads do not wait (each is atomic on its
  /// own), since they often run on a queue a transaction body may be waiting for.
  // @unchecked: every stored property is a `let` holding a Sendable value; subclasses add no state.
  public class ReadTransaction: @unchecked Sendable {
    /// The store the transaction reads.
    public let store: ApolloStore

    init(store: ApolloStore) {
      self.store = store
    }

    /// The records being read (1.x `readOnlyCache`).
    public var readOnlyCache: any NormalizedCache { store.cache }

    /// The query's data from the query root.
    ///
    /// - Throws: `JSONDecodingError.missingValue` when the root record is absent, otherwise
    ///   ``GraphQLExecutionError`` naming the first missing or mismatched field.
    public func read<Query: GraphQLQuery>(query: Query) throws -> Query.Data {
      try GraphQLExecutor.read(query, from: store.cache).data
    }

    /// The query's data from the query root; the `async` spelling of ``read(query:)``.
    public func read<Query: GraphQLQuery>(query: Query) async throws -> Query.Data {
      try GraphQLExecutor.read(query, from: store.cache).data
    }

    /// A selection set (a fragment, or any root selection set) read from the record `key`.
    public func readObject<SelectionSet: RootSelectionSet>(
      ofType type: SelectionSet.Type, withKey key: CacheKey, variables: GraphQLOperation.Variables? = nil
    ) throws -> SelectionSet {
      try GraphQLExecutor.read(type, withKey: key, variables: variables, from: store.cache).data
    }

    /// A selection set read from the record `key`; the `async` spelling of ``readObject(ofType:withKey:variables:)``.
    public func readObject<SelectionSet: RootSelectionSet>(
      ofType type: SelectionSet.Type, withKey key: CacheKey, variables: GraphQLOperation.Variables? = nil
    ) async throws -> SelectionSet {
      try GraphQLExecutor.read(type, withKey: key, variables: variables, from: store.cache).data
    }
  }

  /// Reads, changes and writes generated selection sets, and removes records, alone in the store.
  ///
  /// Each write is merged at once (a later read in the same transaction sees it) and subscribers, such as
  /// query watchers, are told the changed keys as it is merged.
  // @unchecked: as ReadTransaction, no stored state of its own.
  public final class ReadWriteTransaction: ReadTransaction, @unchecked Sendable {
    /// The records being written (1.x `cache`).
    public var cache: any NormalizedCache { store.cache }

    /// Reads the cache mutation's data at its root, lets `body` change it, and writes it back.
    ///
    /// The read tolerates a nullable field that is not cached (it stays uncached unless `body` sets it); a
    /// missing non-null field fails the update before `body` runs.
    public func update<Mutation: LocalCacheMutation>(
      _ cacheMutation: Mutation, _ body: (inout Mutation.Data) throws -> Void
    ) throws {
      try updateModel(Mutation.Data.self, withKey: Mutation.rootKey, variables: cacheMutation.__variables, body)
    }

    /// The `async` spelling of ``update(_:_:)``.
    public func update<Mutation: LocalCacheMutation>(
      _ cacheMutation: Mutation, _ body: (inout Mutation.Data) throws -> Void
    ) async throws {
      try updateModel(Mutation.Data.self, withKey: Mutation.rootKey, variables: cacheMutation.__variables, body)
    }

    /// Reads a mutable selection set from the record `key`, lets `body` change it, and writes it back.
    public func updateObject<SelectionSet: MutableRootSelectionSet>(
      ofType type: SelectionSet.Type, withKey key: CacheKey, variables: GraphQLOperation.Variables? = nil,
      _ body: (inout SelectionSet) throws -> Void
    ) throws {
      try updateModel(type, withKey: key, variables: variables, body)
    }

    /// The `async` spelling of ``updateObject(ofType:withKey:variables:_:)``.
    public func updateObject<SelectionSet: MutableRootSelectionSet>(
      ofType type: SelectionSet.Type, withKey key: CacheKey, variables: GraphQLOperation.Variables? = nil,
      _ body: (inout SelectionSet) throws -> Void
    ) async throws {
      try updateModel(type, withKey: key, variables: variables, body)
    }

    /// Writes a cache mutation's data at its root.
    public func write<Mutation: LocalCacheMutation>(data: Mutation.Data, for cacheMutation: Mutation) throws {
      try writeModel(data, withKey: Mutation.rootKey, variables: cacheMutation.__variables)
    }

    /// The `async` spelling of `write(data:for:)` for a cache mutation.
    public func write<Mutation: LocalCacheMutation>(data: Mutation.Data, for cacheMutation: Mutation) async throws {
      try writeModel(data, withKey: Mutation.rootKey, variables: cacheMutation.__variables)
    }

    /// Writes an operation's data at the operation's root, as if it had come from the server.
    public func write<Operation: GraphQLOperation>(data: Operation.Data, for operation: Operation) throws {
      try writeModel(data, withKey: Operation.rootKey, variables: operation.__variables)
    }

    /// The `async` spelling of `write(data:for:)` for an operation.
    public func write<Operation: GraphQLOperation>(data: Operation.Data, for operation: Operation) async throws {
      try writeModel(data, withKey: Operation.rootKey, variables: operation.__variables)
    }

    /// Writes a selection set (a fragment, or any root selection set) into the record `key` and the records
    /// it refers to, keyed as a server response would be.
    ///
    /// - Throws: ``GraphQLExecutionError`` naming the field whose value does not fit its selection.
    public func write<SelectionSet: RootSelectionSet>(
      selectionSet: SelectionSet, withKey key: CacheKey, variables: GraphQLOperation.Variables? = nil
    ) throws {
      try writeModel(selectionSet, withKey: key, variables: variables)
    }

    /// The `async` spelling of ``write(selectionSet:withKey:variables:)``.
    public func write<SelectionSet: RootSelectionSet>(
      selectionSet: SelectionSet, withKey key: CacheKey, variables: GraphQLOperation.Variables? = nil
    ) async throws {
      try writeModel(selectionSet, withKey: key, variables: variables)
    }

    private func updateModel<SelectionSet: MutableRootSelectionSet>(
      _ type: SelectionSet.Type, withKey key: CacheKey, variables: GraphQLOperation.Variables?,
      _ body: (inout SelectionSet) throws -> Void
    ) throws {
      var executor = CacheReadExecutor(cache: store.cache, variables: variables, allowsMissingNullableFields: true)
      var object = SelectionSet(_dataDict: try executor.execute(rootType: type, key: key))
      try body(&object)
      try writeModel(object, withKey: key, variables: variables)
    }

    private func writeModel<SelectionSet: ApolloAPI.SelectionSet>(
      _ selectionSet: SelectionSet, withKey key: CacheKey, variables: GraphQLOperation.Variables?
    ) throws {
      var normalizer = SelectionSetModelNormalizer(variables: variables, cacheKeyForObject: store.normalizer.cacheKeyForObject)
      try normalizer.normalize(selectionSet.__data, as: SelectionSet.self, key: key)
      try store.publishRecords(normalizer.records)
    }

    /// Removes the record `key`; records that refer to it keep the reference, so reading through it misses.
    public func removeObject(for key: CacheKey) throws {
      try store.cache.removeRecord(for: key)
    }

    /// The `async` spelling of ``removeObject(for:)``.
    public func removeObject(for key: CacheKey) async throws {
      try store.cache.removeRecord(for: key)
    }

    /// Removes every record whose key contains `pattern`, ignoring case.
    public func removeObjects(matching pattern: CacheKey) throws {
      try store.cache.removeRecords(matching: pattern)
    }

    /// The `async` spelling of ``removeObjects(matching:)``.
    public func removeObjects(matching pattern: CacheKey) async throws {
      try store.cache.removeRecords(matching: pattern)
    }
  }

  /// Runs `body` in a read transaction, blocking the calling thread while a read-write transaction runs.
  /// Each generation's `withinReadTransaction` calls this (1.x) or its `async` form (2.x).
  public func performReadTransaction<T>(_ body: (ReadTransaction) throws -> T) rethrows -> T {
    try transactionLock.withLock(exclusive: false) { try body(ReadTransaction(store: self)) }
  }

  /// Runs `body` in a read transaction, suspending while a read-write transaction runs.
  public func performReadTransaction<T: Sendable>(_ body: (ReadTransaction) async throws -> T) async rethrows -> T {
    try await transactionLock.withLock(exclusive: false) { try await body(ReadTransaction(store: self)) }
  }

  /// Runs `body` in a read-write transaction, alone, blocking the calling thread until it may start.
  public func performReadWriteTransaction<T>(_ body: (ReadWriteTransaction) throws -> T) rethrows -> T {
    try transactionLock.withLock(exclusive: true) { try body(ReadWriteTransaction(store: self)) }
  }

  /// Runs `body` in a read-write transaction, alone, suspending until it may start.
  public func performReadWriteTransaction<T: Sendable>(_ body: (ReadWriteTransaction) async throws -> T) async rethrows -> T {
    try await transactionLock.withLock(exclusive: true) { try await body(ReadWriteTransaction(store: self)) }
  }
}

extension LocalCacheMutation {
  /// The record the mutation's data is read from and written to (`QUERY_ROOT` for a query-typed mutation).
  fileprivate static var rootKey: CacheKey { CacheReference.rootCacheReference(for: operationType).key }
}

extension GraphQLOperation {
  /// The record the operation's data is rooted at.
  fileprivate static var rootKey: CacheKey { CacheReference.rootCacheReference(for: operationType).key }
}
