import Foundation

/// A nullable input value with three states, since GraphQL tells an absent value from `null`.
///
/// `nil` (``none``) leaves the value out of the request; ``null`` sends JSON `null`.
@dynamicMemberLookup
public enum GraphQLNullable<Wrapped: Sendable>: Sendable {
  /// Not sent.
  case none
  /// Sent as `null`.
  case null
  /// Sent as the wrapped value.
  case some(Wrapped)

  /// The wrapped value, `nil` for ``none`` and ``null``.
  public var unwrapped: Wrapped? {
    guard case .some(let wrapped) = self else { return nil }
    return wrapped
  }

  /// Reads a member of the wrapped value (`nullable.count`); `nil` when the value is absent or `null`.
  public subscript<T>(dynamicMember path: KeyPath<Wrapped, T>) -> T? {
    unwrapped?[keyPath: path]
  }
}

extension GraphQLNullable: Equatable where Wrapped: Equatable {}
extension GraphQLNullable: Hashable where Wrapped: Hashable {}

extension GraphQLNullable: ExpressibleByNilLiteral {
  public init(nilLiteral: ()) { self = .none }
}

extension GraphQLNullable: ExpressibleByUnicodeScalarLiteral
where Wrapped: ExpressibleByUnicodeScalarLiteral {
  public init(unicodeScalarLiteral value: Wrapped.UnicodeScalarLiteralType) {
    self = .some(Wrapped(unicodeScalarLiteral: value))
  }
}

extension GraphQLNullable: ExpressibleByExtendedGraphemeClusterLiteral
where Wrapped: ExpressibleByExtendedGraphemeClusterLiteral {
  public init(extendedGraphemeClusterLiteral value: Wrapped.ExtendedGraphemeClusterLiteralType) {
    self = .some(Wrapped(extendedGraphemeClusterLiteral: value))
  }
}

extension GraphQLNullable: ExpressibleByStringLiteral where Wrapped: ExpressibleByStringLiteral {
  public init(stringLiteral value: Wrapped.StringLiteralType) {
    self = .some(Wrapped(stringLiteral: value))
  }
}

extension GraphQLNullable: ExpressibleByIntegerLiteral where Wrapped: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: Wrapped.IntegerLiteralType) {
    self = .some(Wrapped(integerLiteral: value))
  }
}

extension GraphQLNullable: ExpressibleByFloatLiteral where Wrapped: ExpressibleByFloatLiteral {
  public init(floatLiteral value: Wrapped.FloatLiteralType) {
    self = .some(Wrapped(floatLiteral: value))
  }
}

extension GraphQLNullable: ExpressibleByBooleanLiteral where Wrapped: ExpressibleByBooleanLiteral {
  public init(booleanLiteral value: Wrapped.BooleanLiteralType) {
    self = .some(Wrapped(booleanLiteral: value))
  }
}

extension GraphQLNullable: ExpressibleByArrayLiteral where Wrapped: _InitializableByArrayLiteralElements {
  public init(arrayLiteral elements: Wrapped.ArrayLiteralElement...) {
    self = .some(Wrapped(elements))
  }
}

extension GraphQLNullable: ExpressibleByDictionaryLiteral where Wrapped: _InitializableByDictionaryLiteralElements {
  /// Repeated keys keep the first value, as 2.x does.
  public init(dictionaryLiteral elements: (Wrapped.Key, Wrapped.Value)...) {
    self = .some(Wrapped(elements))
  }
}

/// A collection that array literals for a ``GraphQLNullable`` can build.
public protocol _InitializableByArrayLiteralElements: ExpressibleByArrayLiteral {
  init(_ array: [ArrayLiteralElement])
}
extension Array: _InitializableByArrayLiteralElements {}

/// A dictionary that dictionary literals for a ``GraphQLNullable`` can build.
public protocol _InitializableByDictionaryLiteralElements: ExpressibleByDictionaryLiteral {
  init(_ elements: [(Key, Value)])
}
extension Dictionary: _InitializableByDictionaryLiteralElements {
  /// A dictionary from literal pairs; a repeated key keeps its first value.
  public init(_ elements: [(Key, Value)]) {
    self.init(elements, uniquingKeysWith: { first, _ in first })
  }
}

extension GraphQLNullable {
  /// `.init(.small)` in generated default values.
  public init<T: EnumType>(_ caseValue: T) where Wrapped == GraphQLEnum<T> {
    self = .some(GraphQLEnum(caseValue))
  }

  /// `.init(SomeInput(...))` in generated default values.
  public init(_ object: Wrapped) where Wrapped: InputObject {
    self = .some(object)
  }
}

/// An optional that falls back to a ``GraphQLNullable`` when `nil`.
@_disfavoredOverload
public func ?? <T>(lhs: T?, rhs: GraphQLNullable<T>) -> GraphQLNullable<T> {
  if let lhs { return .some(lhs) }
  return rhs
}

extension GraphQLNullable: GraphQLOperationVariableValue where Wrapped: GraphQLOperationVariableValue {}

extension GraphQLNullable: _GraphQLVariableEncodable where Wrapped: GraphQLOperationVariableValue {
  /// ``none`` is left out, ``null`` is JSON `null`.
  public var _jsonEncodableValue: (any JSONEncodable)? {
    switch self {
    case .none: return nil
    case .null: return NSNull()  // as upstream, so `variables["x"] is NSNull` reads it
    case .some(let wrapped): return wrapped._jsonEncodableValue
    }
  }
}

