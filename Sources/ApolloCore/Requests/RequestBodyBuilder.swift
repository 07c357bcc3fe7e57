import Foundation

/// Builds the JSON body of a GraphQL HTTP request, shared by every generation.
public enum RequestBodyBuilder {
  /// The body members, in the form every generation sends them.
  ///
  /// - Parameters:
  ///   - sendQueryDocument: include `query`.
  ///   - autoPersistQuery: include `extensions.persistedQuery`.
  ///   - clientLibrary: the `extensions.clientLibrary` member to include, if any.
  /// - Throws: ``RequestBodyError`` when a member that was asked for cannot be produced,
  ///   ``OperationVariablesError`` when a variable has no JSON form.
  public static func body<Operation: GraphQLOperation>(
    for operation: Operation,
    sendQueryDocument: Bool,
    autoPersistQuery: Bool,
    clientLibrary: ClientLibraryExtension? = nil
  ) throws -> JSON.Object {
    // Room for all four members up front: growing one by one reallocated the storage twice per request.
    var body = JSON.Object(minimumCapacity: 4)
    body["operationName"] = .string(Operation.operationName)
    if let variables = try operation.encodedVariables() {
      body["variables"] = .object(variables)
    }
    if sendQueryDocument {
      guard let definition = Operation.operationDocument.definition else {
        throw RequestBodyError.missingQueryDocument(operationName: Operation.operationName)
      }
      body["query"] = .string(definition.queryDocument)
    }
    var extensions: JSON.Object = [:]
    if autoPersistQuery {
      guard let identifier = Operation.persistedQueryIdentifier else {
        throw RequestBodyError.missingOperationIdentifier(operationName: Operation.operationName)
      }
      extensions["persistedQuery"] = persistedQueryExtension(hash: identifier)
    }
    if let clientLibrary {
      extensions["clientLibrary"] = clientLibrary.json
    }
    if !extensions.isEmpty {
      body["extensions"] = .object(extensions)
    }
    return body
  }

  /// The `extensions.persistedQuery` member that names a document by its SHA-256 `hash`.
  public static func persistedQueryExtension(hash: String) -> JSON {
    ["sha256Hash": .string(hash), "version": 1]
  }
}
