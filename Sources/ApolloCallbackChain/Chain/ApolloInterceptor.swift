import Foundation

/// One step of the 1.x request chain.
///
/// An interceptor receives the request (and, after the network step, the response) and must do exactly
/// one of: `chain.proceedAsync(…interceptor: self…)`, `chain.returnValueAsync`, `chain.handleErrorAsync`,
/// `chain.retry`. One that does none of them leaves the request hanging, as upstream.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: adopt GraphQLInterceptor/HTTPInterceptor in ApolloAsyncChain; until then run this interceptor on the 2.x chain with ApolloMigration.CallbackProviderOnAsyncChain")
#endif
public protocol ApolloInterceptor {
  /// Identifies the interceptor within its chain, so ``RequestChain/proceedAsync(request:response:interceptor:completion:)``
  /// resumes after the right position. Required since 1.3; interceptors written before then get a default.
  var id: String { get }

  /// Does this interceptor's step for one pass through `chain`, then ends it with exactly one call on `chain`
  /// (proceed, return a value, report an error or retry). `response` is `nil` until the network step has run.
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain,
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void)
}

#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: adopt GraphQLInterceptor/HTTPInterceptor in ApolloAsyncChain; until then run this interceptor on the 2.x chain with ApolloMigration.CallbackProviderOnAsyncChain")
#endif
extension ApolloInterceptor {
  /// A default for interceptors written before 1.3, when `id` did not exist.
  ///
  /// Classes get a per-instance id; value types get their type's name, so two copies of one struct
  /// share an id exactly as copies of an upstream struct with a stored `id` do. Such interceptors use
  /// the index-based `proceedAsync`, which ignores ids.
  public var id: String {
    if Self.self is AnyClass {
      return "instance-" + String(UInt(bitPattern: ObjectIdentifier(self as AnyObject).hashValue))
    }
    return String(reflecting: Self.self)
  }
}
