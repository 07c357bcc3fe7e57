// 0.x's cache-key rule, the line nearly every 0.x app has: `apollo.cacheKeyForObject = { $0["id"] }`.
// Both spellings set the rule of the store's normalizer, which every later response and cache write uses.

extension ApolloStore {
  /// The rule that keys response objects in this store (0.x). The object arrives as a `JSONObject` and the
  /// key is the text of what the rule returns (`2001`, with no typename prefix, as 0.x); an object it
  /// gives no key is stored under its response path. Changing it does not rewrite records already written.
  public var cacheKeyForObject: ((_ object: JSONObject) -> JSONValue?)? {
    get { foundationKeyRule }
    set { foundationKeyRule = newValue }
  }
}

extension ApolloClient {
  /// The store's ``ApolloStore/cacheKeyForObject`` (0.x forwards it too).
  public var cacheKeyForObject: ((_ object: JSONObject) -> JSONValue?)? {
    get { store.cacheKeyForObject }
    set { store.cacheKeyForObject = newValue }
  }
}
