/// A GraphQL interface, with the names of the object types that implement it.
public struct Interface: Hashable, Sendable {
  public let name: String
  /// Key fields every implementation inherits (`@typePolicy` on the interface).
  public let keyFields: [String]?
  /// The typenames of the implementing object types.
  public let implementingObjects: [String]

  public init(name: String, keyFields: [String]? = nil, implementingObjects: [String]) {
    self.name = name
    self.keyFields = (keyFields?.isEmpty ?? true) ? nil : keyFields
    self.implementingObjects = implementingObjects
  }
}
