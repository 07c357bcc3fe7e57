import Foundation

/// Builds request bodies.
public protocol JSONRequestBodyCreator: Sendable {
  /// The body for `operation`, in upstream's type. ``DefaultRequestBodyCreator`` writes `operationName`,
  /// `variables`, the `query` document when `sendQueryDocument`, and the persisted-query hash extension when
  /// `autoPersistQuery`.
  func requestBody<Operation: GraphQLOperation>(
    for operation: Operation, sendQueryDocument: Bool, autoPersistQuery: Bool
  ) -> JSONEncodableDictionary
}

extension JSONRequestBodyCreator {
  /// The body as the core's JSON: this package's creators build it so; an app's body is converted.
  package func jsonBody<Operation: GraphQLOperation>(
    for operation: Operation, sendQueryDocument: Bool, autoPersistQuery: Bool
  ) -> JSON.Object {
    RequestBodyConversion.json(from: self, for: operation, sendQueryDocument: sendQueryDocument,
                               autoPersistQuery: autoPersistQuery) {
      requestBody(for: operation, sendQueryDocument: sendQueryDocument, autoPersistQuery: autoPersistQuery)
    }
  }
}

extension JSONRequestBodyCreator where Self: CoreJSONBodyCreating {
  /// Upstream's shape of a body this package's creator builds in the core's JSON (strings, numbers and booleans as
  /// themselves, objects as `JSONEncodableDictionary`), for an app that reads or extends it.
  package func requestBody<Operation: GraphQLOperation>(
    for operation: Operation, sendQueryDocument: Bool, autoPersistQuery: Bool
  ) -> JSONEncodableDictionary {
    RequestBodyConversion.encodable(
      requestBodyJSON(for: operation, sendQueryDocument: sendQueryDocument, autoPersistQuery: autoPersistQuery))
  }
}

/// 1.x's name for ``JSONRequestBodyCreator``.
@available(*, deprecated, renamed: "JSONRequestBodyCreator")
public typealias RequestBodyCreator = JSONRequestBodyCreator
