import Foundation

/// Automatic persisted query options.
public struct AutoPersistedQueryConfiguration: Sendable, Hashable {
  /// Send the document's hash instead of the document on the first attempt.
  public var autoPersistQueries: Bool
  /// Use GET for the retry that sends the full document.
  public var useGETForPersistedQueryRetry: Bool

  /// Both off by default: the document is always sent.
  public init(autoPersistQueries: Bool = false, useGETForPersistedQueryRetry: Bool = false) {
    self.autoPersistQueries = autoPersistQueries
    self.useGETForPersistedQueryRetry = useGETForPersistedQueryRetry
  }
}
