import Foundation

/// The standard body: `operationName`, `variables`, `query` and `extensions` as asked.
///
/// A persisted-only operation asked for its document (or an operation without an identifier asked for a
/// persisted query) leaves that member out instead of stopping the process; the server then answers
/// with its own error.
public struct DefaultRequestBodyCreator: JSONRequestBodyCreator, CoreJSONBodyCreating {
  /// The creator.
  public init() {}

  /// The body members as asked, in upstream's type (what a custom creator that starts from this one reads and
  /// extends): strings, numbers and booleans as themselves, objects as `JSONEncodableDictionary`.
  public func requestBody<Operation: GraphQLOperation>(
    for operation: Operation, sendQueryDocument: Bool, autoPersistQuery: Bool
  ) -> JSONEncodableDictionary {
    RequestBodyConversion.encodable(
      requestBodyJSON(for: operation, sendQueryDocument: sendQueryDocument, autoPersistQuery: autoPersistQuery))
  }

  /// The same in the core's JSON, what requests send.
  package func requestBodyJSON<Operation: GraphQLOperation>(
    for operation: Operation, sendQueryDocument: Bool, autoPersistQuery: Bool
  ) -> JSON.Object {
    let includeLibrary = ApolloClient.clientAwarenessOfCurrentCall?.includeApolloLibraryAwareness ?? false
    let body = try? RequestBodyBuilder.body(
      for: operation, sendQueryDocument: sendQueryDocument && Operation.operationDocument.definition != nil,
      autoPersistQuery: autoPersistQuery && Operation.persistedQueryIdentifier != nil,
      clientLibrary: includeLibrary ? ApolloLibraryInfo.clientLibrary : nil)
    return body ?? ["operationName": .string(Operation.operationName)]
  }
}

/// 1.x's name for ``DefaultRequestBodyCreator``.
@available(*, deprecated, renamed: "DefaultRequestBodyCreator")
public typealias ApolloRequestBodyCreator = DefaultRequestBodyCreator
