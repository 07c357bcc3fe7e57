@testable import ApolloCore
import Dispatch
import XCTest

/// Many readers or one writer, for blocking (1.x) and suspending (2.x) callers alike.
final class StoreTransactionLockTests: XCTestCase {
  func test_readers_holdTheLockSideBySide() {
    let lock = StoreTransactionLock()
    let bothInside = DispatchGroup()
    let release = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for _ in 0..<2 {
      bothInside.enter()
      done.enter()
      DispatchQueue.global().async {
        lock.withLock(exclusive: false) {
          bothInside.leave()
          release.wait()
        }
        done.leave()
      }
    }
    // Neither reader leaves before both are in: only possible when they hold the lock at the same time.
    XCTAssertEqual(bothInside.wait(timeout: .now() + 5), .success)
    release.signal()
    release.signal()
    XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
  }

  func test_aWriter_waitsForTheReaderAndThenRunsAlone() {
    let lock = StoreTransactionLock()
    let events = EventLog()
    let readerInside = DispatchSemaphore(value: 0)
    let releaseReader = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    done.enter()
    DispatchQueue.global().async {
      lock.withLock(exclusive: false) {
        events.append("reader in")
        readerInside.signal()
        releaseReader.wait()
        events.append("reader out")
      }
      done.leave()
    }
    readerInside.wait()
    done.enter()
    DispatchQueue.global().async {
      lock.withLock(exclusive: true) { events.append("writer") }
      done.leave()
    }
    // The writer is queued behind the reader; a later reader queues behind the writer (no starvation).
    Thread.sleep(forTimeInterval: 0.05)
    done.enter()
    DispatchQueue.global().async {
      lock.withLock(exclusive: false) { events.append("late reader") }
      done.leave()
    }
    Thread.sleep(forTimeInterval: 0.05)
    XCTAssertEqual(events.entries, ["reader in"])
    releaseReader.signal()
    XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
    XCTAssertEqual(events.entries, ["reader in", "reader out", "writer", "late reader"])
  }

  func test_aSuspendedWriter_andABlockingWriter_excludeEachOther() async {
    let lock = StoreTransactionLock()
    let events = EventLog()
    let blockingInside = DispatchSemaphore(value: 0)
    let releaseBlocking = DispatchSemaphore(value: 0)
    let blockingDone = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      lock.withLock(exclusive: true) {
        events.append("1.x in")
        blockingInside.signal()
        releaseBlocking.wait()
        events.append("1.x out")
      }
      blockingDone.signal()
    }
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async { blockingInside.wait(); continuation.resume() }
    }
    let asyncWriter = Task {
      await lock.withLock(exclusive: true) { () async -> Void in events.append("2.x") }
    }
    try? await Task.sleep(for: .milliseconds(50))
    XCTAssertEqual(events.entries, ["1.x in"])
    releaseBlocking.signal()
    await asyncWriter.value
    blockingDone.wait()
    XCTAssertEqual(events.entries, ["1.x in", "1.x out", "2.x"])
  }

  func test_aThrowingBody_releasesTheLock() async {
    let lock = StoreTransactionLock()
    struct Failure: Error {}
    XCTAssertThrowsError(try lock.withLock(exclusive: true) { throw Failure() })
    do {
      _ = try await lock.withLock(exclusive: true) { () async throws -> Int in throw Failure() }
      XCTFail("expected the body's error")
    } catch {}
    // Both holds were released: a writer gets in at once.
    let entered = lock.withLock(exclusive: true) { true }
    XCTAssertTrue(entered)
  }
}

private final class EventLog: Sendable {
  private let storage = Mutex<[String]>([])
  func append(_ event: String) { storage.withLock { $0.append(event) } }
  var entries: [String] { storage.withLock { $0 } }
}
