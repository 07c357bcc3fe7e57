/// A field argument as generated code writes it in a selection: a literal, a variable, or a list or
/// object of them.
public indirect enum InputValue: Sendable, Hashable {
  /// A literal scalar.
  case scalar(any ScalarType)
  /// The operation variable of that name.
  case variable(String)
  /// A list argument (`[JEDI, EMPIRE]`), each element an input value of its own (variables allowed).
  case list([InputValue])
  /// An input object.
  case object([String: InputValue])
  /// A literal `null`.
  case null

  public static func == (lhs: InputValue, rhs: InputValue) -> Bool {
    switch (lhs, rhs) {
    case (.scalar(let lhs), .scalar(let rhs)): return AnyHashable(lhs) == AnyHashable(rhs)
    case (.variable(let lhs), .variable(let rhs)): return lhs == rhs
    case (.list(let lhs), .list(let rhs)): return lhs == rhs
    case (.object(let lhs), .object(let rhs)): return lhs == rhs
    case (.null, .null): return true
    default: return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .scalar(let value): hasher.combine(AnyHashable(value))
    case .variable(let name): hasher.combine(name)
    case .list(let values): hasher.combine(values)
    case .object(let values): hasher.combine(values)
    case .null: hasher.combine(0)
    }
  }
}

extension InputValue: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self = .scalar(value) }
}

extension InputValue: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: Int) { self = .scalar(value) }
}

extension InputValue: ExpressibleByFloatLiteral {
  public init(floatLiteral value: Double) { self = .scalar(value) }
}

extension InputValue: ExpressibleByBooleanLiteral {
  public init(booleanLiteral value: Bool) { self = .scalar(value) }
}

extension InputValue: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: InputValue...) { self = .list(elements) }
}

extension InputValue: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, InputValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { first, _ in first }))
  }
}
