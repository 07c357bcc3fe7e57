import Foundation

/// What the two variable protocols share: the JSON to send, or `nil` to leave the value out.
public protocol _GraphQLVariableEncodable: Sendable {
  @_spi(Internal) var _jsonEncodableValue: (any JSONEncodable)? { get }
}

/// A value that can be an operation variable or an input-object field.
public protocol GraphQLOperationVariableValue: _GraphQLVariableEncodable {}

/// A value that can be an element of a list variable (2.x: `Optional` is allowed only here).
public protocol GraphQLOperationVariableListElement: _GraphQLVariableEncodable {}

extension _GraphQLVariableEncodable where Self: JSONEncodable {
  public var _jsonEncodableValue: (any JSONEncodable)? { self }
}

extension Array: _GraphQLVariableEncodable where Element: GraphQLOperationVariableListElement {
  /// Each element's JSON; an element that would be left out is sent as `null` to keep positions.
  public var _jsonEncodableValue: (any JSONEncodable)? {
    EncodedJSON(JSONList(map { $0._jsonEncodableValue?._jsonValue ?? NSNull() }))
  }
}
extension Array: GraphQLOperationVariableValue where Element: GraphQLOperationVariableListElement {}
extension Array: GraphQLOperationVariableListElement where Element: GraphQLOperationVariableListElement {}

extension Optional: _GraphQLVariableEncodable where Wrapped: _GraphQLVariableEncodable {
  /// `nil` is left out as a variable (1.x) and sent as `null` as a list element.
  public var _jsonEncodableValue: (any JSONEncodable)? {
    switch self {
    case .none: return nil
    case .some(let wrapped): return wrapped._jsonEncodableValue
    }
  }
}
/// 1.x allowed an `Optional` variable, left out when `nil`; 2.x generated code uses
/// ``GraphQLNullable`` instead, and both compile against this.
extension Optional: GraphQLOperationVariableValue where Wrapped: GraphQLOperationVariableValue {}
extension Optional: GraphQLOperationVariableListElement where Wrapped: GraphQLOperationVariableListElement {}

extension Dictionary: _GraphQLVariableEncodable where Key == String, Value == any GraphQLOperationVariableValue {
  public var _jsonEncodableValue: (any JSONEncodable)? { EncodedJSON(JSONObjectValue(_jsonVariablesObject)) }

  /// The variables as a request body holds them (upstream's type, so a custom body creator's
  /// `body["variables"] = variables._jsonEncodableObject` compiles), with values that encode to nothing
  /// (``GraphQLNullable/none``) left out.
  public var _jsonEncodableObject: JSONEncodableDictionary { compactMapValues { $0._jsonEncodableValue } }

  /// The same as JSON values, in one pass.
  var _jsonVariablesObject: JSONObject {
    var object: JSONObject = [:]
    object.reserveCapacity(count)
    for (key, value) in self {
      if let encodable = value._jsonEncodableValue { object[key] = encodable._jsonValue }
    }
    return object
  }
}
extension Dictionary: GraphQLOperationVariableValue where Key == String, Value == any GraphQLOperationVariableValue {}

/// A JSON value that is already encoded.
struct EncodedJSON: JSONEncodable {
  let _jsonValue: JSONValue
  init(_ value: JSONValue) { _jsonValue = value }
}
