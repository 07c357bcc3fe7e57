import ApolloCore
import Foundation

/// Between the core's typed JSON (what the parser produces and records hold) and the untyped values 0.x
/// generated code reads (`String`, `Int`, `Double`, `Bool`, `NSNull`, `[Any]`, `[String: Any]`).
enum LegacyJSONConversion {
  static func value(_ json: JSON) -> JSONValue {
    switch json {
    case .null: return NSNull()
    case .bool(let bool): return bool
    case .int(let int): return int
    case .double(let double): return double
    case .string(let string): return string
    case .array(let elements): return elements.map(value) as [JSONValue]
    case .object(let object): return object.mapValues(value) as JSONObject
    }
  }

  static func object(_ object: JSON.Object) -> JSONObject { object.mapValues(value) }

  /// The core form of an untyped value; `nil` for one JSON cannot hold.
  static func json(_ value: Any?) -> JSON? {
    guard let value else { return .null }
    switch value {
    case is NSNull: return .null
    case let string as String: return .string(string)
    case let bool as Bool: return .bool(bool)
    case let int as Int: return .int(int)
    case let double as Double: return .double(double)
    case let float as Float: return .double(Double(float))
    case let list as [Any?]:
      var elements: [JSON] = []
      for element in list {
        guard let converted = json(element) else { return nil }
        elements.append(converted)
      }
      return .array(elements)
    case let object as [String: Any?]:
      var fields: JSON.Object = [:]
      for (key, element) in object {
        guard let converted = json(element) else { return nil }
        fields[key] = converted
      }
      return .object(fields)
    case let encodable as any JSONEncodable:
      let encoded = encodable.jsonValue
      if type(of: encoded) == type(of: encodable) { return nil }
      return json(encoded)
    default: return nil
    }
  }

  /// A `ResultMap` as JSON values: decoded enums and custom scalars back to their JSON form, `nil` to `NSNull`.
  static func jsonObject(of resultMap: ResultMap) -> JSONObject {
    resultMap.mapValues(jsonValue)
  }

  private static func jsonValue(_ value: Any?) -> JSONValue {
    guard let value else { return NSNull() }
    switch value {
    case let nested as ResultMap: return jsonObject(of: nested)
    case let list as [Any?]: return list.map(jsonValue) as [JSONValue]
    case let encodable as any JSONEncodable: return encodable.jsonValue
    default: return value
    }
  }
}
