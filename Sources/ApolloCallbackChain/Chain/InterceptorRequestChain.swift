import Foundation

/// Runs an array of ``ApolloInterceptor``s for one request, following 1.x's control flow exactly:
///
/// - `kickoff` calls the first interceptor synchronously on the caller's thread.
/// - `proceedAsync(…interceptor:…)` resumes after the caller's position (looked up by id, the last
///   duplicate wins); the deprecated form resumes after the last interceptor the chain called.
/// - Past the end, a response with a `parsedResponse` is delivered as a success; anything else is
///   ``ChainError/invalidIndex(chain:index:)``.
/// - Deliveries always hop to `callbackQueue` with `async`; the completion may run many times
///   (cache then network, multipart parts) and there is no terminal event.
/// - After `cancel()`, nothing is delivered and no error is produced.
///
/// The chain does not retain itself: the caller's reference and pending closures (network callback,
/// backoff, queued deliveries) keep it alive.
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use ApolloAsyncChain.RequestChain (call next, throw RequestChain.Retry); until then ApolloMigration.CallbackProviderOnAsyncChain drives 1.x interceptors on the 2.x chain")
#endif
public final class InterceptorRequestChain: Cancellable, RequestChain, @unchecked Sendable {
  // @unchecked Sendable: the mutable state (`currentIndex`, `isCancelled`, the error handler) lives in
  // `state`, a `Mutex`; `interceptors`, `interceptorIDs` and `callbackQueue` are immutable. The
  // interceptors themselves are called by the chain from whichever thread it runs on, as upstream.

  /// Errors raised by the chain itself.
  public enum ChainError: Error, LocalizedError {
    /// The chain ran past its last interceptor without a parsed response. Holds the chain, as upstream.
    case invalidIndex(chain: any RequestChain, index: Int)
    /// The provider returned no interceptors.
    case noInterceptors
    /// `proceedAsync` was called by an interceptor whose id is not in this chain.
    case unknownInterceptor(id: String)

    public var errorDescription: String? {
      switch self {
      case .noInterceptors:
        return "No interceptors were provided to this chain. This is a developer error."
      case .invalidIndex(_, let index):
        return "`proceedAsync` was called for index \(index), which is out of bounds of the receiver for this chain. Double-check the order of your interceptors."
      case .unknownInterceptor(let id):
        return "`proceedAsync` was called by unknown interceptor \(id)."
      }
    }
  }

  private struct State {
    var currentIndex = 0
    var isCancelled = false
    var additionalErrorHandler: (any ApolloErrorInterceptor)?
    /// Set once a `hitMaxRetryCount` error reached the error handler, and never cleared: every later
    /// retry is refused; see ``retry(request:completion:)``.
    var exhaustedRetriesError: (any Error)?
  }

  private enum RetryDecision { case stop, refuse(any Error), run }

  private let interceptors: [any ApolloInterceptor]
  /// Each interceptor's id, read once here: reading `id` on every proceed would cost more than the lookup.
  private let interceptorIDs: [String]
  private let callbackQueue: DispatchQueue
  private let state = Mutex(State())

  /// Whether `cancel()` was called. Thread-safe.
  public var isCancelled: Bool { state.withLock { $0.isCancelled } }

  /// Called with every error before the completion is; see ``ApolloErrorInterceptor``.
  public var additionalErrorHandler: (any ApolloErrorInterceptor)? {
    get { state.withLock { $0.additionalErrorHandler } }
    set { state.withLock { $0.additionalErrorHandler = newValue } }
  }

  /// - Parameters:
  ///   - interceptors: the steps, in order.
  ///   - callbackQueue: where completions run. `.main` by default as upstream; on Linux the main queue
  ///     only runs when something drives the main run loop, so servers and tests pass their own queue.
  public init(interceptors: [any ApolloInterceptor], callbackQueue: DispatchQueue = .main) {
    self.interceptors = interceptors
    self.interceptorIDs = interceptors.map(\.id)
    self.callbackQueue = callbackQueue
  }

  /// Starts the request: calls the first interceptor synchronously on this thread. With no interceptors,
  /// reports ``ChainError/noInterceptors`` instead.
  public func kickoff<Operation: GraphQLOperation>(
    request: HTTPRequest<Operation>,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    // Upstream asserts `currentIndex == 0` (a debug-only trap) and ignores `isCancelled` here; a cancelled
    // chain still goes silent at its first proceed or delivery.
    guard let first = interceptors.first else {
      handleErrorAsync(ChainError.noInterceptors, request: request, response: nil, completion: completion)
      return
    }
    first.interceptAsync(chain: self, request: request, response: nil, completion: completion)
  }

  /// Resumes after the interceptor the chain called last. Kept for interceptors written before 1.3; it
  /// mis-routes when several interceptors proceed concurrently (multipart parts, delayed work).
  public func proceedAsync<Operation: GraphQLOperation>(
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    let target = state.withLock { $0.currentIndex } + 1
    proceed(to: target, request: request, response: response, completion: completion)
  }

  /// Resumes after `interceptor`'s position in the chain.
  public func proceedAsync<Operation: GraphQLOperation>(
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    interceptor: any ApolloInterceptor,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    let id = interceptor.id
    // Searching from the end gives the last index for a duplicate id, as upstream's id→index map did.
    guard let index = interceptorIDs.lastIndex(of: id) else {
      handleErrorAsync(ChainError.unknownInterceptor(id: id), request: request, response: response, completion: completion)
      return
    }
    proceed(to: index + 1, request: request, response: response, completion: completion)
  }

  private func proceed<Operation: GraphQLOperation>(
    to target: Int,
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    let cancelled = state.withLock { state -> Bool in
      if state.isCancelled { return true }
      if target < interceptors.count { state.currentIndex = target }
      return false
    }
    if cancelled { return }
    if target < interceptors.count {
      interceptors[target].interceptAsync(chain: self, request: request, response: response, completion: completion)
    } else if let result = response?.parsedResponse {
      returnValueAsync(for: request, value: result, completion: completion)
    } else {
      handleErrorAsync(ChainError.invalidIndex(chain: self, index: target), request: request, response: response,
                       completion: completion)
    }
  }

  /// Cancels the chain: sets ``isCancelled`` and calls `cancel()` on every interceptor that is
  /// ``Cancellable``. Idempotent. The completion is never called afterwards.
  public func cancel() {
    let alreadyCancelled = state.withLock { state -> Bool in
      defer { state.isCancelled = true }
      return state.isCancelled
    }
    guard !alreadyCancelled else { return }
    for interceptor in interceptors {
      (interceptor as? any Cancellable)?.cancel()
    }
  }

  /// Starts again from the first interceptor with `request` (which may have been changed, e.g. its
  /// `cachePolicy`). Interceptor instances are reused, so their state — MaxRetry's count — carries over.
  ///
  /// Once `MaxRetryInterceptor.RetryError` has reached the error handler, every retry is refused and that
  /// error is delivered instead, whenever and from whichever thread the retry is requested (while the
  /// handler runs, or later from another queue): upstream recursed without bound there, since each
  /// further pass fails `MaxRetryInterceptor` again.
  public func retry<Operation: GraphQLOperation>(
    request: HTTPRequest<Operation>,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    let decision = state.withLock { state -> RetryDecision in
      if state.isCancelled { return .stop }
      if let error = state.exhaustedRetriesError { return .refuse(error) }
      state.currentIndex = 0
      return .run
    }
    switch decision {
    case .stop: return
    case .refuse(let error):
      deliver(.failure(error), to: completion)
    case .run:
      kickoff(request: request, completion: completion)
    }
  }

  /// Reports `error`: to the additional error handler when there is one (synchronously, on this thread),
  /// else to the completion on `callbackQueue`.
  public func handleErrorAsync<Operation: GraphQLOperation>(
    _ error: any Error,
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    let (cancelled, handler) = state.withLock { ($0.isCancelled, $0.additionalErrorHandler) }
    guard !cancelled else { return }
    let queue = callbackQueue
    guard let handler else {
      deliver(.failure(error), to: completion)
      return
    }
    // Sticky, not scoped to the handler's call: a handler that retries later, from another queue, must
    // meet the same bound as one that retries before returning.
    if error is MaxRetryInterceptor.RetryError { state.withLock { $0.exhaustedRetriesError = error } }
    handler.handleErrorAsync(error: error, chain: self, request: request, response: response) { [weak self] result in
      // Upstream does not check for cancellation here; we do, so a cancelled request stays silent.
      if self?.isCancelled == true { return }
      Self.deliver(result, on: queue, unlessCancelled: self, to: completion)
    }
  }

  /// Delivers `value` on `callbackQueue`. Does not stop the chain.
  public func returnValueAsync<Operation: GraphQLOperation>(
    for request: HTTPRequest<Operation>,
    value: GraphQLResult<Operation.Data>,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    guard !isCancelled else { return }
    deliver(.success(value), to: completion)
  }

  /// Hops to `callbackQueue` and calls `completion` there, unless the chain was cancelled in between:
  /// a delivery queued just before `cancel()` must not run after it (upstream checks only before the hop).
  private func deliver<Value>(_ result: Result<Value, any Error>, to completion: @escaping (Result<Value, any Error>) -> Void) {
    Self.deliver(result, on: callbackQueue, unlessCancelled: self, to: completion)
  }

  /// The chain is held weakly, as every pending closure holds it: a chain that is gone can no longer be
  /// cancelled, so its delivery goes ahead.
  private static func deliver<Value>(
    _ result: Result<Value, any Error>, on queue: DispatchQueue, unlessCancelled chain: InterceptorRequestChain?,
    to completion: @escaping (Result<Value, any Error>) -> Void
  ) {
    queue.asyncTransferring { [weak chain] in
      if chain?.isCancelled == true { return }
      completion(result)
    }
  }
}
