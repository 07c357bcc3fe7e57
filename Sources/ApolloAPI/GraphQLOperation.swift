/// The three kinds of GraphQL operation.
public enum GraphQLOperationType: Sendable, Hashable {
  /// A read: clients may answer it from the cache and watch it.
  case query
  /// A write: always sent to the server; its result is still written to the store.
  case mutation
  /// A stream of results, over a WebSocket or multipart HTTP.
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

  /// Traps unless at least one of the two is given: an operation must be sendable somehow.
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
  /// The `label` argument of the `@defer` directive.
  public let label: String
  /// Response keys from the root to the field holding the fragment, without list indexes.
  public let fieldPath: [String]

  /// Identifies the fragment `label` at `fieldPath`, as generated code and the response's `path` (indexes dropped)
  /// both spell it.
  public init(label: String, fieldPath: [String]) {
    self.label = label
    self.fieldPath = fieldPath
  }
}

/// How the server answers an operation.
public protocol OperationResponseFormat: Sendable {}

/// One response.
public struct SingleResponseFormat: OperationResponseFormat {
  /// The format has no settings; generated code never writes it (it is the default).
  public init() {}
}

/// An initial response followed by `@defer` increments.
public struct IncrementalDeferredResponseFormat: OperationResponseFormat {
  /// The selection set of each deferred fragment, by identifier.
  @_spi(Execution) public let deferredFragments: [DeferredFragmentIdentifier: any SelectionSet.Type]

  /// Generated for a 2.x `@defer` operation, with each deferred fragment's selection set.
  public init(deferredFragments: [DeferredFragmentIdentifier: any SelectionSet.Type]) {
    self.deferredFragments = deferredFragments
  }
}

/// A stream of independent responses.
public struct SubscriptionResponseFormat: OperationResponseFormat {
  /// The format has no settings; every subscription has it.
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

  /// The name from the operation's definition, sent as `operationName`.
  static var operationName: String { get }
  /// Query, mutation or subscription; set by ``GraphQLQuery``, ``GraphQLMutation`` and ``GraphQLSubscription``.
  static var operationType: GraphQLOperationType { get }
  /// The document text and/or persisted-query identifier to send.
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

  /// The document from ``operationDocument``; `nil` for a persisted-only operation (1.x's spelling).
  public static var definition: OperationDefinition? { operationDocument.definition }
  /// The persisted-query identifier from ``operationDocument``, `nil` when none was generated (1.x's spelling).
  public static var operationIdentifier: String? { operationDocument.operationIdentifier }

  /// Operations are equal when their variables encode to the same JSON.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs.__variables, rhs.__variables) {
    case (nil, nil): return true
    case (let lhs?, let rhs?):
      return FieldValueComparison.canonical(lhs._jsonVariablesObject) == FieldValueComparison.canonical(rhs._jsonVariablesObject)
    default: return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(Self.operationName)
    hasher.combine(__variables.map { FieldValueComparison.canonical($0._jsonVariablesObject) })
  }
}

extension GraphQLOperation where ResponseFormat == SingleResponseFormat {
  /// Every operation without `@defer` gets one response.
  public static var responseFormat: SingleResponseFormat { SingleResponseFormat() }
}

/// What a generated `query` operation conforms to: read-only, so clients may serve it from the cache
/// and watch it.
public protocol GraphQLQuery: GraphQLOperation {}
extension GraphQLQuery {
  /// Always ``GraphQLOperationType/query``.
  public static var operationType: GraphQLOperationType { .query }
}

/// What a generated `mutation` operation conforms to: always sent to the server, never answered from
/// the cache; its result is still written to the store.
public protocol GraphQLMutation: GraphQLOperation {}
extension GraphQLMutation {
  /// Always ``GraphQLOperationType/mutation``.
  public static var operationType: GraphQLOperationType { .mutation }
}

/// A subscription: a stream of responses.
public protocol GraphQLSubscription: GraphQLOperation where ResponseFormat == SubscriptionResponseFormat {}
extension GraphQLSubscription {
  /// Always ``GraphQLOperationType/subscription``.
  public static var operationType: GraphQLOperationType { .subscription }
  // Declared here, not on `GraphQLOperation where ResponseFormat == SubscriptionResponseFormat`: two
  // constrained defaults on `GraphQLOperation` make `ResponseFormat` ambiguous for every query.
  /// Every subscription gets a stream of independent responses.
  public static var responseFormat: SubscriptionResponseFormat { SubscriptionResponseFormat() }
}
