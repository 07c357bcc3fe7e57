import Foundation

/// A request whose first attempt can send only the persisted-query hash.
public protocol AutoPersistedQueryCompatibleRequest: GraphQLRequest {
  var apqConfig: AutoPersistedQueryConfiguration { get set }
  var isPersistedQueryRetry: Bool { get set }
}
