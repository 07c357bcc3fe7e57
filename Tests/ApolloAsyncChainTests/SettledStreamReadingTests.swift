@testable import ApolloAsyncChain
import XCTest

/// `forEachElement` reads a settled stream without making it; a reader must not be able to tell the
/// difference from reading the stream itself.
final class SettledStreamReadingTests: XCTestCase {
  private typealias Broken = StreamReading.Broken
  private typealias Reading = StreamReading

  private static func made(_ settled: SettledElements<Int>) -> NonCopyableAsyncThrowingStream<Int> {
    NonCopyableAsyncThrowingStream(stream: AsyncThrowingStream { continuation in
      for element in settled.elements { continuation.yield(element) }
      continuation.finish(throwing: settled.failure)
    })
  }

  /// Reads `settled` directly, then as a made stream, in the current task (cancelled first if asked).
  private static func readBoth(_ settled: SettledElements<Int>, cancelledFirst: Bool) async -> [Reading] {
    if cancelledFirst { withUnsafeCurrentTask { $0?.cancel() } }
    let direct = await Reading.read(NonCopyableAsyncThrowingStream(settled: settled))
    let throughStream = await Reading.read(made(settled))
    return [direct, throughStream]
  }

  func test_settledAndMadeStreams_handTheSameElementsAndTheSameEnd() async {
    let cases = [
      SettledElements(elements: [1, 2, 3], failure: nil),
      SettledElements(elements: [1, 2], failure: Broken()),
      SettledElements(elements: [], failure: Broken()),
      SettledElements(elements: [], failure: nil),
    ]
    for settled in cases {
      let fromSettled = await Reading.read(NonCopyableAsyncThrowingStream(settled: settled))
      let fromStream = await Reading.read(Self.made(settled))
      XCTAssertEqual(fromSettled, fromStream)
      XCTAssertEqual(fromSettled.elements, settled.elements)
      XCTAssertEqual(fromSettled.failure != nil, settled.failure != nil)
    }
  }

  func test_aBodyReturningFalse_stopsTheReading_beforeTheRestAndTheError() async {
    let settled = SettledElements(elements: [1, 2, 3], failure: Broken())
    let fromSettled = await Reading.read(NonCopyableAsyncThrowingStream(settled: settled), stopAfter: 2)
    let fromStream = await Reading.read(Self.made(settled), stopAfter: 2)
    XCTAssertEqual(fromSettled, Reading(elements: [1, 2]))
    XCTAssertEqual(fromStream, fromSettled)
  }

  /// A made stream hands its buffered elements and end to a cancelled reader too, so reading the settled
  /// elements directly in a cancelled task changes nothing.
  func test_inACancelledTask_bothHandEverythingOver() async {
    let settled = SettledElements(elements: [1, 2], failure: Broken())
    let readings = await Task { await SettledStreamReadingTests.readBoth(settled, cancelledFirst: true) }.value
    XCTAssertEqual(readings[0], Reading(elements: [1, 2], failure: Broken()))
    XCTAssertEqual(readings[1], readings[0])
  }
}
