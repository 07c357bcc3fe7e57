import Foundation

/// The chain an interceptor talks to (1.1+ protocol; `InterceptorRequestChain` is the implementation).
///
/// Conformers are classes (``Cancellable`` is class-bound) and, in Swift 6, `Sendable`, because the core's
/// `Cancellable` is: a chain is cancelled from any thread.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain.RequestChain (call next, throw RequestChain.Retry); until then ApolloMigration.CallbackProviderOnAsyncChain drives 1.x interceptors on the 2.x chain")
#endif
public protocol RequestChain: Cancellable {
  /// Starts the request: calls the first interceptor with `request` and no response.
  ///
  /// `completion` may run many times (a cached result then the server's, one call per multipart part) and
  /// nothing marks the last call. The shipped chain calls the first interceptor synchronously on the calling
  /// thread and delivers every result on its callback queue.
  func kickoff<Operation: GraphQLOperation>(
    request: HTTPRequest<Operation>,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void)

  /// Hands the request on to the interceptor after the one the chain called last.
  ///
  /// Upstream deprecated this in 1.3: with several interceptors proceeding at once (multipart parts, delayed
  /// work) "the one called last" is not the caller. Call the form that names the interceptor instead.
  @available(*, deprecated, renamed: "proceedAsync(request:response:interceptor:completion:)")
  func proceedAsync<Operation: GraphQLOperation>(
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void)

  /// Hands the request (and the response, once the network step has filled it) on to the interceptor after
  /// `interceptor`, which is how every interceptor but the last one finishes its step.
  ///
  /// When no interceptor is left, a response with a parsed result is delivered as a success and anything
  /// else becomes an error.
  func proceedAsync<Operation: GraphQLOperation>(
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    interceptor: any ApolloInterceptor,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void)

  /// Stops the request: cancels every interceptor that is ``Cancellable`` and makes the chain silent, so
  /// `completion` is not called again, not even with an error.
  func cancel()

  /// Runs the chain again from its first interceptor with `request` (changed or not), reusing the same
  /// interceptor instances, so their state — such as a retry count — carries over.
  func retry<Operation: GraphQLOperation>(
    request: HTTPRequest<Operation>,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void)

  /// Reports a failure: first to the provider's additional error interceptor, when there is one, which may
  /// recover or retry; otherwise to `completion`. Ends this pass through the chain.
  func handleErrorAsync<Operation: GraphQLOperation>(
    _ error: any Error,
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void)

  /// Delivers `value` to `completion` without ending the chain: an interceptor that also proceeds (a cache
  /// hit followed by a fetch) delivers again later.
  func returnValueAsync<Operation: GraphQLOperation>(
    for request: HTTPRequest<Operation>,
    value: GraphQLResult<Operation.Data>,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void)

  /// Whether ``cancel()`` has run. Interceptors that work asynchronously check it before they continue.
  var isCancelled: Bool { get }
}
