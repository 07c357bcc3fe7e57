import Foundation

/// Builds the JSON body of a request (1.x).
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain.JSONRequestBodyCreator (DefaultRequestBodyCreator); until then ApolloMigration.RequestChainNetworkTransportOnAsyncChain takes this creator on the 2.x engine")
#endif
public protocol RequestBodyCreator {
  /// The body for `operation`, in upstream's type; a custom creator returns its own members (often the
  /// default body, extended).
  func requestBody<Operation: GraphQLOperation>(
    for operation: Operation,
    sendQueryDocument: Bool,
    autoPersistQuery: Bool
  ) -> JSONEncodableDictionary
}

#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain.JSONRequestBodyCreator (DefaultRequestBodyCreator); until then ApolloMigration.RequestChainNetworkTransportOnAsyncChain takes this creator on the 2.x engine")
#endif
extension RequestBodyCreator {
  /// The default body: `operationName`, `variables`, `query` when asked, `extensions.persistedQuery` when asked.
  ///
  /// A member that was asked for but cannot be produced (a persisted-only operation's document, an
  /// operation without an identifier) is left out here; `JSONRequest` reports it as a typed
  /// ``RequestBodyError`` before it gets this far (upstream crashed with `preconditionFailure`).
  public func requestBody<Operation: GraphQLOperation>(
    for operation: Operation,
    sendQueryDocument: Bool,
    autoPersistQuery: Bool
  ) -> JSONEncodableDictionary {
    RequestBodyConversion.encodable(
      Self.defaultBody(for: operation, sendQueryDocument: sendQueryDocument, autoPersistQuery: autoPersistQuery))
  }

  /// The default body in the core's JSON.
  static func defaultBody<Operation: GraphQLOperation>(
    for operation: Operation, sendQueryDocument: Bool, autoPersistQuery: Bool
  ) -> JSON.Object {
    let document = Operation.operationDocument
    return (try? RequestBodyBuilder.body(
      for: operation,
      sendQueryDocument: sendQueryDocument && document.definition != nil,
      autoPersistQuery: autoPersistQuery && Operation.persistedQueryIdentifier != nil)) ?? [:]
  }

  /// The body as the core's JSON, what requests send: the default creator's directly, an app's converted.
  package func jsonBody<Operation: GraphQLOperation>(
    for operation: Operation, sendQueryDocument: Bool, autoPersistQuery: Bool
  ) -> JSON.Object {
    RequestBodyConversion.json(from: self, for: operation, sendQueryDocument: sendQueryDocument,
                               autoPersistQuery: autoPersistQuery) {
      requestBody(for: operation, sendQueryDocument: sendQueryDocument, autoPersistQuery: autoPersistQuery)
    }
  }
}

/// The default ``RequestBodyCreator``.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain.JSONRequestBodyCreator (DefaultRequestBodyCreator); until then ApolloMigration.RequestChainNetworkTransportOnAsyncChain takes this creator on the 2.x engine")
#endif
public struct ApolloRequestBodyCreator: RequestBodyCreator, CoreJSONBodyCreating {
  /// The creator every request uses unless the app passes its own.
  public init() {}

  /// The default body in the core's JSON, what requests send.
  package func requestBodyJSON<Operation: GraphQLOperation>(
    for operation: Operation, sendQueryDocument: Bool, autoPersistQuery: Bool
  ) -> JSON.Object {
    Self.defaultBody(for: operation, sendQueryDocument: sendQueryDocument, autoPersistQuery: autoPersistQuery)
  }
}
