import Foundation

/// A schema's generated metadata: its object types by name and its cache configuration.
public protocol SchemaMetadata {
  /// The app's cache-identity rules.
  static var configuration: any SchemaConfiguration.Type { get }
  /// The object type for a `__typename`, `nil` for a name the schema does not have.
  static func objectType(forTypename typename: String) -> Object?
}

extension SchemaMetadata {
  /// The object type of a response object from its `__typename`: the schema's, or (2.x) a bare
  /// ``Object`` for a typename added to the schema after the app was built.
  public static func graphQLType(for object: ObjectData) -> Object? {
    guard let typename = object["__typename"] as? String else { return nil }
    return objectType(forTypename: typename) ?? Object(typename: typename, implementedInterfaces: [])
  }

  /// The record key of a response object, `nil` to store it under its path.
  ///
  /// - Parameter implementedInterface: the interface the field's selection set is declared on, whose
  ///   key fields apply to a type the schema does not know.
  public static func cacheKey(for object: ObjectData, inferredToImplementInterface implementedInterface: Interface? = nil) -> String? {
    guard let type = graphQLType(for: object) else { return nil }
    return cacheKey(for: object, ofType: type, inferredToImplementInterface: { implementedInterface })
  }

  /// The record key of a response object whose type the caller already read from its `__typename` (as
  /// ``graphQLType(for:)`` does), with the interface asked for only when the object's own type has no key
  /// (most objects get theirs from `cacheKeyInfo`); otherwise ``cacheKey(for:inferredToImplementInterface:)``.
  @_spi(Execution) public static func cacheKey(
    for object: ObjectData, ofType type: Object, inferredToImplementInterface implementedInterface: () -> Interface?
  ) -> String? {
    if let info = configuration.cacheKeyInfo(for: type, object: object) {
      return (info.uniqueKeyGroup ?? type.typename) + ":" + info.id
    }
    return keyFieldsCacheKey(for: object, ofType: type, keyFields: type.keyFields ?? implementedInterface()?.keyFields)
  }

  /// `Typename:value+value` from the object's key fields; `nil` without key fields or when one is missing.
  private static func keyFieldsCacheKey(for object: ObjectData, ofType type: Object, keyFields: [String]?) -> String? {
    guard let keyFields else { return nil }
    var values: [String] = []
    values.reserveCapacity(keyFields.count)
    for field in keyFields {
      guard let scalar = object[field], let value = try? String(_jsonValue: scalar._jsonValue) else { return nil }
      values.append(value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "+", with: "\\+"))
    }
    return type.typename + ":" + values.joined(separator: "+")
  }
}
