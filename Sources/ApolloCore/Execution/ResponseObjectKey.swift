@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI

/// The record key of an object in response data, whether it came from the network or from a model an app writes:
/// the app's own rule (0.x `cacheKeyForObject`) first, then the schema's (`SchemaMetadata.cacheKey`), with the
/// object's type read straight from its `__typename`. `nil` when neither keys it: the caller then keys it by its path.
enum ResponseObjectKey {
  static func key(
    of object: JSON.Object, schema: any SchemaMetadata.Type, rootType: any ApolloAPI.RootSelectionSet.Type,
    cacheKeyForObject: CacheKeyForObject?
  ) -> CacheKey? {
    if let key = cacheKeyForObject?(object) { return key }
    guard let typename = object["__typename"]?.stringValue else { return nil }
    let type = schema.objectType(forTypename: typename) ?? Object(typename: typename, implementedInterfaces: [])
    return schema.cacheKey(
      for: ObjectData(json: object), ofType: type, inferredToImplementInterface: { rootType.__parentType as? Interface })
  }
}
