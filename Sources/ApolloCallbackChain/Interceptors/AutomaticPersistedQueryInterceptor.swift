import Foundation

/// Retries a hash-only persisted query with its document when the server answers `PersistedQueryNotFound`.
///
/// Detection is an exact match on the error message, only for `JSONRequest`s with `autoPersistQueries`, as
/// upstream. It sits before `CacheWriteInterceptor`, so a not-found answer is never cached.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use the built-in stages of ApolloAsyncChain.DefaultInterceptorProvider; until then ApolloMigration.CallbackProviderOnAsyncChain maps this interceptor to its 2.x stage")
#endif
public struct AutomaticPersistedQueryInterceptor: ApolloInterceptor {
  /// The ways an automatic persisted query fails in this interceptor.
  public enum APQError: LocalizedError, Equatable {
    /// The interceptor ran before a parser set `parsedResponse`: the interceptors are in the wrong order.
    case noParsedResponse
    /// The server does not know the hash, and the operation has no document to send instead (a
    /// persisted-only operation, whose text the app does not ship).
    case persistedQueryNotFoundForPersistedOnlyQuery(operationName: String)
    /// The server still answered `PersistedQueryNotFound` to the retry that carried the document.
    case persistedQueryRetryFailed(operationName: String)

    public var errorDescription: String? {
      switch self {
      case .noParsedResponse:
        return "The Automatic Persisted Query Interceptor was called before a response was received. Double-check the order of your interceptors."
      case .persistedQueryRetryFailed(let operationName):
        return "Persisted query retry failed for operation \"\(operationName)\"."
      case .persistedQueryNotFoundForPersistedOnlyQuery(let operationName):
        return "The Persisted Query for operation \"\(operationName)\" was not found. The operation is a `persistedOnly` operation and cannot be automatically persisted if it is not recognized by the server."
      }
    }
  }

  public var id: String = InterceptorID.next()

  /// An interceptor with its own id; it keeps no other state.
  public init() {}

  public func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain,
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    guard let jsonRequest = request as? JSONRequest<Operation>, jsonRequest.autoPersistQueries else {
      chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
      return
    }
    guard let result = response?.parsedResponse else {
      chain.handleErrorAsync(APQError.noParsedResponse, request: request, response: response, completion: completion)
      return
    }
    guard let errors = result.errors, errors.containsPersistedQueryNotFound else {
      chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
      return
    }
    guard !jsonRequest.isPersistedQueryRetry else {
      chain.handleErrorAsync(APQError.persistedQueryRetryFailed(operationName: Operation.operationName),
                             request: request, response: response, completion: completion)
      return
    }
    guard Operation.operationDocument.definition != nil else {
      chain.handleErrorAsync(APQError.persistedQueryNotFoundForPersistedOnlyQuery(operationName: Operation.operationName),
                             request: request, response: response, completion: completion)
      return
    }
    jsonRequest.isPersistedQueryRetry = true
    chain.retry(request: jsonRequest, completion: completion)
  }
}
