@_spi(Execution) @_spi(Unsafe) import ApolloAPI

/// The networking layer's `Data` for a boxed 0.x operation; never read.
struct LegacyResponsePlaceholder: ApolloAPI.RootSelectionSet {
  typealias Schema = LegacyPlaceholderSchema
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { ApolloAPI.Object(typename: "Query", implementedInterfaces: []) }
}

enum LegacyPlaceholderSchema: SchemaMetadata {
  static var configuration: any SchemaConfiguration.Type { LegacyPlaceholderConfiguration.self }
  static func objectType(forTypename typename: String) -> ApolloAPI.Object? { nil }
}

enum LegacyPlaceholderConfiguration: SchemaConfiguration {
  static func cacheKeyInfo(for type: ApolloAPI.Object, object: ObjectData) -> CacheKeyInfo? { nil }
}
