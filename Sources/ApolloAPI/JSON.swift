import Foundation

/// One JSON value as generated code sees it: a `String`, `Int`, `Double`, `Bool`, `NSNull`, an array
/// (`[JSONValue]`) or an object (``JSONObject``).
///
/// This is 2.x's definition. 1.x declared `AnyHashable`; every 1.x generated file and custom scalar
/// that casts (`value as? String`) or returns a plain value (`var _jsonValue: JSONValue { value }`)
/// compiles against it unchanged.
public typealias JSONValue = any Sendable & Hashable

/// The decoded form of a JSON object that generated code and custom scalars meet (`JSONValue` values
/// by key); the wire format the core parses is `ApolloCore.JSON`.
public typealias JSONObject = [String: JSONValue]

/// A dictionary of values that encode to JSON, such as an operation's variables.
public typealias JSONEncodableDictionary = [String: any JSONEncodable]

/// A type that is built from a JSON value received from the server or read from the cache.
public protocol JSONDecodable: Sendable {
  /// Builds a value, throwing ``JSONDecodingError`` when `value` cannot represent `Self`.
  @_spi(Internal) init(_jsonValue value: JSONValue) throws
}

/// A type that can be written as a JSON value: in variables, in the cache and in request bodies.
public protocol JSONEncodable: Sendable {
  /// The JSON form of this value.
  @_spi(Internal) var _jsonValue: JSONValue { get }
}

extension Dictionary: JSONEncodable where Key == String, Value == any JSONEncodable {
  public var _jsonValue: JSONValue { JSONObjectValue(_jsonObject) }

  /// Every value replaced by its JSON form.
  public var _jsonObject: JSONObject { mapValues { $0._jsonValue } }
}

extension Dictionary: JSONDecodable where Key == String, Value == JSONValue {
  public init(_jsonValue value: JSONValue) throws {
    if let wrapped = value as? JSONObjectValue { self = wrapped.fields; return }
    guard let object = value as? JSONObject else {
      throw JSONDecodingError.couldNotConvert(value: value, to: JSONObject.self)
    }
    self = object
  }
}

extension NSNull: JSONEncodable {
  public var _jsonValue: JSONValue { self }
}

extension Array: JSONEncodable where Element: JSONEncodable {
  public var _jsonValue: JSONValue { JSONList(map { $0._jsonValue }) }
}
