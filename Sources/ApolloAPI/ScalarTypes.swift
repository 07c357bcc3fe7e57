/// A value that can be stored as a leaf of a ``DataDict``: a scalar, a custom scalar, an enum, or a
/// list or optional of them.
public protocol AnyScalarType: Sendable, Hashable, JSONEncodable {}

/// The built-in GraphQL scalars: `String`, `Int`, `Bool`, `Float`, `Double` (and `Int32` for 2.x
/// inputs).
public protocol ScalarType: AnyScalarType, JSONDecodable, GraphQLOperationVariableValue,
  GraphQLOperationVariableListElement {}

extension String: ScalarType {}
extension Int: ScalarType {}
extension Int32: ScalarType {}
extension Bool: ScalarType {}
extension Float: ScalarType {}
extension Double: ScalarType {}

/// A scalar the app defines (a date, a URL, …) and ``GraphQLEnum``; the executor decodes it with
/// ``JSONDecodable/init(_jsonValue:)`` and stores its ``JSONEncodable/_jsonValue`` in the cache.
public protocol CustomScalarType: AnyScalarType, JSONDecodable, OutputTypeConvertible,
  GraphQLOperationVariableValue, GraphQLOperationVariableListElement {}

extension CustomScalarType {
  public static var _asOutputType: Selection.Field.OutputType { .nonNull(.customScalar(self)) }
}

extension Array: AnyScalarType where Element: AnyScalarType & Hashable {}
extension Optional: AnyScalarType where Wrapped: AnyScalarType & Hashable {}
