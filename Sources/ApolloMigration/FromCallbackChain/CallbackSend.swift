import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 1.x interceptors of one send, sorted onto the 2.x stages by ``CallbackProviderOnAsyncChain``.
struct CallbackPlan: Sendable {
  /// One step between the network fetch and the parser, in 1.x order.
  enum HTTPStep: Sendable {
    /// 1.x `ResponseCodeInterceptor`: the 2.x `ResponseCodeInterceptor` at this position.
    case responseCode
    /// A custom 1.x interceptor that sees the raw response.
    case hook(CallbackConfined<any ApolloInterceptor>, name: String)
  }

  var httpSteps: [HTTPStep] = []
  /// The list had a `CacheReadInterceptor`: the 2.x cache stage reads.
  var readsCache = false
  /// The list had a `CacheWriteInterceptor`: server results keep their records, so 2.x writes them.
  var writesCache = false
  let errorInterceptor: CallbackConfined<any ApolloErrorInterceptor>?
  /// The error interceptor's type name, for the errors its turns end with.
  var errorInterceptorName = "error interceptor"
  let timeout: Duration
  let lock: CallbackLock

  /// How long a turn's output waits for a completion to answer a result or error handed to it: the error
  /// interceptor may take `timeout` before the completion is even called, and the completion `timeout` after.
  var answerTimeout: Duration { timeout * 2 }

  /// The list had a custom interceptor after the parser.
  var hasAfterParsingHooks = false

  /// Whether a custom 1.x interceptor sits between the fetch and the parser.
  var hasHTTPHooks: Bool {
    httpSteps.contains { if case .hook = $0 { true } else { false } }
  }

  /// Whether something reads the HTTP response after the HTTP stage (``CallbackSend/lastHTTP``): the error
  /// interceptor (`response` of `handleErrorAsync`) or an interceptor after the parser.
  var readsLastHTTP: Bool { errorInterceptor != nil || hasAfterParsingHooks }
}

/// One send's shared state: the 1.x request the interceptors see (the "mirror"), what of it has been
/// copied to the 2.x request, and the plan. Bound as a task-local value by the chain's first interceptor,
/// so the HTTP stage and the cache read find it.
final class CallbackSend: @unchecked Sendable {
  // @unchecked Sendable: `mirror`, the baselines, `latestRequest`, `lastHTTP`, `observedHTTP`, `retryMaker`, the completion-stage turns,
  // `preflightLinks`, `rethreadedThrough`, `leftRethread`, `retrySlot` and `cacheReadDone` are only read or written
  // inside `plan.lock` (the send's CallbackLock).
  @TaskLocal static var current: CallbackSend?

  let plan: CallbackPlan
  var lock: CallbackLock { plan.lock }
  /// The 1.x request (`V1HTTPRequest<Operation>`) that 1.x interceptors see and change.
  private(set) var mirror: AnyObject
  private var baselineHeaders: [String: String]
  private var baselinePolicy: V1CachePolicy
  private var baselineEndpoint: URL
  /// The 2.x request that last went onward (a `Request`).
  var latestRequest: Any
  /// The head and body chunk the HTTP stage saw last, for 1.x hooks after the parser.
  var lastHTTP: (response: HTTPURLResponse, data: Data)?
  /// Where the engine notes the response, for an interceptor adapted on its own after the parser (no HTTP stage of
  /// the adapter keeps `lastHTTP` then).
  var observedHTTP: HTTPResponseObserver?
  /// Builds `RequestChain<Request>.Retry` for a 1.x request: set by the first interceptor, which knows `Request`.
  var retryMaker: ((CallbackSend, AnyObject, RetryOrigin?) -> any Error)?
  /// The completions the adapted pre-flight turns passed on in this attempt, outermost first (for a retry's
  /// rethreading, ``retire(deciding:completion:inner:collector:)``).
  private(set) var preflightLinks: [CompletionLink] = []
  /// The completion given to the `retry` that started this attempt (a `PassedCompletion<Operation>`), which its
  /// results go through before they go up, as 1.x's next pass ran under it.
  var rethreadedThrough: AnyObject?
  /// A retry of this attempt has left the next one the completion its results go through.
  var leftRethread = false
  /// Where a retry leaves the next attempt its 1.x request and completion. Weak: the first interceptor keeps it for
  /// the request, and what it keeps for the next attempt leads back to this send.
  weak var retrySlot: CallbackRetrySlot?
  /// Runs a 1.x hook on one chunk: set by the first interceptor, which knows `Request`, when the plan has hooks.
  var httpHook: (@Sendable (CallbackSend, CallbackConfined<any ApolloInterceptor>, String, Int, HTTPURLResponse, Data) async throws -> Data)?
  /// The latest onward turn (a `PassedCompletionTurn<Operation>`) of each HTTP-stage hook, by its index in
  /// `plan.httpSteps`, and of each hook after the parser, after those, for ``CallbackCompletionStageOnAsyncChain``.
  private(set) var completionStageTurns: [Int: AnyObject] = [:]
  private var completionStageTurnsClosed = false
  /// The 1.x `CacheReadInterceptor` has had its turn (``CallbackCacheReadOnAsyncChain``): the 2.x cache stage reads
  /// nothing, the 2.x `FetchBehavior` stays, and a later 1.x `cachePolicy` only decides whether the result is written.
  private(set) var cacheReadDone = false
  /// The 2.x cache stage reads again after the 1.x read, only so that the chain streams (``cacheWasRead(rereading:)``).
  private(set) var rereadsCacheToStream = false

  /// - Parameter retried: the 1.x request an interceptor last passed to `chain.retry(request:)` in an earlier
  ///   attempt, which this attempt's interceptors see, as 1.x's next pass did (with its own `context`, say).
  init<Request: GraphQLRequest>(plan: CallbackPlan, request: Request, retried: CallbackConfined<AnyObject>? = nil) {
    self.plan = plan
    let binding = CallbackRequestContext.current
    let mirror: V1HTTPRequest<Request.Operation>
    if let retried = retried?.withValue({ $0 as? V1HTTPRequest<Request.Operation> }) {
      mirror = retried
    } else if let carried = binding?.request?.withValue({ $0 as? V1HTTPRequest<Request.Operation> }) {
      mirror = carried
    } else {
      mirror = Self.makeMirror(for: request, binding: binding)
    }
    self.mirror = mirror
    self.baselineHeaders = mirror.additionalHeaders
    self.baselinePolicy = mirror.cachePolicy
    self.baselineEndpoint = mirror.graphQLEndpoint
    self.latestRequest = request
  }

  /// A 1.x request standing for a 2.x one that did not come from the facade (migration step 2, a 2.x client): always a
  /// `JSONRequest` (an upload looks like one too), with 1.x's default client name and version in its headers; the 2.x
  /// request's own headers win, and the 2.x client's awareness headers are added to the wire later, by the 2.x request.
  private static func makeMirror<Request: GraphQLRequest>(
    for request: Request, binding: CallbackRequestContext.Binding?
  ) -> V1HTTPRequest<Request.Operation> {
    let policy = CachePolicyMapping.cachePolicy(for: request.fetchBehavior, writeResultsToCache: request.writeResultsToCache)
    let context = binding?.context?.withValue { $0 }
    let apq = (request as? V2JSONRequest<Request.Operation>)?.apqConfig
    let mirror = V1JSONRequest(
      operation: request.operation, graphQLEndpoint: request.graphQLEndpoint, contextIdentifier: binding?.contextIdentifier,
      clientName: ClientAwareness.defaultClientName, clientVersion: ClientAwareness.defaultClientVersion,
      additionalHeaders: [:], cachePolicy: policy, context: context,
      autoPersistQueries: apq?.autoPersistQueries ?? false,
      useGETForPersistedQueryRetry: apq?.useGETForPersistedQueryRetry ?? false)
    // The 2.x request's own headers win over what the 1.x initializer adds.
    for (name, value) in request.additionalHeaders { mirror.addHeader(name: name, value: value) }
    return mirror
  }

  /// The mirror, typed. Call holding `lock`.
  func typedMirror<Operation: GraphQLOperation>(_: Operation.Type) -> V1HTTPRequest<Operation>? {
    mirror as? V1HTTPRequest<Operation>
  }

  /// Copies what a 2.x interceptor changed on `request` onto the mirror (headers, cache policy, APQ
  /// retry flag), so the next 1.x interceptor sees it. Call holding `lock`.
  func syncIn<Request: GraphQLRequest>(_ request: Request) {
    latestRequest = request
    guard let mirror = typedMirror(Request.Operation.self) else { return }
    for (name, value) in request.additionalHeaders where baselineHeaders[name] != value {
      mirror.addHeader(name: name, value: value)
      baselineHeaders[name] = value
    }
    let policy = CachePolicyMapping.cachePolicy(for: request.fetchBehavior, writeResultsToCache: request.writeResultsToCache)
    let current = CachePolicyMapping.fetchBehavior(for: baselinePolicy, of: Request.Operation.operationType)
    // After the 1.x cache read the 2.x behaviour is frozen: it no longer follows the 1.x policy, nor it the 2.x one.
    if !cacheReadDone, current.behavior != request.fetchBehavior || current.writeResultsToCache != request.writeResultsToCache {
      mirror.cachePolicy = policy
      baselinePolicy = policy
    }
    if let json = request as? V2JSONRequest<Request.Operation>, json.isPersistedQueryRetry,
       let mirrorJSON = mirror as? V1JSONRequest<Request.Operation>, !mirrorJSON.isPersistedQueryRetry {
      mirrorJSON.isPersistedQueryRetry = true
    }
  }

  /// Adopts `object` (the request a 1.x interceptor passed on) as the mirror and returns `request` with
  /// the mirror's changes since the last call: headers set or removed, the cache policy (through
  /// ``CachePolicyMapping``) and the endpoint. Call holding `lock`.
  func apply<Request: GraphQLRequest>(_ object: AnyObject, to request: Request) -> Request {
    guard let mirror = object as? V1HTTPRequest<Request.Operation> else { return request }
    self.mirror = mirror
    var request = request
    let headers = mirror.additionalHeaders
    // An upload's Content-Type names its body's boundary: 1.x's upload request wrote a new one whenever it made its
    // URLRequest (an interceptor logging it, say), and the wire always matched its body; the 2.x upload's own stays.
    let keepsContentType = request is ApolloAsyncChain.UploadRequest<Request.Operation>
    for (name, value) in headers where baselineHeaders[name] != value {
      if keepsContentType && Self.isContentType(name) { continue }
      request.additionalHeaders[name] = value
    }
    for name in baselineHeaders.keys where headers[name] == nil {
      if keepsContentType && Self.isContentType(name) { continue }
      request.additionalHeaders[name] = nil
    }
    baselineHeaders = headers
    if mirror.cachePolicy != baselinePolicy {
      let mapped = CachePolicyMapping.fetchBehavior(for: mirror.cachePolicy, of: Request.Operation.operationType)
      if !cacheReadDone { request.fetchBehavior = mapped.behavior }
      request.writeResultsToCache = mapped.writeResultsToCache
      baselinePolicy = mirror.cachePolicy
    }
    if mirror.graphQLEndpoint != baselineEndpoint {
      request.graphQLEndpoint = mirror.graphQLEndpoint
      baselineEndpoint = mirror.graphQLEndpoint
    }
    latestRequest = request
    return request
  }

  /// Records `turn` as the latest of the hook at `position` (an HTTP-stage index, or after them for a hook after the
  /// parser). Call holding `lock`.
  private static func isContentType(_ name: String) -> Bool {
    name.caseInsensitiveCompare("Content-Type") == .orderedSame
  }

  func recordPassedCompletionTurn(_ turn: AnyObject, at position: Int) {
    guard !completionStageTurnsClosed else { return }
    completionStageTurns[position] = turn
  }

  /// Lets go of the recorded turns and records no more (the results they were for have all gone by). Call
  /// holding `lock`.
  func closePassedCompletionTurns() {
    completionStageTurnsClosed = true
    completionStageTurns.removeAll()
  }

  /// Records the completion a pre-flight turn passed on, and the turn's bridge. Call holding `lock`.
  func recordPreflightLink(_ link: CompletionLink) {
    preflightLinks.append(link)
  }

  /// Lets go of the link of the turn that `bridge` serves, once its output has ended: the link holds the bridge,
  /// which holds this send. Call holding `lock`.
  func dropPreflightLink(of bridge: CallbackChainBridge) {
    preflightLinks.removeAll { $0.bridge === bridge }
  }

  /// Records that the 1.x cache read has had its turn; `rereading` when the 2.x cache stage reads once more for a
  /// query's cache-and-network (only to stream it). Call holding `lock`.
  func cacheWasRead(rereading: Bool) {
    cacheReadDone = true
    rereadsCacheToStream = rereading
  }

  /// Adopts `object` as the mirror without copying anything to a 2.x request (after the network, a
  /// change only matters for a retry, which copies it then). Call holding `lock`.
  func adopt(_ object: AnyObject) {
    mirror = object
  }

  /// Makes ``retryError(for:origin:)`` give `RequestChain<Request>.Retry` with the 1.x request's changes applied to
  /// the latest 2.x request (`request` before any went onward), and leave the 1.x request in `slot` for the next
  /// attempt. Call holding `lock`, once per attempt.
  func makesRetries<Request: GraphQLRequest>(as request: Request, leavingTheRequestIn slot: CallbackRetrySlot? = nil) {
    // The slot weakly: what it keeps for the next attempt leads back to this send (the first interceptor keeps it).
    retryMaker = { [weak slot] send, object, origin in
      let latest = send.latestRequest as? Request ?? request
      let rethread = slot.flatMap { slot in
        origin.flatMap { origin in
          send.retire(deciding: origin.bridge, completion: origin.completion as? PassedCompletion<Request.Operation>,
                      inner: origin.inner as? PassedCompletion<Request.Operation>, collector: slot.collector(for: Request.Operation.self))
        }
      }
      slot?.put(CallbackConfined(object, lock: send.lock), rethread: rethread)
      let retried = send.apply(object, to: latest)
      // The next pass reads the cache again, as the 1.x request's policy says.
      return V2RequestChain<Request>.Retry(request: send.readingTheCacheAgain(retried) ?? retried)
    }
  }

  /// `RequestChain<Request>.Retry` for a request a 1.x interceptor retried; `origin` says under which completion the
  /// next attempt's results go on. Call holding `lock`.
  /// `request` (the next attempt's) reading the cache again as the 1.x request's policy says, when this attempt's 1.x
  /// cache read ran: 1.x retried with the same request, and its `CacheReadInterceptor` read again (a hit of
  /// `returnCacheDataAndFetch` is delivered again), for a 1.x retry and for one the 2.x chain made itself (the
  /// persisted-query retry, which goes to the network only). `nil` when nothing changes.
  func readingTheCacheAgain<Request: GraphQLRequest>(_ request: Request) -> Request? {
    guard cacheReadDone, let mirror = typedMirror(Request.Operation.self) else { return nil }
    let behavior = CachePolicyMapping.fetchBehavior(for: mirror.cachePolicy, of: Request.Operation.operationType).behavior
    guard behavior != request.fetchBehavior else { return nil }
    var retried = request
    retried.fetchBehavior = behavior
    return retried
  }

  func retryError(for object: AnyObject, origin: RetryOrigin? = nil) -> any Error {
    retryMaker?(self, object, origin) ?? CallbackInterceptorError.operationTypeMismatch(interceptor: "retry", expected: "this chain")
  }
}

/// An error that already went through the 1.x error interceptor (or straight to a 1.x completion):
/// the first interceptor unwraps it instead of handling it again.
struct CallbackHandledError: Error {
  let underlying: any Error
}

/// Where a 1.x `retry` came from: the bridge of the turn that called it, the completion it passed (a
/// `PassedCompletion<Operation>`) and, for the error interceptor, the completion it was answering through.
struct RetryOrigin {
  let bridge: CallbackChainBridge
  let completion: AnyObject
  var inner: AnyObject?
}

/// The 1.x request of the latest `chain.retry(request:)`, for every later attempt of the send (a 2.x retry after
/// it, such as the persisted-query one, keeps it too, as 1.x's chain kept the request it restarted with), and the
/// completion the next attempt's results go through (``CallbackRethread``), taken by that attempt.
final class CallbackRetrySlot: Sendable {
  private struct State: @unchecked Sendable {
    // @unchecked Sendable: the values are 1.x objects used inside the send's CallbackLock.
    var request: CallbackConfined<AnyObject>?
    var rethread: CallbackRethread?
    var collector: AnyObject?
    var attempts = 0
  }
  private let state = Mutex(State())

  /// Counts an attempt starting; whether one started before it (this one is a retry).
  func startAttempt() -> Bool {
    state.withLock { state in
      defer { state.attempts += 1 }
      return state.attempts > 0
    }
  }

  /// Records `retried` for the attempts after this one, and the completion the next one's results go through.
  func put(_ retried: CallbackConfined<AnyObject>, rethread: CallbackRethread?) {
    state.withLock {
      $0.request = retried
      $0.rethread = rethread
    }
  }

  /// The request of the latest retry, if any.
  var latest: CallbackConfined<AnyObject>? { state.withLock { $0.request } }

  /// Records the completion the next attempt's results go through, for a retry that carries no 1.x request.
  func putRethread(_ rethread: CallbackRethread?) { state.withLock { $0.rethread = rethread } }

  /// The completion left by the retry that started this attempt, once.
  func takeRethread() -> CallbackRethread? { state.withLock { $0.rethread.take() } }

  /// The send's one collector, where every rethreaded chain of completions ends.
  func collector<Operation: GraphQLOperation>(for _: Operation.Type) -> RethreadCollector<Operation> {
    state.withLock { state in
      if let collector = state.collector as? RethreadCollector<Operation> { return collector }
      let collector = RethreadCollector<Operation>()
      state.collector = collector
      return collector
    }
  }
}
