/// A pointer from one normalized record to another, stored as a field value.
public struct CacheReference: Hashable, Sendable, CustomStringConvertible {
  /// The record every query's top-level fields hang from, `QUERY_ROOT`.
  public static let RootQuery = CacheReference("QUERY_ROOT")
  /// The record mutation results are normalized under, `MUTATION_ROOT`.
  public static let RootMutation = CacheReference("MUTATION_ROOT")
  /// The record subscription results are normalized under, `SUBSCRIPTION_ROOT`.
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

  /// Points to the record with cache key `key`.
  public init(_ key: String) { self.key = key }

  public var description: String { "-> #\(key)" }
}
