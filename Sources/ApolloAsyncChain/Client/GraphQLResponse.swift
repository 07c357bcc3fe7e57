import Foundation

/// One result of an operation, from the server or the cache.
public struct GraphQLResponse<Operation: GraphQLOperation>: Sendable {
  /// Where the result came from.
  public enum Source: Sendable, Hashable {
    /// Read from the normalized store (a cache-first, cache-only or cache-and-network fetch, or a network-first
    /// fetch whose request failed).
    case cache
    /// Parsed from a network response (HTTP, multipart part or WebSocket message).
    case server
  }

  /// The operation's data; `nil` when the response had none.
  public let data: Operation.Data?
  /// The response's GraphQL errors; `nil` when it had no `errors` member.
  public let errors: [GraphQLError]?
  /// The response's `extensions`, in upstream's type and shapes: numbers as `NSNumber`, objects as
  /// `[String: AnyHashable]`, so `extensions?["cost"] as? Int` reads as it does against Apollo 2.x.
  public var extensions: JSONObject? { extensionsJSON.map { $0.mapValues(\.serializationValue) } }
  /// The same in the core's JSON.
  package let extensionsJSON: JSON.Object?
  /// Where the result came from.
  public let source: Source
  /// The record fields a cached result was read from; `nil` for server results.
  public var dependentKeys: Set<CacheKey>? { dependentKeySource?.keys }
  /// Where ``dependentKeys`` come from: results built from records work the set out when read.
  package let dependentKeySource: DependentKeys?

  /// A result with the given members (upstream's initializer); an `extensions` value with no JSON form is left out.
  public init(data: Operation.Data?, extensions: JSONObject?, errors: [GraphQLError]?, source: Source,
              dependentKeys: Set<CacheKey>?) {
    self.init(data: data, extensionsJSON: extensions.map { $0.compactMapValues { JSON(apiValue: $0) } }, errors: errors,
              source: source, dependentKeySource: dependentKeys.map(DependentKeys.init))
  }

  /// A result with `extensions` in the core's JSON, whose dependent keys are worked out only when read.
  package init(data: Operation.Data?, extensionsJSON: JSON.Object?, errors: [GraphQLError]?, source: Source,
               dependentKeySource: DependentKeys?) {
    self.data = data
    self.extensionsJSON = extensionsJSON
    self.errors = errors
    self.source = source
    self.dependentKeySource = dependentKeySource
  }

  /// The result as a JSON dictionary (`data`, `errors`, `extensions`), in Foundation shape.
  public func asJSONDictionary() -> [String: Any] {
    GraphQLResponseBody(data: data?.jsonObject, errors: errors, extensions: extensionsJSON).foundationDictionary
  }
}

extension GraphQLResponse: Equatable where Operation.Data: Equatable {}
extension GraphQLResponse: Hashable where Operation.Data: Hashable {}
