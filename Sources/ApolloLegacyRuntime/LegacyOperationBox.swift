@_spi(Execution) @_spi(Unsafe) import ApolloAPI
import ApolloCore
import Foundation

/// A 0.x generated operation as the networking layer sends it: the same transport, delegates, request
/// creator and wire format as an operation generated in the 1.x/2.x shape, so there is one way onto the wire.
///
/// 0.x operations carry their name and document as instance members, where the networking layer reads them
/// from the type; the box records them per operation type when it is made (code generation emits them as
/// constants of the class). Its `Data` is a placeholder: the response body is read into the operation's
/// own `Data` by ``LegacyExecutor``, with 0.x's rules, not by the 1.x/2.x executor.
package struct LegacyOperationBox<Operation: GraphQLOperation>: ApolloAPI.GraphQLOperation {
  package typealias Data = LegacyResponsePlaceholder

  private let variables: [String: LegacyWireVariable]?

  /// - Throws: ``LegacyOperationError/variableHasNoJSONForm(_:)`` for a variable that is not JSON.
  package init(_ operation: Operation) throws {
    LegacyOperationMetadata.record(operation)
    guard let map = operation.variables else {
      variables = nil
      return
    }
    var converted: [String: LegacyWireVariable] = [:]
    for (name, value) in map {
      // 0.x sent an optional variable left `nil` as `null`.
      let json = value.map { LegacyJSONConversion.json($0.jsonValue) } ?? .some(.null)
      guard let json else { throw LegacyOperationError.variableHasNoJSONForm(name) }
      converted[name] = LegacyWireVariable(json: json)
    }
    variables = converted
  }

  package static var operationName: String { LegacyOperationMetadata.of(Operation.self).name }

  package static var operationType: ApolloAPI.GraphQLOperationType {
    switch LegacyOperationMetadata.of(Operation.self).type {
    case .query: return .query
    case .mutation: return .mutation
    case .subscription: return .subscription
    }
  }

  package static var operationDocument: OperationDocument {
    let metadata = LegacyOperationMetadata.of(Operation.self)
    return OperationDocument(operationIdentifier: metadata.identifier, definition: OperationDefinition(metadata.queryDocument))
  }

  package var __variables: Variables? { variables }
}

/// One variable's JSON, as the wire sends it.
package struct LegacyWireVariable: GraphQLOperationVariableValue, ApolloAPI.JSONEncodable, Hashable {
  package let json: JSON
  package var _jsonValue: ApolloAPI.JSONValue { json }
}
