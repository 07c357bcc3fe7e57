@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
import Foundation

// Between the core's JSON enum (what the parser produces and records hold) and the existential
// values generated code and `ApolloAPI` decoders work with.

extension JSON {
  /// The value as generated code's decoders expect it: `String`, `Int`, `Double`, `Bool`, `NSNull`,
  /// `ApolloAPI.JSONList` or `ApolloAPI.JSONObjectValue`.
  package var apiValue: ApolloAPI.JSONValue {
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

  /// The value in the shapes upstream's `JSONSerialization` produced, as custom scalars' `init(_jsonValue:)` and
  /// readers of a response's `extensions` got it: numbers as `NSNumber` (so `as? Int64`, `as? Int32` and
  /// `as? Double` read an integer), objects and lists as `NSDictionary` and `NSArray` on Apple platforms and as
  /// `[String: AnyHashable]` and `[AnyHashable]` on Linux (either way `as? [String: Any]`, `as? [String: AnyHashable]`
  /// and `as? JSONObject` read an object), booleans as `Bool`, strings as `String`, null as `NSNull`.
  package var serializationValue: ApolloAPI.JSONValue {
    // `Sendable` is a marker protocol, absent at run time: the `as!` casts below only check `Hashable`. The values
    // are safe to share because nothing can mutate them: immutable containers of immutable values, `NSNumber`s
    // (neither Foundation declares these classes `Sendable` on every platform).
    switch self {
    case .null: return NSNull()
    case .bool(let value): return value
    case .string(let value): return value
    case .int(let value): return NSNumber(value: value) as Any as! ApolloAPI.JSONValue
    case .double(let value): return NSNumber(value: value) as Any as! ApolloAPI.JSONValue
    case .array, .object:
      #if canImport(Darwin)
      // What JSONSerialization gives there: an NSDictionary or NSArray of NSNumber, NSString and NSNull, which the
      // casts apps use bridge from (an `AnyHashable` would hold an `NSNumber` as an `Int64` there, and `as? Int`
      // on it would fail).
      return foundationValue as AnyObject as Any as! ApolloAPI.JSONValue
      #else
      // Linux's Foundation bridges `NSDictionary` to `[String: Any]` only, so a Swift dictionary of `AnyHashable`s
      // holding `NSNumber`s stands in for it: `as? [String: AnyHashable]`, `as? [String: Any]` and `as? JSONObject`
      // all read it, and an element reads `as? Int`.
      return foundationHashable as Any as! ApolloAPI.JSONValue
      #endif
    }
  }

  /// This value in `JSONSerialization`'s shapes, as an `AnyHashable` (the element type of the containers).
  private var foundationHashable: AnyHashable {
    switch self {
    case .null: return AnyHashable(NSNull())
    case .bool(let value): return AnyHashable(value)
    case .int(let value): return AnyHashable(NSNumber(value: value))
    case .double(let value): return AnyHashable(NSNumber(value: value))
    case .string(let value): return AnyHashable(value)
    case .array(let elements): return AnyHashable(elements.map(\.foundationHashable))
    case .object(let object): return AnyHashable(object.mapValues(\.foundationHashable))
    }
  }

  /// The core form of an `ApolloAPI` value (a variable, a custom scalar's `_jsonValue`); `nil` for a
  /// value that has no JSON form.
  package init?(apiValue value: Any?) {
    guard let value else { self = .null; return }
    // Out of a `[String: AnyHashable]` or `[AnyHashable]` (what a custom scalar got, and may give back): the value
    // inside. An `NSNumber` is read by what it was made from, so an integer 1 is not taken for `true` below.
    // Metatype comparisons, not casts: a cast to a class would bridge every value type to an `NSNumber` first.
    if type(of: value) == AnyHashable.self, let hashable = value as? AnyHashable {
      self.init(apiValue: hashable.base)
      return
    }
    if type(of: value) is NSNumber.Type {
      guard let json = JSON(foundationValue: value) else { return nil }
      self = json
      return
    }
    // NSNull is tested after the value types: casting a bridgeable value (an `Int32` variable) to a
    // class makes the runtime bridge it to an `NSNumber` first, an allocation per test on Linux.
    switch value {
    case let string as String: self = .string(string)
    case let bool as Bool: self = .bool(bool)
    case let int as Int: self = .int(int)
    case let int as Int32: self = .int(Int(int))
    case let int as Int64: self = .int(Int(int))
    case let double as Double: self = .double(double)
    // Through its shortest decimal form: widening the binary value makes `Float(1.1)` 1.100000023841858,
    // where upstream's serializer and field keys write 1.1.
    case let float as Float: self = .double(Double(float.description) ?? Double(float))
    case let list as ApolloAPI.JSONList:
      guard let elements = Self.convertElements(list.elements) else { return nil }
      self = .array(elements)
    case let object as ApolloAPI.JSONObjectValue:
      guard let fields = Self.convertFields(object.fields) else { return nil }
      self = .object(fields)
    case let list as ApolloAPI.DataDict.List:
      guard let elements = Self.convertElements(list.elements) else { return nil }
      self = .array(elements)
    case let dataDict as ApolloAPI.DataDict:
      guard let object = JSON.object(of: dataDict) else { return nil }
      self = .object(object)
    case is NSNull: self = .null
    case let known as CoreJSONEncodable: self = known.json
    case let encodable as any ApolloAPI.JSONEncodable:
      // A custom scalar or enum stored in selection-set data: its JSON form.
      let json = encodable._jsonValue
      if json is any ApolloAPI.JSONEncodable, type(of: json) == type(of: encodable) { return nil }
      guard let converted = JSON(apiValue: json) else { return nil }
      self = converted
    case let core as JSON: self = core
    // Plain Swift collections, as a custom scalar's `_jsonValue` may return them (`[String: Double]` for a
    // JSON scalar): upstream hands them to JSONSerialization.
    case let object as [String: Any]:
      guard let fields = Self.convertFields(object) else { return nil }
      self = .object(fields)
    case let array as [Any]:
      guard let elements = Self.convertElements(array) else { return nil }
      self = .array(elements)
    default: return nil
    }
  }

  /// Each field's core form; `nil` when any field has no JSON form.
  private static func convertFields<Value>(_ fields: [String: Value]) -> JSON.Object? {
    var converted = JSON.Object(minimumCapacity: fields.count)
    for (key, element) in fields {
      guard let value = JSON(apiValue: element) else { return nil }
      converted[key] = value
    }
    return converted
  }

  /// Each element's core form; `nil` when any element has no JSON form.
  private static func convertElements(_ elements: [Any?]) -> [JSON]? {
    var converted: [JSON] = []
    converted.reserveCapacity(elements.count)
    for element in elements {
      guard let value = JSON(apiValue: element) else { return nil }
      converted.append(value)
    }
    return converted
  }
}

extension JSON {
  /// The fields of a selection set's data as JSON, keyed by response key; `nil` when a value has no
  /// JSON form.
  static func object(of dataDict: ApolloAPI.DataDict) -> JSON.Object? {
    var object: JSON.Object = [:]
    object.reserveCapacity(dataDict._data.count)
    for (key, value) in dataDict._data {
      guard let converted = JSON(apiValue: value) else { return nil }
      object[key] = converted
    }
    return object
  }
}

extension ApolloAPI.SelectionSet {
  /// The selection set's data as the core's JSON, keyed by response key: what the response's `data`
  /// held for these fields, with custom scalars and enums in their JSON form.
  public var jsonObject: JSON.Object {
    // Every value in data the executor built converts; a hand-built `DataDict` holding a value with no
    // JSON form reads as `null` rather than losing the key.
    __data._data.mapValues { JSON(apiValue: $0) ?? .null }
  }
}
