import Foundation

/// Sees every error the chain reports before the caller does (the provider's `additionalErrorInterceptor`).
///
/// It may forward the failure through `completion`, substitute a success, or call `chain.retry` — in
/// which case it should not call `completion`. It runs synchronously on the thread that raised the error.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: handle errors in an ApolloAsyncChain.GraphQLInterceptor (throw RequestChain.Retry to retry); until then ApolloMigration.CallbackProviderOnAsyncChain runs this on the 2.x chain")
#endif
public protocol ApolloErrorInterceptor {
  /// Decides what a failed request turns into: call `completion` with the error or a substitute result, or
  /// call `chain.retry` and leave `completion` alone. `response` is whatever the chain had when it failed.
  func handleErrorAsync<Operation: GraphQLOperation>(
    error: any Error,
    chain: any RequestChain,
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void)
}
