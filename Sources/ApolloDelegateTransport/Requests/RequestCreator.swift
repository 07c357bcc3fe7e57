import Foundation

/// Builds the body of a GraphQL request and the multipart body of an upload (0.x).
///
/// Both requirements have default implementations; conform and override either. Note the 0.x trap,
/// which is Swift's, not this module's: a method whose labels differ from the requirement's (for
/// example `requestBody(for:sendOperationIdentifiers:)`) does not replace the default, and the
/// transport keeps using the default.
#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: use ApolloAsyncChain.JSONRequestBodyCreator (DefaultRequestBodyCreator); ApolloMigration.HTTPNetworkTransportOnAsyncChain sends ApolloRequestCreator's bodies on the 2.x engine (no adapter for custom creators)")
#endif
public protocol RequestCreator {
  /// The body members: `operationName` and `variables` always (`variables` is `null` when the
  /// operation has none), `id` when `sendOperationIdentifiers`, `query` when `sendQueryDocument`,
  /// `extensions.persistedQuery` when `autoPersistQuery`.
  func requestBody<Operation: GraphQLOperation>(for operation: Operation,
                                                sendOperationIdentifiers: Bool,
                                                sendQueryDocument: Bool,
                                                autoPersistQuery: Bool) -> GraphQLMap

  /// The `multipart/form-data` body of an upload: `operations` (the full document, never an APQ
  /// extension), `map`, then one part per file, following the GraphQL multipart request spec.
  func requestMultipartFormData<Operation: GraphQLOperation>(for operation: Operation,
                                                             files: [GraphQLFile],
                                                             sendOperationIdentifiers: Bool,
                                                             serializationFormat: JSONSerializationFormat.Type,
                                                             manualBoundary: String?) throws -> MultipartFormData
}

#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: use ApolloAsyncChain.JSONRequestBodyCreator (DefaultRequestBodyCreator); ApolloMigration.HTTPNetworkTransportOnAsyncChain sends ApolloRequestCreator's bodies on the 2.x engine (no adapter for custom creators)")
#endif
extension RequestCreator {
  public func requestBody<Operation: GraphQLOperation>(for operation: Operation,
                                                       sendOperationIdentifiers: Bool = false,
                                                       sendQueryDocument: Bool = true,
                                                       autoPersistQuery: Bool = false) -> GraphQLMap {
    var body: GraphQLMap = [
      "variables": operation.variables.map(JSON.object) ?? .null,
      "operationName": .string(operation.operationName),
    ]
    // 0.x stopped the process when the identifier was missing; the transport checks it first and
    // fails the request with a typed error, so here a missing identifier only leaves the member out.
    if sendOperationIdentifiers, let identifier = operation.operationIdentifier {
      body["id"] = .string(identifier)
    }
    if sendQueryDocument {
      body["query"] = .string(operation.queryDocument)
    }
    if autoPersistQuery, let identifier = operation.operationIdentifier {
      body["extensions"] = ["persistedQuery": RequestBodyBuilder.persistedQueryExtension(hash: identifier)]
    }
    return body
  }

  public func requestMultipartFormData<Operation: GraphQLOperation>(for operation: Operation,
                                                                    files: [GraphQLFile],
                                                                    sendOperationIdentifiers: Bool,
                                                                    serializationFormat: JSONSerializationFormat.Type,
                                                                    manualBoundary: String?) throws -> MultipartFormData {
    let boundary = manualBoundary ?? MultipartFormData.randomUploadBoundary()
    let operations = requestBody(for: operation, sendOperationIdentifiers: sendOperationIdentifiers)
    // The files are named by variable paths in `map`: an upload without its variables cannot work.
    try RequestBodyBuilder.checkVariables(of: operation, in: operations)
    return try MultipartFormData.upload(operationBody: operations, files: files, boundary: boundary)
  }
}

/// The default ``RequestCreator``.
#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: use ApolloAsyncChain.JSONRequestBodyCreator (DefaultRequestBodyCreator); ApolloMigration.HTTPNetworkTransportOnAsyncChain sends ApolloRequestCreator's bodies on the 2.x engine (no adapter for custom creators)")
#endif
public struct ApolloRequestCreator: RequestCreator {
  /// The creator with 0.x's defaults; it holds no state.
  public init() {}
}
