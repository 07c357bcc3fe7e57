@_spi(Internal) import ApolloAPI
import Foundation

// What every generation's wire code reads off a generated operation: its variables as the core's
// JSON and its persisted-query identifier. (The 0.x instance spellings live with the 0.x module.)

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
}
