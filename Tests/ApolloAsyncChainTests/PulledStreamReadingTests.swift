@testable import ApolloAsyncChain
import Synchronization
import XCTest

/// `forEachElement` reads a pulled stream (the chain's response body) by calling its pull closure, without
/// making `AsyncThrowingStream(unfolding:)`; a reader must not be able to tell the difference.
final class PulledStreamReadingTests: XCTestCase {
  private typealias Broken = StreamReading.Broken
  private typealias Reading = StreamReading

  /// A pull closure giving `elements`, then `nil` or `failure`; `pulls` counts its calls.
  private final class Source: Sendable {
    let elements: [Int]
    let failure: Broken?
    let pulls = Mutex(0)

    init(_ elements: [Int], failure: Broken? = nil) {
      self.elements = elements
      self.failure = failure
    }

    var pull: @Sendable () async throws -> Int? {
      { [self] in
        let index = pulls.withLock { count -> Int in
          defer { count += 1 }
          return count
        }
        if index < elements.count { return elements[index] }
        if let failure { throw failure }
        return nil
      }
    }
  }

  /// The same source read through the stream the stream accessor makes.
  private static func readThroughStream(_ source: Source, stopAfter limit: Int = .max) async -> Reading {
    let made = NonCopyableAsyncThrowingStream(pulling: source.pull).getStream()
    return await Reading.read(NonCopyableAsyncThrowingStream(stream: made), stopAfter: limit)
  }

  /// Cancels the current task, then reads `direct` directly and `throughStream` through the made stream.
  private static func readBothCancelled(_ direct: Source, _ throughStream: Source) async -> [Reading] {
    withUnsafeCurrentTask { $0?.cancel() }
    let first = await Reading.read(NonCopyableAsyncThrowingStream(pulling: direct.pull))
    let second = await readThroughStream(throughStream)
    return [first, second]
  }

  func test_pulledAndUnfoldingStreams_handTheSameElementsAndTheSameEnd() async {
    for (elements, failure) in [([1, 2, 3], nil), ([1, 2], Broken()), ([], Broken()), ([], nil)] as [([Int], Broken?)] {
      let direct = await Reading.read(NonCopyableAsyncThrowingStream(pulling: Source(elements, failure: failure).pull))
      let throughStream = await Self.readThroughStream(Source(elements, failure: failure))
      XCTAssertEqual(direct, throughStream)
      XCTAssertEqual(direct, Reading(elements: elements, failure: failure))
    }
  }

  func test_aBodyReturningFalse_stopsPulling() async {
    let source = Source([1, 2, 3], failure: Broken())
    let direct = await Reading.read(NonCopyableAsyncThrowingStream(pulling: source.pull), stopAfter: 2)
    let throughStream = await Self.readThroughStream(Source([1, 2, 3], failure: Broken()), stopAfter: 2)
    XCTAssertEqual(direct, Reading(elements: [1, 2]))
    XCTAssertEqual(throughStream, direct)
    XCTAssertEqual(source.pulls.withLock { $0 }, 2, "nothing is pulled after the reader stops")
  }

  /// An unfolding stream ends quietly for a cancelled reader, without pulling; so does the direct read.
  func test_inACancelledTask_bothEndWithoutAnErrorAndWithoutPulling() async {
    let direct = Source([1, 2], failure: Broken())
    let throughStream = Source([1, 2], failure: Broken())
    let readings = await Task { await PulledStreamReadingTests.readBothCancelled(direct, throughStream) }.value
    XCTAssertEqual(readings[0], Reading())
    XCTAssertEqual(readings[1], readings[0])
    XCTAssertEqual(direct.pulls.withLock { $0 }, 0)
    XCTAssertEqual(throughStream.pulls.withLock { $0 }, 0)
  }
}
