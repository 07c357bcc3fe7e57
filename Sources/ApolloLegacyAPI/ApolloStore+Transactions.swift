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
    runTransaction(callbackQueue: callbackQueue, completion: completion) { try self.performReadTransaction(body) }
  }

  /// Runs `body` in a read-write transaction off the calling thread, alone in the store, then calls `completion`
  /// with its result on `callbackQueue`, or on the transaction's own thread when that is `nil`. Each write in it
  /// reaches the store's subscribers (watchers) as it is made.
  public func withinReadWriteTransaction<T>(_ body: @escaping (ReadWriteTransaction) throws -> T,
                                            callbackQueue: DispatchQueue? = nil,
                                            completion: ((Result<T, any Error>) -> Void)? = nil) {
    runTransaction(callbackQueue: callbackQueue, completion: completion) { try self.performReadWriteTransaction(body) }
  }

  /// Reads a 0.x generated operation's cached result from its root record in a read transaction off the calling
  /// thread and calls `resultHandler` there (0.33 called it on the store's queue), with `source` `.cache`; a miss is
  /// the failure ``ApolloStore/ReadTransaction/read(query:)`` throws.
  public func load<Operation: GraphQLOperation>(query: Operation, resultHandler: @escaping GraphQLResultHandler<Operation.Data>) {
    withinReadTransaction({ transaction -> GraphQLResult<Operation.Data> in
      let cached = try query.readData(from: transaction.store.cache)
      return GraphQLResult(data: cached.data, extensionsJSON: nil, errors: nil, source: .cache, dependentKeys: cached.dependentKeys)
    }, completion: resultHandler)
  }

  private func runTransaction<T>(callbackQueue: DispatchQueue?, completion: ((Result<T, any Error>) -> Void)?,
                                 _ transaction: @escaping () throws -> T) {
    // 0.33 ran transactions on the store's concurrent queue; a global one does the same job (the lock orders them).
    let work = TransactionWork(transaction: transaction, completion: completion)
    DispatchQueue.global(qos: .userInitiated).async { work.run(deliveringOn: callbackQueue) }
  }
}

/// One transaction's body and completion, on their way to the queue that runs them.
private final class TransactionWork<T>: @unchecked Sendable {
  // @unchecked Sendable: a hand-off, never shared. 0.x's bodies and completions are not `@Sendable` (they capture the
  // app's state) and a result may hold `API.swift` data; the work is made on the caller's thread and then used only
  // by the block that runs it (and, for the result, the one block that delivers it), never by the caller again.
  private let transaction: () throws -> T
  private let completion: ((Result<T, any Error>) -> Void)?
  private var result: Result<T, any Error>?

  init(transaction: @escaping () throws -> T, completion: ((Result<T, any Error>) -> Void)?) {
    self.transaction = transaction
    self.completion = completion
  }

  /// Runs the transaction, then calls the completion here or, given a queue, there.
  func run(deliveringOn callbackQueue: DispatchQueue?) {
    result = Result { try transaction() }
    guard completion != nil else { return }
    guard let callbackQueue else { return deliver() }
    callbackQueue.async { self.deliver() }
  }

  private func deliver() {
    guard let result, let completion else { return }
    completion(result)
  }
}
