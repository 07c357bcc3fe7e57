@_spi(Execution) @_spi(Unsafe) import ApolloAPI

/// The networking layer's `Data` for a boxed 0.x operation: it carries the ``ResultMap`` the 0.x executor read,
/// for the client to wrap in the operation's own `Data`. Its own selections are empty, so no other executor
/// reads anything into it.
package struct LegacyResponsePlaceholder: ApolloAPI.RootSelectionSet {
  package typealias Schema = LegacyPlaceholderSchema
  package let __data: DataDict
  package init(_dataDict: DataDict) { __data = _dataDict }
  package static var __parentType: any ParentType { ApolloAPI.Object(typename: "Query", implementedInterfaces: []) }

  /// Carries `resultMap`.
  package init(resultMap: ResultMap) {
    __data = DataDict(data: [Self.resultMapKey: LegacyResultMapBox(resultMap)], fulfilledFragments: [])
  }

  /// What the 0.x executor read; `nil` for a placeholder another executor made.
  package var resultMap: ResultMap? { (__data._data[Self.resultMapKey] as? LegacyResultMapBox)?.resultMap }

  private static let resultMapKey = "__legacyResultMap"
}

/// A ``ResultMap`` as a `DataDict` value: equal and hashed by identity.
final class LegacyResultMapBox: Hashable, @unchecked Sendable {
  // @unchecked Sendable: `resultMap` is a `let`, filled once by the executor on the thread that read the response
  // and only read afterwards (by the client, on the handler's queue); its values are what 0.x data holds (JSON
  // scalars, the app's generated enums and custom scalars, nested maps and lists), none of which it mutates.
  let resultMap: ResultMap

  init(_ resultMap: ResultMap) { self.resultMap = resultMap }

  static func == (lhs: LegacyResultMapBox, rhs: LegacyResultMapBox) -> Bool { lhs === rhs }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

package enum LegacyPlaceholderSchema: SchemaMetadata {
  package static var configuration: any SchemaConfiguration.Type { LegacyPlaceholderConfiguration.self }
  package static func objectType(forTypename typename: String) -> ApolloAPI.Object? { nil }
}

package enum LegacyPlaceholderConfiguration: SchemaConfiguration {
  package static func cacheKeyInfo(for type: ApolloAPI.Object, object: ObjectData) -> CacheKeyInfo? { nil }
}
