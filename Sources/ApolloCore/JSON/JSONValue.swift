import Foundation

/// A JSON value as it travels through every generation of the networking layer.
///
/// Upstream Apollo iOS models JSON as `Any` (0.x) or `AnyHashable` (1.x, 2.x). Neither is `Sendable`
/// in Swift 6, and on Linux `JSONSerialization` hands back Swift containers that do not cast to
/// `AnyHashable`-based types, so upstream's force casts crash there. This enum is `Sendable`,
/// `Hashable` and identical on every platform; ``foundationValue`` converts to the `Any` shape
/// that old code casts with `as?`.
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  /// An integer that fits in 64 bits.
  case int(Int)
  /// Any other number.
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)
}

/// A JSON object: the shape of a GraphQL response body, its `data`, `errors` entries and `extensions`.
public typealias JSONObject = [String: JSONValue]

/// A request body or variables map ready to be serialized.
public typealias JSONEncodableDictionary = [String: JSONValue]

extension JSONValue {
  /// The wrapped string, or `nil` for any other case.
  @inlinable public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The wrapped integer; a double with no fractional part converts too.
  @inlinable public var intValue: Int? {
    switch self {
    case .int(let value): return value
    case .double(let value):
      guard value.rounded() == value, let exact = Int(exactly: value) else { return nil }
      return exact
    default: return nil
    }
  }

  /// The wrapped number as a `Double`.
  @inlinable public var doubleValue: Double? {
    switch self {
    case .int(let value): return Double(value)
    case .double(let value): return value
    default: return nil
    }
  }

  /// The wrapped boolean, or `nil` for any other case.
  @inlinable public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The wrapped object, or `nil` for any other case.
  @inlinable public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// The wrapped array, or `nil` for any other case.
  @inlinable public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// Whether this is JSON `null`.
  @inlinable public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The member named `key` when this is an object.
  @inlinable public subscript(key: String) -> JSONValue? {
    objectValue?[key]
  }

  /// The element at `index` when this is an array and the index is in range.
  @inlinable public subscript(index: Int) -> JSONValue? {
    guard case .array(let values) = self, values.indices.contains(index) else { return nil }
    return values[index]
  }

  /// The value in the shape `JSONSerialization` produces: `String`, `Int`, `Double`, `Bool`, `NSNull`,
  /// `[Any]` and `[String: Any]`, so that code written for `Any`-based JSON can keep its `as?` casts.
  public var foundationValue: Any {
    switch self {
    case .null: return NSNull()
    case .bool(let value): return value
    case .int(let value): return value
    case .double(let value): return value
    case .string(let value): return value
    case .array(let values): return values.map(\.foundationValue)
    case .object(let object): return object.foundationObject
    }
  }

  /// Converts a Foundation-shaped value (what `JSONSerialization` or old code builds) into JSON.
  ///
  /// Booleans are told from numbers by their type, including the `NSNumber` booleans
  /// `JSONSerialization` returns; integers beyond `Int` (an `NSDecimalNumber` on Linux) become doubles.
  ///
  /// - Returns: `nil` when `value` holds something JSON cannot carry (a `Date`, a custom class, …).
  public init?(foundationValue value: Any) {
    switch value {
    case let json as JSONValue: self = json
    case is NSNull: self = .null
    case let string as String: self = .string(string)
    case let bool as Bool where type(of: value) == Bool.self: self = .bool(bool)
    case let int as Int where type(of: value) == Int.self: self = .int(int)
    case let double as Double where type(of: value) == Double.self: self = .double(double)
    case let number as NSNumber: self = JSONValue(number: number)
    case let float as Float: self = .double(Double(float))
    case let array as [Any]:
      var converted: [JSONValue] = []
      converted.reserveCapacity(array.count)
      for element in array {
        guard let json = JSONValue(foundationValue: element) else { return nil }
        converted.append(json)
      }
      self = .array(converted)
    case let object as [String: Any]:
      var converted: JSONObject = [:]
      converted.reserveCapacity(object.count)
      for (key, element) in object {
        guard let json = JSONValue(foundationValue: element) else { return nil }
        converted[key] = json
      }
      self = .object(converted)
    default:
      // An Optional held in an `Any` (e.g. a `[String: Any?]` element): unwrap it, or read `nil` as null.
      let mirror = Mirror(reflecting: value)
      guard mirror.displayStyle == .optional else { return nil }
      guard let wrapped = mirror.children.first?.value else { self = .null; return }
      guard let json = JSONValue(foundationValue: wrapped) else { return nil }
      self = json
    }
  }

  /// The class of the `NSNumber` booleans (`__NSCFBoolean` on both Foundations).
  private static let booleanNumberClass = ObjectIdentifier(type(of: NSNumber(value: true)))

  /// Reads an `NSNumber` by what it was made from: a boolean by its class (its type code `c` is shared
  /// with `Int8`), a floating-point number as a double, an integer as an `Int` when it fits.
  private init(number: NSNumber) {
    if ObjectIdentifier(type(of: number)) == Self.booleanNumberClass {
      self = .bool(number.boolValue)
      return
    }
    switch String(cString: number.objCType) {
    case "f", "d":
      self = .double(number.doubleValue)
    default:
      // An unsigned 64-bit value past Int.max does not fit an Int.
      let unsigned = String(cString: number.objCType) == "Q" || String(cString: number.objCType) == "L"
      self = unsigned && number.uint64Value > UInt64(Int.max) ? .double(number.doubleValue) : .int(number.intValue)
    }
  }
}

extension Dictionary where Key == String, Value == JSONValue {
  /// The object in the shape `JSONSerialization` produces (`[String: Any]`).
  public var foundationObject: [String: Any] {
    var result: [String: Any] = [:]
    result.reserveCapacity(count)
    for (key, value) in self { result[key] = value.foundationValue }
    return result
  }
}

extension JSONValue: ExpressibleByBooleanLiteral {
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: Int) { self = .int(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
  public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    var object: JSONObject = [:]
    object.reserveCapacity(elements.count)
    for (key, value) in elements { object[key] = value }
    self = .object(object)
  }
}

extension JSONValue: ExpressibleByStringInterpolation {}
