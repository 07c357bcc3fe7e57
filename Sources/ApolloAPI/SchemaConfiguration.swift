/// The app's cache-identity rules for a schema, generated once and then edited by the app.
public protocol SchemaConfiguration: Sendable {
  /// The identity of an object in the cache, or `nil` to store it under its response path
  /// (unless its type has key fields).
  static func cacheKeyInfo(for type: Object, object: ObjectData) -> CacheKeyInfo?
}
