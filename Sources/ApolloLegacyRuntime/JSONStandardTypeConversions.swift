import Foundation

// How the Swift types 0.x generated code uses read and write their JSON values, with 0.x's rules: a `String`
// also reads an integer (`10` → `"10"`) but not a double; numbers read any JSON number; enums go through their raw
// value; `null` reads as `nil` only into an `Optional`.

extension String: JSONDecodable, JSONEncodable {
  public init(jsonValue value: JSONValue) throws {
    switch value {
    case let string as String: self = string
    case let int as Int: self = String(int)
    default: throw JSONDecodingError.couldNotConvert(value: value, to: String.self)
    }
  }

  public var jsonValue: JSONValue { self }
}

extension Int: JSONDecodable, JSONEncodable {
  public init(jsonValue value: JSONValue) throws {
    switch value {
    case let int as Int: self = int
    case let double as Double where double.rounded(.towardZero) == double && abs(double) < 9.2e18: self = Int(double)
    default: throw JSONDecodingError.couldNotConvert(value: value, to: Int.self)
    }
  }

  public var jsonValue: JSONValue { self }
}

extension Double: JSONDecodable, JSONEncodable {
  public init(jsonValue value: JSONValue) throws {
    switch value {
    case let double as Double: self = double
    case let int as Int: self = Double(int)
    default: throw JSONDecodingError.couldNotConvert(value: value, to: Double.self)
    }
  }

  public var jsonValue: JSONValue { self }
}

extension Float: JSONDecodable, JSONEncodable {
  public init(jsonValue value: JSONValue) throws {
    switch value {
    case let double as Double: self = Float(double)
    case let int as Int: self = Float(int)
    case let float as Float: self = float
    default: throw JSONDecodingError.couldNotConvert(value: value, to: Float.self)
    }
  }

  public var jsonValue: JSONValue { Double(self) }
}

extension Bool: JSONDecodable, JSONEncodable {
  public init(jsonValue value: JSONValue) throws {
    guard let bool = value as? Bool else { throw JSONDecodingError.couldNotConvert(value: value, to: Bool.self) }
    self = bool
  }

  public var jsonValue: JSONValue { self }
}

extension URL: JSONDecodable, JSONEncodable {
  public init(jsonValue value: JSONValue) throws {
    guard let string = value as? String, let url = URL(string: string) else {
      throw JSONDecodingError.couldNotConvert(value: value, to: URL.self)
    }
    self = url
  }

  public var jsonValue: JSONValue { absoluteString }
}

extension RawRepresentable where RawValue: JSONDecodable {
  /// Reads the raw value, then the case with that raw value (generated enums never fail here: they have a
  /// `__unknown` case).
  public init(jsonValue value: JSONValue) throws {
    let rawValue = try RawValue(jsonValue: value)
    guard let decoded = Self(rawValue: rawValue) else {
      throw JSONDecodingError.couldNotConvert(value: value, to: Self.self)
    }
    self = decoded
  }
}

extension RawRepresentable where RawValue: JSONEncodable {
  /// The raw value's JSON form.
  public var jsonValue: JSONValue { rawValue.jsonValue }
}

extension Optional: JSONDecodable where Wrapped: JSONDecodable {
  /// `nil` for JSON `null`, else the wrapped type's reading.
  public init(jsonValue value: JSONValue) throws {
    if value is NSNull {
      self = .none
    } else {
      self = .some(try Wrapped(jsonValue: value))
    }
  }
}

extension Optional: JSONEncodable {
  /// JSON `null` for `nil`. (0.x stopped the process for a wrapped value that is not `JSONEncodable`; here that
  /// value is written as `null`, as no generated code produces one.)
  public var jsonValue: JSONValue {
    switch self {
    case .none: return NSNull()
    case .some(let wrapped): return (wrapped as? any JSONEncodable)?.jsonValue ?? NSNull()
    }
  }
}

extension Array: JSONEncodable {
  /// Each element's JSON form (`null` for an element that has none).
  public var jsonValue: JSONValue { map { ($0 as? any JSONEncodable)?.jsonValue ?? NSNull() } as [JSONValue] }
}

extension Dictionary: JSONEncodable {
  /// A JSON object of the `String`-keyed entries' JSON forms (entries whose key is not a string are left out).
  public var jsonValue: JSONValue { jsonObject }

  /// The entries as a ``JSONObject``.
  public var jsonObject: JSONObject {
    var object = JSONObject(minimumCapacity: count)
    for (key, value) in self {
      guard let key = key as? String else { continue }
      object[key] = (value as? any JSONEncodable)?.jsonValue ?? NSNull()
    }
    return object
  }
}
