import ApolloParityCatalog

extension ParityCatalog {
  /// Scenario × stack cells where an adapted stack does not yet reproduce its reference, each with its
  /// first difference exactly as the comparison words it. A gap that closes or changes fails the
  /// catalog test, so this list only shrinks on purpose. Key: `"<scenario> | <stack>"`.
  static let knownGaps: [String: String] = [:]

  /// Gaps that show in some runs and not in others because they depend on when a cancel lands: either
  /// the recorded difference or a match is accepted.
  static let timingSensitiveGaps: [String: String] = [:]
}
