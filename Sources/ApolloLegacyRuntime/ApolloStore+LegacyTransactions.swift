import ApolloCore
import Foundation

// 0.33's transaction methods for `API.swift` selection sets, on the store's transactions (the ones every
// generation's `withinReadTransaction` / `withinReadWriteTransaction` hands its body): reads go through the 0.x
// executor (every selected field must be cached, a nullable one too), writes normalize the data's `jsonObject` with
// 0.x's keys (the store's `cacheKeyForObject`, else paths) and publish the changed keys to the store's subscribers
// at once, untagged, as 0.33's writes did, so watchers reload.

extension ApolloStore.ReadTransaction {
  /// The query's data read from its root record (`QUERY_ROOT`).
  ///
  /// - Throws: ``JSONDecodingError/missingValue`` when the root record is absent, otherwise `GraphQLResultError` at
  ///   the first field that is not cached (nullable fields included, as 0.x read).
  public func read<Query: GraphQLQuery>(query: Query) throws -> Query.Data {
    try readObject(ofType: Query.Data.self, withKey: query.operationType.rootKey, variables: query.variables)
  }

  /// A selection set (a fragment, a nested object's type, any generated `Data`) read from the record `key`, with
  /// `variables` for its arguments and conditions; throws as ``read(query:)``.
  public func readObject<SelectionSet: GraphQLSelectionSet>(ofType type: SelectionSet.Type, withKey key: CacheKey,
                                                            variables: GraphQLMap? = nil) throws -> SelectionSet {
    var reader = LegacyExecutor(variables: variables, cache: store.cache)
    return SelectionSet(unsafeResultMap: try reader.read(type.selections, fromRecord: key))
  }
}

extension ApolloStore.ReadTransaction {
  /// 0.33's look-up of raw records: one entry per key, in order, `nil` for a key with no record; `completion`
  /// runs on `callbackQueue`, or at once, inside the transaction, when that is `nil`.
  public func loadRecords(forKeys keys: [CacheKey], callbackQueue: DispatchQueue? = nil,
                          completion: @escaping (Result<[Record?], any Error>) -> Void) {
    let result = Result { () throws -> [Record?] in
      let found = try readOnlyCache.loadRecords(forKeys: Set(keys))
      return keys.map { found[$0] }
    }
    guard let callbackQueue else { return completion(result) }
    callbackQueue.asyncTransferring { completion(result) }
  }
}

extension ApolloStore.ReadWriteTransaction {
  /// Reads the query's data, lets `body` change it, and writes it back. A field that is not cached fails the update
  /// before `body` runs (0.x's read; 1.x's `update` lets a missing nullable field through).
  public func update<Query: GraphQLQuery>(query: Query, _ body: (inout Query.Data) throws -> Void) throws {
    var data = try read(query: query)
    try body(&data)
    try write(data: data, forQuery: query)
  }

  /// Reads a selection set from the record `key`, lets `body` change it, and writes it back under `key`.
  public func updateObject<SelectionSet: GraphQLSelectionSet>(ofType type: SelectionSet.Type, withKey key: CacheKey,
                                                              variables: GraphQLMap? = nil,
                                                              _ body: (inout SelectionSet) throws -> Void) throws {
    var object = try readObject(ofType: type, withKey: key, variables: variables)
    try body(&object)
    try write(object: object, withKey: key, variables: variables)
  }

  /// Writes the query's data at its root record, as if it had come from the server.
  public func write<Query: GraphQLQuery>(data: Query.Data, forQuery query: Query) throws {
    try write(object: data, withKey: query.operationType.rootKey, variables: query.variables)
  }

  /// Writes a selection set into the record `key` and the records of the objects it holds, keyed as a response
  /// would be; subscribers hear the changed keys at once.
  ///
  /// - Throws: `GraphQLResultError` at the first selected field the data does not hold, or holds with the wrong
  ///   type (0.x wrote through its executor, with the same rules as a response).
  public func write(object: any GraphQLSelectionSet, withKey key: CacheKey, variables: GraphQLMap? = nil) throws {
    var normalizer = LegacyExecutor(variables: variables, normalizing: true,
                                    cacheKeyForObject: store.normalizer.cacheKeyForObject)
    _ = try normalizer.execute(type(of: object).selections, on: object.jsonObject, rootKey: key)
    try store.publishRecords(normalizer.records)
  }
}
