/// The three kinds of GraphQL operation.
public enum GraphQLOperationType: Sendable, Hashable {
  case query
  case mutation
  case subscription
}

/// The text of an operation followed by the fragments it uses, as code generation emits it.
public struct OperationDefinition: Sendable, Hashable {
  /// The operation's own text.
  public let operationDefinition: String
  /// The full document sent as `query`: the operation, then each fragment on a line of its own.
  public let queryDocument: String

  /// - Parameters:
  ///   - definition: the operation's source text.
  ///   - fragments: the fragments the operation spreads, in the order their definitions follow it.
  public init(_ definition: String, fragments: [any Fragment.Type]? = nil) {
    self.operationDefinition = definition
    var document = definition
    for fragment in fragments ?? [] {
      document += "\n" + fragment.fragmentDefinition.description
    }
    self.queryDocument = document
  }
}

/// What is sent for an operation: its document, its persisted-query identifier, or both.
public struct OperationDocument: Sendable, Hashable {
  /// The identifier of a persisted (or automatically persisted) query.
  public let operationIdentifier: String?
  /// The document, `nil` for an operation known to the server by identifier only.
  public let definition: OperationDefinition?

  public init(operationIdentifier: String? = nil, definition: OperationDefinition? = nil) {
    precondition(operationIdentifier != nil || definition != nil,
                 "An operation document needs an identifier, a definition, or both.")
    self.operationIdentifier = operationIdentifier
    self.definition = definition
  }
}

/// Names one `@defer` fragment of an operation: its label and the response keys from the root to
/// the field that holds it (list indexes left out).
public struct DeferredFragmentIdentifier: Sendable, Hashable {
  public let label: String
  public let fieldPath: [String]

  public init(label: String, fieldPath: [String]) {
    self.label = label
    self.fieldPath = fieldPath
  }
}

/// How the server answers an operation.
public protocol OperationResponseFormat: Sendable {}

/// One response.
public struct SingleResponseFormat: OperationResponseFormat {
  public init() {}
}

/// An initial response followed by `@defer` increments.
public struct IncrementalDeferredResponseFormat: OperationResponseFormat {
  /// The selection set of each deferred fragment, by identifier.
  @_spi(Execution) public let deferredFragments: [DeferredFragmentIdentifier: any SelectionSet.Type]

  public init(deferredFragments: [DeferredFragmentIdentifier: any SelectionSet.Type]) {
    self.deferredFragments = deferredFragments
  }
}

/// A stream of independent responses.
public struct SubscriptionResponseFormat: OperationResponseFormat {
  public init() {}
}

/// A generated GraphQL operation: a 1.x class or a 2.x struct.
public protocol GraphQLOperation: Sendable, Hashable {
  /// The variables, keyed by name.
  typealias Variables = [String: any GraphQLOperationVariableValue]

  /// The root selection set of the response's `data`.
  associatedtype Data: RootSelectionSet
  /// How the server delivers the response; 2.x generated code sets it for `@defer` operations.
  associatedtype ResponseFormat: OperationResponseFormat = SingleResponseFormat

  static var operationName: String { get }
  static var operationType: GraphQLOperationType { get }
  static var operationDocument: OperationDocument { get }
  /// 2.x: how the response arrives, with the deferred fragments of a `@defer` operation.
  static var responseFormat: ResponseFormat { get }
  /// 1.x: the deferred fragments of a `@defer` operation, `nil` for any other.
  static var deferredFragments: [DeferredFragmentIdentifier: any SelectionSet.Type]? { get }
  /// The operation's variables, `nil` when it has none.
  var __variables: Variables? { get }
}

extension GraphQLOperation {
  public var __variables: Variables? { nil }

  public static var deferredFragments: [DeferredFragmentIdentifier: any SelectionSet.Type]? {
    (responseFormat as? IncrementalDeferredResponseFormat)?.deferredFragments
  }

  /// Whether the operation has `@defer` fragments, from whichever generation's metadata it carries.
  public static var hasDeferredFragments: Bool { !(deferredFragments?.isEmpty ?? true) }

  /// The selection set of the deferred fragment `label` at `fieldPath`.
  public static func deferredSelectionSetType(
    withLabel label: String, atFieldPath fieldPath: [String]
  ) -> (any SelectionSet.Type)? {
    deferredFragments?[DeferredFragmentIdentifier(label: label, fieldPath: fieldPath)]
  }

  public static var definition: OperationDefinition? { operationDocument.definition }
  public static var operationIdentifier: String? { operationDocument.operationIdentifier }

  /// Operations are equal when their variables encode to the same JSON.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs.__variables, rhs.__variables) {
    case (nil, nil): return true
    case (let lhs?, let rhs?):
      return FieldValueComparison.canonical(lhs._jsonEncodableObject) == FieldValueComparison.canonical(rhs._jsonEncodableObject)
    default: return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(Self.operationName)
    hasher.combine(__variables.map { FieldValueComparison.canonical($0._jsonEncodableObject) })
  }
}

extension GraphQLOperation where ResponseFormat == SingleResponseFormat {
  public static var responseFormat: SingleResponseFormat { SingleResponseFormat() }
}

/// What a generated `query` operation conforms to: read-only, so clients may serve it from the cache
/// and watch it.
public protocol GraphQLQuery: GraphQLOperation {}
extension GraphQLQuery {
  public static var operationType: GraphQLOperationType { .query }
}

/// What a generated `mutation` operation conforms to: always sent to the server, never answered from
/// the cache; its result is still written to the store.
public protocol GraphQLMutation: GraphQLOperation {}
extension GraphQLMutation {
  public static var operationType: GraphQLOperationType { .mutation }
}

/// A subscription: a stream of responses.
public protocol GraphQLSubscription: GraphQLOperation where ResponseFormat == SubscriptionResponseFormat {}
extension GraphQLSubscription {
  public static var operationType: GraphQLOperationType { .subscription }
  // Declared here, not on `GraphQLOperation where ResponseFormat == SubscriptionResponseFormat`: two
  // constrained defaults on `GraphQLOperation` make `ResponseFormat` ambiguous for every query.
  public static var responseFormat: SubscriptionResponseFormat { SubscriptionResponseFormat() }
}
