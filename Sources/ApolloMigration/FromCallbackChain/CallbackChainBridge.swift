import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import Foundation

/// The 1.x `RequestChain` that a 1.x interceptor talks to while it runs inside the 2.x chain.
///
/// | 1.x verb | becomes | when it runs |
/// |---|---|---|
/// | `proceedAsync(request:response:interceptor:completion:)` | the 2.x `next(request)`, with the request's changes copied over; each result comes back through the `completion` passed here | once per call of the interceptor |
/// | `returnValueAsync(for:value:completion:)` | the value is emitted; without an onward verb in the same callback the interceptor's turn ends there | any time |
/// | `handleErrorAsync(_:request:response:completion:)` | the provider's 1.x `ApolloErrorInterceptor` (recover with a value, fail, or `retry`); without one, a failure | once |
/// | `retry(request:completion:)` | `throw RequestChain<Request>.Retry(request:)` with the request's changes; the next pass's results then go through `completion` too, and so through this pass's wrapping completions, as 1.x restarted under it (`CallbackRethreading.swift`) | once (again from the error interceptor) |
/// | `cancel()` | ends the 2.x work with `CancellationError` (callers of the facade hear nothing, as in 1.x) | any time |
/// | `kickoff(request:completion:)` | as `retry` | — |
///
/// Like a swift-nio `ChannelHandlerContext`, the bridge is the interceptor's only way onward, and one
/// bridge serves one call of one interceptor (a "turn"). The rules it keeps:
///
/// - **Never calling onward** — no verb and no completion — does not hang the request as it did in 1.x:
///   after the provider's ``CallbackProviderOnAsyncChain/interceptorTimeout`` the request ends with
///   ``CallbackInterceptorError/neverCalledOnward(interceptor:timeout:)``.
/// - **Calling onward twice** (`proceedAsync` twice, `retry` after `proceedAsync`, …) ends the request with
///   ``CallbackInterceptorError/calledOnwardTwice(interceptor:firstVerb:secondVerb:)`` while nothing has
///   been delivered for it yet; a late second call is dropped. Never a second network request. One exception,
///   as in 1.x: an interceptor before the network fetch may `retry` after `proceedAsync`, from the completion it
///   passed on (a token refreshed on an UNAUTHENTICATED result): the attempt ends and the chain starts over under
///   the completion given to `retry`. (After the fetch the result is on its way through the results stage, which
///   cannot start over: there it is still a second onward call.)
/// - **Using the chain after cancelling it** ends the request with
///   ``CallbackInterceptorError/chainUsedAfterCancel(interceptor:verb:)``. After the 2.x side cancelled
///   (the caller went away), verbs are ignored silently, as in 1.x.
/// - Calling the `completion` directly (without the chain) delivers, as in 1.x, and bypasses the error
///   interceptor, as in 1.x.
///
/// Every call into the interceptor and every verb runs holding the provider's lock, so 1.x objects are
/// never used from two threads at once.
public final class CallbackChainBridge: ApolloCallbackChain.RequestChain, @unchecked Sendable {
  // @unchecked Sendable: every mutable field below is read and written only inside `lock` (the
  // provider's CallbackLock, an NSRecursiveLock); `send`, `name` and `lock` are immutable.

  /// What the interceptor decided for its turn.
  enum Decision {
    /// `completion` is the ``PassedCompletion`` for the turn's operation.
    case proceed(request: AnyObject, response: AnyObject?, completion: AnyObject)
    /// `completion` is the ``PassedCompletion`` given to `retry`.
    case retry(request: AnyObject, completion: AnyObject)
    /// Values (or a failure) went through the completion; nothing more comes from this turn.
    case finished
    case failed(any Error)
  }

  let send: CallbackSend
  let name: String
  let lock: CallbackLock
  /// Receives a failure that reaches the turn's own completion (wrapped as handled unless it is a
  /// downstream error being forwarded). Values go to the closure given to ``sink(for:onValue:)``.
  private let onFailure: @Sendable (any Error) -> Void

  private var decision: Decision?
  private var waiter: CheckedContinuation<CallbackConfined<Decision>, Never>?
  private var terminalVerb: String?
  private var inErrorPath = false
  private var retriedFromErrorPath = false
  private var cancelledByInterceptor = false
  private var cancelledExternally = false
  private var insideIntercept = true
  private var valueDelivered = false
  private var outputClosed = false
  /// Set while a downstream error that did not pass the error interceptor is handed to the completion.
  var forwardingUnhandled = false
  /// While ``forwardingUnhandled``: the chain's own error, and the 1.x form the completion was given.
  var forwardedError: (original: any Error, converted: any Error)?
  /// The records of the element whose value is being handed to the completion.
  var currentRecords: RecordSet?
  /// Whether a `retry` after `proceedAsync` ends the turn with a retry of the attempt (a turn before the network, whose
  /// output the retry error ends), rather than failing as a second onward call.
  private let retriesAfterProceeding: Bool
  /// Set once the turn's attempt retried: where its completion's values go since (a ``LateRoute``).
  private var lateRoute: AnyObject?

  init(send: CallbackSend, name: String, retriesAfterProceeding: Bool = false, onFailure: @escaping @Sendable (any Error) -> Void) {
    self.send = send
    self.name = name
    self.lock = send.lock
    self.retriesAfterProceeding = retriesAfterProceeding
    self.onFailure = onFailure
  }

  // MARK: The 1.x verbs

  /// Treated as ``retry(request:completion:)``: an interceptor has no business starting a chain.
  public func kickoff<Operation: GraphQLOperation>(
    request: ApolloCallbackChain.HTTPRequest<Operation>,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    retry(request: request, completion: completion)
  }

  /// The pre-1.3 form: the same as the id-based one (a bridge serves one interceptor, so there is no
  /// position to get wrong).
  public func proceedAsync<Operation: GraphQLOperation>(
    request: ApolloCallbackChain.HTTPRequest<Operation>,
    response: ApolloCallbackChain.HTTPResponse<Operation>?,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    proceed(request: request, response: response, completion: completion)
  }

  /// Goes on to the next 2.x stage with `request` (its header, cache-policy and endpoint changes copied
  /// to the 2.x request). Results of the rest of the chain are handed to `completion`, so a wrapping
  /// completion sees them as in 1.x.
  public func proceedAsync<Operation: GraphQLOperation>(
    request: ApolloCallbackChain.HTTPRequest<Operation>,
    response: ApolloCallbackChain.HTTPResponse<Operation>?,
    interceptor: any ApolloInterceptor,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    proceed(request: request, response: response, completion: completion)
  }

  private func proceed<Operation: GraphQLOperation>(
    request: ApolloCallbackChain.HTTPRequest<Operation>,
    response: ApolloCallbackChain.HTTPResponse<Operation>?,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    lock.withLock {
      guard begin("proceedAsync", terminal: true) else { return }
      decide(.proceed(request: request, response: response, completion: PassedCompletion<Operation>(completion)))
    }
  }

  /// Cancels the request's 2.x work. Silent for facade callers, as 1.x's cancel.
  public func cancel() {
    lock.withLock {
      cancelledByInterceptor = true
      if decision != nil {
        // Already onward (after `proceedAsync`): ending the turn's output cancels the 2.x work behind it,
        // and nothing more is delivered.
        if !outputClosed {
          outputClosed = true
          onFailure(CancellationError())
        }
      } else if !insideIntercept {
        decide(.failed(CancellationError()))
      }
    }
  }

  /// Starts the 2.x chain over with `request` (`throw RequestChain<Request>.Retry`); a retry from the
  /// error interceptor while it handles `hitMaxRetryCount` is refused, as in 1.x here, and that error delivered.
  public func retry<Operation: GraphQLOperation>(
    request: ApolloCallbackChain.HTTPRequest<Operation>,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    lock.withLock {
      if retriesAfterProceeding, terminalVerb == "proceedAsync", !outputClosed, !cancelledByInterceptor, !cancelledExternally {
        // 1.x let an interceptor retry after going onward, from the completion it passed on (a token refreshed on an
        // UNAUTHENTICATED result): the attempt ends, and the next runs under `completion`, as 1.x's chain started over
        // under it. The completion it had passed on is left behind, as 1.x never called it again.
        outputClosed = true
        send.dropPreflightLink(of: self)
        onFailure(send.retryError(for: request, origin: RetryOrigin(bridge: self, completion: PassedCompletion<Operation>(completion))))
        return
      }
      if inErrorPath && !retriedFromErrorPath && !cancelledByInterceptor && !cancelledExternally {
        retriedFromErrorPath = true
      } else {
        guard begin("retry", terminal: true) else { return }
      }
      decide(.retry(request: request, completion: PassedCompletion<Operation>(completion)))
    }
  }

  /// Sends `error` through the provider's 1.x error interceptor, which answers through `completion` or
  /// calls ``retry(request:completion:)``; without one, `completion` gets the failure.
  public func handleErrorAsync<Operation: GraphQLOperation>(
    _ error: any Error,
    request: ApolloCallbackChain.HTTPRequest<Operation>,
    response: ApolloCallbackChain.HTTPResponse<Operation>?,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    lock.withLock {
      guard begin("handleErrorAsync", terminal: true) else { return }
      inErrorPath = true
      guard let errorInterceptor = send.plan.errorInterceptor else {
        completion(.failure(error))
        return
      }
      errorInterceptor.withValue { handler in
        handler.handleErrorAsync(error: error, chain: self, request: request, response: response, completion: completion)
      }
    }
  }

  /// Hands `value` to `completion` (which emits it). Does not end the turn by itself: an interceptor
  /// may go on with `proceedAsync` in the same callback (the `returnCacheDataAndFetch` shape).
  public func returnValueAsync<Operation: GraphQLOperation>(
    for request: ApolloCallbackChain.HTTPRequest<Operation>,
    value: ApolloCallbackChain.GraphQLResult<Operation.Data>,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    lock.withLock {
      guard begin("returnValueAsync", terminal: false) else { return }
      completion(.success(value))
    }
  }

  /// Whether the interceptor or the 2.x side cancelled.
  public var isCancelled: Bool {
    lock.withLock { cancelledByInterceptor || cancelledExternally }
  }

  // MARK: Turn bookkeeping (internal)

  /// Checks a verb against the contract; `false` means drop it (the turn has already failed or ended).
  private func begin(_ verb: String, terminal: Bool) -> Bool {
    if cancelledExternally { return false }
    if cancelledByInterceptor {
      fail(CallbackInterceptorError.chainUsedAfterCancel(interceptor: name, verb: verb))
      return false
    }
    guard terminal else { return true }
    if let first = terminalVerb {
      fail(CallbackInterceptorError.calledOnwardTwice(interceptor: name, firstVerb: first, secondVerb: verb))
      return false
    }
    terminalVerb = verb
    return true
  }

  /// Ends the turn with `error` unless its output is already closed.
  private func fail(_ error: any Error) {
    guard !outputClosed else { return }
    outputClosed = true
    onFailure(CallbackHandledError(underlying: error))
    if decision == nil { decide(.failed(error)) }
  }

  private func decide(_ newDecision: Decision) {
    guard decision == nil else { return }
    decision = newDecision
    if let waiter {
      self.waiter = nil
      waiter.resume(returning: takeDecision(newDecision))
    }
  }

  /// Hands `decided` to the one reader of the decision. What stays behind only records that the turn
  /// decided: the decision's payload (a `proceed` holds the completion, which may hold this bridge)
  /// would otherwise keep the bridge, the 1.x request and the completion alive in a cycle, every send.
  private func takeDecision(_ decided: Decision) -> CallbackConfined<Decision> {
    decision = .finished
    return CallbackConfined(decided, lock: lock)
  }

  /// A value reached the turn's own completion: `deliver` emits it (with the records of the element being
  /// forwarded, if any) unless the output is closed.
  private func receiveValue(_ deliver: (RecordSet?) -> Void) {
    lock.withLock {
      guard !outputClosed, !cancelledExternally, !cancelledByInterceptor else { return }
      valueDelivered = true
      deliver(currentRecords)
      if decision == nil && !insideIntercept { scheduleSettle() }
    }
  }

  /// A failure reached the turn's own completion: it closes the output and ends the turn.
  private func receiveFailure(_ error: any Error) {
    lock.withLock {
      guard !outputClosed, !cancelledExternally else { return }
      outputClosed = true
      onFailure(forwardingUnhandled ? passedThrough(error) : CallbackHandledError(underlying: error))
      decide(.finished)
    }
  }

  /// The chain's own error when the completion passed on the 1.x form it was given unchanged (same type and
  /// description), so the stage above sees the error the chain raised; otherwise what the completion passed.
  private func passedThrough(_ error: any Error) -> any Error {
    guard let forwarded = forwardedError, type(of: error) == type(of: forwarded.converted),
          String(describing: error) == String(describing: forwarded.converted) else { return error }
    return forwarded.original
  }

  /// A value delivered from a later callback without an onward verb: the turn ends shortly after,
  /// unless the same callback goes on.
  private func scheduleSettle() {
    Task { [self] in
      try? await Task.sleep(for: .milliseconds(20))
      lock.withLock { if decision == nil { decide(.finished) } }
    }
  }

  /// Called when `interceptAsync` returned: settles a turn that only delivered values or cancelled.
  func interceptReturned() {
    lock.withLock {
      insideIntercept = false
      guard decision == nil else { return }
      if cancelledByInterceptor {
        decide(.failed(CancellationError()))
      } else if valueDelivered {
        decide(.finished)
      }
    }
  }

  /// The completion handed to the interceptor for `Operation`: a value goes to `onValue` (typed, so no
  /// boxing or cast per value), a failure ends the turn. Once the turn is retired by a retry, both go on along
  /// its late route instead (``retire(to:)``).
  func sink<Operation: GraphQLOperation>(
    for _: Operation.Type,
    onValue: @escaping @Sendable (ApolloCallbackChain.GraphQLResult<Operation.Data>, RecordSet?) -> Void
  ) -> (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void {
    { [self] result in
      let route = lock.withLock { (lateRoute as? LateRoute<Operation>).flatMap { $0.isActive ? $0 : nil } }
      if let route { return lock.withLock { route.onward(result) } }
      switch result {
      case .success(let value): receiveValue { onValue(value, $0) }
      case .failure(let error): receiveFailure(error)
      }
    }
  }

  /// Sends what later reaches the turn's own completion along `route` (a ``LateRoute``): its attempt retried, and the
  /// next attempt's results come back through the completions of this one.
  func retire(to route: AnyObject) {
    lock.withLock { lateRoute = route }
  }

  /// Puts the turn on the error path from the start (the error interceptor's own turn), so one
  /// `retry` is allowed.
  func beginErrorPath() {
    lock.withLock { inErrorPath = true }
  }

  /// Whether the turn's output already ended (a failure, or a contract violation).
  var isOutputClosed: Bool {
    lock.withLock { outputClosed }
  }

  /// The 2.x side went away: later verbs are ignored silently.
  func cancelExternally() {
    lock.withLock {
      // A turn its attempt's retry linked into the next pass lives on there: 1.x's retry cancelled nothing, so its
      // interceptor still sees a live chain (`isCancelled` false, `returnValueAsync` delivering).
      guard lateRoute == nil else { return }
      cancelledExternally = true
      decide(.failed(CancellationError()))
    }
  }

  /// Waits for the interceptor's decision, at most the plan's timeout.
  func decision() async -> CallbackConfined<Decision> {
    // Most interceptors decide inside `interceptAsync`: then there is nothing to wait for, and no
    // timer task or continuation is worth creating. A cancelled task takes the full path, whose
    // cancellation handler marks the turn as cancelled from outside.
    if !Task.isCancelled, let decided = lock.withLock({ decision.map { takeDecision($0) } }) {
      return decided
    }
    let timeout = send.plan.timeout
    let name = self.name
    let timer = Task { [self] in
      try? await Task.sleep(for: timeout)
      guard !Task.isCancelled else { return }
      lock.withLock { decide(.failed(CallbackInterceptorError.neverCalledOnward(interceptor: name, timeout: timeout))) }
    }
    defer { timer.cancel() }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<CallbackConfined<Decision>, Never>) in
        lock.withLock {
          if let decision {
            continuation.resume(returning: takeDecision(decision))
          } else {
            waiter = continuation
          }
        }
      }
    } onCancel: { [self] in
      cancelExternally()
    }
  }
}
