import Foundation

// How the built-in scalars are read from and written to JSON. The executor hands decoders Swift
// values (`String`, `Int`, `Double`, `Bool`, `NSNull`, arrays, objects), never `NSNumber`, so the
// conversions below behave the same on Linux and on Apple platforms.

extension String: JSONDecodable, JSONEncodable {
  /// Accepts a string, or an integer or floating-point number, which is written out as text (a
  /// custom scalar kept as `String` may arrive as a number).
  public init(_jsonValue value: JSONValue) throws {
    switch value {
    case let string as String: self = string
    case let int as Int: self = String(int)
    case let int as Int64: self = String(int)
    case let int as Int32: self = String(int)
    case let double as Double: self = String(double)
    case let float as Float: self = String(float)
    default: throw JSONDecodingError.couldNotConvert(value: value, to: String.self)
    }
  }

  public var _jsonValue: JSONValue { self }
}

extension Int: JSONDecodable, JSONEncodable {
  /// Accepts an integer, or a floating-point number with no fractional part that fits.
  public init(_jsonValue value: JSONValue) throws {
    switch value {
    case let int as Int: self = int
    case let int as Int32: self = Int(int)
    case let int as Int64:
      guard let exact = Int(exactly: int) else { throw JSONDecodingError.couldNotConvert(value: value, to: Int.self) }
      self = exact
    case let double as Double:
      guard let exact = Int(exactly: double) else { throw JSONDecodingError.couldNotConvert(value: value, to: Int.self) }
      self = exact
    default: throw JSONDecodingError.couldNotConvert(value: value, to: Int.self)
    }
  }

  public var _jsonValue: JSONValue { self }
}

extension Int32: JSONDecodable, JSONEncodable {
  /// Accepts an integer in 32-bit range, or a floating-point number with no fractional part in range.
  public init(_jsonValue value: JSONValue) throws {
    let converted: Int32?
    switch value {
    case let int as Int32: converted = int
    case let int as Int: converted = Int32(exactly: int)
    case let int as Int64: converted = Int32(exactly: int)
    case let double as Double: converted = Int32(exactly: double)
    default: converted = nil
    }
    guard let converted else { throw JSONDecodingError.couldNotConvert(value: value, to: Int32.self) }
    self = converted
  }

  public var _jsonValue: JSONValue { self }
}

extension Double: JSONDecodable, JSONEncodable {
  /// Accepts any number.
  public init(_jsonValue value: JSONValue) throws {
    switch value {
    case let double as Double: self = double
    case let int as Int: self = Double(int)
    case let int as Int32: self = Double(int)
    case let int as Int64: self = Double(int)
    case let float as Float: self = Double(float)
    default: throw JSONDecodingError.couldNotConvert(value: value, to: Double.self)
    }
  }

  public var _jsonValue: JSONValue { self }
}

extension Float: JSONDecodable, JSONEncodable {
  /// Accepts any number, rounded to the nearest `Float`.
  public init(_jsonValue value: JSONValue) throws {
    switch value {
    case let float as Float: self = float
    case let double as Double: self = Float(double)
    case let int as Int: self = Float(int)
    case let int as Int32: self = Float(int)
    case let int as Int64: self = Float(int)
    default: throw JSONDecodingError.couldNotConvert(value: value, to: Float.self)
    }
  }

  public var _jsonValue: JSONValue { self }
}

extension Bool: JSONDecodable, JSONEncodable {
  /// Accepts only `true` and `false`: upstream on Apple platforms also took `0` and `1` through
  /// `NSNumber`, which made ids of `0` and `1` ambiguous.
  public init(_jsonValue value: JSONValue) throws {
    guard let bool = value as? Bool else { throw JSONDecodingError.couldNotConvert(value: value, to: Bool.self) }
    self = bool
  }

  public var _jsonValue: JSONValue { self }
}

extension Optional: JSONEncodable where Wrapped: JSONEncodable & Hashable {
  /// `nil` is JSON `null`.
  public var _jsonValue: JSONValue {
    switch self {
    case .none: return NSNull()
    case .some(let wrapped): return wrapped._jsonValue
    }
  }
}

extension Optional where Wrapped: JSONDecodable {
  /// `null` becomes `nil`; anything else is decoded as `Wrapped`.
  public init(jsonValue value: JSONValue) throws {
    if value is NSNull {
      self = .none
    } else {
      self = .some(try Wrapped(_jsonValue: value))
    }
  }
}

extension RawRepresentable where RawValue: JSONDecodable {
  /// Decodes the raw value, then the case; an unknown raw value cannot be converted.
  public init(_jsonValue value: JSONValue) throws {
    guard let converted = Self(rawValue: try RawValue(_jsonValue: value)) else {
      throw JSONDecodingError.couldNotConvert(value: value, to: Self.self)
    }
    self = converted
  }
}

extension RawRepresentable where RawValue: JSONEncodable {
  public var _jsonValue: JSONValue { rawValue._jsonValue }
}
