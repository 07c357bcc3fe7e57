import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore

// 1.x's `retry(request:completion:)` starts the chain again under the completion it is given, usually the one the
// retrying code held: the wrapping completions of the pass that retried stay threaded outside those of the next
// pass, and a result after a retry goes through both. The adapter retries the 2.x way (`RequestChain.Retry`), so
// it threads them back itself: when an attempt retries, the completions its interceptors passed on are linked
// outward (``CallbackSend/retire(deciding:completion:inner:collector:)``), and the next attempt's first interceptor hands
// each of its results to the completion given to `retry` (``RethreadCollector``) before they go up.

/// Where the values and failures reaching a retired turn's own completion go: the completion the turn outside it
/// passed on, or, for the outermost, the attempt's way out.
final class LateRoute<Operation: GraphQLOperation>: @unchecked Sendable {
  // @unchecked Sendable: `onward` is immutable and calls 1.x code inside the send's CallbackLock; `isActive` is read
  // and written inside that lock.
  let onward: (Result<V1GraphQLResult<Operation.Data>, any Error>) -> Void
  /// Set when the next attempt starts (``CallbackRethread/activate()``): a retry the 2.x chain turns into something
  /// else (a `NetworkFirst` fallback) leaves the turns delivering as before.
  var isActive = false

  init(_ onward: @escaping (Result<V1GraphQLResult<Operation.Data>, any Error>) -> Void) {
    self.onward = onward
  }
}

/// A completion an adapted turn passed on with `proceedAsync` in the current attempt, with the bridge of that turn
/// (whose own completion is what the passed one wraps), outermost first.
struct CompletionLink {
  let completion: AnyObject
  let bridge: CallbackChainBridge
}

/// Where results leave a rethreaded chain of completions: the output of the latest attempt's first interceptor,
/// with the cache records of the result being handed through.
final class RethreadCollector<Operation: GraphQLOperation>: @unchecked Sendable {
  // @unchecked Sendable: `output` and `currentRecords` are read and written inside the send's CallbackLock.
  weak var output: PreflightOutput<ParsedResult<Operation>>?
  var currentRecords: RecordSet?

  func receive(_ result: Result<V1GraphQLResult<Operation.Data>, any Error>) {
    switch result {
    case .success(let value):
      output?.yield(ParsedResult(result: ResultConversion.v2(value, as: Operation.self), cacheRecords: currentRecords))
    case .failure(let error):
      output?.finish(throwing: (error as? CallbackHandledError)?.underlying ?? error)
    }
  }
}

/// What an attempt that retried leaves the next one: the completion given to `retry`, which the next attempt's
/// results go through, and the collector at the end of the chain it leads to.
final class CallbackRethread: @unchecked Sendable {
  // @unchecked Sendable: immutable; the completion is called, and the routes activated, inside the send's CallbackLock.
  let completion: AnyObject
  let collector: AnyObject
  /// Activates the late routes of the turns the retry linked (``LateRoute``), inactive until the next attempt starts.
  private let activateRoutes: () -> Void

  init<Operation: GraphQLOperation>(completion: AnyObject, collector: RethreadCollector<Operation>, routes: [LateRoute<Operation>]) {
    self.completion = completion
    self.collector = collector
    self.activateRoutes = {
      for route in routes { route.isActive = true }
    }
  }

  /// Makes the linked turns send what their completions get along their late routes. Call holding the send's lock.
  func activate() {
    activateRoutes()
  }
}

extension CallbackSend {
  /// Links this attempt's completions outward for the results of the next attempt, which `completion` (given to
  /// `retry` by the code whose turn `deciding` is) will carry: each turn's own completion goes on to the one passed
  /// on by the turn outside it; the deciding turn's to `inner` (the completion it answered through, for the error
  /// interceptor) or the innermost passed on; the outermost to the completion this attempt was itself rethreaded
  /// through, or out to `collector`. Call holding `lock`.
  func retire<Operation: GraphQLOperation>(
    deciding: CallbackChainBridge?, completion: PassedCompletion<Operation>?, inner: PassedCompletion<Operation>?,
    collector: RethreadCollector<Operation>
  ) -> CallbackRethread? {
    guard let completion else { return nil }
    let lock = self.lock
    let outermost: (Result<V1GraphQLResult<Operation.Data>, any Error>) -> Void
    if let rethreaded = rethreadedThrough as? PassedCompletion<Operation> {
      outermost = { rethreaded.call($0, lock: lock) }
    } else {
      outermost = { collector.receive($0) }
    }
    let links = outwardLinks(Operation.self)
    var routes: [LateRoute<Operation>] = []
    func retire(_ bridge: CallbackChainBridge, to route: LateRoute<Operation>) {
      bridge.retire(to: route)
      routes.append(route)
    }
    for (index, link) in links.enumerated() {
      if index + 1 < links.count, let outer = links[index + 1].completion as? PassedCompletion<Operation> {
        retire(link.bridge, to: LateRoute<Operation> { outer.call($0, lock: lock) })
      } else {
        retire(link.bridge, to: LateRoute<Operation>(outermost))
      }
    }
    if let deciding {
      if let first = inner ?? links.first?.completion as? PassedCompletion<Operation> {
        retire(deciding, to: LateRoute<Operation> { first.call($0, lock: lock) })
      } else {
        retire(deciding, to: LateRoute<Operation>(outermost))
      }
    }
    leftRethread = true
    return CallbackRethread(completion: completion, collector: collector, routes: routes)
  }

  /// A retry of the 2.x chain's own (the persisted-query one, which 1.x's interceptor made with the completion it
  /// held: the innermost one passed on), unless a 1.x retry already left the next attempt its completion. Call
  /// holding `lock`.
  func rethreadOwnRetry<Operation: GraphQLOperation>(as _: Operation.Type) {
    guard !leftRethread, let slot = retrySlot else { return }
    let collector = slot.collector(for: Operation.self)
    if let innermost = outwardLinks(Operation.self).first?.completion as? PassedCompletion<Operation> {
      slot.putRethread(retire(deciding: nil, completion: innermost, inner: nil, collector: collector))
    } else if let inherited = rethreadedThrough as? PassedCompletion<Operation> {
      // Nothing of this attempt to thread: the next runs under the completion this one ran under.
      leftRethread = true
      slot.putRethread(CallbackRethread(completion: inherited, collector: collector, routes: [LateRoute<Operation>]()))
    }
  }

  /// The completions passed on in this attempt, innermost first: the HTTP-stage hooks (latest position first),
  /// then the pre-flight turns.
  private func outwardLinks<Operation: GraphQLOperation>(_: Operation.Type) -> [CompletionLink] {
    let hooks = completionStageTurns.sorted { $0.key > $1.key }.compactMap { $0.value as? PassedCompletionTurn<Operation> }
      .map { CompletionLink(completion: $0.completion, bridge: $0.bridge) }
    return hooks + preflightLinks.reversed()
  }
}
