@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
import Foundation

/// The key of a field inside a record, as upstream writes it: the field's name (never its alias),
/// then its arguments with variables substituted, sorted by name: `hero(episode:JEDI)`,
/// `hero([nested:bar:2,foo:1])`, `hero(episodes:[1, 1, 2])`.
enum FieldCacheKey {
  static func key(for field: Selection.Field, variables: ApolloAPI.GraphQLOperation.Variables?) throws -> String {
    guard let arguments = field.arguments, !arguments.isEmpty else { return field.name }
    // One argument (the usual case) needs no list to sort and join.
    if arguments.count == 1, let (name, argument) = arguments.first {
      guard let value = try evaluate(argument, variables: variables) else { return field.name }
      return field.name + "(" + renderEntry(key: name, value: value) + ")"
    }
    var evaluated: [(name: String, value: JSON)] = []
    evaluated.reserveCapacity(arguments.count)
    for (name, argument) in arguments {
      if let value = try evaluate(argument, variables: variables) { evaluated.append((name, value)) }
    }
    guard !evaluated.isEmpty else { return field.name }
    // As `render` writes an object, without building one: entries sorted by name, joined by commas.
    evaluated.sort { $0.name < $1.name }
    return field.name + "(" + evaluated.map { renderEntry(key: $0.name, value: $0.value) }.joined(separator: ",") + ")"
  }

  /// An argument's value, `nil` when it is a variable that encodes to nothing (left out).
  ///
  /// - Throws: `GraphQLError` "Variable "x" was not provided." for a variable absent from `variables`.
  static func evaluate(_ input: InputValue, variables: ApolloAPI.GraphQLOperation.Variables?) throws -> JSON? {
    switch input {
    case .scalar(let scalar):
      return JSON(apiValue: scalar._jsonValue)
    case .null:
      return .null
    case .variable(let name):
      guard let variable = variables?[name] else {
        throw GraphQLError(message: "Variable \"\(name)\" was not provided.")
      }
      guard let encodable = variable._jsonEncodableValue else { return nil }
      return JSON(apiValue: encodable._jsonValue)
    case .list(let elements):
      return .array(try elements.compactMap { try evaluate($0, variables: variables) })
    case .object(let fields):
      var object: JSON.Object = [:]
      for (key, value) in fields {
        if let evaluated = try evaluate(value, variables: variables) { object[key] = evaluated }
      }
      return .object(object)
    }
  }

  /// `key:value` pairs sorted by key and joined with `,`.
  static func render(_ object: JSON.Object) -> String {
    object.keys.sorted().map { key in renderEntry(key: key, value: object[key] ?? .null) }.joined(separator: ",")
  }

  private static func renderEntry(key: String, value: JSON) -> String {
    switch value {
    case .object(let nested):
      return "[\(key):\(render(nested))]"
    case .array(let elements):
      let objects = elements.compactMap { element -> JSON.Object? in
        if case .object(let object) = element { return object }
        return nil
      }
      if !elements.isEmpty, objects.count == elements.count {
        return "\(key):[\(objects.map(render).joined(separator: ","))]"
      }
      return "\(key):[\(elements.map(describe).joined(separator: ", "))]"
    default:
      return "\(key):\(describe(value))"
    }
  }

  /// A scalar as Swift's `description` writes it (strings unquoted, `1.99`, `5.0`, `true`).
  private static func describe(_ value: JSON) -> String {
    switch value {
    case .null: return "null"
    case .bool(let bool): return String(bool)
    case .int(let int): return String(int)
    case .double(let double): return String(double)
    case .string(let string): return string
    case .array(let elements): return "[" + elements.map(describe).joined(separator: ", ") + "]"
    case .object(let object): return "[" + render(object) + "]"
    }
  }
}
