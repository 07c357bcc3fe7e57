/// One entry of a 0.x generated selection set's `selections`.
public protocol GraphQLSelection {}

/// A field: `GraphQLField("hero", arguments: ["episode": GraphQLVariable("episode")], type: .object(Hero.selections))`.
public struct GraphQLField: GraphQLSelection {
  let name: String
  let alias: String?
  let arguments: [String: any GraphQLInputValue]?
  let type: GraphQLOutputType

  /// The field `name` (answered under `alias` when there is one) with its arguments and type.
  public init(_ name: String, alias: String? = nil, arguments: [String: any GraphQLInputValue]? = nil, type: GraphQLOutputType) {
    self.name = name
    self.alias = alias
    self.arguments = arguments
    self.type = type
  }

  /// The key the field's value has in the response.
  var responseKey: String { alias ?? name }
}

/// A field's type: enums and custom scalars are `.scalar`; an object carries its selections, not a type.
public indirect enum GraphQLOutputType {
  /// A scalar, enum or custom scalar, read with its `init(jsonValue:)`.
  case scalar(any JSONDecodable.Type)
  /// An object, read with these selections.
  case object([any GraphQLSelection])
  /// The wrapped type, never `null`.
  case nonNull(GraphQLOutputType)
  /// A list of the wrapped type.
  case list(GraphQLOutputType)

  /// The type without its list and non-null wrappers.
  var namedType: GraphQLOutputType {
    switch self {
    case .nonNull(let inner), .list(let inner): return inner.namedType
    default: return self
    }
  }
}

/// Selections under `@include(if: $variable)` (or `@skip`, `inverted: true`).
public struct GraphQLBooleanCondition: GraphQLSelection {
  let variableName: String
  let inverted: Bool
  let selections: [any GraphQLSelection]

  /// The selections that apply when the variable is `true` (`false` when `inverted`).
  public init(variableName: String, inverted: Bool, selections: [any GraphQLSelection]) {
    self.variableName = variableName
    self.inverted = inverted
    self.selections = selections
  }
}

/// Selections that apply to some types only. 0.x's executor never handled it (its code generator never emitted
/// it); here it is read like a type case with one variant per type.
public struct GraphQLTypeCondition: GraphQLSelection {
  let possibleTypes: [String]
  let selections: [any GraphQLSelection]

  /// The selections that apply when the object's `__typename` is one of `possibleTypes`.
  public init(possibleTypes: [String], selections: [any GraphQLSelection]) {
    self.possibleTypes = possibleTypes
    self.selections = selections
  }
}

/// A named fragment spread, applied when the object's `__typename` is one of the fragment's possible types.
/// (0.x code generation inlines fragments instead; the type exists for hand-written selections.)
public struct GraphQLFragmentSpread: GraphQLSelection {
  let fragment: any GraphQLFragment.Type

  /// A spread of `fragment`.
  public init(_ fragment: any GraphQLFragment.Type) {
    self.fragment = fragment
  }
}

/// Selections chosen by the object's `__typename`: `variants[__typename]`, else `default` (also when there is no
/// `__typename`).
public struct GraphQLTypeCase: GraphQLSelection {
  let variants: [String: [any GraphQLSelection]]
  let `default`: [any GraphQLSelection]

  /// Per-typename selections and the ones for every other type.
  public init(variants: [String: [any GraphQLSelection]], default: [any GraphQLSelection]) {
    self.variants = variants
    self.default = `default`
  }
}
