@testable import ApolloCore
import Dispatch
import XCTest

/// Store writes outside transactions wait for a read-write transaction in progress, as upstream's barrier did: a
/// network write cannot land between a transaction's read and its write-back and then be overwritten by it.
final class StoreWritesAgainstTransactionsTests: XCTestCase {
  func test_aPublishDuringAReadWriteTransaction_landsAfterIt_andIsNotOverwritten() throws {
    let store = ApolloStore()
    try store.publishRecords(hero(name: "A", likes: 0))
    let entered = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    done.enter()
    DispatchQueue.global().async {
      // Read, wait, write back: what `updateObject` does with an app's closure in between.
      try? store.performReadWriteTransaction { _ in
        let record = try store.cache.loadRecords(forKeys: ["Hero:1"])["Hero:1"]
        guard case .value(.int(let likes))? = record?.fields["likes"], case .value(.string(let name))? = record?.fields["name"]
        else { return }
        entered.signal()
        proceed.wait()
        try store.publishRecords(hero(name: name, likes: likes + 1))
      }
      done.leave()
    }
    XCTAssertEqual(entered.wait(timeout: .now() + 5), .success)
    let published = Mutex(false)
    done.enter()
    DispatchQueue.global().async {
      _ = try? store.publishRecords(hero(name: "B", likes: 0).removingField("likes"))
      published.withLock { $0 = true }
      done.leave()
    }
    Thread.sleep(forTimeInterval: 0.1)
    XCTAssertFalse(published.withLock { $0 }, "the publish waits for the transaction")
    proceed.signal()
    XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
    let record = try XCTUnwrap(store.cache.loadRecords(forKeys: ["Hero:1"])["Hero:1"])
    XCTAssertEqual(record.fields["name"], .value(.string("B")))
    XCTAssertEqual(record.fields["likes"], .value(.int(1)))
  }

  func test_anAsyncPublishDuringAReadWriteTransaction_suspendsUntilItEnds() async throws {
    let store = ApolloStore()
    let entered = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let transaction = Thread {
      store.performReadWriteTransaction { _ in
        entered.signal()
        proceed.wait()
      }
    }
    transaction.start()
    XCTAssertEqual(entered.wait(timeout: .now() + 5), .success)
    let publishing = Task { try await store.publishRecordsSuspending(hero(name: "C", likes: 2)) }
    try await Task.sleep(for: .milliseconds(100))
    XCTAssertNil(try store.cache.loadRecords(forKeys: ["Hero:1"])["Hero:1"], "not written while the transaction runs")
    proceed.signal()
    _ = try await publishing.value
    XCTAssertEqual(try store.cache.loadRecords(forKeys: ["Hero:1"])["Hero:1"]?.fields["name"], .value(.string("C")))
  }

  func test_aPublishInsideATransactionBody_runsAtOnce() throws {
    let store = ApolloStore()
    try store.performReadWriteTransaction { _ in try store.publishRecords(hero(name: "D", likes: 3)) }
    try store.performReadTransaction { _ in try store.publishRecords(hero(name: "E", likes: 4)) }
    XCTAssertEqual(try store.cache.loadRecords(forKeys: ["Hero:1"])["Hero:1"]?.fields["name"], .value(.string("E")))
  }
}

private func hero(name: String, likes: Int) -> RecordSet {
  RecordSet(records: [Record(key: "Hero:1", fields: ["name": .value(.string(name)), "likes": .value(.int(likes))])])
}

private extension RecordSet {
  func removingField(_ field: String) -> RecordSet {
    var copy = RecordSet()
    for key in keys {
      guard var record = self[key] else { continue }
      record.fields[field] = nil
      copy.merge(record: record)
    }
    return copy
  }
}
