import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A custom 1.x `ApolloInterceptor` as a 2.x `GraphQLInterceptor`.
///
/// | 1.x position | 2.x stage | when it runs |
/// |---|---|---|
/// | before `NetworkFetchInterceptor` (``Position/beforeNetwork``) | GraphQL pre-flight: `interceptAsync(response: nil)`, then `next(request)` | once per attempt, before the cache read and the fetch |
/// | after the parser (``Position/afterParsing``) | GraphQL post-flight: `interceptAsync` with `parsedResponse` set | once per server result (cache hits pass by, as 1.x's CacheRead returned them directly) |
/// | between fetch and parser | see ``CallbackProviderOnAsyncChain`` (an HTTP-stage hook) | once per body chunk |
///
/// What each verb of the interceptor's chain becomes is listed on ``CallbackChainBridge``. In short:
/// `proceedAsync` continues into `next` with the request's changes (headers → `additionalHeaders`,
/// `cachePolicy` → `FetchBehavior`); results come back through the completion the interceptor passed on,
/// so a wrapping completion still sees them; `retry` throws `RequestChain.Retry`; an interceptor that
/// never calls onward ends the request with ``CallbackInterceptorError/neverCalledOnward(interceptor:timeout:)``.
///
/// Normally built by ``CallbackProviderOnAsyncChain``; built alone (in your own 2.x provider) it runs
/// without an error interceptor: `retry` still becomes `RequestChain.Retry`, and the errors it ends the
/// request with reach your code as they are. After the parser, it still hands the interceptor the HTTP response its
/// result came from (status, headers, the body as your HTTP interceptors left it), as 1.x did.
public struct CallbackInterceptorOnAsyncChain: GraphQLInterceptor {
  /// Where the interceptor sat relative to the 1.x network fetch.
  public enum Position: Sendable, Hashable {
    /// Before `NetworkFetchInterceptor`: sees the request.
    case beforeNetwork
    /// After the parsing interceptors: sees the response with `parsedResponse` set.
    case afterParsing
  }

  /// What a pre-flight turn does with a result from the cache coming up from downstream.
  enum CacheResults: Sendable {
    /// Hands it to the interceptor's completion: the interceptor sat before 1.x's `CacheReadInterceptor` (or the list
    /// had none), so 1.x's cache hits went through its completion.
    case forward
    /// Lets it pass: the interceptor sat after `CacheReadInterceptor`, which answered hits before it ran.
    case passBy
    /// Drops it: this turn is `CacheReadInterceptor`'s own, which answers from the store itself; the cached result the
    /// 2.x chain reads again below (so that it fetches in a task and the hit goes up at once) is a duplicate.
    case drop
  }

  let interceptor: CallbackConfined<any ApolloInterceptor>
  let name: String
  /// Where the interceptor runs.
  public let position: Position
  let standalonePlan: CallbackPlan
  let cacheResults: CacheResults
  /// After the parser: where the turn's passed-on completion is recorded for the results stage (after the HTTP
  /// hooks' positions, in 1.x order), so that it hears of a result after the interceptors after it have run.
  let resultsPosition: Int

  /// Adapts `interceptor`.
  /// - Parameters:
  ///   - position: where it sat in the 1.x chain.
  ///   - timeout: how long it may take to call onward before the request ends with an error.
  public init(_ interceptor: any ApolloInterceptor, position: Position = .beforeNetwork, timeout: Duration = .seconds(60)) {
    let lock = CallbackLock()
    self.init(confined: CallbackConfined(interceptor, lock: lock), name: String(describing: type(of: interceptor)),
              position: position, plan: CallbackPlan(errorInterceptor: nil, timeout: timeout, lock: lock))
  }

  init(confined: CallbackConfined<any ApolloInterceptor>, name: String, position: Position, plan: CallbackPlan,
       cacheResults: CacheResults = .forward, resultsPosition: Int = 0) {
    self.interceptor = confined
    self.name = name
    self.position = position
    self.standalonePlan = plan
    self.cacheResults = cacheResults
    self.resultsPosition = resultsPosition
  }

  public func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    guard let send = CallbackSend.current else { return await standalone(request: request, next: next) }
    return await run(request: request, send: send, next: next)
  }

  private func run<Request: GraphQLRequest>(
    request: Request, send: CallbackSend, next: NextInterceptorFunction<Request>
  ) async -> InterceptorResultStream<Request> {
    switch position {
    case .beforeNetwork: return await beforeNetwork(request: request, send: send, next: next)
    case .afterParsing: return await afterParsing(request: request, send: send, next: next)
    }
  }

  /// Built alone, in an app's own 2.x provider: what ``CallbackProviderOnAsyncChain``'s first interceptor
  /// does for an adapted list, for this interceptor only. `retry` becomes `RequestChain.Retry` with the 1.x
  /// request's changes, and what the interceptor ended the request with (`handleErrorAsync`, a failure into
  /// its completion, ``CallbackInterceptorError``) reaches the app as that error. Other errors of the chain
  /// pass unchanged: there is no 1.x error interceptor to convert them for.
  private func standalone<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async -> InterceptorResultStream<Request> {
    let send = CallbackSend(plan: standalonePlan, request: request)
    send.lock.withLock { send.makesRetries(as: request) }
    let upstream: InterceptorResultStream<Request>
    if position == .afterParsing {
      // Alone there is no adapted HTTP stage to keep the response the turn hands the interceptor: the engine notes it,
      // for the observer a wrapper further out bound already, if any (one observer sees the response for all).
      let bound = HTTPResponseObserver.current
      let observer = bound ?? HTTPResponseObserver()
      send.lock.withLock { send.observedHTTP = observer }
      if bound != nil {
        upstream = await run(request: request, send: send, next: next)
      } else {
        upstream = await HTTPResponseObserver.$current.withValue(observer) { await run(request: request, send: send, next: next) }
      }
    } else {
      upstream = await run(request: request, send: send, next: next)
    }
    return await InPlaceStreams.mapErrors(upstream) { error in
      if let handled = error as? CallbackHandledError { throw handled.underlying }
      throw error
    }
  }

  // MARK: Before the network

  private func beforeNetwork<Request: GraphQLRequest>(
    request: Request, send: CallbackSend, next: NextInterceptorFunction<Request>
  ) async -> InterceptorResultStream<Request> {
    typealias Operation = Request.Operation
    let output = PreflightOutput<ParsedResult<Operation>>(answerTimeout: send.plan.answerTimeout)
    let bridge = CallbackChainBridge(send: send, name: name, retriesAfterProceeding: true,
                                     onFailure: { [weak output] in output?.finish(throwing: $0) })
    // Held weakly: once the reader let go, values go nowhere.
    let sink = bridge.sink(for: Operation.self) { [weak output] value, records in
      output?.yield(ParsedResult(result: ResultConversion.v2(value, as: Operation.self), cacheRecords: records))
    }
    let interceptor = self.interceptor
    let started = send.lock.withLock { () -> Bool in
      send.syncIn(request)
      guard let mirror = send.typedMirror(Operation.self) else { return false }
      interceptor.withValue { $0.interceptAsync(chain: bridge, request: mirror, response: nil, completion: sink) }
      return true
    }
    guard started else {
      output.finish(throwing: CallbackInterceptorError.operationTypeMismatch(interceptor: name, expected: Operation.operationName))
      return InterceptorResultStream<Request>(stream: output.stream())
    }
    bridge.interceptReturned()
    // The interceptor's decision is awaited here, inside `intercept`, so `next` is called before this returns.
    let decided = await bridge.decision()
    let step = decided.withValue { decision -> Step<Request> in
      switch decision {
      case .proceed(let object, _, let completion):
        guard let completion = completion as? PassedCompletion<Operation> else {
          return .fail(CallbackInterceptorError.operationTypeMismatch(interceptor: name, expected: Operation.operationName))
        }
        return .proceed(send.apply(object, to: request), completion)
      case .retry(let object, let completion):
        return .fail(send.retryError(for: object, origin: RetryOrigin(bridge: bridge, completion: completion)))
      case .finished: return .done
      case .failed(let error): return .fail(error is CancellationError ? error : CallbackHandledError(underlying: error))
      }
    }
    switch step {
    case .proceed where bridge.isOutputClosed:
      // A second onward call already ended the turn: no network request for the first.
      return InterceptorResultStream<Request>(stream: output.stream())
    case .done:
      output.finish()
      return Self.ended(output, as: Request.self)
    case .fail(let error):
      output.finish(throwing: error)
      return Self.ended(output, as: Request.self)
    case .proceed(let onward, let completion):
      // Linked before `next`, where a retry from further in may thread this turn's completion into the next pass.
      send.lock.withLock { send.recordPreflightLink(CompletionLink(completion: completion, bridge: bridge)) }
      let downstream = await next(onward)
      // Whenever the turn's output ends (or its reader goes away), later verbs are ignored, and the send lets go of
      // the turn's link (a retry has linked it by then).
      output.onEnd {
        bridge.cancelExternally()
        send.lock.withLock { send.dropPreflightLink(of: bridge) }
      }
      let cacheResults = self.cacheResults
      let deliver: @Sendable (Result<ParsedResult<Operation>, any Error>, PreflightOutput<ParsedResult<Operation>>) -> Void = {
        result, output in
        switch result {
        case .success(let element) where cacheResults != .forward && element.result.source == .cache:
          if cacheResults == .passBy { output.pass(element) }
        case .success(let element):
          output.expectAnswer()
          Self.forward(.success(element), to: completion, bridge: bridge, ending: { output.finish(throwing: $0) })
        case .failure(let retry as V2RequestChain<Request>.Retry):
          // Control flow, not a result: 1.x interceptors never saw it. A retry of the 2.x chain's own runs the next
          // attempt under this turn's completion too, as 1.x's persisted-query retry did.
          send.lock.withLock { send.rethreadOwnRetry(as: Operation.self) }
          output.finish(throwing: retry)
        case .failure(is CancellationError):
          output.finish(throwing: CancellationError())
        case .failure(let error):
          // Nothing more comes from downstream; the output ends once the completion has answered.
          output.expectAnswer()
          Self.forward(Result<ParsedResult<Operation>, any Error>.failure(error), to: completion, bridge: bridge,
                       ending: { output.finish(throwing: $0) })
        }
      }
      // Each downstream result goes to the completion the interceptor passed on, whose values land in `output`:
      // in the reader's task (or at once for a settled downstream), with no forwarding task per request.
      return output.reading(downstream, deliver: deliver)
    }
  }

  /// The stream of a turn that ended without going onward (a cache hit answered by 1.x's `CacheReadInterceptor`,
  /// a failure): settled, so the stage in front hands its values on at once, as for a single response.
  private static func ended<Request: GraphQLRequest>(
    _ output: PreflightOutput<ParsedResult<Request.Operation>>, as _: Request.Type
  ) -> InterceptorResultStream<Request> {
    guard let settled = output.settled() else { return InterceptorResultStream<Request>(stream: output.stream()) }
    return InterceptorResultStream<Request>(settled: settled)
  }

  /// What a pre-flight decision leads to.
  private enum Step<Request: GraphQLRequest> {
    case proceed(Request, PassedCompletion<Request.Operation>)
    case fail(any Error)
    case done
  }

  /// Hands one downstream result (or error) to the completion the interceptor passed on. An error no 1.x code
  /// has answered yet goes to the error interceptor first, with that completion (see
  /// ``CallbackErrorInterceptorOnAsyncChain/answer(_:through:send:ending:)``); `finish` ends the turn if it retries.
  static func forward<Operation: GraphQLOperation>(
    _ result: Result<ParsedResult<Operation>, any Error>, to completion: PassedCompletion<Operation>, bridge: CallbackChainBridge,
    ending finish: @escaping @Sendable (any Error) -> Void
  ) {
    bridge.lock.withLock {
      switch result {
      case .success(let element):
        bridge.currentRecords = element.cacheRecords
        completion.call(.success(ResultConversion.v1(element.result)), lock: bridge.lock)
        bridge.currentRecords = nil
      case .failure(let error as CallbackHandledError):
        completion.call(.failure(error.underlying), lock: bridge.lock)
      case .failure(let error):
        if CallbackErrorInterceptorOnAsyncChain.answer(error, through: completion, send: bridge.send, ending: finish) { return }
        let converted = ResultConversion.v1Error(error)
        bridge.forwardingUnhandled = true
        bridge.forwardedError = (error, converted)
        completion.call(.failure(converted), lock: bridge.lock)
        bridge.forwardingUnhandled = false
        bridge.forwardedError = nil
      }
    }
  }

  // MARK: After parsing

  private func afterParsing<Request: GraphQLRequest>(
    request: Request, send: CallbackSend, next: NextInterceptorFunction<Request>
  ) async -> InterceptorResultStream<Request> {
    send.lock.withLock { send.syncIn(request) }
    let upstream = await next(request).getStream()
    let (stream, continuation) = AsyncThrowingStream<ParsedResult<Request.Operation>, any Error>.makeStream()
    let interceptor = self.interceptor
    let name = self.name
    let resultsPosition = self.resultsPosition
    let task = Task {
      do {
        for try await element in upstream {
          guard element.result.source == .server else {
            continuation.yield(element)
            continue
          }
          try await Self.afterParsingTurn(element, interceptor: interceptor, name: name, resultsPosition: resultsPosition, send: send,
                                          requestType: Request.self, into: continuation)
        }
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    return InterceptorResultStream<Request>(stream: stream)
  }

  private static func afterParsingTurn<Request: GraphQLRequest>(
    _ element: ParsedResult<Request.Operation>, interceptor: CallbackConfined<any ApolloInterceptor>, name: String,
    resultsPosition: Int, send: CallbackSend, requestType: Request.Type,
    into continuation: AsyncThrowingStream<ParsedResult<Request.Operation>, any Error>.Continuation
  ) async throws {
    typealias Operation = Request.Operation
    // Until the results stage connects the turn, what its own completion gets goes up from here; after, on to the
    // completion the interceptor before it passed on (as an HTTP-stage hook's).
    let route = PassedCompletionRoute<Operation>()
    let bridge = CallbackChainBridge(send: send, name: name, onFailure: { error in
      if !route.fail(error) { continuation.finish(throwing: error) }
    })
    let sink = bridge.sink(for: Operation.self) { value, records in
      guard !route.deliver(value, records: records) else { return }
      continuation.yield(ParsedResult(result: ResultConversion.v2(value, as: Operation.self), cacheRecords: records))
    }
    let started = send.lock.withLock { () -> Bool in
      guard let mirror = send.typedMirror(Operation.self) else { return false }
      let last = send.lastHTTP ?? send.observedHTTP?.latest.map { (response: $0.response, data: $0.latestChunk) }
      let head = last?.response
        ?? HTTPURLResponse(url: mirror.graphQLEndpoint, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])!
      let response = V1HTTPResponse<Operation>(response: head, rawData: last?.data ?? Data(),
                                              parsedResponse: ResultConversion.v1(element.result))
      response.cacheRecords = element.cacheRecords
      interceptor.withValue { $0.interceptAsync(chain: bridge, request: mirror, response: response, completion: sink) }
      return true
    }
    guard started else {
      throw CallbackInterceptorError.operationTypeMismatch(interceptor: name, expected: Operation.operationName)
    }
    bridge.interceptReturned()
    let decided = await bridge.decision()
    let failure = decided.withValue { decision -> (any Error)? in
      switch decision {
      case .proceed(let object, let response, let completion):
        send.adopt(object)
        let response = response as? V1HTTPResponse<Operation>
        let value = response?.parsedResponse ?? ResultConversion.v1(element.result)
        // The records of the response it went on with, none included (a hook keeping a result out of the cache, or a
        // new response of its own): 1.x's `CacheWriteInterceptor` wrote only those.
        let records = response.map { $0.cacheRecords } ?? element.cacheRecords
        guard let completion = completion as? PassedCompletion<Operation> else { return nil }
        guard send.plan.hasAfterParsingHooks else {
          // Built alone, with no results stage above: the completion hears of the result here.
          bridge.currentRecords = records
          completion.call(.success(value), lock: send.lock)
          bridge.currentRecords = nil
          return nil
        }
        // The result goes on to the interceptors after this one (persisted queries, the cache write); its
        // completion hears of it at the results stage, after them, as 1.x's chain of completions ran.
        send.recordPassedCompletionTurn(PassedCompletionTurn(completion: completion, bridge: bridge, route: route), at: resultsPosition)
        continuation.yield(ParsedResult(result: ResultConversion.v2(value, as: Operation.self), cacheRecords: records))
        return nil
      case .retry(let object, let completion):
        return send.retryError(for: object, origin: RetryOrigin(bridge: bridge, completion: completion))
      case .finished:
        return nil
      case .failed(let error):
        return error is CancellationError ? error : CallbackHandledError(underlying: error)
      }
    }
    if let failure { throw failure }
  }

  // MARK: Shared

  /// A bridge and its completion for one turn whose values are yielded into `continuation` (converted
  /// to 2.x results) and whose failure closes it.
  static func turn<Operation: GraphQLOperation>(
    send: CallbackSend, name: String,
    into continuation: AsyncThrowingStream<ParsedResult<Operation>, any Error>.Continuation, operation: Operation.Type
  ) -> (CallbackChainBridge, (Result<V1GraphQLResult<Operation.Data>, any Error>) -> Void) {
    let bridge = CallbackChainBridge(send: send, name: name, onFailure: { continuation.finish(throwing: $0) })
    let sink = bridge.sink(for: Operation.self) { value, records in
      continuation.yield(ParsedResult(result: ResultConversion.v2(value, as: Operation.self), cacheRecords: records))
    }
    return (bridge, sink)
  }
}
