@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
import Foundation

// Between the core's JSON enum (what the parser produces and records hold) and the existential
// values generated code and `ApolloAPI` decoders work with.

extension JSONValue {
  /// The value as generated code's decoders expect it: `String`, `Int`, `Double`, `Bool`, `NSNull`,
  /// `ApolloAPI.JSONList` or `ApolloAPI.JSONObjectValue`.
  var apiValue: ApolloAPI.JSONValue {
    switch self {
    case .null: return NSNull()
    case .bool(let value): return value
    case .int(let value): return value
    case .double(let value): return value
    case .string(let value): return value
    case .array(let elements): return ApolloAPI.JSONList(elements.map(\.apiValue))
    case .object(let object): return ApolloAPI.JSONObjectValue(object.mapValues(\.apiValue))
    }
  }

  /// The core form of an `ApolloAPI` value (a variable, a custom scalar's `_jsonValue`); `nil` for a
  /// value that has no JSON form.
  init?(apiValue value: Any?) {
    guard let value else { self = .null; return }
    switch value {
    case is NSNull: self = .null
    case let string as String: self = .string(string)
    case let bool as Bool: self = .bool(bool)
    case let int as Int: self = .int(int)
    case let int as Int32: self = .int(Int(int))
    case let int as Int64: self = .int(Int(int))
    case let double as Double: self = .double(double)
    case let float as Float: self = .double(Double(float))
    case let list as ApolloAPI.JSONList:
      guard let elements = Self.convertElements(list.elements) else { return nil }
      self = .array(elements)
    case let object as ApolloAPI.JSONObjectValue:
      var fields: JSONObject = [:]
      for (key, element) in object.fields {
        guard let converted = JSONValue(apiValue: element) else { return nil }
        fields[key] = converted
      }
      self = .object(fields)
    case let list as ApolloAPI.DataDict.List:
      guard let elements = Self.convertElements(list.elements) else { return nil }
      self = .array(elements)
    case let encodable as any ApolloAPI.JSONEncodable:
      // A custom scalar or enum stored in selection-set data: its JSON form.
      let json = encodable._jsonValue
      if json is any ApolloAPI.JSONEncodable, type(of: json) == type(of: encodable) { return nil }
      guard let converted = JSONValue(apiValue: json) else { return nil }
      self = converted
    case let core as JSONValue: self = core
    default: return nil
    }
  }

  /// Each element's core form; `nil` when any element has no JSON form.
  private static func convertElements(_ elements: [Any?]) -> [JSONValue]? {
    var converted: [JSONValue] = []
    converted.reserveCapacity(elements.count)
    for element in elements {
      guard let value = JSONValue(apiValue: element) else { return nil }
      converted.append(value)
    }
    return converted
  }
}
