import ApolloMigration
import Testing

/// Records a Swift Testing issue with the report's differences when a stack did not match.
///
/// ```swift
/// @Test func migratedHooksBehaveAsTheOldOnes() async {
///   expectParity(await ParityHarness().run(scenarios, stacks: stacks))
/// }
/// ```
public func expectParity(_ report: ParityReport, sourceLocation: SourceLocation = #_sourceLocation) {
  guard let message = ParityAssertion.failureMessage(for: report) else { return }
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}
