import Foundation

/// Retries a hash-only request with the full document when the server does not know the hash.
public struct AutomaticPersistedQueryInterceptor: GraphQLInterceptor {
  /// Why a persisted query could not be completed.
  public enum APQError: LocalizedError, Equatable {
    /// The server does not know a persisted-only operation, so there is no document to fall back to.
    case persistedQueryNotFoundForPersistedOnlyQuery(operationName: String)
    /// The server still did not know the query after the retry that sent the document.
    case persistedQueryRetryFailed(operationName: String)

    public var errorDescription: String? {
      switch self {
      case .persistedQueryNotFoundForPersistedOnlyQuery(let name):
        return "The operation \(name) is persisted-only and the server does not know it."
      case .persistedQueryRetryFailed(let name):
        return "Persisted query retry failed for operation \"\(name)\"."
      }
    }
  }

  /// The interceptor.
  public init() {}

  /// Inspects the first server result for `PersistedQueryNotFound`.
  public func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    guard let jsonRequest = request as? JSONRequest<Request.Operation>, jsonRequest.apqConfig.autoPersistQueries else {
      return await next(request)
    }
    let inspected = Mutex(false)
    return await next(request).map { parsed in
      guard parsed.result.source == .server, inspected.withLock({ seen in defer { seen = true }; return !seen }) else {
        return parsed
      }
      guard let errors = parsed.result.errors, errors.containsPersistedQueryNotFound else {
        return parsed
      }
      let name = Request.Operation.operationName
      guard !jsonRequest.isPersistedQueryRetry else { throw APQError.persistedQueryRetryFailed(operationName: name) }
      guard Request.Operation.operationDocument.definition != nil else {
        throw APQError.persistedQueryNotFoundForPersistedOnlyQuery(operationName: name)
      }
      var retry = jsonRequest
      retry.isPersistedQueryRetry = true
      retry.fetchBehavior = .NetworkOnly
      guard let retryRequest = retry as? Request else { return parsed }
      throw RequestChain<Request>.Retry(request: retryRequest)
    }
  }
}
