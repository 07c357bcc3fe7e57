import Foundation

/// The 1.x callback spellings of the store, over the core's synchronous store.
extension ApolloStore {
  /// Writes records; `identifier` tags the change (1.x watchers ignore their own writes).
  public func publish(records: RecordSet, identifier: UUID? = nil, callbackQueue: DispatchQueue = .main,
                      completion: ((Result<Void, any Error>) -> Void)? = nil) {
    let result = Result<Void, any Error> { try publishRecords(records) }
    guard let completion else { return }
    callbackQueue.asyncTransferring { completion(result) }
  }

  /// Reads an operation's cached result; a miss is the store's error.
  public func load<Operation: GraphQLOperation>(_ operation: Operation, callbackQueue: DispatchQueue? = nil,
                                                resultHandler: @escaping GraphQLResultHandler<Operation.Data>) {
    let result = Result { try loadResult(operation) }
    guard let callbackQueue else { return resultHandler(result) }
    callbackQueue.asyncTransferring { resultHandler(result) }
  }

  /// Drops every record.
  public func clearCache(callbackQueue: DispatchQueue = .main, completion: ((Result<Void, any Error>) -> Void)? = nil) {
    let result = Result<Void, any Error> { try removeAll() }
    guard let completion else { return }
    callbackQueue.asyncTransferring { completion(result) }
  }
}
