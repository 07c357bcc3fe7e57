// Generated once by codegen, then owned by the app: later codegen runs leave it alone.
// The app edited it to key shelves (a type without @typePolicy) by their code.

import ApolloAPI

nonisolated public enum SchemaConfiguration: ApolloAPI.SchemaConfiguration {
  public static func cacheKeyInfo(for type: ApolloAPI.Object, object: ApolloAPI.ObjectData) -> CacheKeyInfo? {
    if type == Objects.Shelf {
      return try? CacheKeyInfo(jsonValue: object["code"])
    }
    return nil
  }
}
