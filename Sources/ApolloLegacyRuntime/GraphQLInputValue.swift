import ApolloCore
import Foundation

/// An argument value in generated selections: a literal, a ``GraphQLVariable``, or a dictionary or list of them.
public protocol GraphQLInputValue {
  /// The value with `variables` substituted, as JSON.
  ///
  /// - Throws: `GraphQLError` "Variable <name> was not provided." for a variable missing from `variables`.
  func evaluate(with variables: [String: any JSONEncodable]?) throws -> JSONValue
}

/// A reference to one of the operation's variables: `GraphQLVariable("episode")`.
public struct GraphQLVariable: GraphQLInputValue {
  let name: String

  /// The variable named `name`.
  public init(_ name: String) {
    self.name = name
  }

  public func evaluate(with variables: [String: any JSONEncodable]?) throws -> JSONValue {
    guard let value = variables?[name] else {
      throw GraphQLError(message: "Variable \(name) was not provided.")
    }
    return value.jsonValue
  }
}

extension JSONEncodable {
  /// A literal evaluates to its JSON form.
  public func evaluate(with variables: [String: any JSONEncodable]?) throws -> JSONValue {
    jsonValue
  }
}

extension Dictionary: GraphQLInputValue {
  /// An input object: each value evaluated; `null` values are left out at every level, as 0.x did.
  public func evaluate(with variables: [String: any JSONEncodable]?) throws -> JSONValue {
    try evaluate(with: variables) as JSONObject
  }

  /// An input object as a ``JSONObject``.
  ///
  /// - Throws: ``GraphQLInputValueError/notAnInputValue(key:)`` for an entry whose key is not a string or whose
  ///   value is not a ``GraphQLInputValue`` (0.x stopped the process).
  public func evaluate(with variables: [String: any JSONEncodable]?) throws -> JSONObject {
    var object = JSONObject(minimumCapacity: count)
    for (key, value) in self {
      guard let name = key as? String, let input = value as? any GraphQLInputValue else {
        throw GraphQLInputValueError.notAnInputValue(key: String(describing: key))
      }
      let evaluated = try input.evaluate(with: variables)
      if !(evaluated is NSNull) { object[name] = evaluated }
    }
    return object
  }
}

/// An argument dictionary generated code could not have written.
public enum GraphQLInputValueError: Error, Hashable {
  /// The entry under `key` is not an argument value.
  case notAnInputValue(key: String)
}

/// Operation variables and input-object fields, as 0.x generated code writes them: a `nil` value is absent, a
/// `nil` wrapped in `Optional` (an input field typed `Optional<T?>`) is an explicit `null`.
public typealias GraphQLMap = [String: (any JSONEncodable)?]

extension Dictionary where Key == String, Value == (any JSONEncodable)? {
  /// The entries whose value is not `nil` (absent); explicit `null`s stay.
  public var withNilValuesRemoved: [String: any JSONEncodable] {
    var filtered = [String: any JSONEncodable](minimumCapacity: count)
    for (key, value) in self {
      if let value { filtered[key] = value }
    }
    return filtered
  }
}

/// A generated input object: its fields as a ``GraphQLMap``.
public protocol GraphQLMapConvertible: JSONEncodable {
  /// The input object's fields.
  var graphQLMap: GraphQLMap { get }
}

extension GraphQLMapConvertible {
  /// The fields that are set, as a JSON object.
  public var jsonValue: JSONValue { graphQLMap.withNilValuesRemoved.jsonValue }

  /// The fields, each evaluated (so a field may hold a variable).
  public func evaluate(with variables: [String: any JSONEncodable]?) throws -> JSONValue {
    try graphQLMap.evaluate(with: variables) as JSONObject
  }
}

/// The `ID` scalar in 0.x generated code.
public typealias GraphQLID = String
