import Foundation

/// The three kinds of GraphQL operation.
public enum GraphQLOperationType: Sendable, Hashable {
  case query
  case mutation
  case subscription
}

/// The text of an operation and the fragments it uses, as code generation would emit it.
public struct OperationDefinition: Sendable, Hashable {
  /// The full document sent as `query`: the operation followed by its fragments.
  public let queryDocument: String

  /// - Parameters:
  ///   - definition: the operation's source text.
  ///   - fragments: fragment definitions appended to the document, in order.
  public init(_ definition: String, fragments: [String] = []) {
    self.queryDocument = fragments.isEmpty ? definition : ([definition] + fragments).joined(separator: "\n")
  }
}

/// What is known of an operation's document: its text, its persisted-query identifier, or both.
public struct OperationDocument: Sendable, Hashable {
  /// The SHA-256 of the document, used by automatic persisted queries.
  public let operationIdentifier: String?
  /// The document text, `nil` for a persisted-only operation.
  public let definition: OperationDefinition?

  /// - Parameters:
  ///   - operationIdentifier: an explicit identifier; when `nil` and `definition` is given, the SHA-256
  ///     of the document is used, as Apollo's code generation does.
  ///   - definition: the document text.
  public init(operationIdentifier: String? = nil, definition: OperationDefinition? = nil) {
    self.definition = definition
    self.operationIdentifier = operationIdentifier ?? definition.map { SHA256.hexDigest($0.queryDocument) }
  }
}

/// How the server delivers the response of an operation.
public protocol OperationResponseFormat: Sendable {}
/// One response.
public enum SingleResponseFormat: OperationResponseFormat {}
/// An initial response followed by `@defer` increments.
public enum IncrementalDeferredResponseFormat: OperationResponseFormat {}
/// A stream of independent responses.
public enum SubscriptionResponseFormat: OperationResponseFormat {}

/// A GraphQL operation, shaped like the code Apollo's code generation emits for 1.x and 2.x.
///
/// One operation value runs through every generation's stack. The 0.x instance accessors
/// (`operationName`, `queryDocument`, …) are provided by an extension.
public protocol GraphQLOperation: Sendable {
  /// The root selection set the response's `data` is read into.
  associatedtype Data: RootSelectionSet
  /// How the response arrives; `@defer` operations use ``IncrementalDeferredResponseFormat``.
  associatedtype ResponseFormat: OperationResponseFormat = SingleResponseFormat

  typealias Variables = [String: any GraphQLOperationVariableValue]

  static var operationName: String { get }
  static var operationType: GraphQLOperationType { get }
  static var operationDocument: OperationDocument { get }
  /// The operation's variables; `nil` when it takes none.
  var __variables: Variables? { get }
}

extension GraphQLOperation {
  public var __variables: Variables? { nil }

  /// The variables as JSON, with unset values left out.
  public var variablesJSON: JSONObject? {
    __variables.map(encodeVariables)
  }

  // 0.x spellings, read from the static definitions.

  /// The operation's name (0.x instance accessor).
  public var operationName: String { Self.operationName }
  /// The operation's type (0.x instance accessor).
  public var operationType: GraphQLOperationType { Self.operationType }
  /// The operation's document text, empty for a persisted-only operation (0.x instance accessor).
  public var operationDefinition: String { Self.operationDocument.definition?.queryDocument ?? "" }
  /// The full document sent as `query` (0.x instance accessor).
  public var queryDocument: String { operationDefinition }
  /// The persisted-query identifier (0.x instance accessor).
  public var operationIdentifier: String? { Self.operationDocument.operationIdentifier }
  /// The variables as JSON (0.x instance accessor).
  public var variables: JSONObject? { variablesJSON }
}

/// A query operation.
public protocol GraphQLQuery: GraphQLOperation {}
extension GraphQLQuery {
  public static var operationType: GraphQLOperationType { .query }
}

/// A mutation operation.
public protocol GraphQLMutation: GraphQLOperation {}
extension GraphQLMutation {
  public static var operationType: GraphQLOperationType { .mutation }
}

/// A subscription operation.
public protocol GraphQLSubscription: GraphQLOperation {}
extension GraphQLSubscription {
  public static var operationType: GraphQLOperationType { .subscription }
}

func encodeVariables(_ variables: [String: any GraphQLOperationVariableValue]) -> JSONObject {
  var object: JSONObject = [:]
  object.reserveCapacity(variables.count)
  for (name, value) in variables {
    if let json = value._jsonEncodableValue { object[name] = json }
  }
  return object
}
