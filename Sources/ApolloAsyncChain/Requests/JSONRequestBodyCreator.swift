import Foundation

/// Builds request bodies.
public protocol JSONRequestBodyCreator: Sendable {
  func requestBody<Operation: GraphQLOperation>(
    for operation: Operation, sendQueryDocument: Bool, autoPersistQuery: Bool
  ) -> JSON.Object
}

@available(*, deprecated, renamed: "JSONRequestBodyCreator")
public typealias RequestBodyCreator = JSONRequestBodyCreator
