import Foundation

/// Builds request bodies.
public protocol JSONRequestBodyCreator: Sendable {
  /// The body for `operation`. ``DefaultRequestBodyCreator`` writes `operationName`, `variables`, the `query`
  /// document when `sendQueryDocument`, and the persisted-query hash extension when `autoPersistQuery`.
  func requestBody<Operation: GraphQLOperation>(
    for operation: Operation, sendQueryDocument: Bool, autoPersistQuery: Bool
  ) -> JSON.Object
}

/// 1.x's name for ``JSONRequestBodyCreator``.
@available(*, deprecated, renamed: "JSONRequestBodyCreator")
public typealias RequestBodyCreator = JSONRequestBodyCreator
