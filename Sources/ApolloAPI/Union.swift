/// A GraphQL union and its member object types.
public struct Union: Hashable, Sendable {
  public let name: String
  public let possibleTypes: [Object]

  public init(name: String, possibleTypes: [Object]) {
    self.name = name
    self.possibleTypes = possibleTypes
  }
}
