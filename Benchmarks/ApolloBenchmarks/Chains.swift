// Issue 13's figures, one section each:
//
//   chains      our own work per request through the 0.x transport, the 1.x chain and the 2.x chain
//               (network-only and cache hit; the small hero response and the 12-record response),
//               each against its generation's session seam alone
//   concurrent  1,000 requests in flight against the same requests one after the other, with peak memory
//   streaming   a multipart subscription of ~100-byte parts, and one of 10 KB parts, through the 1.x and
//               2.x chains, against the multipart splitter alone on the same bytes (BENCH_MEGABYTES sets the
//               size, BENCH_PARTS=small or large runs one part size)
//   linearity   parsing and normalizing responses from 1 KB to 1 MB: time per byte
//
// Each figure is printed beside its baseline from the same process; `scripts/bench-compare.sh OLD chains …`
// runs an older build back to back for the before/after ratio.
import ApolloAsyncChain
import ApolloCallbackChain
import ApolloDelegateTransport
import Foundation
import StarWarsAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: Responses

/// The small response: one record under the root.
let heroNameBody = JSONSerializer.serialize(["data": ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]]])

/// Answers `HeroName` with the small response and anything else with the 12-record one.
func makeChainServer() -> ScriptedServer {
  ScriptedServer { request in
    let body = request.operationName == HeroNameQuery.operationName ? heroNameBody : heroBody
    return .raw(body, headers: ["Content-Type": "application/json"])
  }
}

// MARK: Stacks

/// One request kind through one generation: `run(n)` sends it `n` times, one after the other.
struct ChainCase {
  let name: String
  let run: (Int) async throws -> Void
}

struct ChainBenchmarkError: Error, CustomStringConvertible {
  let description: String
}

/// The private serial queue every callback surface delivers on.
let chainCallbackQueue = DispatchQueue(label: "ApolloBenchmarks.chains.callbacks")

/// Runs `count` callback requests, `inFlight` at a time: each completion issues the next one.
func callbackRequests(_ count: Int, inFlight: Int = 1,
                      _ issue: @escaping (_ done: @escaping @Sendable (Bool) -> Void) -> Void) async throws {
  let issue = CallbackIssuer(issue: issue)
  let failures = await withCheckedContinuation { (finished: CheckedContinuation<Int, Never>) in
    let counter = Mutex((issued: 0, completed: 0, failed: 0))
    @Sendable func next() {
      let go = counter.withLock { state -> Bool in
        guard state.issued < count else { return false }
        state.issued += 1
        return true
      }
      guard go else { return }
      issue.issue { succeeded in
        let finish = counter.withLock { state -> Int? in
          state.completed += 1
          if !succeeded { state.failed += 1 }
          return state.completed == count ? state.failed : nil
        }
        if let finish { finished.resume(returning: finish) } else { next() }
      }
    }
    for _ in 0..<min(inFlight, count) { next() }
  }
  if failures > 0 { throw ChainBenchmarkError(description: "\(failures) of \(count) requests failed") }
}

/// Holds a callback client's request closure so completions on other threads can issue the next request.
private struct CallbackIssuer: @unchecked Sendable {
  // @unchecked Sendable: the closures call the 0.x and 1.x clients, whose methods may be called from any
  // thread (their state is behind locks); the types are not marked Sendable only because upstream's are not.
  let issue: (_ done: @escaping @Sendable (Bool) -> Void) -> Void
}

/// Runs `count` requests of an async stack, `inFlight` at a time.
func asyncRequests(_ count: Int, inFlight: Int, _ request: @escaping @Sendable () async throws -> Void) async throws {
  try await withThrowingTaskGroup(of: Void.self) { group in
    var issued = 0
    while issued < min(inFlight, count) { group.addTask(operation: request); issued += 1 }
    while try await group.next() != nil {
      if issued < count { group.addTask(operation: request); issued += 1 }
    }
  }
}

/// The request kinds of one generation, each with its own scripted server and store.
struct GenerationCases {
  let generation: String
  /// The generation's session seam alone, answering the 12-record response.
  let session: ChainCase
  /// network-only small, network-only 12 records, cache hit small, cache hit 12 records.
  let requests: [ChainCase]
  /// The 12-record network-only request, `count` of them with `inFlight` at a time.
  let concurrent: (_ count: Int, _ inFlight: Int) async throws -> Void
}

private let smallQuery = HeroNameQuery(episode: nil)
private let recordsQuery = HeroAndFriendsQuery(episode: .init(.JEDI))
private let requestKinds = ["network-only, small", "network-only, 12 records", "cache hit, small", "cache hit, 12 records"]

func makeGenerationCases() -> [GenerationCases] {
  var urlRequest = URLRequest(url: endpoint)
  urlRequest.httpMethod = "POST"
  urlRequest.httpBody = Data(#"{"operationName":"HeroAndFriends","variables":{}}"#.utf8)
  let sendable = urlRequest

  // 2.x
  let server2 = makeChainServer()
  let store2 = ApolloStore()
  let client2 = ApolloAsyncChain.ApolloClient(
    networkTransport: ApolloAsyncChain.RequestChainNetworkTransport(
      urlSession: server2, interceptorProvider: ApolloAsyncChain.DefaultInterceptorProvider.shared, store: store2,
      endpointURL: endpoint),
    store: store2)
  let v2 = GenerationCases(
    generation: "2.x chain",
    session: ChainCase(name: "2.x session alone") { count in
      for _ in 0..<count {
        let response = try await server2.start(sendable)
        for try await _ in response.body {}
      }
    },
    requests: [
      ChainCase(name: requestKinds[0]) { for _ in 0..<$0 { _ = try await client2.fetch(query: smallQuery, cachePolicy: .networkOnly) } },
      ChainCase(name: requestKinds[1]) { for _ in 0..<$0 { _ = try await client2.fetch(query: recordsQuery, cachePolicy: .networkOnly) } },
      ChainCase(name: requestKinds[2]) { for _ in 0..<$0 { _ = try await client2.fetch(query: smallQuery, cachePolicy: .cacheFirst) } },
      ChainCase(name: requestKinds[3]) { for _ in 0..<$0 { _ = try await client2.fetch(query: recordsQuery, cachePolicy: .cacheFirst) } },
    ],
    concurrent: { count, inFlight in
      try await asyncRequests(count, inFlight: inFlight) { _ = try await client2.fetch(query: recordsQuery, cachePolicy: .networkOnly) }
    })

  // 1.x
  let server1 = makeChainServer()
  let store1 = ApolloStore()
  let session1 = ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server1)
  let client1 = ApolloCallbackChain.ApolloClient(
    networkTransport: ApolloCallbackChain.RequestChainNetworkTransport(
      interceptorProvider: ApolloCallbackChain.DefaultInterceptorProvider(
        client: session1, shouldInvalidateClientOnDeinit: false, store: store1),
      endpointURL: endpoint),
    store: store1)
  func fetch1<Query: GraphQLQuery>(_ query: Query, _ policy: ApolloCallbackChain.CachePolicy, _ count: Int, inFlight: Int = 1) async throws {
    try await callbackRequests(count, inFlight: inFlight) { done in
      client1.fetch(query: query, cachePolicy: policy, queue: chainCallbackQueue) { done((try? $0.get().data) != nil) }
    }
  }
  let v1 = GenerationCases(
    generation: "1.x chain",
    session: ChainCase(name: "1.x session alone") { count in
      try await callbackRequests(count) { done in session1.sendRequest(sendable) { done((try? $0.get()) != nil) } }
    },
    requests: [
      ChainCase(name: requestKinds[0]) { try await fetch1(smallQuery, .fetchIgnoringCacheData, $0) },
      ChainCase(name: requestKinds[1]) { try await fetch1(recordsQuery, .fetchIgnoringCacheData, $0) },
      ChainCase(name: requestKinds[2]) { try await fetch1(smallQuery, .returnCacheDataElseFetch, $0) },
      ChainCase(name: requestKinds[3]) { try await fetch1(recordsQuery, .returnCacheDataElseFetch, $0) },
    ],
    concurrent: { count, inFlight in try await fetch1(recordsQuery, .fetchIgnoringCacheData, count, inFlight: inFlight) })

  // 0.x
  let server0 = makeChainServer()
  let store0 = ApolloStore()
  let session0 = ApolloDelegateTransport.URLSessionClientOnStreamingSession(session: server0)
  let client0 = ApolloDelegateTransport.ApolloClient(
    networkTransport: HTTPNetworkTransport(url: endpoint, client: session0), store: store0)
  func fetch0<Query: GraphQLQuery>(_ query: Query, _ policy: ApolloDelegateTransport.CachePolicy, _ count: Int, inFlight: Int = 1) async throws {
    try await callbackRequests(count, inFlight: inFlight) { done in
      client0.fetch(query: query, cachePolicy: policy, queue: chainCallbackQueue) { done((try? $0.get().data) != nil) }
    }
  }
  let v0 = GenerationCases(
    generation: "0.x transport",
    session: ChainCase(name: "0.x session alone") { count in
      try await callbackRequests(count) { done in session0.sendRequest(sendable) { done((try? $0.get()) != nil) } }
    },
    requests: [
      ChainCase(name: requestKinds[0]) { try await fetch0(smallQuery, .fetchIgnoringCacheData, $0) },
      ChainCase(name: requestKinds[1]) { try await fetch0(recordsQuery, .fetchIgnoringCacheData, $0) },
      ChainCase(name: requestKinds[2]) { try await fetch0(smallQuery, .returnCacheDataElseFetch, $0) },
      ChainCase(name: requestKinds[3]) { try await fetch0(recordsQuery, .returnCacheDataElseFetch, $0) },
    ],
    concurrent: { count, inFlight in try await fetch0(recordsQuery, .fetchIgnoringCacheData, count, inFlight: inFlight) })
  return [v0, v1, v2]
}

// MARK: chains

/// Our own work per request in each generation: each request kind minus the generation's session alone,
/// measured in interleaved rounds (the order rotating) and reported as the median over rounds.
func benchmarkChains() async throws {
  let environment = ProcessInfo.processInfo.environment
  let rounds = Int(environment["BENCH_ROUNDS"] ?? "") ?? 9
  let perRound = Int(environment["BENCH_ITERATIONS"] ?? "") ?? 500
  print("chains (\(rounds) interleaved rounds × \(perRound) sequential requests; µs of wall time per request, median over rounds)")
  print("  own work = the request − the generation's session seam alone (scripted server, 12-record response)")
  // BENCH_ONLY="2.x chain/cache hit, small" runs one case alone (BENCH_ALONE_COUNT requests, 20,000 by
  // default), for a profiler.
  let only = environment["BENCH_ONLY"]
  for generation in makeGenerationCases() {
    let cases = [generation.session] + generation.requests
    if let only, let item = cases.first(where: { "\(generation.generation)/\($0.name)" == only }) {
      try await item.run(1_000)
      let count = Int(environment["BENCH_ALONE_COUNT"] ?? "") ?? 20_000
      let start = ContinuousClock.now
      try await item.run(count)
      print("\(only) alone: \(format((ContinuousClock.now - start).seconds / Double(count) * 1e6, "µs/request"))")
      return
    }
    if only != nil { continue }
    for item in cases { try await item.run(perRound) }  // warm up, and fill the store for the cache hits
    var figures = Array(repeating: [Double](), count: cases.count)
    for round in 0..<rounds {
      for offset in 0..<cases.count {
        let index = (round + offset) % cases.count
        let start = ContinuousClock.now
        try await cases[index].run(perRound)
        figures[index].append((ContinuousClock.now - start).seconds / Double(perRound) * 1e6)
      }
    }
    let session = median(figures[0])
    print("  \(generation.generation): session alone \(format(session, "µs"))")
    for index in 1..<cases.count {
      let whole = median(figures[index])
      let label = cases[index].name.padding(toLength: 28, withPad: " ", startingAt: 0)
      // A cache hit asks no session: all of it is our own work.
      let own = cases[index].name.hasPrefix("cache hit") ? whole : whole - session
      print("    \(label) \(format(whole, "µs/request"))   own work \(format(own, "µs"))")
    }
  }
}

// MARK: concurrent

/// Peak resident memory since the last reset, in bytes (Linux: VmHWM; elsewhere 0).
func peakResidentBytes() -> Int {
  #if os(Linux)
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
  else { return 0 }
  return kilobytes * 1024
  #else
  return 0
  #endif
}

/// Starts a new peak-memory window (Linux: writing 5 to clear_refs resets VmHWM to the current size).
func resetPeakResident() {
  #if os(Linux)
  try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
  #endif
}

/// 1,000 requests in flight against the same number one after the other, per generation.
func benchmarkConcurrent() async throws {
  let environment = ProcessInfo.processInfo.environment
  let inFlight = Int(environment["BENCH_IN_FLIGHT"] ?? "") ?? 1_000
  let rounds = Int(environment["BENCH_ROUNDS"] ?? "") ?? 5
  let count = inFlight * 2
  print("concurrent (12-record network-only request; \(count) requests per round, \(rounds) rounds, median)")
  print("  per request: \(inFlight) in flight ÷ one at a time; peak memory: the concurrent run's peak over the sequential run's")
  for generation in makeGenerationCases() {
    try await generation.concurrent(count, inFlight)  // warm up
    var sequential: [Double] = [], concurrent: [Double] = []
    var sequentialPeak = 0, concurrentPeak = 0
    for _ in 0..<rounds {
      resetPeakResident()
      var start = ContinuousClock.now
      try await generation.concurrent(count, 1)
      sequential.append((ContinuousClock.now - start).seconds / Double(count) * 1e6)
      sequentialPeak = max(sequentialPeak, peakResidentBytes())
      resetPeakResident()
      start = ContinuousClock.now
      try await generation.concurrent(count, inFlight)
      concurrent.append((ContinuousClock.now - start).seconds / Double(count) * 1e6)
      concurrentPeak = max(concurrentPeak, peakResidentBytes())
    }
    let mib = { (bytes: Int) in String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
    let memory = sequentialPeak > 0
      ? "peak \(mib(concurrentPeak)) vs \(mib(sequentialPeak)) = \(String(format: "%.2f", Double(concurrentPeak) / Double(sequentialPeak)))x"
      : "peak memory unavailable"
    let label = generation.generation.padding(toLength: 14, withPad: " ", startingAt: 0)
    print("  \(label) sequential \(format(median(sequential), "µs/req"))  concurrent \(format(median(concurrent), "µs/req"))  ratio \(String(format: "%.2f", median(concurrent) / median(sequential)))x   \(memory)")
  }
}

// MARK: streaming

/// A multipart subscription body: `parts` payloads with `padding` extra bytes each, cut into 16 KiB
/// slices as a network would deliver it.
func multipartSubscriptionBody(parts: Int, padding: Int) -> (slices: [Data], bytes: Int) {
  var body = [UInt8]()
  let pad = padding > 0 ? #","extensions":{"pad":""# + String(repeating: "x", count: padding) + #""}"# : ""
  for index in 0..<parts {
    let payload = #"{"payload":{"data":{"countdown":\#(index % 100_000)}\#(pad)}}"#
    body.append(contentsOf: Array("\r\n--graphql\r\nContent-Type: application/json\r\n\r\n\(payload)".utf8))
  }
  body.append(contentsOf: Array("\r\n--graphql--\r\n".utf8))
  let slices = stride(from: 0, to: body.count, by: 16 << 10).map { Data(body[$0..<min($0 + (16 << 10), body.count)]) }
  return (slices, body.count)
}

/// MB/s of a multipart subscription through each chain, against the splitter alone on the same slices.
func benchmarkStreaming() async throws {
  let megabytes = Double(ProcessInfo.processInfo.environment["BENCH_MEGABYTES"] ?? "") ?? 10
  print("streaming (a multipart subscription of \(String(format: "%.0f", megabytes)) MB in 16 KiB slices; MB/s, best of 3)")
  // BENCH_PARTS=small or =large runs one of the two sizes (for a profile of one).
  let sizes = [("~100-byte parts", 0, "small"), ("10 KB parts", 10_000, "large")]
    .filter { ProcessInfo.processInfo.environment["BENCH_PARTS"].map([$0.2].contains) ?? true }
  for (label, padding, _) in sizes {
    let partSize = 88 + (padding > 0 ? padding + 20 : 0)
    let parts = Int(megabytes * 1e6) / partSize
    let (slices, bytes) = multipartSubscriptionBody(parts: parts, padding: padding)
    let size = Double(bytes) / 1e6
    let response = ScriptedResponse(
      headers: ["Content-Type": #"multipart/mixed; boundary="graphql"; subscriptionSpec=1.0"#],
      body: slices.map { .data($0) })
    let subscription = CountdownSubscription(from: 0, intervalMs: nil)

    // The least CPU time of the three runs too (both cores' work: a chain's tasks may overlap), which this
    // VM's drift moves less than wall time.
    var leastCPU: [String: Double] = [:]
    func best(_ name: String = "", _ body: () async throws -> Int) async throws -> (Double, Int) {
      var fastest = Double.infinity, delivered = 0
      for _ in 0..<3 {
        let start = ContinuousClock.now
        let cpuStart = processCPUSeconds()
        delivered = try await body()
        fastest = min(fastest, (ContinuousClock.now - start).seconds)
        leastCPU[name] = min(leastCPU[name] ?? .infinity, processCPUSeconds() - cpuStart)
      }
      return (size / fastest, delivered)
    }
    func cpuPerPart(_ name: String) -> String {
      String(format: "CPU %.2f µs per part", (leastCPU[name] ?? 0) * 1e6 / Double(parts))
    }
    let (splitter, splitParts) = try await best {
      var splitter = MultipartChunkSplitter(boundary: "graphql")
      var count = 0
      for slice in slices { count += splitter.append(slice).count }
      return count + splitter.finish().count
    }

    // What each part needs done whatever carries it: cut from the body, parsed, read and normalized, and its
    // records merged into a store, in one loop with no chain, task or stream. A chain's figure over this one is
    // the cost of carrying parts.
    // BENCH_STREAM_CHAIN=2.x or =1.x runs one chain (for a profile of one), =none neither; a chain not run reports 0.
    let chainFilter = ProcessInfo.processInfo.environment["BENCH_STREAM_CHAIN"]
    let floorStore = ApolloStore()
    let floorParser = JSONResponseParser(
      response: HTTPURLResponse(url: endpoint, statusCode: 200, httpVersion: nil,
                                headerFields: ["Content-Type": #"multipart/mixed; boundary="graphql"; subscriptionSpec=1.0"#])!,
      operationVariables: subscription.__variables, includeCacheRecords: true)
    let (floor, floorParts) = try await best("floor") {
      var splitter = MultipartChunkSplitter(boundary: "graphql")
      var count = 0
      func handle(_ chunk: Data) async throws {
        let none: ParsedResult<CountdownSubscription>? = nil
        guard let parsed = try await floorParser.parse(dataChunk: chunk, mergingIncrementalItemsInto: none) else { return }
        count += 1
        if let records = parsed.cacheRecords { _ = try await floorStore.publishRecordsSuspending(records) }
      }
      for slice in slices { for chunk in splitter.append(slice) { try await handle(chunk) } }
      for chunk in splitter.finish() { try await handle(chunk) }
      return count
    }

    let server2 = ScriptedServer { _ in response }
    let store2 = ApolloStore()
    let client2 = ApolloAsyncChain.ApolloClient(
      networkTransport: ApolloAsyncChain.RequestChainNetworkTransport(
        urlSession: server2, interceptorProvider: ApolloAsyncChain.DefaultInterceptorProvider.shared, store: store2,
        endpointURL: endpoint),
      store: store2)
    let (v2, v2Parts) = ![nil, "2.x"].contains(chainFilter) ? (0, parts) : try await best("2.x") {
      var count = 0
      for try await _ in try client2.subscribe(subscription: subscription, cachePolicy: .networkOnly) { count += 1 }
      return count
    }

    let server1 = ScriptedServer { _ in response }
    let store1 = ApolloStore()
    let client1 = ApolloCallbackChain.ApolloClient(
      networkTransport: ApolloCallbackChain.RequestChainNetworkTransport(
        interceptorProvider: ApolloCallbackChain.DefaultInterceptorProvider(
          client: ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server1),
          shouldInvalidateClientOnDeinit: false, store: store1),
        endpointURL: endpoint),
      store: store1)
    let (v1, v1Parts) = ![nil, "1.x"].contains(chainFilter) ? (0, parts) : try await best("1.x") {
      await withCheckedContinuation { (finished: CheckedContinuation<Int, Never>) in
        let count = Mutex(0)
        _ = client1.subscribe(subscription: subscription, queue: chainCallbackQueue) { result in
          let delivered = count.withLock { value -> Int in
            if (try? result.get().data) != nil { value += 1 }
            return value
          }
          if delivered == parts { finished.resume(returning: delivered) }
        }
      }
    }
    guard v2Parts == parts, v1Parts == parts, floorParts == parts, splitParts >= parts else {
      throw ChainBenchmarkError(description: "streaming: \(parts) parts sent, 2.x delivered \(v2Parts), 1.x \(v1Parts), splitter \(splitParts)")
    }
    print("  \(label) (\(parts) parts, \(String(format: "%.1f", size)) MB)")
    print("    splitter alone (baseline)  \(format(splitter, "MB/s"))")
    print("    each part's own work        \(format(floor, "MB/s"))   \(String(format: "%.2f", 1e6 * size / floor / Double(parts))) µs per part, \(cpuPerPart("floor"))")
    print("    2.x chain                  \(format(v2, "MB/s"))   \(String(format: "%.2f", splitter / v2))x the splitter's time, \(String(format: "%.2f", 1e6 * size / v2 / Double(parts))) µs per part, \(cpuPerPart("2.x"))")
    print("    1.x chain                  \(format(v1, "MB/s"))   \(String(format: "%.2f", splitter / v1))x the splitter's time, \(String(format: "%.2f", 1e6 * size / v1 / Double(parts))) µs per part, \(cpuPerPart("1.x"))")
  }
}

// MARK: linearity

/// Parsing and normalizing the 12-record shape grown from about 0.6 KB to 1.1 MB: time per byte at each size
/// against the smallest response's. The sizes take turns within each round (the fastest round counts), so
/// the machine's drift lands on all of them rather than on whichever size ran last.
func benchmarkLinearity() async throws {
  print("linearity (HeroAndFriends with more friends: parse the bytes, read and normalize; ns per byte)")
  let query = HeroAndFriendsQuery(episode: .init(.JEDI))
  let bodies = [10, 100, 1_000, 10_000, 20_000].map { friends in
    JSONSerializer.serialize([
      "data": ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2",
                        "friends": .array((0..<friends).map { ["__typename": "Human", "id": .string("\($0)"), "name": "Friend \($0)"] })]],
    ])
  }
  var fastest = [Double](repeating: .infinity, count: bodies.count)
  for _ in 0..<5 {
    for (index, body) in bodies.enumerated() {
      let iterations = max(3, 1_000_000 / body.count)
      let start = ContinuousClock.now
      for _ in 0..<iterations {
        let data = try JSONParser.parseObject(body)["data"]?.objectValue ?? [:]
        _ = try GraphQLExecutor.execute(query, data: data, normalizing: true)
      }
      fastest[index] = min(fastest[index], (ContinuousClock.now - start).seconds / Double(iterations))
    }
  }
  let firstPerByte = fastest[0] / Double(bodies[0].count) * 1e9
  for (index, body) in bodies.enumerated() {
    let perByte = fastest[index] / Double(body.count) * 1e9
    print("  \(String(format: "%9d", body.count)) bytes  \(format(fastest[index] * 1e6, "µs"))  \(format(perByte, "ns/byte"))  ratio to the smallest \(String(format: "%.2f", perByte / firstPerByte))")
  }

  try await benchmarkDeferredLinearity()
}
