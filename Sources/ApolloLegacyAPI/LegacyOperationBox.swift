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
struct LegacyOperationBox<Operation: GraphQLOperation>: ApolloAPI.GraphQLOperation {
  typealias Data = LegacyResponsePlaceholder

  private let variables: [String: LegacyWireVariable]?

  /// - Throws: ``LegacyOperationError/variableHasNoJSONForm(_:)`` for a variable that is not JSON.
  init(_ operation: Operation) throws {
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

  static var operationName: String { LegacyOperationMetadata.of(Operation.self).name }

  static var operationType: ApolloAPI.GraphQLOperationType {
    switch LegacyOperationMetadata.of(Operation.self).type {
    case .query: return .query
    case .mutation: return .mutation
    case .subscription: return .subscription
    }
  }

  static var operationDocument: OperationDocument {
    let metadata = LegacyOperationMetadata.of(Operation.self)
    return OperationDocument(operationIdentifier: metadata.identifier, definition: OperationDefinition(metadata.queryDocument))
  }

  var __variables: Variables? { variables }
}

/// One variable's JSON, as the wire sends it.
struct LegacyWireVariable: GraphQLOperationVariableValue, ApolloAPI.JSONEncodable, Hashable {
  let json: JSON
  var _jsonValue: ApolloAPI.JSONValue { json }
}

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

/// The networking layer's `Data` for a boxed 0.x operation; never read.
struct LegacyResponsePlaceholder: ApolloAPI.RootSelectionSet {
  typealias Schema = LegacyPlaceholderSchema
  let __data: DataDict
  init(_dataDict: DataDict) { __data = _dataDict }
  static var __parentType: any ParentType { ApolloAPI.Object(typename: "Query", implementedInterfaces: []) }
}

enum LegacyPlaceholderSchema: SchemaMetadata {
  static var configuration: any SchemaConfiguration.Type { LegacyPlaceholderConfiguration.self }
  static func objectType(forTypename typename: String) -> ApolloAPI.Object? { nil }
}

enum LegacyPlaceholderConfiguration: SchemaConfiguration {
  static func cacheKeyInfo(for type: ApolloAPI.Object, object: ObjectData) -> CacheKeyInfo? { nil }
}

/// A 0.x operation that cannot be sent.
public enum LegacyOperationError: Error, Hashable, CustomStringConvertible {
  /// The variable's value has no JSON form (a type whose `jsonValue` is not JSON).
  case variableHasNoJSONForm(String)

  public var description: String {
    switch self {
    case .variableHasNoJSONForm(let name): return "The variable \(name) has no JSON form"
    }
  }
}
