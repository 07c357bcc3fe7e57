import ApolloCore
import Foundation

// 0.x's generated operations carried these as instance members, and 0.x delegates and interceptors call
// them on the operation they are given; here they read the static definitions of today's generated code.
// They belong to the 0.x API, so only code that imports this module sees them.
extension GraphQLOperation {
  /// The operation's name (0.x instance accessor).
  public var operationName: String { Self.operationName }
  /// The operation's type (0.x instance accessor).
  public var operationType: GraphQLOperationType { Self.operationType }
  /// The operation's document text, empty for a persisted-only operation (0.x instance accessor).
  public var operationDefinition: String { Self.operationDocument.definition?.queryDocument ?? "" }
  /// The full document sent as `query` (0.x instance accessor).
  public var queryDocument: String { operationDefinition }
  /// The persisted-query identifier (0.x instance accessor).
  public var operationIdentifier: String? { Self.persistedQueryIdentifier }
  /// The variables as JSON (0.x instance accessor).
  public var variables: JSON.Object? { variablesJSON }
}
