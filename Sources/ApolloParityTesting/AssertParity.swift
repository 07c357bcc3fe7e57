import ApolloMigration
import XCTest

/// Fails the current XCTest test with the report's differences when a stack did not match.
///
/// ```swift
/// func test_migratedHooks_behaveAsTheOldOnes() async {
///   let report = await ParityHarness().run(ParityCatalog.all, stacks: [
///     .delegateTransport("0.x") { Network() }, .delegatesOnAsyncChain("0.x on 2.x") { Network() },
///   ])
///   assertParity(report)
/// }
/// ```
public func assertParity(_ report: ParityReport, file: StaticString = #filePath, line: UInt = #line) {
  guard let message = ParityAssertion.failureMessage(for: report) else { return }
  XCTFail(message, file: file, line: line)
}

/// The words a failed parity assertion uses (the same for XCTest and Swift Testing).
public enum ParityAssertion {
  /// `nil` when every stack matched; otherwise the summary, then each difference on its own line.
  public static func failureMessage(for report: ParityReport) -> String? {
    guard !report.allMatched else { return nil }
    return ([report.summaryLine] + report.problems).joined(separator: "\n")
  }
}
