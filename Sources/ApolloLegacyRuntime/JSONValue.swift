import ApolloCore
import Foundation

/// A JSON value as 0.x generated code sees it: `String`, `Int`, `Double`, `Bool`, `NSNull`, `[JSONValue]` or
/// ``JSONObject``.
public typealias JSONValue = Any

/// A JSON object as 0.x generated code sees it.
public typealias JSONObject = [String: JSONValue]

/// A type generated code reads from a JSON value: scalars, enums and custom scalars.
public protocol JSONDecodable {
  /// Reads the value from its JSON form.
  ///
  /// - Throws: ``JSONDecodingError`` when `value` has another type.
  init(jsonValue value: JSONValue) throws
}

/// A type generated code writes as a JSON value: variables, arguments and input objects.
public protocol JSONEncodable: GraphQLInputValue {
  /// The value's JSON form.
  var jsonValue: JSONValue { get }
}

/// Why a JSON value could not be read as the type generated code asked for. Reading cached data, it means the cache
/// does not hold that data (a miss), as the core's executor counts it.
public enum JSONDecodingError: Error, LocalizedError, CacheMissReason {
  /// The field is not in the response (or record) at all.
  case missingValue
  /// The field is `null` where the schema says it cannot be.
  case nullValue
  /// The value is not a list or an object where the selection needs one.
  case wrongType
  /// The value is a scalar of another type.
  case couldNotConvert(value: Any, to: Any.Type)

  public var errorDescription: String? {
    switch self {
    case .missingValue: return "Missing value"
    case .nullValue: return "Unexpected null value"
    case .wrongType: return "Wrong type"
    case .couldNotConvert(let value, let expectedType): return "Could not convert \"\(value)\" to \(expectedType)"
    }
  }

  /// A missing record or field: what a cache read counts as a miss.
  package var isMissingValue: Bool {
    if case .missingValue = self { return true }
    return false
  }

  /// Matches by case only, ignoring associated values (0.x's `Matchable`), so
  /// `if case JSONDecodingError.couldNotConvert = error` style checks and `~=` patterns keep working.
  public static func ~= (pattern: JSONDecodingError, value: any Error) -> Bool {
    guard let value = value as? JSONDecodingError else { return false }
    switch (pattern, value) {
    case (.missingValue, .missingValue), (.nullValue, .nullValue), (.wrongType, .wrongType),
         (.couldNotConvert, .couldNotConvert):
      return true
    default:
      return false
    }
  }
}

// @unchecked: `couldNotConvert` keeps 0.x's `Any` payload so 0.x `catch` patterns still bind it; the executor only
// ever puts the JSON value it read there (a string, number, boolean, `NSNull` or a container of those), which
// nothing mutates afterwards.
extension JSONDecodingError: @unchecked Sendable {}

/// Merges `rhs` into `lhs`, `rhs` winning: what generated `fragments` setters use (`resultMap += …`).
public func += <Key, Value>(lhs: inout [Key: Value], rhs: [Key: Value]) {
  lhs.merge(rhs) { _, new in new }
}
