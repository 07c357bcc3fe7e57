import Foundation

/// The version string the `clientLibrary` extension reports for this package.
public enum ApolloLibraryInfo {
  /// Name reported in `extensions.clientLibrary.name`.
  public static let name = "apollo-ios"
  /// Version reported in `extensions.clientLibrary.version`: the upstream release these modules model.
  public static let version = "2.4.0"
}

/// Builds the JSON body of a GraphQL HTTP request, shared by every generation.
public enum RequestBodyBuilder {
  /// The body members, in the form every generation sends them.
  ///
  /// - Parameters:
  ///   - sendQueryDocument: include `query`.
  ///   - autoPersistQuery: include `extensions.persistedQuery`.
  ///   - includeClientLibrary: include `extensions.clientLibrary`.
  /// - Throws: ``RequestBodyError`` when a member that was asked for cannot be produced,
  ///   ``OperationVariablesError`` when a variable has no JSON form.
  public static func body<Operation: GraphQLOperation>(
    for operation: Operation,
    sendQueryDocument: Bool,
    autoPersistQuery: Bool,
    includeClientLibrary: Bool = false
  ) throws -> JSON.Object {
    var body: JSON.Object = ["operationName": .string(Operation.operationName)]
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
      extensions["persistedQuery"] = ["sha256Hash": .string(identifier), "version": 1]
    }
    if includeClientLibrary {
      extensions["clientLibrary"] = ["name": .string(ApolloLibraryInfo.name), "version": .string(ApolloLibraryInfo.version)]
    }
    if !extensions.isEmpty {
      body["extensions"] = .object(extensions)
    }
    return body
  }
}

/// A body member was asked for that the operation cannot provide.
///
/// Upstream stops the process with `preconditionFailure` here; a typed error lets the caller recover.
public enum RequestBodyError: Error, Hashable, CustomStringConvertible, LocalizedError {
  /// The document was asked for, but the operation is persisted-only.
  case missingQueryDocument(operationName: String)
  /// A persisted query was asked for, but the operation has no identifier.
  case missingOperationIdentifier(operationName: String)

  public var description: String {
    switch self {
    case .missingQueryDocument(let name):
      return "Operation \(name) has no document to send; it is persisted-only"
    case .missingOperationIdentifier(let name):
      return "Operation \(name) has no persisted-query identifier"
    }
  }

  public var errorDescription: String? { description }
}
