import Foundation
import XCTest

/// Polls `condition` until it holds or `seconds` pass; returns whether it held.
///
/// The condition runs in the caller's isolation, so it may read the caller's state without being `Sendable`.
package func eventually(
  within seconds: Double = 5, pollingEvery interval: Double = 0.01, isolation: isolated (any Actor)? = #isolation,
  _ condition: () async throws -> Bool
) async rethrows -> Bool {
  let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
  while ContinuousClock.now < deadline {
    if try await condition() { return true }
    try? await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
  }
  return try await condition()
}

/// Fails the test, naming `what`, and throws ``TimeoutError`` when `condition` does not hold within `seconds`.
package func expectEventually(
  _ what: String = "condition", within seconds: Double = 5, file: StaticString = #filePath, line: UInt = #line,
  isolation: isolated (any Actor)? = #isolation, _ condition: () async throws -> Bool
) async throws {
  if try await eventually(within: seconds, isolation: isolation, condition) { return }
  XCTFail("Timed out waiting for \(what)", file: file, line: line)
  throw TimeoutError(seconds: seconds)
}
