/// One entry of a selection set's generated `__selections`.
public enum Selection: Sendable, Hashable {
  /// A field read from the response (name, alias, arguments and output type in `Field`).
  case field(Field)
  /// A named fragment spread (its type condition is checked by an enclosing inline fragment, if any).
  case fragment(any Fragment.Type)
  /// An inline fragment with a type condition, or a group of conditional selections.
  case inlineFragment(any InlineFragment.Type)
  /// A `@defer` fragment, deferred unless its condition is false.
  case deferred(if: Condition? = nil, any Deferrable.Type, label: String)
  /// Selections included only when the conditions hold (`@include` / `@skip`).
  case conditional(Conditions, [Selection])

  /// A field selection.
  public struct Field: Sendable, Hashable {
    /// The schema field's name, used for the cache field key.
    public let name: String
    /// The alias the query gives the field, if any; the response uses it as the key.
    public let alias: String?
    /// The field's arguments as written in the document; variables are resolved when the cache key is built.
    public let arguments: [String: InputValue]?
    /// The GraphQL type the executor reads the value as.
    public let type: OutputType
    /// `@fieldPolicy(keyArgs:)` of the field, used for cache reads.
    public let fieldPolicy: FieldPolicyDirective?

    /// The key the field has in the response: the alias if there is one, else the name.
    public var responseKey: String { alias ?? name }

    /// A field as generated code describes it; see ``Selection/field(_:alias:_:arguments:fieldPolicy:)`` for the builder.
    public init(
      _ name: String, alias: String? = nil, type: OutputType, arguments: [String: InputValue]? = nil,
      fieldPolicy: FieldPolicyDirective? = nil
    ) {
      self.name = name
      self.alias = alias
      self.type = type
      self.arguments = arguments
      self.fieldPolicy = fieldPolicy
    }

    /// Field equality ignores the field policy, as upstream's does.
    public static func == (lhs: Field, rhs: Field) -> Bool {
      lhs.name == rhs.name && lhs.alias == rhs.alias && lhs.arguments == rhs.arguments && lhs.type == rhs.type
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(name)
      hasher.combine(alias)
      hasher.combine(arguments)
      hasher.combine(type)
    }

    /// The GraphQL type of a field's value.
    public indirect enum OutputType: Sendable, Hashable {
      /// A built-in scalar, stored as the Swift type named (`String`, `Int`, `Bool`, `Float`, `Double`).
      case scalar(any ScalarType.Type)
      /// A custom scalar or a `GraphQLEnum`, decoded by its generated type.
      case customScalar(any CustomScalarType.Type)
      /// An object, read into this selection set.
      case object(any RootSelectionSet.Type)
      /// Non-null (`!`): a missing or `null` value is an error.
      case nonNull(OutputType)
      /// A list of the wrapped type.
      case list(OutputType)

      /// The type without its list and non-null wrappers.
      public var namedType: OutputType {
        switch self {
        case .nonNull(let inner), .list(let inner): return inner.namedType
        default: return self
        }
      }

      /// Whether `null` is allowed.
      public var isNullable: Bool {
        if case .nonNull = self { return false }
        return true
      }

      public static func == (lhs: OutputType, rhs: OutputType) -> Bool {
        switch (lhs, rhs) {
        case (.scalar(let lhs), .scalar(let rhs)): return lhs == rhs
        case (.customScalar(let lhs), .customScalar(let rhs)): return lhs == rhs
        case (.object(let lhs), .object(let rhs)): return lhs == rhs
        case (.nonNull(let lhs), .nonNull(let rhs)), (.list(let lhs), .list(let rhs)): return lhs == rhs
        default: return false
        }
      }

      public func hash(into hasher: inout Hasher) {
        switch self {
        case .scalar(let type): hasher.combine(0); hasher.combine(ObjectIdentifier(type))
        case .customScalar(let type): hasher.combine(1); hasher.combine(ObjectIdentifier(type))
        case .object(let type): hasher.combine(2); hasher.combine(ObjectIdentifier(type))
        case .nonNull(let inner): hasher.combine(3); hasher.combine(inner)
        case .list(let inner): hasher.combine(4); hasher.combine(inner)
        }
      }
    }
  }

  /// The key arguments of `@fieldPolicy(forField:keyArgs:)`.
  public struct FieldPolicyDirective: Sendable, Hashable {
    /// The argument names whose values identify the field's object in the cache, in order.
    public let keyArgs: [String]
    /// As generated from the field's `@fieldPolicy` directive.
    public init(keyArgs: [String]) { self.keyArgs = keyArgs }
  }

  // MARK: Generated code's builders

  /// A field of type `type` (its Swift type, which generated code names), as generated code's `__selections` write it.
  public static func field(
    _ name: String, alias: String? = nil, _ type: any OutputTypeConvertible.Type,
    arguments: [String: InputValue]? = nil, fieldPolicy: FieldPolicyDirective? = nil
  ) -> Selection {
    .field(Field(name, alias: alias, type: type._asOutputType, arguments: arguments, fieldPolicy: fieldPolicy))
  }

  /// `selection` under `@include(if: $condition)`.
  public static func include(if condition: String, _ selection: Selection) -> Selection {
    .conditional(Conditions(Condition(stringLiteral: condition)), [selection])
  }
  /// `selections` under `@include(if: $condition)`.
  public static func include(if condition: String, _ selections: [Selection]) -> Selection {
    .conditional(Conditions(Condition(stringLiteral: condition)), selections)
  }
  /// `selection` under one condition (`@include`, or `@skip` when inverted).
  public static func include(if condition: Condition, _ selection: Selection) -> Selection {
    .conditional(Conditions(condition), [selection])
  }
  /// `selections` under one condition (`@include`, or `@skip` when inverted).
  public static func include(if condition: Condition, _ selections: [Selection]) -> Selection {
    .conditional(Conditions(condition), selections)
  }
  /// `selection` when every condition holds (several directives on one selection).
  public static func include(if conditions: [Condition], _ selection: Selection) -> Selection {
    .conditional(Conditions([conditions]), [selection])
  }
  /// `selections` when every condition holds (several directives on one selection).
  public static func include(if conditions: [Condition], _ selections: [Selection]) -> Selection {
    .conditional(Conditions([conditions]), selections)
  }
  /// `selection` when any AND-group of `conditions` holds.
  public static func include(if conditions: Conditions, _ selection: Selection) -> Selection {
    .conditional(conditions, [selection])
  }
  /// `selections` when any AND-group of `conditions` holds.
  public static func include(if conditions: Conditions, _ selections: [Selection]) -> Selection {
    .conditional(conditions, selections)
  }

  // Metatypes compare by identity.
  public static func == (lhs: Selection, rhs: Selection) -> Bool {
    switch (lhs, rhs) {
    case (.field(let lhs), .field(let rhs)): return lhs == rhs
    case (.fragment(let lhs), .fragment(let rhs)): return lhs == rhs
    case (.inlineFragment(let lhs), .inlineFragment(let rhs)): return lhs == rhs
    case (.deferred(let lhsCondition, let lhsType, let lhsLabel), .deferred(let rhsCondition, let rhsType, let rhsLabel)):
      return lhsCondition == rhsCondition && lhsType == rhsType && lhsLabel == rhsLabel
    case (.conditional(let lhsConditions, let lhsSelections), .conditional(let rhsConditions, let rhsSelections)):
      return lhsConditions == rhsConditions && lhsSelections == rhsSelections
    default: return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .field(let field): hasher.combine(0); hasher.combine(field)
    case .fragment(let type): hasher.combine(1); hasher.combine(ObjectIdentifier(type))
    case .inlineFragment(let type): hasher.combine(2); hasher.combine(ObjectIdentifier(type))
    case .deferred(let condition, let type, let label):
      hasher.combine(3); hasher.combine(condition); hasher.combine(ObjectIdentifier(type)); hasher.combine(label)
    case .conditional(let conditions, let selections):
      hasher.combine(4); hasher.combine(conditions); hasher.combine(selections)
    }
  }
}
