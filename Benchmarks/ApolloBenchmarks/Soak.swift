// The `soak` section: many requests through every stack against the scripted server with seeded random
// faults, checking the delivery contract of each generation rather than timing anything.
//
//   swift run -c release ApolloBenchmarks soak                 # 5,000 requests per stack, seed 1
//   SOAK_REQUESTS=300 SOAK_SEED=7 .build/debug/ApolloBenchmarks soak   # what the test command runs (and again
//                                                                      # with SOAK_CONCURRENCY=8: 8 in flight)
//
// Exit status 1 when any stack breaks a rule: a request that never completes (0.x: cancelled or not; 1.x
// and 2.x: when not cancelled), more than one completion, a 1.x or 2.x delivery that starts after
// `cancel()` returned, or more attempts than the retry limit allows.
import ApolloAsyncChain
import ApolloCallbackChain
import ApolloDelegateTransport
import ApolloMigration
import Foundation
import StarWarsAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: Seeded randomness

/// SplitMix64: a seeded run draws the same faults and cancellations every time.
struct SoakRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// What the scripted server does with one attempt.
enum SoakFault: String, CaseIterable, Sendable {
  case ok, serverError, clientError, malformed, truncated, dropMidBody, slowBody, refused, timedOut, emptyBody

  /// The response for this fault; `body` is a valid hero response.
  func response(body: Data) -> ScriptedResponse {
    let json = ["Content-Type": "application/json"]
    switch self {
    case .ok: return .raw(body, headers: json)
    case .serverError: return .raw(Data(#"{"errors":[{"message":"boom"}]}"#.utf8), statusCode: 500, headers: json)
    case .clientError: return .text("Unauthorized", statusCode: 401)
    case .malformed: return .raw(Data("{not json".utf8), headers: json)
    case .truncated: return .raw(body.prefix(body.count / 2), headers: json)
    case .dropMidBody:
      return ScriptedResponse(statusCode: 200, headers: json,
                              body: [.data(body.prefix(body.count / 2)), .fail(URLError(.networkConnectionLost))])
    case .slowBody:
      return ScriptedResponse(statusCode: 200, headers: json,
                              body: [.data(body.prefix(40)), .delay(.milliseconds(2)), .data(body.dropFirst(40))])
    case .refused: return .failure(URLError(.cannotConnectToHost))
    case .timedOut:
      // What URLSession reports when a request's time limit runs out before the response head: a stall, then
      // NSURLErrorTimedOut (the scripted server keeps no clock of its own, so the fault plays the stall).
      return ScriptedResponse(failure: URLError(.timedOut), headDelay: .milliseconds(3))
    case .emptyBody: return .raw(Data(), headers: json)
    }
  }

  /// Mostly successes, each fault a few percent of attempts.
  static func draw(_ random: inout SoakRandom) -> SoakFault {
    let roll = Int(random.next() % 100)
    switch roll {
    case ..<50: return .ok
    case ..<58: return .serverError
    case ..<63: return .clientError
    case ..<69: return .malformed
    case ..<75: return .truncated
    case ..<82: return .dropMidBody
    case ..<88: return .slowBody
    case ..<92: return .refused
    case ..<96: return .timedOut
    default: return .emptyBody
    }
  }
}

// MARK: Per-request bookkeeping

/// One request's completions, counted by whichever thread delivers them.
final class SoakRequest: Sendable {
  private struct State {
    var completions = 0
    var cancelled = false
    var afterCancel = 0
    var cancellationErrorsAfterCancel = 0
  }
  private let state = Mutex(State())
  private let firstCompletion = Mutex<CheckedContinuation<Void, Never>?>(nil)
  let index: Int

  init(index: Int) { self.index = index }

  /// Records a completion; `isCancellationError` marks 0.x's documented `URLError.cancelled` delivery.
  func complete(isCancellationError: Bool = false) {
    state.withLock { state in
      state.completions += 1
      if state.cancelled {
        if isCancellationError { state.cancellationErrorsAfterCancel += 1 } else { state.afterCancel += 1 }
      }
    }
    resumeWaiter()
  }

  func markCancelled() { state.withLock { $0.cancelled = true } }

  /// Records the end of a 2.x call (`fetch` returned or threw). A call cancelled before it ended returns to
  /// its own caller (with CancellationError, or with a result the chain had already produced): that is the
  /// call ending, not a delivery after cancellation, so it counts only when the request was not cancelled.
  /// Checked under the same lock as ``markCancelled()``: a check of `Task.isCancelled` before `complete()`
  /// raced the harness's cancel (a call ending between the two was once counted as a late delivery).
  func endCall() {
    let counted = state.withLock { state -> Bool in
      guard !state.cancelled else { return false }
      state.completions += 1
      return true
    }
    guard counted else { return }
    resumeWaiter()
  }

  var completions: Int { state.withLock { $0.completions } }
  var cancelled: Bool { state.withLock { $0.cancelled } }
  var completionsAfterCancel: Int { state.withLock { $0.afterCancel } }
  var cancellationErrors: Int { state.withLock { $0.cancellationErrorsAfterCancel } }

  /// Resumes whoever waits in ``waitForCompletion(limit:)``, once.
  private func resumeWaiter() {
    firstCompletion.withLock { continuation in
      continuation?.resume()
      continuation = nil
    }
  }

  /// Waits for the first completion, at most `limit`.
  func waitForCompletion(limit: Duration) async {
    if completions > 0 { return }
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
          let resumeNow = self.firstCompletion.withLock { slot -> Bool in
            if self.completions > 0 { return true }
            slot = continuation
            return false
          }
          if resumeNow { continuation.resume() }
        }
      }
      group.addTask { try? await Task.sleep(for: limit) }
      await group.next()
      group.cancelAll()
      // The sleeper ends at once when cancelled; the waiter is resumed here if it is still waiting.
      self.resumeWaiter()
    }
  }
}

/// A stack under soak: sends the hero query and reports each completion to `request`; the returned
/// closure cancels the call.
struct SoakStack: @unchecked Sendable {
  // @unchecked Sendable: the closures call each generation's client, whose API is safe to call from any
  // thread (apps do); the lanes of a concurrent soak call it from several tasks, as such an app does.
  let name: String
  /// 0.x completes every request exactly once, cancelled or not (a cancelled one usually with
  /// `URLError.cancelled`); 1.x and 2.x are silent after `cancel()`.
  let completesWhenCancelled: Bool
  let server: ScriptedServer
  /// Resets per-request hook state (the 0.x retry delegate counts a request's attempts).
  let beginRequest: () -> Void
  let send: (SoakRequest) -> (@Sendable () -> Void)
  let keepAlive: [AnyObject]
}

// MARK: The retry hooks, once per generation (retry a 5xx, at most `soakRetries` times)

let soakRetries = 3
/// The share of requests cancelled at a random moment (`SOAK_CANCEL_PERCENT`, 10 by default).
let soakCancelPercent = UInt64(ProcessInfo.processInfo.environment["SOAK_CANCEL_PERCENT"] ?? "").map { min($0, 100) } ?? 10

/// 0.x: retries a 5xx answer, counting the current request's retries itself (0.x has no cap of its own).
final class SoakRetryDelegateV0: HTTPNetworkTransportRetryDelegate, Sendable {
  private let retries = Mutex(0)
  func reset() { retries.withLock { $0 = 0 } }
  func networkTransport(_ networkTransport: HTTPNetworkTransport, receivedError error: any Error, for request: URLRequest,
                        response: URLResponse?, continueHandler: @escaping @Sendable (HTTPNetworkTransport.ContinueAction) -> Void) {
    let serverError = ((response as? HTTPURLResponse)?.statusCode ?? 0) >= 500
    let retry = serverError && retries.withLock { count -> Bool in
      guard count < soakRetries else { return false }
      count += 1
      return true
    }
    continueHandler(retry ? .retry : .fail(error))
  }
}

/// 1.x: the error interceptor retries a 5xx through `chain.retry`; the default `MaxRetryInterceptor`
/// bounds it.
struct SoakRetryOn5xxV1: ApolloErrorInterceptor {
  func handleErrorAsync<Operation: GraphQLOperation>(
    error: any Error, chain: any ApolloCallbackChain.RequestChain, request: ApolloCallbackChain.HTTPRequest<Operation>,
    response: ApolloCallbackChain.HTTPResponse<Operation>?,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    if case .invalidResponseCode(let http, _)? = error as? ApolloCallbackChain.ResponseCodeInterceptor.ResponseCodeError,
       (http?.statusCode ?? 0) >= 500 {
      chain.retry(request: request, completion: completion)
    } else {
      completion(.failure(error))
    }
  }
}

final class SoakProviderV1: ApolloCallbackChain.DefaultInterceptorProvider, @unchecked Sendable {
  // @unchecked Sendable: no state of its own; the superclass's is immutable after init.
  override func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any ApolloInterceptor] {
    super.interceptors(for: operation).map { interceptor in
      interceptor is ApolloCallbackChain.MaxRetryInterceptor
        ? ApolloCallbackChain.MaxRetryInterceptor(maxRetriesAllowed: soakRetries) : interceptor
    }
  }
  override func additionalErrorInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> (any ApolloErrorInterceptor)? {
    SoakRetryOn5xxV1()
  }
}

/// 2.x: turns a 5xx into `RequestChain.Retry`; `MaxRetryInterceptor` bounds it.
struct SoakRetryOn5xxV2: ApolloAsyncChain.GraphQLInterceptor {
  func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    let sent = request
    return await next(request).mapErrors { error in
      guard let responseError = error as? ApolloAsyncChain.ResponseCodeInterceptor.ResponseCodeError,
            responseError.response.statusCode >= 500
      else { throw error }
      throw ApolloAsyncChain.RequestChain<Request>.Retry(request: sent)
    }
  }
}

struct SoakProviderV2: ApolloAsyncChain.InterceptorProvider {
  func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
    [ApolloAsyncChain.MaxRetryInterceptor(maxRetriesAllowed: soakRetries), SoakRetryOn5xxV2()]
  }
}

// MARK: Stacks

func makeSoakStacks(seed: UInt64) -> [SoakStack] {
  let query = HeroAndFriendsQuery(episode: .init(.JEDI))
  let queue = DispatchQueue(label: "ApolloBenchmarks.soak.callbacks")
  // Each stack's server draws its own faults from its own seeded generator, so stacks do not shift
  // each other's sequences.
  func server(_ salt: UInt64) -> ScriptedServer {
    let random = Mutex(SoakRandom(seed: seed &* 1_000_003 &+ salt))
    return ScriptedServer { _ in
      random.withLock { SoakFault.draw(&$0) }.response(body: heroBody)
    }
  }
  func isCancellation(_ error: (any Error)?) -> Bool {
    guard let error else { return false }
    if (error as? URLError)?.code == .cancelled { return true }
    if case .networkError(_, _, let underlying)? = error as? ApolloDelegateTransport.URLSessionClient.URLSessionClientError {
      return (underlying as? URLError)?.code == .cancelled || (underlying as NSError).code == NSURLErrorCancelled
    }
    return (error as NSError).code == NSURLErrorCancelled
  }
  func v2Stack(_ name: String, provider: any ApolloAsyncChain.InterceptorProvider, server: ScriptedServer,
               keepAlive: [AnyObject] = [], beginRequest: @escaping () -> Void = {}) -> SoakStack {
    let store = ApolloStore()
    let transport = ApolloAsyncChain.RequestChainNetworkTransport(
      urlSession: server, interceptorProvider: provider, store: store, endpointURL: endpoint)
    let client = ApolloAsyncChain.ApolloClient(networkTransport: transport, store: store)
    return SoakStack(name: name, completesWhenCancelled: false, server: server, beginRequest: beginRequest, send: { request in
      let task = Task {
        _ = try? await client.fetch(query: query, cachePolicy: .networkOnly)
        request.endCall()
      }
      return { task.cancel() }
    }, keepAlive: keepAlive)
  }

  /// A 0.x `ApolloClient` over `transport`, whose retry delegate is `delegate`.
  func v0Stack(_ name: String, server: ScriptedServer, delegate: SoakRetryDelegateV0,
               transport: any ApolloDelegateTransport.NetworkTransport) -> SoakStack {
    let client = ApolloDelegateTransport.ApolloClient(networkTransport: transport, store: ApolloStore())
    return SoakStack(name: name, completesWhenCancelled: true, server: server, beginRequest: delegate.reset, send: { request in
      let cancellable = client.fetch(query: query, cachePolicy: .fetchIgnoringCacheData, queue: queue) { result in
        request.complete(isCancellationError: isCancellation(result.failure))
      }
      return { queue.sync { cancellable.cancel() } }
    }, keepAlive: [delegate, client])
  }
  /// A 1.x `ApolloClient` over `transport`, whose provider is `provider`.
  func v1Stack(_ name: String, server: ScriptedServer, provider: SoakProviderV1, store: ApolloStore,
               transport: any ApolloCallbackChain.NetworkTransport) -> SoakStack {
    let client = ApolloCallbackChain.ApolloClient(networkTransport: transport, store: store)
    return SoakStack(name: name, completesWhenCancelled: false, server: server, beginRequest: {}, send: { request in
      let cancellable = client.fetch(query: query, cachePolicy: .fetchIgnoringCacheData, queue: queue) { _ in request.complete() }
      // Cancelled on the callback queue, as an app cancels from its UI queue: a delivery that runs there
      // after the cancel breaks the contract; one already running on another thread would be a race the
      // caller cannot avoid, not a fault of the stack.
      return { queue.sync { cancellable.cancel() } }
    }, keepAlive: [provider, client])
  }
  func v1Provider(_ server: ScriptedServer, _ store: ApolloStore) -> SoakProviderV1 {
    SoakProviderV1(client: URLSessionClientOnStreamingSession(session: server), shouldInvalidateClientOnDeinit: false, store: store)
  }

  var stacks: [SoakStack] = []
  do {
    let server = server(1)
    let delegate = SoakRetryDelegateV0()
    let transport = HTTPNetworkTransport(url: endpoint, client: URLSessionClientOnStreamingSession(session: server))
    transport.delegate = delegate
    stacks.append(v0Stack("0.x transport", server: server, delegate: delegate, transport: transport))
  }
  do {
    let (server, store) = (server(2), ApolloStore())
    let provider = v1Provider(server, store)
    let transport = ApolloCallbackChain.RequestChainNetworkTransport(interceptorProvider: provider, endpointURL: endpoint)
    stacks.append(v1Stack("1.x chain", server: server, provider: provider, store: store, transport: transport))
  }
  stacks.append(v2Stack("2.x chain", provider: SoakProviderV2(), server: server(3)))
  do {
    let server = server(4)
    let delegate = SoakRetryDelegateV0()
    let standIn = HTTPNetworkTransport(url: endpoint)
    let provider = DelegateTransportInterceptorProvider(delegate: delegate, transport: standIn)
    stacks.append(v2Stack("0.x delegates on 2.x", provider: provider, server: server, keepAlive: [delegate, standIn],
                          beginRequest: delegate.reset))
  }
  do {
    let (server, store) = (server(5), ApolloStore())
    let callbackProvider = v1Provider(server, store)
    stacks.append(v2Stack("1.x interceptors on 2.x", provider: CallbackProviderOnAsyncChain(callbackProvider, store: store),
                          server: server, keepAlive: [callbackProvider]))
  }
  do {
    let server = server(6)
    let delegate = SoakRetryDelegateV0()
    let transport = HTTPNetworkTransportOnAsyncChain(url: endpoint, session: server, callbackQueue: queue)
    transport.delegate = delegate
    stacks.append(v0Stack("0.x facade on 2.x", server: server, delegate: delegate, transport: transport))
  }
  do {
    let (server, store) = (server(7), ApolloStore())
    let provider = v1Provider(server, store)
    let transport = RequestChainNetworkTransportOnAsyncChain(interceptorProvider: provider, endpointURL: endpoint,
                                                             urlSession: server, store: store)
    stacks.append(v1Stack("1.x facade on 2.x", server: server, provider: provider, store: store, transport: transport))
  }
  return stacks
}

extension Result {
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

// MARK: Running

/// The counts a stack's requests add up to.
struct SoakTally {
  var histogram = [0: 0, 1: 0, 2: 0]
  var lost = 0, duplicated = 0, afterCancel = 0, cancellationErrors = 0, cancelled = 0

  mutating func judge(_ request: SoakRequest, completesWhenCancelled: Bool) {
    histogram[min(request.completions, 2), default: 0] += 1
    if request.cancelled {
      cancelled += 1
      if completesWhenCancelled {
        // 0.x: one completion, whatever it is (the result, if it won the race, or the cancellation error).
        if request.completions == 0 { lost += 1 }
        cancellationErrors += request.cancellationErrors
      } else {
        afterCancel += request.completionsAfterCancel
      }
    } else if request.completions == 0 {
      lost += 1
    }
    if request.completions > 1 { duplicated += 1 }
  }
}

/// What one stack's run has counted so far; shared by its lanes.
private struct SoakRun {
  /// Requests are judged once 256 later ones have started (a late or duplicate delivery lands in its own
  /// request's count meanwhile), so the harness itself holds a bounded number: the resident figures are
  /// the stack's.
  var window: [SoakRequest] = []
  var tally = SoakTally()
  var attemptsHistogram: [Int: Int] = [:]
  var overLimit = 0
  var residentHalfway = 0

  mutating func started(_ request: SoakRequest, completesWhenCancelled: Bool) {
    window.append(request)
    if window.count > 256 { tally.judge(window.removeFirst(), completesWhenCancelled: completesWhenCancelled) }
  }
}

/// Soaks every stack; returns the number of rule violations.
func benchmarkSoak() async -> Int {
  let environment = ProcessInfo.processInfo.environment
  let count = Int(environment["SOAK_REQUESTS"] ?? "") ?? 5_000
  let seed = UInt64(environment["SOAK_SEED"] ?? "") ?? 1
  // SOAK_CONCURRENCY=N keeps N requests in flight (N lanes, each sending its share one after the other).
  // With one lane, a seed reproduces the run request for request; with more, the server's fault draws
  // interleave as the lanes do, and attempts are not counted per request (the server sees the lanes'
  // requests mixed, and the 0.x retry delegate counts one request at a time).
  let lanes = max(1, Int(environment["SOAK_CONCURRENCY"] ?? "") ?? 1)
  let shape = lanes == 1 ? "sequential requests" : "requests, \(lanes) in flight,"
  print("soak (\(count) \(shape) per stack, seed \(seed); faults per attempt: 50% ok, 500 with a JSON body, 401,")
  print("  malformed and truncated JSON, a connection lost mid-body, a slow body, a refused connection, a timeout, an empty 200;")
  print("  \(soakCancelPercent)% of requests cancelled 0-3 ms after they start; a 5xx is retried at most \(soakRetries) times)")
  var violations = 0
  // SOAK_ONLY=<name prefix> soaks one stack, e.g. to run it long and watch its memory.
  let only = environment["SOAK_ONLY"]
  for stack in makeSoakStacks(seed: seed) where only.map({ stack.name.hasPrefix($0) }) ?? true {
    let residentStart = residentBytes()
    let run = Mutex(SoakRun())
    await withTaskGroup(of: Void.self) { group in
      for lane in 0..<lanes {
        group.addTask {
          // Lane 0 draws from the seed itself, so a one-lane run is the sequential run it always was.
          var random = SoakRandom(seed: seed &+ UInt64(lane) &* 7_919)
          for index in stride(from: lane, to: count, by: lanes) {
            if index == count / 2 { run.withLock { $0.residentHalfway = residentBytes() } }
            await soakOne(stack, index: index, random: &random, countsAttempts: lanes == 1, run: run)
          }
        }
      }
    }
    try? await Task.sleep(for: .milliseconds(300))  // late or duplicate deliveries land in their request's count
    let residentEnd = residentBytes()
    let result = run.withLock { run -> SoakRun in
      for request in run.window { run.tally.judge(request, completesWhenCancelled: stack.completesWhenCancelled) }
      run.window = []
      return run
    }
    let tally = result.tally
    let stackViolations = tally.lost + tally.duplicated + tally.afterCancel + result.overLimit
    violations += stackViolations
    let attempts = lanes > 1 ? "not counted with \(lanes) in flight"
      : result.attemptsHistogram.keys.sorted().map { "\($0):\(result.attemptsHistogram[$0] ?? 0)" }.joined(separator: " ")
    print("  \(stack.name.padding(toLength: 24, withPad: " ", startingAt: 0)) requests \(count), cancelled \(tally.cancelled); "
          + "completions 0/1/>1: \(tally.histogram[0] ?? 0)/\(tally.histogram[1] ?? 0)/\(tally.histogram[2] ?? 0); "
          + "attempts per uncancelled request \(attempts) (limit \(soakRetries + 1)); "
          + (stack.completesWhenCancelled ? "cancelled ones completed once (\(tally.cancellationErrors) with the cancellation error); "
             : "deliveries after cancel: \(tally.afterCancel); ")
          + "pending at end \(tally.lost); resident at start, halfway, end: \(residentStart / 1_048_576), "
          + "\(result.residentHalfway / 1_048_576), \(residentEnd / 1_048_576) MiB"
          + (stackViolations == 0 ? "" : "   VIOLATIONS: \(stackViolations)"))
    withExtendedLifetime(stack.keepAlive) {}
  }
  print(violations == 0 ? "soak: no violation" : "soak: \(violations) violations")
  return violations
}

/// Sends one request through `stack`, cancels it at a random moment one time in ten, waits for its
/// completion and, when `countsAttempts`, checks its attempts against the retry limit.
private func soakOne(_ stack: SoakStack, index: Int, random: inout SoakRandom, countsAttempts: Bool,
                     run: Mutex<SoakRun>) async {
  let request = SoakRequest(index: index)
  run.withLock { $0.started(request, completesWhenCancelled: stack.completesWhenCancelled) }
  if countsAttempts { stack.beginRequest() }
  let cancelAfter: Duration? = random.next() % 100 < soakCancelPercent ? .microseconds(Int64(random.next() % 3000)) : nil
  let startCount = stack.server.receivedCount
  let cancel = stack.send(request)
  if let cancelAfter {
    try? await Task.sleep(for: cancelAfter)
    // Marked once cancel() has returned: a delivery already running when it was called is a race the
    // caller cannot avoid, one that starts afterwards breaks the contract.
    cancel()
    request.markCancelled()
    await request.waitForCompletion(limit: .milliseconds(20))
  } else {
    await request.waitForCompletion(limit: .seconds(10))
  }
  guard countsAttempts, cancelAfter == nil else { return }
  let attempts = stack.server.receivedCount - startCount
  run.withLock { run in
    run.attemptsHistogram[attempts, default: 0] += 1
    if attempts > soakRetries + 1 { run.overLimit += 1 }
  }
}
