@testable import ApolloCore
import XCTest

/// The fetch a callback watcher keeps in flight, when a refetch or a cancel lands while a fetch starts (here run from
/// inside the start, standing in for another thread).
final class WatcherFetchesTests: XCTestCase {
  private final class RecordingFetch: Cancellable, @unchecked Sendable {
    // @unchecked Sendable: `cancelled` is a Mutex.
    private let cancelled = Mutex(false)
    var isCancelled: Bool { cancelled.withLock { $0 } }
    func cancel() { cancelled.withLock { $0 = true } }
  }

  private func check(_ holding: WatcherFetches.Holding) {
    let fetches = WatcherFetches(holding: holding)
    var started: [RecordingFetch] = []
    func start() -> RecordingFetch {
      let fetch = RecordingFetch()
      started.append(fetch)
      return fetch
    }
    fetches.replace { start() }
    // A refetch lands while the second fetch starts: the one it starts is kept, the one it overtook is cancelled.
    fetches.replace {
      let overtaken = start()
      fetches.replace { start() }
      return overtaken
    }
    XCTAssertEqual(started.map(\.isCancelled), [true, true, false], "\(holding)")
    // A cancel lands while the next fetch starts: that fetch is cancelled too, not kept past the cancel.
    fetches.replace {
      let starting = start()
      fetches.cancel()
      return starting
    }
    XCTAssertEqual(started.map(\.isCancelled), [true, true, true, true], "\(holding)")
    // Afterwards a fetch starts again (upstream's watchers refetched after cancel() when asked).
    fetches.replace { start() }
    fetches.cancel()
    XCTAssertEqual(started.map(\.isCancelled), [true, true, true, true, true], "\(holding)")
  }

  func test_aFetchOvertakenWhileItStarts_isCancelled_heldWeaklyAs1x() { check(.weakly) }
  func test_aFetchOvertakenWhileItStarts_isCancelled_heldStronglyAs0x() { check(.strongly) }
}
