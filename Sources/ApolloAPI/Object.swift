/// A concrete GraphQL object type of the schema.
public struct Object: Hashable, Sendable {
  /// The type's name, as `__typename` reports it.
  public let typename: String
  /// The interfaces the type implements, as generated; type conditions use
  /// ``Interface/implementingObjects`` instead.
  public let implementedInterfaces: [Interface]
  /// The fields that identify an object of this type in the cache (`@typePolicy(keyFields:)`).
  public let keyFields: [String]?

  /// As generated in the schema module; an empty `keyFields` list counts as none.
  public init(typename: String, implementedInterfaces: [Interface], keyFields: [String]? = nil) {
    self.typename = typename
    self.implementedInterfaces = implementedInterfaces
    self.keyFields = (keyFields?.isEmpty ?? true) ? nil : keyFields
  }

  /// Whether `interface` lists this type among its implementations.
  public func implements(_ interface: Interface) -> Bool {
    interface.implementingObjects.contains(typename)
  }
}
