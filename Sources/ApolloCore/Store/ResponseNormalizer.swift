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
  /// The rule as the app wrote it, when it was written against Foundation values (``init(foundationRule:)``),
  /// so the 0.x spellings hand back the closure they were given.
  package let foundationRule: FoundationKeyRule?

  /// By default no rule of the app's: the schema's keys, then response paths.
  public init(cacheKeyForObject: CacheKeyForObject? = nil) {
    self.cacheKeyForObject = cacheKeyForObject
    self.foundationRule = nil
  }

  /// A rule written against Foundation values, as 0.x apps wrote it (`{ $0["id"] }`): it sees the object
  /// as `[String: Any]`, and the key is the text of what it returns (`2001` for `"2001"` or `2001`), a
  /// list's elements joined by `_` as 0.x described them (`Optional("Human")_Optional("1000")`).
  public init(foundationRule rule: FoundationKeyRule) {
    self.foundationRule = rule
    self.cacheKeyForObject = { object in
      guard let key = rule.key(JSON.object(object).foundationValue as? [String: Any] ?? [:]) else { return nil }
      if let string = key as? String { return string }
      if let int = key as? Int { return String(int) }
      // 0.x described each element of a list as an optional (`Optional("Human")_Optional("1000")`): kept, so
      // such a rule names the records it named there.
      if let list = key as? [Any?] { return list.map { String(describing: $0) }.joined(separator: "_") }
      return "\(key)"
    }
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

  /// As ``execute(_:variables:data:normalizing:)``, keeping variable-dependent field keys in `fieldKeys`
  /// for the next part of the same response (`fieldKeys` must only ever see these `variables`).
  package func execute<Operation: GraphQLOperation>(
    _ operationType: Operation.Type, variables: GraphQLOperation.Variables?, data: JSON.Object, normalizing: Bool,
    fieldKeys: FieldKeyMemo
  ) throws -> (data: Operation.Data, records: RecordSet?) {
    try GraphQLExecutor.execute(
      operationType, variables: variables, data: data, normalizing: normalizing, cacheKeyForObject: cacheKeyForObject,
      fieldKeys: fieldKeys)
  }
}

/// A cache-key rule over Foundation values (`[String: Any]` in, any value out), kept as the app wrote it.
public final class FoundationKeyRule: @unchecked Sendable {
  // @unchecked Sendable: `key` is never changed; it is the app's closure, called from whichever thread
  // normalizes a response, as 0.x called it from its own queues. A rule that only reads its argument
  // (every rule in 0.x's docs does) is safe there; one that mutates captured state was racy in 0.x too.
  /// The app's closure: the object in, its key (or `nil` for none) out.
  public let key: (_ object: [String: Any]) -> Any?

  /// Keeps `key`.
  public init(_ key: @escaping (_ object: [String: Any]) -> Any?) {
    self.key = key
  }
}

extension ApolloStore {
  /// The store's key rule over Foundation values, for the settable `cacheKeyForObject` spellings of 0.x
  /// (`ApolloClient`, `ApolloStore`) and 0.34–0.53: the closure they were given, or the typed rule seen
  /// through Foundation values; setting replaces the rule for every later write.
  package var foundationKeyRule: ((_ object: [String: Any]) -> Any?)? {
    get {
      let normalizer = self.normalizer
      if let rule = normalizer.foundationRule { return rule.key }
      guard let typed = normalizer.cacheKeyForObject else { return nil }
      return { object in JSON(foundationValue: object)?.objectValue.flatMap(typed) }
    }
    set {
      replaceNormalizer(newValue.map { ResponseNormalizer(foundationRule: FoundationKeyRule($0)) } ?? ResponseNormalizer())
    }
  }
}
