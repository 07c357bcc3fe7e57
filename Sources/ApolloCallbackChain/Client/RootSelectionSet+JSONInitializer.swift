import Foundation

#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain's `try await init(data:variables:)`")
#endif
extension RootSelectionSet {
  /// Reads hand-written JSON (a test mock, a preview, a payload from elsewhere) as this selection set, as 1.x's
  /// initializer did: fragments and type cases are matched by `__typename`, `@include`/`@skip` follow
  /// `variables`, a nullable field may be absent (it reads as `nil`).
  ///
  /// - Throws: `GraphQLExecutionError` naming the field when a non-null field is missing or `null`, or a value
  ///   has the wrong type; `JSONDecodingError.couldNotConvert` when `data` holds a value with no JSON form.
  public init(data: JSONObject, variables: GraphQLOperation.Variables? = nil) throws {
    self = try GraphQLExecutor.selectionSet(Self.self, from: data, variables: variables)
  }
}
