import Foundation

/// The JSON behind one selection set of a response, with typed field access that throws on bad data.
///
/// Hand-written operations read their fields in their initializer (`try __data["name"]`), so a response
/// that does not match the selection fails at parse time with a ``JSONDecodingError`` naming the path.
public struct DataDict: Sendable, Hashable {
  /// The object's fields as they arrived.
  public let _data: JSONObject
  /// The response path of this object, used in error messages.
  public let _path: [String]

  public init(data: JSONObject, path: [String] = []) {
    self._data = data
    self._path = path
  }

  /// Reads field `key` as `T`. An optional `T` reads a missing or `null` field as `nil`.
  public subscript<T: JSONDecodable>(_ key: String) -> T {
    get throws {
      guard let value = _data[key] else { return try T.valueForMissingField(path: _path + [key]) }
      return try T(jsonValue: value, path: _path + [key])
    }
  }
}

/// A selection set: an object type's selected fields, read from a ``DataDict``.
public protocol SelectionSet: JSONDecodable, Hashable {
  /// The JSON this value was read from.
  var __data: DataDict { get }
  /// Reads and validates every selected field.
  init(_dataDict: DataDict) throws
}

extension SelectionSet {
  public init(jsonValue value: JSONValue, path: [String]) throws {
    guard case .object(let object) = value else {
      if case .null = value { throw JSONDecodingError(kind: .nullValue, path: path) }
      throw JSONDecodingError(kind: .wrongType(expected: "object", found: value.typeName), path: path)
    }
    try self.init(_dataDict: DataDict(data: object, path: path))
  }

  /// Reads a selection set from a JSON object.
  public init(data: JSONObject) throws {
    try self.init(_dataDict: DataDict(data: data))
  }

  /// The selection set's JSON, as received.
  public var jsonObject: JSONObject { __data._data }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.__data._data == rhs.__data._data }
  public func hash(into hasher: inout Hasher) { hasher.combine(__data._data) }
}

/// The selection set of an operation's root type: the type of `Operation.Data`.
public protocol RootSelectionSet: SelectionSet {}
