import ApolloCore
import ApolloLegacyRuntime
import Foundation

// 0.33's callback spellings of the store's transactions and of `load(query:)`, over the core store's synchronous
// transactions. The transaction methods for `API.swift` selection sets (`read(query:)`, `update(query:_:)`, …) come
// with the runtime.

extension ApolloStore {
  /// Runs `body` in a read transaction off the calling thread (read transactions run side by side), then calls
  /// `completion` with its result on `callbackQueue`, or on the transaction's own thread when that is `nil` (0.33's
  /// default).
  public func withinReadTransaction<T>(_ body: @escaping (ReadTransaction) throws -> T, callbackQueue: DispatchQueue? = nil,
                                       completion: ((Result<T, any Error>) -> Void)? = nil) {
    submitTransaction(exclusive: false, callbackQueue: callbackQueue, completion: completion) {
      try self.performReadTransaction(body)
    }
  }

  /// Runs `body` in a read-write transaction off the calling thread, alone in the store, then calls `completion`
  /// with its result on `callbackQueue`, or on the transaction's own thread when that is `nil`. Each write in it
  /// reaches the store's subscribers (watchers) as it is made.
  public func withinReadWriteTransaction<T>(_ body: @escaping (ReadWriteTransaction) throws -> T,
                                            callbackQueue: DispatchQueue? = nil,
                                            completion: ((Result<T, any Error>) -> Void)? = nil) {
    submitTransaction(exclusive: true, callbackQueue: callbackQueue, completion: completion) {
      try self.performReadWriteTransaction(body)
    }
  }

  /// Reads a 0.x generated operation's cached result from its root record in a read transaction on the store's
  /// transaction queue and calls `resultHandler` there (as 0.33 did on its store queue), with `source` `.cache`; a
  /// miss is the failure ``ApolloStore/ReadTransaction/read(query:)`` throws.
  public func load<Operation: GraphQLOperation>(query: Operation, resultHandler: @escaping GraphQLResultHandler<Operation.Data>) {
    withinReadTransaction({ transaction -> GraphQLResult<Operation.Data> in
      let cached = try query.readData(from: transaction.store.cache)
      return GraphQLResult(data: cached.data, extensionsJSON: nil, errors: nil, source: .cache, dependentKeys: cached.dependentKeys)
    }, completion: resultHandler)
  }
}
