/// A generated schema enum: its cases' raw values are the GraphQL names.
public protocol EnumType: RawRepresentable, CaseIterable, JSONEncodable, GraphQLOperationVariableValue,
  GraphQLOperationVariableListElement, Sendable where RawValue == String {}

extension EnumType {
  public var _jsonValue: JSONValue { rawValue }
}
