// The `adapters` section: the same request through the native 2.x chain and through each adapted
// stack of ApolloMigration, measured in one process with the stacks interleaved round by round.
import ApolloAsyncChain
import ApolloCallbackChain
import ApolloDelegateTransport
import ApolloMigration
import Foundation
import StarWarsAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let benchToken = "Bearer bench-token"

// MARK: The token hook, once per generation

/// 2.x: a GraphQL interceptor that adds the header before the request goes on.
struct TokenInterceptorV2: ApolloAsyncChain.GraphQLInterceptor {
  func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    var request = request
    request.addHeader(name: "Authorization", value: benchToken)
    return await next(request)
  }
}

/// 2.x defaults plus the token interceptor (innermost, so a retry would add it again).
struct TokenProviderV2: ApolloAsyncChain.InterceptorProvider {
  func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
    [ApolloAsyncChain.MaxRetryInterceptor(), ApolloAsyncChain.AutomaticPersistedQueryInterceptor(), TokenInterceptorV2()]
  }
}

/// 0.x: a preflight delegate that adds the header in `willSend`.
final class TokenDelegateV0: HTTPNetworkTransportPreflightDelegate, Sendable {
  func networkTransport(_ networkTransport: HTTPNetworkTransport, shouldSend request: URLRequest) -> Bool { true }
  func networkTransport(_ networkTransport: HTTPNetworkTransport, willSend request: inout URLRequest) {
    request.setValue(benchToken, forHTTPHeaderField: "Authorization")
  }
}

/// 1.x: an interceptor that adds the header, placed before the network fetch.
struct TokenInterceptorV1: ApolloInterceptor {
  let id = InterceptorID.next()

  func interceptAsync<Operation: GraphQLOperation>(
    chain: any ApolloCallbackChain.RequestChain, request: ApolloCallbackChain.HTTPRequest<Operation>,
    response: ApolloCallbackChain.HTTPResponse<Operation>?,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    request.addHeader(name: "Authorization", value: benchToken)
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

/// 1.x defaults plus the token interceptor, as a 1.x app subclasses the default provider.
class TokenProviderV1: ApolloCallbackChain.DefaultInterceptorProvider, @unchecked Sendable {
  // @unchecked Sendable: no state of its own; the superclass's is immutable after init.
  override func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any ApolloInterceptor] {
    var interceptors = super.interceptors(for: operation)
    let fetch = interceptors.firstIndex { $0 is NetworkFetchInterceptor } ?? interceptors.endIndex
    interceptors.insert(TokenInterceptorV1(), at: fetch)
    return interceptors
  }
}

// MARK: Stacks

/// One way of sending the query: `run(n)` sends it `n` times, one after the other.
struct AdapterStack {
  let name: String
  let server: ScriptedServer
  let store: ApolloStore
  let run: (Int) async throws -> Void
  /// Keeps weakly held delegates alive.
  let keepAlive: [AnyObject]
}

/// Runs `count` callback requests back to back: each completion issues the next one, so the figure is
/// request → completion without any bridging of our own per request.
func chained(_ count: Int, _ issue: @escaping (_ done: @escaping (_ succeeded: Bool) -> Void) -> Void) async -> Int {
  await withCheckedContinuation { (finished: CheckedContinuation<Int, Never>) in
    CallbackLoop(remaining: count, issue: issue, finished: finished).next()
  }
}

private final class CallbackLoop: @unchecked Sendable {
  // @unchecked Sendable: only one request is in flight, so `remaining` and `failures` are touched by
  // one completion at a time, each after the previous one (ordered by the callback queue).
  private var remaining: Int
  private var failures = 0
  private let issue: (@escaping (Bool) -> Void) -> Void
  private let finished: CheckedContinuation<Int, Never>

  init(remaining: Int, issue: @escaping (@escaping (Bool) -> Void) -> Void, finished: CheckedContinuation<Int, Never>) {
    self.remaining = remaining
    self.issue = issue
    self.finished = finished
  }

  func next() {
    guard remaining > 0 else {
      finished.resume(returning: failures)
      return
    }
    remaining -= 1
    issue { succeeded in
      if !succeeded { self.failures += 1 }
      self.next()
    }
  }
}

struct AdapterBenchmarkError: Error, CustomStringConvertible {
  let description: String
}

func makeAdapterStacks() -> [AdapterStack] {
  let query = HeroAndFriendsQuery(episode: .init(.JEDI))
  let fresh = { () -> (ScriptedServer, ApolloStore) in
    (ScriptedServer { _ in .raw(heroBody, headers: ["Content-Type": "application/json"]) }, ApolloStore())
  }
  // A private serial queue for every callback surface: main is not driven here.
  let queue = DispatchQueue(label: "ApolloBenchmarks.adapters.callbacks")

  func asyncStack(_ name: String, provider: any ApolloAsyncChain.InterceptorProvider, server: ScriptedServer,
                  store: ApolloStore, keepAlive: [AnyObject] = []) -> AdapterStack {
    let transport = ApolloAsyncChain.RequestChainNetworkTransport(
      urlSession: server, interceptorProvider: provider, store: store, endpointURL: endpoint)
    let client = ApolloAsyncChain.ApolloClient(networkTransport: transport, store: store)
    return AdapterStack(name: name, server: server, store: store, run: { count in
      for _ in 0..<count { _ = try await client.fetch(query: query, cachePolicy: .networkOnly) }
    }, keepAlive: keepAlive)
  }

  var stacks: [AdapterStack] = []
  do {
    let (server, store) = fresh()
    stacks.append(asyncStack("(a) native 2.x chain, 2.x interceptor", provider: TokenProviderV2(), server: server, store: store))
  }
  do {
    let (server, store) = fresh()
    let delegate = TokenDelegateV0()
    // The delegate methods' first argument; nothing is sent through it.
    let standIn = HTTPNetworkTransport(url: endpoint)
    let provider = DelegateTransportInterceptorProvider(delegate: delegate, transport: standIn)
    stacks.append(asyncStack("(b) 0.x delegate on 2.x", provider: provider, server: server, store: store,
                             keepAlive: [delegate, standIn]))
  }
  do {
    let (server, store) = fresh()
    let callbackProvider = TokenProviderV1(client: ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server),
                                           shouldInvalidateClientOnDeinit: false, store: store)
    let provider = CallbackProviderOnAsyncChain(callbackProvider, store: store)
    stacks.append(asyncStack("(c) 1.x provider on 2.x", provider: provider, server: server, store: store,
                             keepAlive: [callbackProvider]))
  }
  do {
    let (server, store) = fresh()
    let delegate = TokenDelegateV0()
    let transport = HTTPNetworkTransportOnAsyncChain(url: endpoint, session: server, callbackQueue: queue)
    transport.delegate = delegate
    let client = ApolloDelegateTransport.ApolloClient(networkTransport: transport, store: store)
    stacks.append(AdapterStack(name: "(d) 0.x facade + 0.x client", server: server, store: store, run: { count in
      let failures = await chained(count) { done in
        client.fetch(query: query, cachePolicy: .fetchIgnoringCacheData, queue: queue) { result in
          done((try? result.get().data) != nil)
        }
      }
      if failures > 0 { throw AdapterBenchmarkError(description: "0.x facade: \(failures) failed requests") }
    }, keepAlive: [delegate, client]))
  }
  do {
    let (server, store) = fresh()
    let callbackProvider = TokenProviderV1(client: ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server),
                                           shouldInvalidateClientOnDeinit: false, store: store)
    let transport = RequestChainNetworkTransportOnAsyncChain(
      interceptorProvider: callbackProvider, endpointURL: endpoint, urlSession: server, store: store)
    let client = ApolloCallbackChain.ApolloClient(networkTransport: transport, store: store)
    stacks.append(AdapterStack(name: "(e) 1.x facade + 1.x client", server: server, store: store, run: { count in
      let failures = await chained(count) { done in
        client.fetch(query: query, cachePolicy: .fetchIgnoringCacheData, queue: queue) { result in
          done((try? result.get().data) != nil)
        }
      }
      if failures > 0 { throw AdapterBenchmarkError(description: "1.x facade: \(failures) failed requests") }
    }, keepAlive: [callbackProvider, client]))
  }
  // Two stacks without the token hook, run only when named in BENCH_STACKS: (f) against (c) is what one
  // adapted custom 1.x interceptor costs, (f) against (g) what adapting the 1.x default list costs.
  do {
    let (server, store) = fresh()
    let callbackProvider = ApolloCallbackChain.DefaultInterceptorProvider(
      client: ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server), shouldInvalidateClientOnDeinit: false, store: store)
    stacks.append(asyncStack("(f) 1.x defaults on 2.x, no token", provider: CallbackProviderOnAsyncChain(callbackProvider, store: store),
                             server: server, store: store, keepAlive: [callbackProvider]))
  }
  do {
    let (server, store) = fresh()
    stacks.append(asyncStack("(g) 2.x defaults, no token", provider: DefaultsWithoutTokenV2(), server: server, store: store))
  }
  // (h) against (i): three hooks on each side, so the difference to (c) − (a) is what each further
  // adapted 1.x interceptor costs. Run only when named in BENCH_STACKS.
  do {
    let (server, store) = fresh()
    let callbackProvider = ThreeHooksProviderV1(client: ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server),
                                                shouldInvalidateClientOnDeinit: false, store: store)
    stacks.append(asyncStack("(h) 1.x provider, 3 hooks, on 2.x", provider: CallbackProviderOnAsyncChain(callbackProvider, store: store),
                             server: server, store: store, keepAlive: [callbackProvider]))
  }
  do {
    let (server, store) = fresh()
    stacks.append(asyncStack("(i) native 2.x chain, 3 hooks", provider: ThreeHooksProviderV2(), server: server, store: store))
  }
  return stacks
}

/// 2.x: sets one header before the request goes on (the extra hooks of (i)).
struct HeaderInterceptorV2: ApolloAsyncChain.GraphQLInterceptor {
  let name: String
  let value: String

  func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    var request = request
    request.addHeader(name: name, value: value)
    return await next(request)
  }
}

/// 1.x: sets one header before the network fetch (the extra hooks of (h)).
struct HeaderInterceptorV1: ApolloInterceptor {
  let id = InterceptorID.next()
  let name: String
  let value: String

  func interceptAsync<Operation: GraphQLOperation>(
    chain: any ApolloCallbackChain.RequestChain, request: ApolloCallbackChain.HTTPRequest<Operation>,
    response: ApolloCallbackChain.HTTPResponse<Operation>?,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    request.addHeader(name: name, value: value)
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

/// Three header hooks, so (h) against (i) shows what each further adapted 1.x interceptor costs.
let extraHeaders = [("X-Request-Source", "bench"), ("X-Trace", "on")]

/// (a)'s interceptors plus two more header interceptors.
struct ThreeHooksProviderV2: ApolloAsyncChain.InterceptorProvider {
  func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
    [ApolloAsyncChain.MaxRetryInterceptor(), ApolloAsyncChain.AutomaticPersistedQueryInterceptor(), TokenInterceptorV2()]
      + extraHeaders.map { HeaderInterceptorV2(name: $0.0, value: $0.1) }
  }
}

/// TokenProviderV1 plus two more header interceptors before the network fetch.
final class ThreeHooksProviderV1: TokenProviderV1, @unchecked Sendable {
  // @unchecked Sendable: no state of its own, as its superclass.
  override func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any ApolloInterceptor] {
    var interceptors = super.interceptors(for: operation)
    let fetch = interceptors.firstIndex { $0 is NetworkFetchInterceptor } ?? interceptors.endIndex
    interceptors.insert(contentsOf: extraHeaders.map { HeaderInterceptorV1(name: $0.0, value: $0.1) }, at: fetch)
    return interceptors
  }
}

/// The 2.x interceptors of (a) without the token interceptor.
struct DefaultsWithoutTokenV2: ApolloAsyncChain.InterceptorProvider {
  func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
    [ApolloAsyncChain.MaxRetryInterceptor(), ApolloAsyncChain.AutomaticPersistedQueryInterceptor()]
  }
}

/// Process CPU time (all threads) in seconds: the callback surfaces hop threads, and a hop's wait is
/// wall time but not work.
func processCPUSeconds() -> Double {
  var usage = rusage()
  #if os(Linux)
  getrusage(RUSAGE_SELF.rawValue, &usage)
  #else
  getrusage(RUSAGE_SELF, &usage)
  #endif
  let micros = Int64(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000
    + Int64(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
  return Double(micros) / 1e6
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Each adapted stack against the native 2.x chain: the same query, token header, parse, normalize and
/// cache write, against the scripted session.
func benchmarkAdapters() async throws {
  let environment = ProcessInfo.processInfo.environment
  let rounds = Int(environment["BENCH_ROUNDS"] ?? "") ?? 15
  let perRound = Int(environment["BENCH_ITERATIONS"] ?? "") ?? 300
  // BENCH_STACKS=c,f,g interleaves only those stacks ((a), the baseline, always runs); by default (a)-(e).
  // (f), (g): the cost of adapting the 1.x default list; (h), (i): the cost of each further adapted hook.
  let chosen = Set((environment["BENCH_STACKS"] ?? "b,c,d,e").split(separator: ",").map { "(\($0))" } + ["(a)"])
  let stacks = makeAdapterStacks().filter { chosen.contains(String($0.name.prefix(3))) || environment["BENCH_ONLY"] != nil }
  let query = HeroAndFriendsQuery(episode: .init(.JEDI))

  // Every stack must do the same work: the header on the wire, the result in its store.
  for stack in stacks {
    try await stack.run(1)
    guard stack.name.hasSuffix("no token") || stack.server.requests.last?.header("Authorization") == benchToken else {
      throw AdapterBenchmarkError(description: "\(stack.name): the token header was not sent")
    }
    guard (try? stack.store.readIfComplete(query)) != nil else {
      throw AdapterBenchmarkError(description: "\(stack.name): the result was not written to the store")
    }
  }
  for stack in stacks { try await stack.run(perRound) }  // warm up
  // BENCH_ONLY=c runs one stack alone (BENCH_ALONE_COUNT requests, 20,000 by default), for a profiler
  // (`perf record … ApolloBenchmarks adapters`); `taskset -c 0` in front takes thread wake-ups out of the figure.
  if let only = environment["BENCH_ONLY"], let stack = stacks.first(where: { $0.name.hasPrefix("(\(only))") }) {
    let count = Int(environment["BENCH_ALONE_COUNT"] ?? "") ?? 20_000
    let cpuStart = processCPUSeconds()
    let start = ContinuousClock.now
    try await stack.run(count)
    let wallMicros = (ContinuousClock.now - start).seconds / Double(count) * 1e6
    let cpuMicros = (processCPUSeconds() - cpuStart) / Double(count) * 1e6
    print("\(stack.name) alone: \(format(wallMicros, "µs/request")), CPU \(format(cpuMicros, "µs/request"))")
    return
  }

  // Interleaved: each round runs every stack once, the order rotating, so drift and order effects
  // land on all of them; the ratio is taken within each round, then the median over rounds.
  var wall = Array(repeating: [Double](), count: stacks.count)
  var cpu = Array(repeating: [Double](), count: stacks.count)
  for round in 0..<rounds {
    for offset in 0..<stacks.count {
      let index = (round + offset) % stacks.count
      let cpuStart = processCPUSeconds()
      let start = ContinuousClock.now
      try await stacks[index].run(perRound)
      let elapsed = (ContinuousClock.now - start).seconds
      wall[index].append(elapsed / Double(perRound) * 1e6)
      cpu[index].append((processCPUSeconds() - cpuStart) / Double(perRound) * 1e6)
    }
  }
  withExtendedLifetime(stacks.map(\.keepAlive)) {}

  print("adapters (\(rounds) interleaved rounds × \(perRound) sequential requests per stack; HeroAndFriends, token header, parse, normalize, cache write)")
  print("  medians over rounds; ratio = median of each round's stack ÷ (a) in that round")
  print("                                            wall µs/req  ratio      CPU µs/req  ratio")
  for (index, stack) in stacks.enumerated() {
    let wallRatios = zip(wall[index], wall[0]).map { $0 / $1 }
    let cpuRatios = zip(cpu[index], cpu[0]).map { $0 / $1 }
    let name = stack.name.padding(toLength: 42, withPad: " ", startingAt: 0)
    // The requirement: an adapted stack costs at most 1.1× the native chain per request.
    let verdict = index == 0 ? "" : median(wallRatios) <= 1.1 ? "   within 1.1x" : "   over 1.1x"
    print("  \(name)\(String(format: "%8.1f   %5.2fx    %8.1f   %5.2fx", median(wall[index]), median(wallRatios), median(cpu[index]), median(cpuRatios)))\(verdict)")
  }
}
