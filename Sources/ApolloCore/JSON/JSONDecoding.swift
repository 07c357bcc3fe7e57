import Foundation

/// Why a response's `data` could not be read into an operation's `Data` type.
///
/// Thrown at parse time, so a malformed response becomes a typed error instead of a crash later.
public struct JSONDecodingError: Error, Hashable, CustomStringConvertible, LocalizedError {
  public enum Kind: Hashable, Sendable {
    /// The field is absent from the object.
    case missingValue
    /// The field is `null` where the selection requires a value.
    case nullValue
    /// The field holds a value of another JSON type than the selection expects.
    case wrongType(expected: String, found: String)
  }

  /// What went wrong.
  public let kind: Kind
  /// The response path of the offending field, e.g. `["hero", "friends", "0", "name"]`.
  public let path: [String]

  public init(kind: Kind, path: [String]) {
    self.kind = kind
    self.path = path
  }

  public var description: String {
    let location = path.isEmpty ? "<root>" : path.joined(separator: ".")
    switch kind {
    case .missingValue: return "Missing value at \(location)"
    case .nullValue: return "Unexpected null at \(location)"
    case .wrongType(let expected, let found): return "Expected \(expected) at \(location), found \(found)"
    }
  }

  public var errorDescription: String? { description }
}

extension JSONValue {
  /// A short name for the JSON type, used in error messages.
  public var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "boolean"
    case .int, .double: return "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    }
  }
}

/// A type that a selection-set field can be read as.
public protocol JSONDecodable: Sendable {
  /// Reads the value; `path` names the field for error messages.
  init(jsonValue value: JSONValue, path: [String]) throws
  /// The value of a field that is absent from the response: an error, except for optionals (`nil`).
  static func valueForMissingField(path: [String]) throws -> Self
}

extension JSONDecodable {
  public static func valueForMissingField(path: [String]) throws -> Self {
    throw JSONDecodingError(kind: .missingValue, path: path)
  }
}

extension String: JSONDecodable {
  public init(jsonValue value: JSONValue, path: [String]) throws {
    guard case .string(let string) = value else { throw mismatch("string", value, path) }
    self = string
  }
}

extension Int: JSONDecodable {
  public init(jsonValue value: JSONValue, path: [String]) throws {
    guard let int = value.intValue else { throw mismatch("integer", value, path) }
    self = int
  }
}

extension Double: JSONDecodable {
  public init(jsonValue value: JSONValue, path: [String]) throws {
    guard let double = value.doubleValue else { throw mismatch("number", value, path) }
    self = double
  }
}

extension Bool: JSONDecodable {
  public init(jsonValue value: JSONValue, path: [String]) throws {
    guard case .bool(let bool) = value else { throw mismatch("boolean", value, path) }
    self = bool
  }
}

extension JSONValue: JSONDecodable {
  public init(jsonValue value: JSONValue, path: [String]) throws { self = value }
}

extension Optional: JSONDecodable where Wrapped: JSONDecodable {
  public init(jsonValue value: JSONValue, path: [String]) throws {
    if case .null = value { self = .none } else { self = .some(try Wrapped(jsonValue: value, path: path)) }
  }

  public static func valueForMissingField(path: [String]) throws -> Self { .none }
}

extension Array: JSONDecodable where Element: JSONDecodable {
  public init(jsonValue value: JSONValue, path: [String]) throws {
    guard case .array(let values) = value else { throw mismatch("array", value, path) }
    var result: [Element] = []
    result.reserveCapacity(values.count)
    for (index, element) in values.enumerated() {
      result.append(try Element(jsonValue: element, path: path + [String(index)]))
    }
    self = result
  }
}

private func mismatch(_ expected: String, _ value: JSONValue, _ path: [String]) -> JSONDecodingError {
  if case .null = value { return JSONDecodingError(kind: .nullValue, path: path) }
  return JSONDecodingError(kind: .wrongType(expected: expected, found: value.typeName), path: path)
}
