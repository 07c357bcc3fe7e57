// 0.34–0.53 kept the cache-key rule on the store (`store.cacheKeyForObject = { $0["id"] }`); 1.0 moved keys
// into the generated schema configuration. The old spelling stays, deprecated, and sets the rule of the
// store's normalizer, which the parsing interceptors read for each request.

extension ApolloStore {
  /// 0.34–0.53's key rule: `store.cacheKeyForObject = { $0["id"] }`. The object arrives as `[String: Any]`
  /// and the key is the text of what the rule returns; objects it gives no key fall back to the schema's
  /// `cacheKeyInfo`, then to their response path. Records already written keep their keys.
  @available(*, deprecated, message: "1.x keys objects through the generated SchemaConfiguration's cacheKeyInfo(for:object:); a rule set here is asked first")
  public var cacheKeyForObject: ((_ object: [String: Any]) -> Any?)? {
    get { foundationKeyRule }
    set { foundationKeyRule = newValue }
  }
}
