@testable import ApolloCore
import Dispatch
import XCTest

/// Store writes from `async` code wait for a read-write transaction in progress, as upstream's barrier made writes
/// wait: a network write cannot land between a transaction's read and its write-back and then be overwritten by it.
/// Synchronous writes (0.x and 1.x, often on a queue a transaction body may wait for) do not wait.
final class StoreWritesAgainstTransactionsTests: XCTestCase {
  func test_anAsyncPublishDuringAReadWriteTransaction_landsAfterIt_andIsNotOverwritten() async throws {
    let store = ApolloStore()
    try store.publishRecords(hero(name: "A", likes: 0))
    let entered = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let transaction = Thread {
      // Read, wait, write back: what `updateObject` does with an app's closure in between.
      try? store.performReadWriteTransaction { _ in
        let record = try store.cache.loadRecords(forKeys: ["Hero:1"])["Hero:1"]
        guard case .value(.int(let likes))? = record?.fields["likes"], case .value(.string(let name))? = record?.fields["name"]
        else { return }
        entered.signal()
        proceed.wait()
        try store.publishRecords(hero(name: name, likes: likes + 1))
      }
    }
    transaction.start()
    XCTAssertEqual(entered.wait(timeout: .now() + 5), .success)
    let published = Mutex(false)
    let publishing = Task {
      try await store.publishRecordsSuspending(RecordSet(records: [Record(key: "Hero:1", fields: ["name": .value(.string("B"))])]))
      published.withLock { $0 = true }
    }
    try await Task.sleep(for: .milliseconds(100))
    XCTAssertFalse(published.withLock { $0 }, "the write waits for the transaction")
    proceed.signal()
    try await publishing.value
    let record = try XCTUnwrap(store.cache.loadRecords(forKeys: ["Hero:1"])["Hero:1"])
    XCTAssertEqual(record.fields["name"], .value(.string("B")))
    XCTAssertEqual(record.fields["likes"], .value(.int(1)))
  }

  /// The decision for synchronous writes: they never wait, so one on a queue a transaction body waits for cannot
  /// deadlock with it.
  func test_aSynchronousPublishDuringAReadWriteTransaction_doesNotWait() throws {
    let store = ApolloStore()
    let proceed = try blockingReadWriteTransaction(on: store)
    try store.publishRecords(hero(name: "C", likes: 2))
    XCTAssertEqual(try store.cache.loadRecords(forKeys: ["Hero:1"])["Hero:1"]?.fields["name"], .value(.string("C")))
    proceed.signal()
  }

  func test_aWriteInsideATransactionBody_runsAtOnce() async throws {
    let store = ApolloStore()
    try await store.performReadWriteTransaction { _ in try await store.publishRecordsSuspending(hero(name: "D", likes: 3)) }
    try await store.performReadTransaction { _ in try await store.publishRecordsSuspending(hero(name: "E", likes: 4)) }
    XCTAssertEqual(try store.cache.loadRecords(forKeys: ["Hero:1"])["Hero:1"]?.fields["name"], .value(.string("E")))
  }

  /// A task started inside a transaction body inherits the body's task-local values; once the body has ended,
  /// its writes wait for the next read-write transaction like any other.
  func test_aTaskStartedInsideATransaction_doesNotPassForItsHolderAfterIt() async throws {
    let store = ApolloStore()
    let go = DispatchSemaphore(value: 0)
    let leaked = try await store.performReadWriteTransaction { _ in
      Task {
        await withCheckedContinuation { continuation in
          DispatchQueue.global().async { go.wait(); continuation.resume() }
        }
        try await store.publishRecordsSuspending(hero(name: "F", likes: 5))
      }
    }
    let proceed = try blockingReadWriteTransaction(on: store)
    go.signal()
    try await Task.sleep(for: .milliseconds(100))
    XCTAssertNil(try store.cache.loadRecords(forKeys: ["Hero:1"])["Hero:1"], "the inherited hold has ended: the write waits")
    proceed.signal()
    try await leaked.value
    XCTAssertEqual(try store.cache.loadRecords(forKeys: ["Hero:1"])["Hero:1"]?.fields["name"], .value(.string("F")))
  }
}

/// Starts a read-write transaction on a thread of its own and returns once it runs; it ends when the returned
/// semaphore is signalled.
private func blockingReadWriteTransaction(on store: ApolloStore) throws -> DispatchSemaphore {
  let entered = DispatchSemaphore(value: 0)
  let proceed = DispatchSemaphore(value: 0)
  Thread {
    store.performReadWriteTransaction { _ in
      entered.signal()
      proceed.wait()
    }
  }.start()
  guard entered.wait(timeout: .now() + 5) == .success else { throw TransactionDidNotStart() }
  return proceed
}

/// The blocking transaction was not running within 5 s: the test fails with this.
private struct TransactionDidNotStart: Error {}

private func hero(name: String, likes: Int) -> RecordSet {
  RecordSet(records: [Record(key: "Hero:1", fields: ["name": .value(.string(name)), "likes": .value(.int(likes))])])
}
