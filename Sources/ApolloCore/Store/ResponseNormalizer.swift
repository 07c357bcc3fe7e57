import Foundation

/// Decides the cache key of a response object; `nil` leaves it to the schema's `cacheKeyInfo`, then to
/// the object's response path.
///
/// 0.x apps set this on `ApolloClient.cacheKeyForObject` (and 0.34–0.53 on `ApolloStore`); the key is
/// used exactly as returned, as 0.x did.
public typealias CacheKeyForObject = @Sendable (_ object: JSON.Object) -> String?

/// How responses are keyed when they are normalized into records.
///
/// By default objects get the key their generated schema's `SchemaConfiguration.cacheKey(for:)` gives
/// (`Typename:id`-style, as upstream 1.x and 2.x build it), else their response path
/// (`QUERY_ROOT.hero(episode:JEDI)`). A ``cacheKeyForObject`` rule is asked first.
public struct ResponseNormalizer: Sendable {
  /// The app's own key rule, asked before the schema's; `nil` for none.
  public let cacheKeyForObject: CacheKeyForObject?

  /// By default no rule of the app's: the schema's keys, then response paths.
  public init(cacheKeyForObject: CacheKeyForObject? = nil) {
    self.cacheKeyForObject = cacheKeyForObject
  }

  /// Objects with `__typename` and a string or integer `id` become `Typename:id`: a ready-made rule
  /// for apps whose generated schema configuration keys nothing.
  public static let typenameAndID: CacheKeyForObject = { object in
    guard let typename = object["__typename"]?.stringValue else { return nil }
    switch object["id"] {
    case .string(let id)?: return "\(typename):\(id)"
    case .int(let id)?: return "\(typename):\(id)"
    default: return nil
    }
  }

  /// Reads a response's `data` as the operation's `Data` and, when `normalizing`, the records a cache
  /// write stores, keyed by this normalizer's rules.
  public func execute<Operation: GraphQLOperation>(
    _ operation: Operation, data: JSON.Object, normalizing: Bool
  ) throws -> (data: Operation.Data, records: RecordSet?) {
    try GraphQLExecutor.execute(operation, data: data, normalizing: normalizing, cacheKeyForObject: cacheKeyForObject)
  }

  /// As ``execute(_:data:normalizing:)``, for an operation known by its type and variables.
  public func execute<Operation: GraphQLOperation>(
    _ operationType: Operation.Type, variables: GraphQLOperation.Variables?, data: JSON.Object, normalizing: Bool
  ) throws -> (data: Operation.Data, records: RecordSet?) {
    try GraphQLExecutor.execute(
      operationType, variables: variables, data: data, normalizing: normalizing, cacheKeyForObject: cacheKeyForObject)
  }
}
