import Foundation

/// The result of an operation (0.x): its data, its GraphQL errors, its extensions, and where it came from.
///
/// GraphQL errors sit next to whatever data was read; they are never turned into a failure.
public struct GraphQLResult<Data> {
  /// Where a result came from.
  public enum Source: Hashable, Sendable {
    /// Read from the normalized store by a cache policy, with no request sent for it.
    case cache
    /// Read from a network response.
    case server
  }

  /// The data read into the operation's selection set, `nil` when the response had none.
  public let data: Data?
  /// The `errors` of the response.
  public let errors: [GraphQLError]?
  /// The `extensions` of the response, typed.
  public let extensionsJSON: JSON.Object?
  /// Where the result came from.
  public let source: Source
  /// The record fields the result was read from or written to; `nil` for results that were not normalized.
  var dependentKeys: Set<CacheKey>? { dependentKeySource?.keys }
  /// Where ``dependentKeys`` come from: a normalized server result keeps its records and builds the set
  /// only when a watcher reads it.
  package let dependentKeySource: DependentKeys?

  /// The `extensions` of the response, in Foundation shape (0.x's `[String: Any]`).
  public var extensions: [String: Any]? { extensionsJSON?.foundationObject }

  /// Takes `extensions` in Foundation shape, as 0.x did, and stores them as typed JSON (``extensionsJSON``); values
  /// that are not JSON are dropped.
  public init(data: Data?, extensions: [String: Any]?, errors: [GraphQLError]?, source: Source,
              dependentKeys: Set<CacheKey>?) {
    self.init(data: data, extensionsJSON: extensions.map(Self.json(from:)), errors: errors, source: source,
              dependentKeys: dependentKeys)
  }

  package init(data: Data?, extensionsJSON: JSON.Object?, errors: [GraphQLError]?, source: Source, dependentKeys: Set<CacheKey>?) {
    self.init(data: data, extensionsJSON: extensionsJSON, errors: errors, source: source,
              dependentKeySource: dependentKeys.map(DependentKeys.init))
  }

  package init(data: Data?, extensionsJSON: JSON.Object?, errors: [GraphQLError]?, source: Source,
               dependentKeySource: DependentKeys?) {
    self.data = data
    self.extensionsJSON = extensionsJSON
    self.errors = errors
    self.source = source
    self.dependentKeySource = dependentKeySource
  }

  private static func json(from dictionary: [String: Any]) -> JSON.Object {
    var object: JSON.Object = [:]
    for (key, value) in dictionary {
      if let json = JSON(foundationValue: value) { object[key] = json }
    }
    return object
  }
}

extension GraphQLResult: Sendable where Data: Sendable {}

/// The closure type of every `ApolloClient` result handler.
public typealias GraphQLResultHandler<Data> = (Result<GraphQLResult<Data>, any Error>) -> Void
