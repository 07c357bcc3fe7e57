import ApolloTestSupport
@testable import ApolloWebSocketCore
import XCTest

/// The bridge `URLSessionWebSocketTask`'s ping goes through on Apple platforms: a pong handler called twice or
/// never must neither trap nor hang.
final class CallbackResumptionTests: XCTestCase {
  func test_aCallbackCalledTwice_returnsTheFirstOutcome() async throws {
    try await CallbackResumption.first { done in
      done(nil)
      done(URLError(.networkConnectionLost))
    }
    do {
      try await CallbackResumption.first { done in
        DispatchQueue.global().async {
          done(URLError(.networkConnectionLost))
          done(nil)
        }
      }
      XCTFail("the first outcome was an error")
    } catch {
      XCTAssertEqual((error as? URLError)?.code, .networkConnectionLost)
    }
  }

  func test_aCallbackNeverCalled_endsWithCancellationError_whenTheCallerIsCancelled() async throws {
    let waiting = Task {
      try await CallbackResumption.first { _ in }
    }
    try await Task.sleep(for: .milliseconds(50))
    waiting.cancel()
    let outcome = try await withTimeout(5) { await waiting.result }
    XCTAssertThrowsError(try outcome.get()) { XCTAssertTrue($0 is CancellationError) }
  }
}
