import ApolloCore
import Foundation

/// Between the core's typed JSON (what the parser produces and records hold) and the untyped values 0.x
/// generated code reads (`String`, `Int`, `Double`, `Bool`, `NSNull`, `[Any]`, `[String: Any]`).
package enum LegacyJSONConversion {
  package static func value(_ json: JSON) -> JSONValue { json.foundationValue }

  package static func object(_ object: JSON.Object) -> JSONObject { object.foundationObject }

  /// The core form of an untyped value (enums and custom scalars through their `jsonValue`); `nil` for one JSON
  /// cannot hold.
  package static func json(_ value: Any?) -> JSON? {
    guard let value else { return .null }
    if let json = JSON(foundationValue: value) { return json }
    guard let encodable = value as? any JSONEncodable else { return nil }
    let encoded = encodable.jsonValue
    // A type whose JSON form is itself (and not JSON) would recurse forever.
    if type(of: encoded) == type(of: encodable) { return nil }
    return json(encoded)
  }

  /// A 0.x `GraphQLMap` as a JSON object, as 0.x wrote one: a `nil` value as `null`. A value with no JSON form
  /// (a custom scalar whose `jsonValue` is not JSON, which 0.x's serializer failed on) is written as `null` too.
  package static func jsonObject(of map: GraphQLMap) -> JSON.Object {
    map.mapValues { value in value.flatMap { json($0.jsonValue) } ?? .null }
  }

  /// A `ResultMap` as JSON values: decoded enums and custom scalars back to their JSON form, `nil` to `NSNull`.
  package static func jsonObject(of resultMap: ResultMap) -> JSONObject {
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
