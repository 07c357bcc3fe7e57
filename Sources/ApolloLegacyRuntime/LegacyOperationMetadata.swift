import ApolloCore

/// The name, kind, document and identifier of each 0.x operation type that has been sent.
enum LegacyOperationMetadata {
  struct Entry: Sendable {
    let name: String
    let type: GraphQLOperationType
    let queryDocument: String
    let identifier: String?
  }

  private static let entries = Mutex<[ObjectIdentifier: Entry]>([:])

  static func record<Operation: GraphQLOperation>(_ operation: Operation) {
    let entry = Entry(name: operation.operationName, type: operation.operationType, queryDocument: operation.queryDocument,
                      identifier: operation.operationIdentifier)
    entries.withLock { $0[ObjectIdentifier(Operation.self)] = entry }
  }

  /// The entry recorded for `type` when a box was made, which happens before the networking layer asks.
  static func of<Operation: GraphQLOperation>(_ type: Operation.Type) -> Entry {
    entries.withLock { $0[ObjectIdentifier(type)] }
      ?? Entry(name: String(describing: type), type: .query, queryDocument: "", identifier: nil)
  }
}
