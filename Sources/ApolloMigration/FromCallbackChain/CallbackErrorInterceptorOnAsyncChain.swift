import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The provider's 1.x `ApolloErrorInterceptor` as the first 2.x `GraphQLInterceptor` of an adapted chain.
///
/// | 1.x hook | 2.x stage | when it runs |
/// |---|---|---|
/// | `additionalErrorInterceptor(for:)`.`handleErrorAsync` | where a 2.x error first meets a completion that an adapted 1.x interceptor passed on (``answer(_:through:send:ending:)``) | once per error, before that completion and the ones it wraps see anything |
/// | the same | `mapErrors` of the outermost GraphQL interceptor | once per error that reached the top without meeting such a completion |
///
/// In 1.x a built-in interceptor that failed called `chain.handleErrorAsync` with the completion it had been
/// given, so the error interceptor answered first, and its answer (a value, its own error, or nothing when it
/// retried) was what the wrapping completions of the interceptors before saw. The adapter keeps that order.
///
/// It also opens each attempt: it binds the send's shared state (the 1.x request the interceptors see,
/// the HTTP-stage hooks) as a task-local value around `next`, and on the way back gives server results
/// their 1.x dependent keys and drops their records when the 1.x list had no `CacheWriteInterceptor`.
///
/// What reaches the error interceptor: every 2.x error of the attempt (network failure, 2.x
/// `ResponseCodeError` as 1.x `ResponseCodeError.invalidResponseCode`, `MaxRetriesError` as 1.x
/// `RetryError.hitMaxRetryCount`, parse errors), except errors a 1.x interceptor already sent through
/// `handleErrorAsync` or straight into its completion (as in 1.x, where those bypassed or had already
/// taken that path), `RequestChain.Retry` and cancellation. What it can answer:
///
/// - a value through `completion` → the value is emitted and the attempt ends normally;
/// - a failure through `completion` → that error ends the request;
/// - `chain.retry(request:)` → `throw RequestChain.Retry` with the request's changes (refused while it
///   handles `hitMaxRetryCount`, which 1.x recursed on; that error ends the request instead);
/// - nothing → after the timeout, ``CallbackInterceptorError/neverCalledOnward(interceptor:timeout:)``.
struct CallbackErrorInterceptorOnAsyncChain: GraphQLInterceptor {
  let plan: CallbackPlan
  let errorInterceptorName: String
  /// The send's custom 1.x interceptors that are `Cancellable`: cancelled with the request's task, as 1.x's
  /// `chain.cancel()` cancelled them.
  var cancellables: [any ApolloCore.Cancellable] = []
  /// Carries the 1.x request of a `chain.retry(request:)` to the next attempt (this interceptor serves one send).
  let retrySlot = CallbackRetrySlot()

  func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    // 1.x's `retry` did nothing once the chain was cancelled: a retry decided just before a cancel starts no attempt
    // (whose interceptors would run after `cancel()` returned). The 2.x loop itself does not look.
    if retrySlot.startAttempt() { try Task.checkCancellation() }
    let send = CallbackSend(plan: plan, request: request, retried: retrySlot.latest)
    let rethread = retrySlot.takeRethread()
    // The closures get the send as an argument rather than capturing it: the send holds them, and a weak
    // capture would give it a side table, which slows every later retain and release of it.
    send.lock.withLock {
      send.makesRetries(as: request, leavingTheRequestIn: retrySlot)
      send.rethreadedThrough = rethread?.completion
      send.retrySlot = retrySlot
      rethread?.activate()
      if send.plan.hasHTTPHooks {
        send.httpHook = { send, hook, name, position, response, chunk in
          try await CallbackHTTPStageOnAsyncChain.run(hook, name: name, position: position, response: response,
                                                     chunk: chunk, send: send, request: Request.self)
        }
      }
    }
    let writesCache = plan.writesCache
    let upstream: InterceptorResultStream<Request>
    if cancellables.isEmpty {
      upstream = await CallbackSend.$current.withValue(send) { await next(request) }
    } else {
      let cancel = CancelOnce(cancellables)
      // The stream cannot be copied out of the handler's result: it is moved out of a slot instead.
      var slot: InterceptorResultStream<Request>?
      await withTaskCancellationHandler {
        slot = await CallbackSend.$current.withValue(send) { await next(request) }
      } onCancel: {
        cancel.run()
      }
      guard let stream = slot.take() else { preconditionFailure("the chain's next returned no stream") }
      if stream.settled != nil {
        upstream = stream
      } else {
        upstream = Self.cancelling(stream, with: cancel)
      }
    }
    let name = errorInterceptorName
    // `map` then `mapErrors`, read in place by the chain: two operator tasks per request were most
    // of what this stage cost.
    let results = await InPlaceStreams.map(upstream) { element in
      guard element.result.source == .server else { return element }
      let result = element.result
      let keys = result.dependentKeySource ?? element.cacheRecords.map { DependentKeys(fieldsOf: $0) }
      let fixed = V2GraphQLResponse<Request.Operation>(
        data: result.data, extensionsJSON: result.extensionsJSON, errors: result.errors, source: result.source,
        dependentKeySource: keys)
      return ParsedResult(result: fixed, cacheRecords: writesCache ? element.cacheRecords : nil)
    } errors: { error in
      if let retry = error as? V2RequestChain<Request>.Retry {
        let asIn1x = send.lock.withLock { () -> Request? in
          send.rethreadOwnRetry(as: Request.Operation.self)
          return send.readingTheCacheAgain(retry.request)
        }
        if let asIn1x { throw V2RequestChain<Request>.Retry(request: asIn1x) }
      }
      return try await Self.handle(error, send: send, request: request, name: name)
    }
    guard let rethread, let through = rethread.completion as? PassedCompletion<Request.Operation>,
          let collector = rethread.collector as? RethreadCollector<Request.Operation> else { return results }
    return Self.handing(results, through: through, to: collector, send: send, as: Request.self)
  }

  /// An attempt started by a 1.x `retry(request:completion:)`: each result (or the error) goes to `completion`, which
  /// runs the wrapping completions of the attempt that retried (and of any before it) and ends at `collector`,
  /// whose values and failure are what this attempt gives upward. A further retry goes up as it is.
  /// `stream`, read so that a cancel of its reader's task reaches the `Cancellable` interceptors: the parts of a
  /// multipart response arrive after `next` returned, and 1.x's `chain.cancel()` cancelled them at any time.
  private static func cancelling<Element: Sendable>(
    _ stream: consuming NonCopyableAsyncThrowingStream<Element>, with cancel: CancelOnce
  ) -> NonCopyableAsyncThrowingStream<Element> {
    let next = stream.puller()
    return NonCopyableAsyncThrowingStream(pulling: {
      try await withTaskCancellationHandler {
        try await next()
      } onCancel: {
        cancel.run()
      }
    })
  }

  private static func handing<Request: GraphQLRequest>(
    _ results: consuming InterceptorResultStream<Request>, through completion: PassedCompletion<Request.Operation>,
    to collector: RethreadCollector<Request.Operation>, send: CallbackSend, as _: Request.Type
  ) -> InterceptorResultStream<Request> {
    let output = PreflightOutput<ParsedResult<Request.Operation>>(answerTimeout: send.plan.answerTimeout)
    let lock = send.lock
    lock.withLock { collector.output = output }
    return output.reading(results) { result, output in
      switch result {
      case .failure(let error) where error is V2RequestChain<Request>.Retry || error is CancellationError:
        output.finish(throwing: error)
      case .success(let element):
        output.expectAnswer()
        lock.withLock {
          collector.currentRecords = element.cacheRecords
          completion.call(.success(ResultConversion.v1(element.result)), lock: lock)
          collector.currentRecords = nil
        }
      case .failure(let error):
        output.expectAnswer()
        completion.call(.failure(error), lock: lock)
      }
    }
  }

  /// Runs the error interceptor for a 2.x error on its way to `completion` (one an adapted 1.x interceptor passed
  /// on), as 1.x's built-ins ran it with the completion they held: the error interceptor's value or failure goes
  /// to `completion` (and so through the completions it wraps) as answered, which makes it handled; its
  /// `retry` ends the turn with `RequestChain.Retry` (through `finish`), and no completion hears of the error.
  /// Returns `false`, doing nothing, when the send has no error interceptor. Call holding the send's lock.
  static func answer<Operation: GraphQLOperation>(
    _ error: any Error, through completion: PassedCompletion<Operation>, send: CallbackSend,
    ending finish: @escaping @Sendable (any Error) -> Void
  ) -> Bool {
    guard let errorInterceptor = send.plan.errorInterceptor, let mirror = send.typedMirror(Operation.self) else { return false }
    let v1Error = ResultConversion.v1Error(error)
    let lock = send.lock
    // What the error interceptor hands its completion goes on through `completion`; a cancel ends the turn
    // silently, as 1.x's cancelled chain delivered nothing.
    let bridge = CallbackChainBridge(send: send, name: send.plan.errorInterceptorName, onFailure: { failure in
      if failure is CancellationError { return finish(failure) }
      let answered = (failure as? CallbackHandledError)?.underlying ?? failure
      completion.call(.failure(answered), lock: lock)
    })
    let sink = bridge.sink(for: Operation.self) { value, _ in completion.call(.success(value), lock: lock) }
    bridge.beginErrorPath()
    let response = send.lastHTTP.map { V1HTTPResponse<Operation>(response: $0.response, rawData: $0.data, parsedResponse: nil) }
    errorInterceptor.withValue {
      $0.handleErrorAsync(error: v1Error, chain: bridge, request: mirror, response: response, completion: sink)
    }
    bridge.interceptReturned()
    // Usually decided already; a retry or a silence is acted on when the decision comes.
    Task {
      let decided = await bridge.decision()
      decided.withValue { decision in
        switch decision {
        case .retry(let object, let retryCompletion):
          // 1.x recursed without bound here; the exhausted-retries error ends the request instead.
          if v1Error is V1MaxRetryInterceptor.RetryError {
            completion.call(.failure(v1Error), lock: lock)
          } else {
            finish(send.retryError(for: object, origin: RetryOrigin(bridge: bridge, completion: retryCompletion, inner: completion)))
          }
        case .proceed:
          // No onward stage from the error path: the error stands.
          completion.call(.failure(v1Error), lock: lock)
        case .failed(let failure as CallbackInterceptorError):
          // The error interceptor never answered: its typed error is the answer. (A broken contract went
          // through `onFailure` already.)
          if case .neverCalledOnward = failure { completion.call(.failure(failure), lock: lock) }
        case .failed(let failure):
          if failure is CancellationError { finish(failure) }
        case .finished:
          break
        }
      }
    }
    return true
  }

  /// Runs the error interceptor for one error; returns its recovered value or throws what it decided.
  private static func handle<Request: GraphQLRequest>(
    _ error: any Error, send: CallbackSend, request: Request, name: String
  ) async throws -> ParsedResult<Request.Operation>? {
    typealias Operation = Request.Operation
    if error is V2RequestChain<Request>.Retry || error is CancellationError { throw error }
    if let handled = error as? CallbackHandledError { throw handled.underlying }
    let v1Error = ResultConversion.v1Error(error)
    guard let errorInterceptor = send.plan.errorInterceptor else { throw v1Error }

    let (stream, continuation) = AsyncThrowingStream<ParsedResult<Operation>, any Error>.makeStream()
    let (bridge, sink) = CallbackInterceptorOnAsyncChain.turn(send: send, name: name, into: continuation, operation: Operation.self)
    bridge.beginErrorPath()
    let started = send.lock.withLock { () -> Bool in
      guard let mirror = send.typedMirror(Operation.self) else { return false }
      let response = send.lastHTTP.map { V1HTTPResponse<Operation>(response: $0.response, rawData: $0.data, parsedResponse: nil) }
      errorInterceptor.withValue {
        $0.handleErrorAsync(error: v1Error, chain: bridge, request: mirror, response: response, completion: sink)
      }
      return true
    }
    guard started else { throw v1Error }
    bridge.interceptReturned()
    let decided = await bridge.decision()
    let retry = decided.withValue { decision -> Result<Void, any Error> in
      switch decision {
      case .retry(let object, let completion):
        // 1.x recursed without bound here; the exhausted-retries error ends the request instead.
        if v1Error is V1MaxRetryInterceptor.RetryError { return .failure(v1Error) }
        return .failure(send.retryError(for: object, origin: RetryOrigin(bridge: bridge, completion: completion)))
      case .failed(let failure):
        return .failure(failure)
      case .proceed, .finished:
        return .success(())
      }
    }
    try retry.get()
    continuation.finish()
    do {
      for try await value in stream { return value }
    } catch let handled as CallbackHandledError {
      throw handled.underlying
    }
    throw v1Error
  }
}

/// A send's `Cancellable` custom interceptors, cancelled at most once however many times its task is seen cancelled
/// (while `next` runs, then while its parts are read), as 1.x's `chain.cancel()` was idempotent.
private final class CancelOnce: Sendable {
  private let cancellables: [any ApolloCore.Cancellable]
  private let cancelled = Mutex(false)

  init(_ cancellables: [any ApolloCore.Cancellable]) {
    self.cancellables = cancellables
  }

  func run() {
    let first = cancelled.withLock { cancelled -> Bool in
      defer { cancelled = true }
      return !cancelled
    }
    guard first else { return }
    for cancellable in cancellables { cancellable.cancel() }
  }
}
