@testable import ApolloCore
import Dispatch
import XCTest

/// The callback spellings of the store's transactions start in the order they were submitted, as 0.33's and 1.x's
/// store queue ran them.
final class CallbackTransactionOrderTests: XCTestCase {
  func test_writesSubmittedBackToBack_landInOrder_andEachReadSeesEveryWriteSubmittedBeforeIt() {
    let store = ApolloStore()
    let log = Recorded()
    let done = DispatchGroup()
    var expectedReads: [Int] = []
    var writes = 0
    for index in 0..<200 {
      let isWrite = index % 3 != 2
      done.enter()
      if isWrite {
        writes += 1
        let value = writes
        store.submitTransaction(exclusive: true, callbackQueue: nil, completion: { (_: Result<Void, any Error>) in done.leave() }) {
          try store.performReadWriteTransaction { _ in log.write(value) }
        }
      } else {
        expectedReads.append(writes)
        store.submitTransaction(exclusive: false, callbackQueue: nil, completion: { (_: Result<Void, any Error>) in done.leave() }) {
          try store.performReadTransaction { _ in log.read() }
        }
      }
    }
    XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
    XCTAssertEqual(log.writes, Array(1...writes), "the writes landed out of order")
    XCTAssertEqual(log.reads.sorted(), expectedReads, "a read missed a write submitted before it, or saw a later one")
  }

  func test_readsSubmittedTogether_runSideBySide() {
    let store = ApolloStore()
    let bothInside = DispatchGroup()
    let release = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for _ in 0..<2 {
      bothInside.enter()
      done.enter()
      store.submitTransaction(exclusive: false, callbackQueue: nil, completion: { (_: Result<Void, any Error>) in done.leave() }) {
        bothInside.leave()
        release.wait()
      }
    }
    XCTAssertEqual(bothInside.wait(timeout: .now() + 5), .success)
    release.signal()
    release.signal()
    XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
  }
}

/// The last value written, and what each read saw.
private final class Recorded: @unchecked Sendable {
  // @unchecked Sendable: every field is read and written under `lock`.
  private let lock = NSLock()
  private var current = 0
  private var written: [Int] = []
  private var seen: [Int] = []

  func write(_ value: Int) {
    lock.lock()
    defer { lock.unlock() }
    current = value
    written.append(value)
  }

  func read() {
    lock.lock()
    defer { lock.unlock() }
    seen.append(current)
  }

  var writes: [Int] { lock.lock(); defer { lock.unlock() }; return written }
  var reads: [Int] { lock.lock(); defer { lock.unlock() }; return seen }
}
