import Foundation

/// The `X-APOLLO-OPERATION-*` headers that name the operation a request carries.
///
/// 0.x sends the name and the identifier; 1.x also the type (`includingType`). 2.x sends none of them.
public enum OperationHeaders {
  /// `X-APOLLO-OPERATION-NAME`: the operation's name.
  public static let nameField = "X-APOLLO-OPERATION-NAME"
  /// `X-APOLLO-OPERATION-TYPE`: `query`, `mutation` or `subscription`.
  public static let typeField = "X-APOLLO-OPERATION-TYPE"
  /// `X-APOLLO-OPERATION-ID`: the identifier code generation gave the operation, when it gave one.
  public static let identifierField = "X-APOLLO-OPERATION-ID"

  /// The fields for `Operation`, in the order they are set: name, type (when asked for), identifier (when
  /// code generation gave the operation one).
  public static func fields<Operation: GraphQLOperation>(
    for _: Operation.Type, includingType: Bool
  ) -> [(name: String, value: String)] {
    var fields: [(name: String, value: String)] = []
    forEachField(of: Operation.self, includingType: includingType) { fields.append(($0, $1)) }
    return fields
  }

  /// Calls `body` with each field of ``fields(for:includingType:)``, in that order, without building the array.
  package static func forEachField<Operation: GraphQLOperation>(
    of _: Operation.Type, includingType: Bool, _ body: (_ name: String, _ value: String) -> Void
  ) {
    body(nameField, Operation.operationName)
    if includingType { body(typeField, typeValue(Operation.operationType)) }
    // Only a generated identifier, as upstream: not the document hash persisted queries fall back to.
    if let identifier = Operation.operationDocument.operationIdentifier { body(identifierField, identifier) }
  }

  /// The case name, as upstream's `String(describing:)` gives it, without the reflection that costs
  /// microseconds on every request.
  package static func typeValue(_ type: GraphQLOperationType) -> String {
    switch type {
    case .query: return "query"
    case .mutation: return "mutation"
    case .subscription: return "subscription"
    }
  }
}
