import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import Foundation

/// Brings a server result back through the completions that the 1.x interceptors after the fetch passed on (those
/// before the parser and those after it), as 1.x's chain of completions did.
///
/// | 1.x | 2.x stage | when it runs |
/// |---|---|---|
/// | an interceptor after the fetch calls `proceedAsync(…, completion: wrapper)` | the HTTP-stage hook records `wrapper` for its position (``PassedCompletionTurn``) | per body chunk |
/// | an interceptor after the parser does the same | its post-flight turn records `wrapper` after every HTTP-stage position, in 1.x order | per server result |
/// | the chain's result (or error) reaches `wrapper`, whose own completion goes on towards the caller | this GraphQL interceptor hands each server result and error to the recorded completions, the last one's first | per result, once the post-flight stages (persisted queries, the cache write) have run |
///
/// It sits after the adapted pre-flight interceptors and before every post-flight stage, so a result has passed
/// the persisted-query check and the cache write before any of these completions hears of it, and goes on to
/// the pre-flight ones' after them: the 1.x order. Results from the cache pass by:
/// in 1.x `CacheReadInterceptor` returned them before any interceptor after the fetch ran. An error goes to the
/// 1.x error interceptor before the last hook's completion, and what it answers is what the completions see,
/// as when 1.x's parser or `ResponseCodeInterceptor` called `handleErrorAsync` with the completion it held.
///
/// With a multipart response, each part's hooks record their completions as the HTTP stage reads the part,
/// which may be ahead of the part whose result is being handed back: a result goes through the completions
/// of the latest part read. They differ only for a hook that wraps each part's completion differently.
struct CallbackCompletionStageOnAsyncChain: GraphQLInterceptor {
  func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    typealias Operation = Request.Operation
    guard let send = CallbackSend.current else { return await next(request) }
    let downstream = await next(request)
    let output = PreflightOutput<ParsedResult<Operation>>(answerTimeout: send.plan.answerTimeout)
    // A turn's completion holds its bridge, which holds the send: the send lets go of the turns when the
    // output ends or its reader lets go of it, and records none after that.
    output.onEnd { send.lock.withLock { send.closePassedCompletionTurns() } }
    let deliver: @Sendable (Result<ParsedResult<Operation>, any Error>, PreflightOutput<ParsedResult<Operation>>) -> Void = {
      result, output in
      switch result {
      case .success(let element) where element.result.source != .server:
        output.pass(element)
      case .failure(let retry as V2RequestChain<Request>.Retry):
        // A retry from below (the persisted-query one) runs the next attempt under these hooks' completions too;
        // they are let go of when the output ends, so they are linked first.
        send.lock.withLock { send.rethreadOwnRetry(as: Operation.self) }
        output.finish(throwing: retry)
      case .failure(is CancellationError):
        output.finish(throwing: CancellationError())
      case .success, .failure:
        guard let innermost = Self.connect(send, into: output, operation: Operation.self) else {
          // No hook went onward with a completion in this attempt: nothing to hand the result to.
          switch result {
          case .success(let element): output.yield(element)
          case .failure(let error): output.finish(throwing: error)
          }
          return
        }
        // The output waits for the answer (a completion may hop to a queue first) before it ends.
        output.expectAnswer()
        CallbackInterceptorOnAsyncChain.forward(result, to: innermost.completion, bridge: innermost.bridge,
                                                ending: { output.finish(throwing: $0) })
      }
    }
    return output.reading(downstream, deliver: deliver)
  }

  /// Links the recorded turns, first hook to last: what a hook's completion delivers goes to the completion the
  /// hook before it passed on, and the first hook's to `output`. Returns the last hook's turn, where a result
  /// starts; `nil` when no hook recorded one.
  private static func connect<Operation: GraphQLOperation>(
    _ send: CallbackSend, into output: PreflightOutput<ParsedResult<Operation>>, operation: Operation.Type
  ) -> PassedCompletionTurn<Operation>? {
    send.lock.withLock {
      let turns = send.completionStageTurns.sorted { $0.key < $1.key }.compactMap { $0.value as? PassedCompletionTurn<Operation> }
      var previous: PassedCompletionTurn<Operation>?
      for turn in turns {
        turn.route.connect(to: previous, output: output)
        previous = turn
      }
      return previous
    }
  }
}

/// Where the values and the failure that a 1.x hook's own completion receives go (a hook after the fetch, before the
/// parser or after it).
///
/// Before the hook went onward (it answered with `returnValueAsync` or a failure instead), nowhere: the hook's
/// stage takes them as its answer. Once ``CallbackCompletionStageOnAsyncChain`` hands a result back through the
/// hook's passed completion, to the completion of the hook before it, or out of the adapted stage.
final class PassedCompletionRoute<Operation: GraphQLOperation>: @unchecked Sendable {
  // @unchecked Sendable: the fields are read and written only inside the send's CallbackLock (the sink and the
  // bridge's failure handler run holding it, and `connect` sets them holding it).
  private var connected = false
  private var outer: PassedCompletionTurn<Operation>?
  /// Weak: the output's reader owns it, and when the reader lets go, what the hook delivers goes nowhere.
  private weak var output: PreflightOutput<ParsedResult<Operation>>?

  /// Sends what the hook's completion receives to the completion the hook before it passed on (`outer`), or
  /// out of the adapted stage into `output` for the first hook (`outer` nil).
  func connect(to outer: PassedCompletionTurn<Operation>?, output: PreflightOutput<ParsedResult<Operation>>) {
    connected = true
    self.outer = outer
    self.output = output
  }

  /// Passes a value on; `false` when the route is not connected yet.
  func deliver(_ value: V1GraphQLResult<Operation.Data>, records: RecordSet?) -> Bool {
    guard connected else { return false }
    let element = ParsedResult(result: ResultConversion.v2(value, as: Operation.self), cacheRecords: records)
    if let outer {
      CallbackInterceptorOnAsyncChain.forward(.success(element), to: outer.completion, bridge: outer.bridge,
                                              ending: { [weak output] in output?.finish(throwing: $0) })
    } else {
      output?.yield(element)
    }
    return true
  }

  /// Passes a failure on (as the bridge gives it: handled, or the chain's own error passed through);
  /// `false` when the route is not connected yet.
  func fail(_ error: any Error) -> Bool {
    guard connected else { return false }
    // A hook that cancelled its chain (`cancel()` ends its turn with CancellationError) ends the request
    // silently, as in 1.x: the completions of the hooks before it are not told.
    if let outer, !(error is CancellationError) {
      CallbackInterceptorOnAsyncChain.forward(Result<ParsedResult<Operation>, any Error>.failure(error),
                                              to: outer.completion, bridge: outer.bridge,
                                              ending: { [weak output] in output?.finish(throwing: $0) })
    } else {
      output?.finish(throwing: error)
    }
    return true
  }
}

/// The latest onward turn of one 1.x hook after the fetch: the completion it passed on, the bridge it talked to and
/// where its own completion's values go.
final class PassedCompletionTurn<Operation: GraphQLOperation>: @unchecked Sendable {
  // @unchecked Sendable: immutable; the completion and the route are used only inside the send's CallbackLock.
  let completion: PassedCompletion<Operation>
  let bridge: CallbackChainBridge
  let route: PassedCompletionRoute<Operation>

  init(completion: PassedCompletion<Operation>, bridge: CallbackChainBridge, route: PassedCompletionRoute<Operation>) {
    self.completion = completion
    self.bridge = bridge
    self.route = route
  }
}
