/// A GraphQL interface, with the names of the object types that implement it.
public struct Interface: Hashable, Sendable {
  /// The interface's name in the schema.
  public let name: String
  /// Key fields every implementation inherits (`@typePolicy` on the interface).
  public let keyFields: [String]?
  /// The typenames of the implementing object types.
  public let implementingObjects: [String]

  /// As generated in the schema module; an empty `keyFields` list counts as none.
  public init(name: String, keyFields: [String]? = nil, implementingObjects: [String]) {
    self.name = name
    self.keyFields = (keyFields?.isEmpty ?? true) ? nil : keyFields
    self.implementingObjects = implementingObjects
  }
}
