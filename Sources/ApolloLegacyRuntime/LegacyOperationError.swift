/// A 0.x operation that cannot be sent.
public enum LegacyOperationError: Error, Hashable, CustomStringConvertible {
  /// The variable's value has no JSON form (a type whose `jsonValue` is not JSON).
  case variableHasNoJSONForm(String)

  public var description: String {
    switch self {
    case .variableHasNoJSONForm(let name): return "The variable \(name) has no JSON form"
    }
  }
}
