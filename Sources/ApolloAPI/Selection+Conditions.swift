import Foundation

extension Selection {
  /// `@include` / `@skip` conditions: any of the AND-groups must hold.
  public struct Conditions: Sendable, Hashable {
    public let value: [[Condition]]

    public init(_ value: [[Condition]]) { self.value = value }
    public init(_ conditions: [Condition]...) { self.value = conditions }
    public init(_ condition: Condition) { self.value = [[condition]] }

    public static func || (lhs: Conditions, rhs: [Condition]) -> Conditions { Conditions(lhs.value + [rhs]) }
    public static func || (lhs: Conditions, rhs: Condition) -> Conditions { Conditions(lhs.value + [[rhs]]) }

    /// Whether the selections apply for these variables.
    public func evaluate(with variables: GraphQLOperation.Variables?) -> Bool {
      value.contains { group in group.allSatisfy { $0.evaluate(with: variables) } }
    }
  }

  /// One condition: a constant, or a `Bool` variable (negated for `@skip`).
  public enum Condition: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, Sendable, Hashable {
    case value(Bool)
    case variable(name: String, inverted: Bool)

    public init(variableName: String, inverted: Bool) { self = .variable(name: variableName, inverted: inverted) }
    public init(stringLiteral value: StringLiteralType) { self = .variable(name: value, inverted: false) }
    public init(booleanLiteral value: BooleanLiteralType) { self = .value(value) }

    @inlinable public static func `if`(_ condition: StringLiteralType) -> Condition {
      .variable(name: condition, inverted: false)
    }

    @inlinable public static func `if`(_ condition: Condition) -> Condition { condition }

    public static prefix func ! (condition: Condition) -> Condition {
      switch condition {
      case .value(let value): return .value(!value)
      case .variable(let name, let inverted): return .variable(name: name, inverted: !inverted)
      }
    }

    public static func && (lhs: Condition, rhs: Condition) -> [Condition] { [lhs, rhs] }
    public static func && (lhs: [Condition], rhs: Condition) -> [Condition] { lhs + [rhs] }
    public static func || (lhs: Condition, rhs: Condition) -> Conditions { Conditions([[lhs], [rhs]]) }
    public static func || (lhs: [Condition], rhs: Condition) -> Conditions { Conditions([lhs, [rhs]]) }
    public static func || (lhs: Condition, rhs: [Condition]) -> Conditions { Conditions([[lhs], rhs]) }

    /// The condition's value. An absent variable, or one that is `nil` or `null`, is false whether or
    /// not the condition is inverted, as upstream evaluates it: `@skip(if: $missing)` excludes.
    public func evaluate(with variables: GraphQLOperation.Variables?) -> Bool {
      switch self {
      case .value(let value):
        return value
      case .variable(let name, let inverted):
        guard let raw = variables?[name] else { return false }
        let value: Bool
        if let bool = raw as? Bool {
          value = bool
        } else if let nullable = raw as? GraphQLNullable<Bool> {
          guard case .some(let bool) = nullable else { return false }
          value = bool
        } else if let optional = raw as? Bool?, let bool = optional {
          value = bool
        } else {
          return false
        }
        return inverted ? !value : value
      }
    }
  }
}

/// Two AND-groups of conditions, either of which includes the selections.
public func || (lhs: [Selection.Condition], rhs: [Selection.Condition]) -> Selection.Conditions {
  Selection.Conditions([lhs, rhs])
}
