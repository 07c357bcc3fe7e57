import Foundation

/// Builds the JSON body of a GraphQL HTTP request, shared by every generation.
public enum RequestBodyBuilder {
  /// Throws the typed error behind a body whose variables could not be encoded.
  ///
  /// The body creators' protocol methods do not throw (as upstream's), so a creator that met a variable
  /// without a JSON form leaves `variables` out (or null). A request for an operation that has variables
  /// checks its body with this before it goes out; only when `variables` is missing are they encoded again,
  /// which throws ``OperationVariablesError`` naming the variable (or finds them fine, when a custom creator
  /// left them out on purpose).
  package static func checkVariables<Operation: GraphQLOperation>(of operation: Operation, in body: JSON.Object) throws {
    switch body["variables"] {
    case nil, .null?:
      guard operation.__variables != nil else { return }
      _ = try operation.encodedVariables()
    default:
      return
    }
  }

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
