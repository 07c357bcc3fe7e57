import Foundation

/// The key of a field inside a 0.x record: the field's name, then its evaluated arguments when any are left
/// (`hero(episode:JEDI)`, `hero([nested:bar:2,foo:1])`). Arguments that evaluate to `null` are left out at every
/// level, so an unset optional variable gives the bare name.
enum LegacyFieldCacheKey {
  static func key(for field: GraphQLField, variables: [String: any JSONEncodable]) throws -> String {
    guard let arguments = field.arguments, !arguments.isEmpty else { return field.name }
    let evaluated = try arguments.evaluate(with: variables) as JSONObject
    guard !evaluated.isEmpty else { return field.name }
    return field.name + "(" + render(evaluated) + ")"
  }

  /// `key:value` pairs sorted by key and joined with `,`; a nested object is `[key:…]`, a list of objects
  /// `key:[…]`, anything else Swift's description of the value (so a list of strings keeps its quotes).
  private static func render(_ object: JSONObject) -> String {
    object.keys.sorted().map { key -> String in
      let value = object[key] ?? NSNull()
      if let nested = value as? JSONObject { return "[\(key):\(render(nested))]" }
      if let list = value as? [JSONObject], !list.isEmpty { return "\(key):[\(list.map(render).joined(separator: ","))]" }
      return "\(key):\(value)"
    }.joined(separator: ",")
  }
}
