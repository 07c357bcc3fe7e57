import Foundation

/// Why a JSON value could not become the Swift value a selection asked for.
///
/// The executor wraps it in a `GraphQLExecutionError` that carries the response path.
public enum JSONDecodingError: Error, LocalizedError, Hashable {
  /// The field's key is absent.
  case missingValue
  /// The field is `null` where the schema says it cannot be.
  case nullValue
  /// The value is not the JSON kind the field needs (an object or a list).
  case wrongType
  /// The value is of the right kind but cannot become `to` (a `Bool` for a `String` field, say).
  case couldNotConvert(value: JSONValue, to: Any.Type)

  public var errorDescription: String? {
    switch self {
    case .missingValue: return "Missing value"
    case .nullValue: return "Unexpected null value"
    case .wrongType: return "Wrong type"
    case .couldNotConvert(let value, let type): return "Could not convert \"\(value)\" to \(type)"
    }
  }

  public static func == (lhs: JSONDecodingError, rhs: JSONDecodingError) -> Bool {
    switch (lhs, rhs) {
    case (.missingValue, .missingValue), (.nullValue, .nullValue), (.wrongType, .wrongType):
      return true
    case (.couldNotConvert(let lhsValue, let lhsType), .couldNotConvert(let rhsValue, let rhsType)):
      return AnyHashable(lhsValue) == AnyHashable(rhsValue) && lhsType == rhsType
    default:
      return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .missingValue: hasher.combine(0)
    case .nullValue: hasher.combine(1)
    case .wrongType: hasher.combine(2)
    case .couldNotConvert(let value, let type):
      hasher.combine(3)
      hasher.combine(AnyHashable(value))
      hasher.combine(ObjectIdentifier(type))
    }
  }
}
