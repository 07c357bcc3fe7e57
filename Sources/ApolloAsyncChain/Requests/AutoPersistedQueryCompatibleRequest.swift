import Foundation

/// A request whose first attempt can send only the persisted-query hash.
public protocol AutoPersistedQueryCompatibleRequest: GraphQLRequest {
  /// Whether the first attempt sends only the hash, and whether the retry uses GET.
  var apqConfig: AutoPersistedQueryConfiguration { get set }
  /// Set by the chain on the attempt after a `PersistedQueryNotFound`, which sends the document with the hash.
  var isPersistedQueryRetry: Bool { get set }
}
