import Foundation

/// The 1.x callback spellings of the store, over the core's synchronous store.
extension ApolloStore {
  /// Writes records; `identifier` tags the change (1.x watchers ignore their own writes).
  ///
  /// Like every call here, it runs after the callback transactions submitted before it (at once when there are
  /// none), as 1.x's store queue ran them in order.
  public func publish(records: RecordSet, identifier: UUID? = nil, callbackQueue: DispatchQueue = .main,
                      completion: ((Result<Void, any Error>) -> Void)? = nil) {
    inSubmissionOrder(exclusive: true, callbackQueue: callbackQueue, completion: completion) {
      try self.publishRecords(records, identifier: identifier)
    }
  }

  /// Reads an operation's cached result; a miss is the store's error.
  public func load<Operation: GraphQLOperation>(_ operation: Operation, callbackQueue: DispatchQueue? = nil,
                                                resultHandler: @escaping GraphQLResultHandler<Operation.Data>) {
    inSubmissionOrder(exclusive: false, callbackQueue: callbackQueue, completion: resultHandler) {
      try self.loadResult(operation)
    }
  }

  /// Drops every record.
  public func clearCache(callbackQueue: DispatchQueue = .main, completion: ((Result<Void, any Error>) -> Void)? = nil) {
    clearCacheInSubmissionOrder(callbackQueue: callbackQueue, completion: completion)
  }

  /// Runs `body` in a read transaction off the calling thread (read transactions run side by side), then
  /// calls `completion` with its result on `callbackQueue`, or on the transaction's own queue when that is `nil`.
  public func withinReadTransaction<T>(_ body: @escaping (ReadTransaction) throws -> T, callbackQueue: DispatchQueue? = nil,
                                       completion: ((Result<T, any Error>) -> Void)? = nil) {
    submitTransaction(exclusive: false, callbackQueue: callbackQueue, completion: completion) {
      try self.performReadTransaction(body)
    }
  }

  /// Runs `body` in a read-write transaction off the calling thread, alone in the store, then calls
  /// `completion` with its result on `callbackQueue`, or on the transaction's own queue when that is `nil`.
  public func withinReadWriteTransaction<T>(_ body: @escaping (ReadWriteTransaction) throws -> T,
                                            callbackQueue: DispatchQueue? = nil,
                                            completion: ((Result<T, any Error>) -> Void)? = nil) {
    submitTransaction(exclusive: true, callbackQueue: callbackQueue, completion: completion) {
      try self.performReadWriteTransaction(body)
    }
  }
}
