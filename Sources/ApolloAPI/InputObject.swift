/// A generated input object (a struct), or a `@oneOf` input (an enum).
public protocol InputObject: GraphQLOperationVariableValue, GraphQLOperationVariableListElement,
  JSONEncodable, Hashable {
  /// The fields as set.
  var __data: InputDict { get }
}

extension InputObject {
  public var _jsonValue: JSONValue { __data._jsonValue }
  public var _jsonEncodableValue: (any JSONEncodable)? { __data._jsonEncodableValue }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.__data == rhs.__data }
  public func hash(into hasher: inout Hasher) { hasher.combine(__data) }
}

/// An input object of which exactly one field is set (`@oneOf`).
public protocol OneOfInputObject: InputObject {}

/// The fields of an input object: a value per field name; a ``GraphQLNullable/none`` field is left
/// out when encoded.
public struct InputDict: GraphQLOperationVariableValue, JSONEncodable, Hashable {
  private var data: [String: any GraphQLOperationVariableValue]

  /// The fields an input object was given, by GraphQL name; absent fields are simply not in `data`.
  public init(_ data: [String: any GraphQLOperationVariableValue] = [:]) {
    self.data = data
  }

  /// A nullable field: ``GraphQLNullable/none`` when absent.
  public subscript<T: GraphQLOperationVariableValue>(key: String) -> GraphQLNullable<T> {
    get {
      guard let value = data[key] else { return .none }
      if let nullable = value as? GraphQLNullable<T> { return nullable }
      if let plain = value as? T { return .some(plain) }
      return .none
    }
    set { data[key] = newValue }
  }

  /// A non-null field.
  @_disfavoredOverload
  public subscript<T>(key: String) -> T {
    get {
      // Generated initializers store every non-null field, so a missing one is a programming error.
      // swiftlint:disable:next force_cast
      data[key] as! T
    }
    set { data[key] = newValue as? any GraphQLOperationVariableValue }
  }

  /// A field read as an optional (2.x): the wrapped value, or `nil`; setting `nil` leaves it out.
  @_disfavoredOverload
  public subscript<T: GraphQLOperationVariableValue>(key: String) -> T? {
    get {
      guard let value = data[key] else { return nil }
      if let nullable = value as? GraphQLNullable<T> { return nullable.unwrapped }
      return value as? T
    }
    set { data[key] = newValue.map { GraphQLNullable<T>.some($0) } ?? GraphQLNullable<T>.none }
  }

  public var _jsonEncodableValue: (any JSONEncodable)? { EncodedJSON(JSONObjectValue(_jsonObject)) }
  public var _jsonValue: JSONValue { JSONObjectValue(_jsonObject) }

  private var _jsonObject: JSONObject { data._jsonVariablesObject }

  public static func == (lhs: InputDict, rhs: InputDict) -> Bool {
    AnyHashable(FieldValueComparison.canonical(lhs._jsonObject)) == AnyHashable(FieldValueComparison.canonical(rhs._jsonObject))
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(FieldValueComparison.canonical(_jsonObject))
  }
}
