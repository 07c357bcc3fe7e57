import Foundation

/// A JSON value as it travels through every generation of the networking layer, from the bytes a
/// server sent to the executor that reads them into generated selection sets.
///
/// Generated code sees JSON through `ApolloAPI`'s `JSONValue` and `JSONObject` (upstream's names,
/// which this package keeps for it); the wire side uses this enum, so the two never meet by name.
///
/// Upstream Apollo iOS models JSON as `Any` (0.x) or `AnyHashable` (1.x, 2.x). Neither is `Sendable`
/// in Swift 6, and on Linux `JSONSerialization` hands back Swift containers that do not cast to
/// `AnyHashable`-based types, so upstream's force casts crash there. This enum is `Sendable`,
/// `Hashable` and identical on every platform; ``foundationValue`` converts to the `Any` shape
/// that old code casts with `as?`.
public enum JSON: Sendable, Hashable {
  /// `null`: an absent value in a response, or an explicit null in variables.
  case null
  /// `true` or `false`; never read from a number (`1` stays ``int(_:)``).
  case bool(Bool)
  /// An integer that fits in 64 bits.
  case int(Int)
  /// Any other number.
  case double(Double)
  /// A string, unescaped.
  case string(String)
  /// A list, in order; elements may mix kinds.
  case array([JSON])
  /// An object; member order is not kept (the serializer sorts keys).
  case object(Object)

  /// A JSON object: the shape of a GraphQL response body, its `data`, `errors` entries and
  /// `extensions`, and of a request body or variables map ready to be serialized.
  public typealias Object = [String: JSON]
}

extension JSON {
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
  @inlinable public var objectValue: JSON.Object? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// The wrapped array, or `nil` for any other case.
  @inlinable public var arrayValue: [JSON]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// Whether this is JSON `null`.
  @inlinable public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The member named `key` when this is an object.
  @inlinable public subscript(key: String) -> JSON? {
    objectValue?[key]
  }

  /// The element at `index` when this is an array and the index is in range.
  @inlinable public subscript(index: Int) -> JSON? {
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
    case let json as JSON: self = json
    case is NSNull: self = .null
    case let string as String: self = .string(string)
    case let bool as Bool where type(of: value) == Bool.self: self = .bool(bool)
    case let int as Int where type(of: value) == Int.self: self = .int(int)
    case let double as Double where type(of: value) == Double.self: self = .double(double)
    case let number as NSNumber: self = JSON(number: number)
    case let float as Float: self = .double(Double(float))
    case let array as [Any]:
      var converted: [JSON] = []
      converted.reserveCapacity(array.count)
      for element in array {
        guard let json = JSON(foundationValue: element) else { return nil }
        converted.append(json)
      }
      self = .array(converted)
    case let object as [String: Any]:
      var converted: JSON.Object = [:]
      converted.reserveCapacity(object.count)
      for (key, element) in object {
        guard let json = JSON(foundationValue: element) else { return nil }
        converted[key] = json
      }
      self = .object(converted)
    default:
      // An Optional held in an `Any` (e.g. a `[String: Any?]` element): unwrap it, or read `nil` as null.
      let mirror = Mirror(reflecting: value)
      guard mirror.displayStyle == .optional else { return nil }
      guard let wrapped = mirror.children.first?.value else { self = .null; return }
      guard let json = JSON(foundationValue: wrapped) else { return nil }
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

extension Dictionary where Key == String, Value == JSON {
  /// The object in the shape `JSONSerialization` produces (`[String: Any]`).
  public var foundationObject: [String: Any] {
    var result: [String: Any] = [:]
    result.reserveCapacity(count)
    for (key, value) in self { result[key] = value.foundationValue }
    return result
  }
}

extension JSON: ExpressibleByBooleanLiteral {
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSON: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: Int) { self = .int(value) }
}

extension JSON: ExpressibleByFloatLiteral {
  public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSON: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self = .string(value) }
}

extension JSON: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: JSON...) { self = .array(elements) }
}

extension JSON: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, JSON)...) {
    var object: JSON.Object = [:]
    object.reserveCapacity(elements.count)
    for (key, value) in elements { object[key] = value }
    self = .object(object)
  }
}

extension JSON: ExpressibleByStringInterpolation {}

extension JSON {
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
