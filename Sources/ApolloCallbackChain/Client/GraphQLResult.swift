import Foundation

/// The result of an operation, as 1.x delivered it to completion handlers.
///
/// Wraps the core's pieces: `Data` is the operation's root selection set, `errors` are core
/// ``GraphQLError``s and the extensions are kept as typed JSON (``extensionsJSON``) and handed out in
/// the 1.x `[String: AnyHashable]` shape on demand, so the hot path never builds `AnyHashable` values.
public struct GraphQLResult<Data: RootSelectionSet>: Sendable {
  /// Where the result came from.
  public enum Source: Hashable, Sendable {
    /// Read from the client's store without a network request.
    case cache
    /// Parsed from a server response (and written to the store when the request writes results).
    case server
  }

  /// The typed data; `nil` when the response had no `data`.
  public let data: Data?
  /// The `errors` of the response; `nil` when it had no `errors` member.
  public let errors: [GraphQLError]?
  /// The `extensions` of the response as typed JSON.
  public let extensionsJSON: JSON.Object?
  /// Whether the result came from the store or the server; `returnCacheDataAndFetch` delivers one of each.
  public let source: Source
  /// The cache keys the result depends on; `nil` for results that skipped normalization.
  public var dependentKeys: Set<CacheKey>? { dependentKeySource?.keys }
  /// Where ``dependentKeys`` come from: a server result keeps its records and builds the set when read.
  package let dependentKeySource: DependentKeys?

  /// The `extensions` of the response in the 1.x shape.
  public var extensions: [String: AnyHashable]? {
    extensionsJSON.map { object in
      var result: [String: AnyHashable] = [:]
      for (key, value) in object { result[key] = Self.hashable(value) }
      return result
    }
  }

  /// The 1.x initializer; note that `extensions` comes before `errors`, as upstream.
  public init(data: Data?, extensions: [String: AnyHashable]?, errors: [GraphQLError]?, source: Source,
              dependentKeys: Set<CacheKey>?) {
    self.data = data
    self.extensionsJSON = extensions.flatMap { JSON(foundationValue: $0)?.objectValue }
    self.errors = errors
    self.source = source
    self.dependentKeySource = dependentKeys.map(DependentKeys.init)
  }

  /// Builds a result from core pieces without any Foundation conversion.
  public init(data: Data?, extensionsJSON: JSON.Object?, errors: [GraphQLError]?, source: Source,
              dependentKeys: Set<CacheKey>?) {
    self.init(data: data, extensionsJSON: extensionsJSON, errors: errors, source: source,
              dependentKeySource: dependentKeys.map(DependentKeys.init))
  }

  /// Builds a result whose dependent keys are worked out only when read.
  package init(data: Data?, extensionsJSON: JSON.Object?, errors: [GraphQLError]?, source: Source,
               dependentKeySource: DependentKeys?) {
    self.data = data
    self.extensionsJSON = extensionsJSON
    self.errors = errors
    self.source = source
    self.dependentKeySource = dependentKeySource
  }

  /// The result as a response-shaped Foundation dictionary (`data`, `errors`, `extensions`).
  public func asJSONDictionary() -> [String: Any] {
    GraphQLResponseBody(data: data?.jsonObject, errors: errors, extensions: extensionsJSON).foundationDictionary
  }

  private static func hashable(_ value: JSON) -> AnyHashable {
    switch value {
    case .null: return AnyHashable(Optional<String>.none)
    case .bool(let bool): return AnyHashable(bool)
    case .int(let int): return AnyHashable(int)
    case .double(let double): return AnyHashable(double)
    case .string(let string): return AnyHashable(string)
    case .array(let array): return AnyHashable(array.map(hashable))
    case .object(let object):
      var result: [String: AnyHashable] = [:]
      for (key, element) in object { result[key] = hashable(element) }
      return AnyHashable(result)
    }
  }
}

extension GraphQLResult: Equatable, Hashable {}

/// The 1.x completion handler type of `ApolloClient`.
public typealias GraphQLResultHandler<Data: RootSelectionSet> = (Result<GraphQLResult<Data>, any Error>) -> Void
