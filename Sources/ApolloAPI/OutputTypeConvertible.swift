/// A Swift type that a field selection can name as its type (`.field("name", String.self)`).
public protocol OutputTypeConvertible {
  /// The GraphQL output type the Swift type stands for.
  @_spi(Execution) static var _asOutputType: Selection.Field.OutputType { get }
}

extension String: OutputTypeConvertible {
  public static let _asOutputType: Selection.Field.OutputType = .nonNull(.scalar(String.self))
}
extension Int: OutputTypeConvertible {
  public static let _asOutputType: Selection.Field.OutputType = .nonNull(.scalar(Int.self))
}
extension Bool: OutputTypeConvertible {
  public static let _asOutputType: Selection.Field.OutputType = .nonNull(.scalar(Bool.self))
}
extension Float: OutputTypeConvertible {
  public static let _asOutputType: Selection.Field.OutputType = .nonNull(.scalar(Float.self))
}
extension Double: OutputTypeConvertible {
  public static let _asOutputType: Selection.Field.OutputType = .nonNull(.scalar(Double.self))
}

extension Optional: OutputTypeConvertible where Wrapped: OutputTypeConvertible {
  /// The wrapped type without its outer non-null marker.
  public static var _asOutputType: Selection.Field.OutputType {
    guard case .nonNull(let wrapped) = Wrapped._asOutputType else { return Wrapped._asOutputType }
    return wrapped
  }
}

extension Array: OutputTypeConvertible where Element: OutputTypeConvertible {
  public static var _asOutputType: Selection.Field.OutputType { .nonNull(.list(Element._asOutputType)) }
}
