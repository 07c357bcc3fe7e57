/// An enum value from the server: a case the app knows, or the raw name of one added to the schema
/// after the app was built.
public enum GraphQLEnum<T: EnumType>: CaseIterable, Hashable, RawRepresentable, Sendable {
  public typealias RawValue = String

  /// A known case.
  case `case`(T)
  /// A value the generated enum does not have.
  case unknown(String)

  /// A known case of the generated enum.
  public init(_ caseValue: T) { self = .case(caseValue) }

  /// Never fails: an unknown name becomes ``unknown(_:)``.
  public init(rawValue: String) {
    if let known = T(rawValue: rawValue) { self = .case(known) } else { self = .unknown(rawValue) }
  }

  /// The value with this GraphQL name; like ``init(rawValue:)``, an unknown name becomes ``unknown(_:)``.
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

  /// Compares by GraphQL name, as upstream does: `.unknown("JEDI")` (built by hand) equals `.case(.JEDI)`.
  public static func == (lhs: GraphQLEnum<T>, rhs: GraphQLEnum<T>) -> Bool { lhs.rawValue == rhs.rawValue }
  /// Hashes the GraphQL name, consistently with `==`.
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

  /// Compares by GraphQL name, so `field == .JEDI` reads as it would on the generated enum.
  public static func == (lhs: GraphQLEnum<T>, rhs: T) -> Bool { lhs.rawValue == rhs.rawValue }
  /// `true` for another case and for any unknown value.
  public static func != (lhs: GraphQLEnum<T>, rhs: T) -> Bool { !(lhs == rhs) }
  /// Compares by GraphQL name, with the case on the left.
  public static func == (lhs: T, rhs: GraphQLEnum<T>) -> Bool { lhs.rawValue == rhs.rawValue }

  /// Lets `switch field { case .JEDI: … }` match a known case directly.
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
/// `true` when the optional enum field is `nil`, unknown, or another case.
public func != <T: EnumType>(lhs: GraphQLEnum<T>?, rhs: T) -> Bool { !(lhs == rhs) }
