import Foundation

/// A value that can be passed as an operation variable.
public protocol GraphQLOperationVariableValue: Sendable {
  /// The JSON sent for this value; `nil` leaves the variable out of the request.
  var _jsonEncodableValue: JSONValue? { get }
}

/// A nullable input value that tells "not set" (left out of the request) from an explicit `null`.
public enum GraphQLNullable<Wrapped: GraphQLOperationVariableValue>: GraphQLOperationVariableValue {
  /// Left out of the request.
  case none
  /// Sent as `null`.
  case null
  /// Sent as the value.
  case some(Wrapped)

  public var _jsonEncodableValue: JSONValue? {
    switch self {
    case .none: return nil
    case .null: return .null
    case .some(let value): return value._jsonEncodableValue ?? .null
    }
  }
}

extension GraphQLNullable: ExpressibleByNilLiteral {
  public init(nilLiteral: ()) { self = .none }
}

extension GraphQLNullable: ExpressibleByStringLiteral, ExpressibleByUnicodeScalarLiteral,
  ExpressibleByExtendedGraphemeClusterLiteral where Wrapped == String
{
  public init(stringLiteral value: String) { self = .some(value) }
}

extension GraphQLNullable: ExpressibleByIntegerLiteral where Wrapped == Int {
  public init(integerLiteral value: Int) { self = .some(value) }
}

extension String: GraphQLOperationVariableValue {
  public var _jsonEncodableValue: JSONValue? { .string(self) }
}

extension Int: GraphQLOperationVariableValue {
  public var _jsonEncodableValue: JSONValue? { .int(self) }
}

extension Double: GraphQLOperationVariableValue {
  public var _jsonEncodableValue: JSONValue? { .double(self) }
}

extension Bool: GraphQLOperationVariableValue {
  public var _jsonEncodableValue: JSONValue? { .bool(self) }
}

extension JSONValue: GraphQLOperationVariableValue {
  public var _jsonEncodableValue: JSONValue? { self }
}

extension Optional: GraphQLOperationVariableValue where Wrapped: GraphQLOperationVariableValue {
  /// A Swift `nil` is sent as `null`, as upstream does for optionals.
  public var _jsonEncodableValue: JSONValue? {
    switch self {
    case .none: return .null
    case .some(let value): return value._jsonEncodableValue ?? .null
    }
  }
}

extension Array: GraphQLOperationVariableValue where Element: GraphQLOperationVariableValue {
  public var _jsonEncodableValue: JSONValue? { .array(map { $0._jsonEncodableValue ?? .null }) }
}

extension Dictionary: GraphQLOperationVariableValue where Key == String, Value: GraphQLOperationVariableValue {
  public var _jsonEncodableValue: JSONValue? {
    var object: JSONObject = [:]
    for (key, value) in self {
      if let json = value._jsonEncodableValue { object[key] = json }
    }
    return .object(object)
  }
}

/// An input object written by hand: its fields as JSON.
public protocol InputObject: GraphQLOperationVariableValue {
  var __data: JSONObject { get }
}

extension InputObject {
  public var _jsonEncodableValue: JSONValue? { .object(__data) }
}

/// A GraphQL enum value sent by its raw name.
public protocol GraphQLEnumValue: GraphQLOperationVariableValue, RawRepresentable where RawValue == String {}

extension GraphQLEnumValue {
  public var _jsonEncodableValue: JSONValue? { .string(rawValue) }
}
