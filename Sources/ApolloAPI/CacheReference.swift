/// A pointer from one normalized record to another, stored as a field value.
public struct CacheReference: Hashable, Sendable, CustomStringConvertible {
  public static let RootQuery = CacheReference("QUERY_ROOT")
  public static let RootMutation = CacheReference("MUTATION_ROOT")
  public static let RootSubscription = CacheReference("SUBSCRIPTION_ROOT")

  /// The record of an operation type's root.
  public static func rootCacheReference(for operationType: GraphQLOperationType) -> CacheReference {
    switch operationType {
    case .query: return RootQuery
    case .mutation: return RootMutation
    case .subscription: return RootSubscription
    }
  }

  /// The referenced record's key.
  public let key: String

  public init(_ key: String) { self.key = key }

  public var description: String { "-> #\(key)" }
}
