@_spi(Internal) import ApolloAPI
import Foundation

// What every generation's wire code reads off a generated operation: its variables as the core's
// JSON, its persisted-query identifier, and the 0.x instance spellings old delegate code calls.

extension GraphQLOperation {
  /// The variables as the JSON sent in a request body, with unset (`GraphQLNullable.none`) values left
  /// out; `nil` when the operation takes no variables.
  ///
  /// - Throws: ``OperationVariablesError`` naming the first variable whose value has no JSON form (a
  ///   custom scalar whose `_jsonValue` is not JSON). Upstream stops the process at serialization.
  public func encodedVariables() throws -> JSON.Object? {
    guard let variables = __variables else { return nil }
    var object: JSON.Object = [:]
    object.reserveCapacity(variables.count)
    for (name, value) in variables {
      guard let encodable = value._jsonEncodableValue else { continue }
      guard let json = JSON(apiValue: encodable._jsonValue) else {
        throw OperationVariablesError(operationName: Self.operationName, variableName: name)
      }
      object[name] = json
    }
    return object
  }

  /// The variables as JSON, or `nil` when the operation takes none or one of them has no JSON form
  /// (sending such an operation fails with ``OperationVariablesError``).
  public var variablesJSON: JSON.Object? { try? encodedVariables() }

  /// The identifier sent for automatic persisted queries: the generated one, else the SHA-256 of the
  /// document (what the server computes). `nil` only for an operation with neither.
  public static var persistedQueryIdentifier: String? {
    operationDocument.operationIdentifier ?? operationDocument.definition.map { SHA256.hexDigest($0.queryDocument) }
  }

  // 0.x spellings, read from the static definitions: 0.x delegates and interceptors call these on
  // the operation instance.

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

/// An operation variable whose value has no JSON form, so the request cannot be built.
public struct OperationVariablesError: Error, Hashable, CustomStringConvertible, LocalizedError {
  /// The operation being sent.
  public let operationName: String
  /// The variable whose value could not be encoded.
  public let variableName: String

  public var description: String {
    "Variable \"\(variableName)\" of operation \(operationName) has no JSON form"
  }

  public var errorDescription: String? { description }
}
