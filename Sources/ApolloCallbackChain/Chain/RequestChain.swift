import Foundation

/// The chain an interceptor talks to (1.1+ protocol; `InterceptorRequestChain` is the implementation).
///
/// Conformers are classes (``Cancellable`` is class-bound) and, in Swift 6, `Sendable`, because the core's
/// `Cancellable` is: a chain is cancelled from any thread.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain.RequestChain (call next, throw RequestChain.Retry); until then ApolloMigration.CallbackProviderOnAsyncChain drives 1.x interceptors on the 2.x chain")
#endif
public protocol RequestChain: Cancellable {
  func kickoff<Operation: GraphQLOperation>(
    request: HTTPRequest<Operation>,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void)

  @available(*, deprecated, renamed: "proceedAsync(request:response:interceptor:completion:)")
  func proceedAsync<Operation: GraphQLOperation>(
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void)

  func proceedAsync<Operation: GraphQLOperation>(
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    interceptor: any ApolloInterceptor,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void)

  func cancel()

  func retry<Operation: GraphQLOperation>(
    request: HTTPRequest<Operation>,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void)

  func handleErrorAsync<Operation: GraphQLOperation>(
    _ error: any Error,
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void)

  func returnValueAsync<Operation: GraphQLOperation>(
    for request: HTTPRequest<Operation>,
    value: GraphQLResult<Operation.Data>,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void)

  var isCancelled: Bool { get }
}
