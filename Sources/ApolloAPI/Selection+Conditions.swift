import Foundation

extension Selection {
  /// `@include` / `@skip` conditions: any of the AND-groups must hold.
  public struct Conditions: Sendable, Hashable {
    /// OR of ANDs: the selections apply when every condition of at least one inner group holds.
    public let value: [[Condition]]

    /// From the groups as they are (OR of ANDs).
    public init(_ value: [[Condition]]) { self.value = value }
    /// From groups written as variadic arguments, each an AND-group.
    public init(_ conditions: [Condition]...) { self.value = conditions }
    /// A single condition, alone in its group.
    public init(_ condition: Condition) { self.value = [[condition]] }

    /// Adds an AND-group as another alternative.
    public static func || (lhs: Conditions, rhs: [Condition]) -> Conditions { Conditions(lhs.value + [rhs]) }
    /// Adds a single condition as another alternative.
    public static func || (lhs: Conditions, rhs: Condition) -> Conditions { Conditions(lhs.value + [[rhs]]) }

    /// Whether the selections apply for these variables.
    public func evaluate(with variables: GraphQLOperation.Variables?) -> Bool {
      value.contains { group in group.allSatisfy { $0.evaluate(with: variables) } }
    }
  }

  /// One condition: a constant, or a `Bool` variable (negated for `@skip`).
  public enum Condition: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, Sendable, Hashable {
    /// A constant, from `@include(if: true)` or `@skip(if: false)` written literally.
    case value(Bool)
    /// The `Bool` variable `name`; `inverted` for `@skip`.
    case variable(name: String, inverted: Bool)

    /// A variable condition; `inverted` for `@skip`.
    public init(variableName: String, inverted: Bool) { self = .variable(name: variableName, inverted: inverted) }
    public init(stringLiteral value: StringLiteralType) { self = .variable(name: value, inverted: false) }
    public init(booleanLiteral value: BooleanLiteralType) { self = .value(value) }

    /// `@include(if: $name)`, as generated code writes it: `.if("name")`.
    @inlinable public static func `if`(_ condition: StringLiteralType) -> Condition {
      .variable(name: condition, inverted: false)
    }

    /// Returns `condition` unchanged, so that `.if(!"name")` reads like the directive.
    @inlinable public static func `if`(_ condition: Condition) -> Condition { condition }

    /// Negates: a constant flips, a variable condition switches between `@include` and `@skip`.
    public static prefix func ! (condition: Condition) -> Condition {
      switch condition {
      case .value(let value): return .value(!value)
      case .variable(let name, let inverted): return .variable(name: name, inverted: !inverted)
      }
    }

    /// Both must hold: starts an AND-group.
    public static func && (lhs: Condition, rhs: Condition) -> [Condition] { [lhs, rhs] }
    /// Adds a condition to an AND-group.
    public static func && (lhs: [Condition], rhs: Condition) -> [Condition] { lhs + [rhs] }
    /// Either may hold: two alternatives of one condition each.
    public static func || (lhs: Condition, rhs: Condition) -> Conditions { Conditions([[lhs], [rhs]]) }
    /// An AND-group or a single condition, as two alternatives.
    public static func || (lhs: [Condition], rhs: Condition) -> Conditions { Conditions([lhs, [rhs]]) }
    /// A single condition or an AND-group, as two alternatives.
    public static func || (lhs: Condition, rhs: [Condition]) -> Conditions { Conditions([[lhs], rhs]) }

    /// The condition's value, as upstream evaluates it. An absent variable is false whether or not the
    /// condition is inverted (`@skip(if: $missing)` excludes); a `GraphQLNullable<Bool>` that is `.none` or
    /// `.null` counts as false and is then inverted (`@skip(if: $flag)` with `flag: .none` includes, as the
    /// server does when it applies the variable's default of `false`).
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
          if case .some(let bool) = nullable { value = bool } else { value = false }
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
