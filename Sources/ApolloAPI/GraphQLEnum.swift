/// An enum value from the server: a case the app knows, or the raw name of one added to the schema
/// after the app was built.
public enum GraphQLEnum<T: EnumType>: CaseIterable, Hashable, RawRepresentable, Sendable {
  public typealias RawValue = String

  /// A known case.
  case `case`(T)
  /// A value the generated enum does not have.
  case unknown(String)

  public init(_ caseValue: T) { self = .case(caseValue) }

  /// Never fails: an unknown name becomes ``unknown(_:)``.
  public init(rawValue: String) {
    if let known = T(rawValue: rawValue) { self = .case(known) } else { self = .unknown(rawValue) }
  }

  public init(_ rawValue: String) { self.init(rawValue: rawValue) }

  /// The known case, `nil` for an unknown value.
  public var value: T? {
    guard case .case(let value) = self else { return nil }
    return value
  }

  public var rawValue: String {
    switch self {
    case .case(let value): return value.rawValue
    case .unknown(let name): return name
    }
  }

  public static var allCases: [GraphQLEnum<T>] { T.allCases.map { .case($0) } }

  public static func == (lhs: GraphQLEnum<T>, rhs: T) -> Bool { lhs.rawValue == rhs.rawValue }
  public static func != (lhs: GraphQLEnum<T>, rhs: T) -> Bool { !(lhs == rhs) }
  public static func == (lhs: T, rhs: GraphQLEnum<T>) -> Bool { lhs.rawValue == rhs.rawValue }

  public static func ~= (lhs: T, rhs: GraphQLEnum<T>) -> Bool { lhs.rawValue == rhs.rawValue }
}

extension GraphQLEnum: CustomScalarType {
  /// A JSON string; a name the app does not know becomes ``unknown(_:)``.
  public init(_jsonValue value: JSONValue) throws {
    guard let name = value as? String else {
      throw JSONDecodingError.couldNotConvert(value: value, to: String.self)
    }
    self.init(rawValue: name)
  }

  public var _jsonValue: JSONValue { rawValue }
}

/// An optional enum field compared with a case.
public func == <T: EnumType>(lhs: GraphQLEnum<T>?, rhs: T) -> Bool { lhs?.rawValue == rhs.rawValue }
public func != <T: EnumType>(lhs: GraphQLEnum<T>?, rhs: T) -> Bool { !(lhs == rhs) }
