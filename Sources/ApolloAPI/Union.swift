/// A GraphQL union and its member object types.
public struct Union: Hashable, Sendable {
  /// The union's name in the schema.
  public let name: String
  /// The object types a value of the union can be; a type condition on the union matches any of them.
  public let possibleTypes: [Object]

  /// As generated in the schema module.
  public init(name: String, possibleTypes: [Object]) {
    self.name = name
    self.possibleTypes = possibleTypes
  }
}
