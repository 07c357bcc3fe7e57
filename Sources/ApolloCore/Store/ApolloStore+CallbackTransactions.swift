import Foundation

// The callback spellings of the store's transactions (0.33's and 1.x's `withinReadTransaction` /
// `withinReadWriteTransaction`), run in the order they were submitted.

extension ApolloStore {
  /// Runs `transaction` off the calling thread, then calls `completion` with its result on `callbackQueue`, or on
  /// the transaction's own thread when that is `nil`.
  ///
  /// Transactions start in the order they were submitted, as on 0.33's and 1.x's store queue: read transactions
  /// run side by side, and a read-write one (`exclusive`) is a barrier that waits for everything submitted before
  /// it and holds back everything submitted after it, so two writes land in order and a read submitted after a
  /// write sees it. Each also takes the store's transaction lock, which orders it against the synchronous and
  /// `async` transactions.
  package func submitTransaction<T>(
    exclusive: Bool, callbackQueue: DispatchQueue?, completion: ((Result<T, any Error>) -> Void)?,
    _ transaction: @escaping () throws -> T
  ) {
    let work = CallbackTransactionWork(transaction: transaction, completion: completion)
    pendingCallbackTransactions.withLock { $0 += 1 }
    callbackTransactions.async(flags: exclusive ? .barrier : []) { [self] in
      work.run(deliveringOn: callbackQueue)
      pendingCallbackTransactions.withLock { $0 -= 1 }
    }
  }

  /// Runs `body` after the callback transactions submitted before it, as 0.33's and 1.x's store queue ran every call
  /// in order: at once on this thread when none is pending, else on the transactions' queue (`exclusive` as for
  /// ``submitTransaction(exclusive:callbackQueue:completion:_:)``). `completion` then runs on `callbackQueue`, or
  /// where the body ran when that is `nil`. What the callback spellings' plain reads and writes (`load`,
  /// `publish`, `clearCache`, a 0.x cache policy's read) go through.
  package func inSubmissionOrder<T>(
    exclusive: Bool, callbackQueue: DispatchQueue?, completion: ((Result<T, any Error>) -> Void)?,
    _ body: @escaping () throws -> T
  ) {
    guard !hasPendingCallbackTransactions else {
      return submitTransaction(exclusive: exclusive, callbackQueue: callbackQueue, completion: completion, body)
    }
    let result = Result { try body() }
    guard let completion else { return }
    guard let callbackQueue else { return completion(result) }
    callbackQueue.asyncTransferring { completion(result) }
  }

  /// Drops every record in submission order (``inSubmissionOrder(exclusive:callbackQueue:completion:_:)``), then
  /// calls `completion` on `callbackQueue`: 0.33's and 1.x's `clearCache(callbackQueue:completion:)`.
  package func clearCacheInSubmissionOrder(callbackQueue: DispatchQueue, completion: ((Result<Void, any Error>) -> Void)?) {
    inSubmissionOrder(exclusive: true, callbackQueue: callbackQueue, completion: completion) { try self.removeAll() }
  }

  /// Whether callback transactions submitted earlier have not finished. While there are any, the callback
  /// spellings' plain reads and writes (1.x `load`, `publish`, `clearCache`) go on the transactions' queue after
  /// them, as 0.33's and 1.x's store ran every call in submission order; otherwise they run at once.
  package var hasPendingCallbackTransactions: Bool {
    pendingCallbackTransactions.withLock { $0 > 0 }
  }
}

/// One transaction's body and completion, on their way to the queue that runs them.
private final class CallbackTransactionWork<T>: @unchecked Sendable {
  // @unchecked Sendable: a hand-off, never shared. 0.x's and 1.x's bodies and completions are not `@Sendable` (they
  // capture the app's state) and a result may hold generated data; the work is made on the caller's thread and then
  // used only by the block that runs it (and, for the result, the one block that delivers it), never by the caller.
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
