// Measures this package's own cost on the hot paths and prints figures, each next to a baseline run
// in the same process, so the ratio holds whatever the machine.
//
//   swift run -c release ApolloBenchmarks            # all benchmarks
//   swift run -c release ApolloBenchmarks requests   # one of: requests, store, multipart, json, memory, adapters, executor,
//                                                  # chains, concurrent, streaming, linearity (Chains.swift)
//   swift run -c release ApolloBenchmarks soak       # the fault soak (not part of "all"; see Soak.swift)
import ApolloAsyncChain
import Foundation
import StarWarsAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: Measurement

func measure(iterations: Int, _ body: () async throws -> Void) async rethrows -> Duration {
  let start = ContinuousClock.now
  for _ in 0..<iterations { try await body() }
  return ContinuousClock.now - start
}

extension Duration {
  var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

func format(_ value: Double, _ unit: String) -> String { String(format: "%10.2f %@", value, unit) }

/// Resident memory in bytes (Linux: /proc/self/statm; elsewhere: 0, reported as unavailable).
func residentBytes() -> Int {
  #if os(Linux)
  guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
  let fields = statm.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  #else
  return 0
  #endif
}

// MARK: Fixtures

let heroBody = JSONSerializer.serialize([
  "data": ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2",
                    "friends": .array((0..<10).map { ["__typename": "Human", "id": .string("\($0)"), "name": "Friend \($0)"] })]],
])
let endpoint = URL(string: "http://bench.invalid/graphql")!

/// No GraphQL or HTTP interceptors: the chain's own stages only.
struct BareProvider: InterceptorProvider {
  func graphQLInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] { [] }
  func httpInterceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any HTTPInterceptor] { [] }
}

func makeClient(provider: any InterceptorProvider = DefaultInterceptorProvider.shared) -> (ApolloClient, ScriptedServer) {
  let server = ScriptedServer { _ in .raw(heroBody, headers: ["Content-Type": "application/json"]) }
  let store = ApolloStore()
  let transport = RequestChainNetworkTransport(urlSession: server, interceptorProvider: provider,
                                               store: store, endpointURL: endpoint)
  return (ApolloClient(networkTransport: transport, store: store), server)
}

// MARK: Benchmarks

/// Our work per request through the default 2.x chain, against the scripted session alone.
func benchmarkRequests() async throws {
  let iterations = Int(ProcessInfo.processInfo.environment["BENCH_ITERATIONS"] ?? "") ?? 20_000
  let (client, server) = makeClient()
  let query = HeroAndFriendsQuery(episode: .init(.JEDI))
  var request = URLRequest(url: endpoint)
  request.httpMethod = "POST"
  request.httpBody = JSONSerializer.serialize(try RequestBodyBuilder.body(for: query, sendQueryDocument: true, autoPersistQuery: false))
  for _ in 0..<1_000 { _ = try await client.fetch(query: query, cachePolicy: .networkOnly) }  // warm up

  let baseline = try await measure(iterations: iterations) {
    let response = try await server.start(request)
    for try await _ in response.body {}
  }
  let chain = try await measure(iterations: iterations) {
    _ = try await client.fetch(query: query, cachePolicy: .networkOnly)
  }
  let cacheHit = try await measure(iterations: iterations) {
    _ = try await client.fetch(query: query, cachePolicy: .cacheFirst)
  }
  let noCacheWrite = try await measure(iterations: iterations) {
    _ = try await client.fetch(query: query, cachePolicy: .networkOnly, requestConfiguration: .init(writeResultsToCache: false))
  }
  let (bareClient, _) = makeClient(provider: BareProvider())
  let bare = try await measure(iterations: iterations) {
    _ = try await bareClient.fetch(query: query, cachePolicy: .networkOnly, requestConfiguration: .init(writeResultsToCache: false))
  }
  // Measured again last, so that warm-up effects on the first phase show up as a difference.
  let chainAgain = try await measure(iterations: iterations) {
    _ = try await client.fetch(query: query, cachePolicy: .networkOnly)
  }
  let perBaseline = baseline.seconds / Double(iterations) * 1e6
  let perChain = min(chain, chainAgain).seconds / Double(iterations) * 1e6
  let perCache = cacheHit.seconds / Double(iterations) * 1e6
  print("requests (\(iterations) sequential, default 2.x chain, scripted session, \(heroBody.count)-byte response)")
  print("  scripted session alone (baseline)  \(format(perBaseline, "µs/request"))")
  print("  (first run \(format(chain.seconds / Double(iterations) * 1e6, "µs")), second run \(format(chainAgain.seconds / Double(iterations) * 1e6, "µs")))")
  print("  full chain, networkOnly            \(format(perChain, "µs/request"))   ratio \(String(format: "%.1f", perChain / perBaseline))x")
  print("  our work per request (chain − baseline) \(format(perChain - perBaseline, "µs"))")
  print("  cacheFirst hit (no network)        \(format(perCache, "µs/request"))")
  print("  networkOnly, no cache write        \(format(noCacheWrite.seconds / Double(iterations) * 1e6, "µs/request"))")
  print("  no interceptors, no cache write    \(format(bare.seconds / Double(iterations) * 1e6, "µs/request"))")
}

/// The store alone: normalizing the response and publishing its records.
func benchmarkStore() throws {
  let iterations = 20_000
  let store = ApolloStore()
  let query = HeroAndFriendsQuery(episode: .init(.JEDI))
  let data = try JSONParser.parseObject(heroBody)["data"]?.objectValue ?? [:]
  let records = try store.records(for: query, data: data)
  let normalize = try measure(iterations: iterations) { _ = try store.records(for: query, data: data) }
  let publish = try measure(iterations: iterations) { try store.publishRecords(records) }
  let read = try measure(iterations: iterations) { _ = try store.read(query) }
  print("store (\(records.keys.count) records per response)")
  print("  normalize a response               \(format(normalize.seconds / Double(iterations) * 1e6, "µs"))")
  print("  publish its records (unchanged)    \(format(publish.seconds / Double(iterations) * 1e6, "µs"))")
  print("  read it back                       \(format(read.seconds / Double(iterations) * 1e6, "µs"))")

  // A one-field write into a record that already holds many fields (a root record an app has filled with
  // many queries' fields) should cost what a write into a small one costs: the record changed in place.
  func oneFieldWrite(intoRecordOf fieldCount: Int) throws -> Double {
    let cache = InMemoryNormalizedCache(records: RecordSet(records: [
      Record(key: "QUERY_ROOT", fields: Dictionary(uniqueKeysWithValues: (0..<fieldCount).map { ("field\($0)", RecordValue.value(.int($0))) })),
    ]))
    let writes = 2_000
    let start = ContinuousClock.now
    for index in 0..<writes {
      _ = try cache.merge(records: RecordSet(records: [Record(key: "QUERY_ROOT", fields: ["field0": .value(.int(-index - 1))])]))
    }
    return (ContinuousClock.now - start).seconds / Double(writes) * 1e6
  }
  let small = try oneFieldWrite(intoRecordOf: 10)
  let large = try oneFieldWrite(intoRecordOf: 10_000)
  print("  one-field write, 10-field record   \(format(small, "µs"))")
  print("  one-field write, 10,000 fields     \(format(large, "µs"))   \(String(format: "%.2f", large / small))x the small record's")
}

/// A write that no 2.x watcher depends on, with 1,000 watchers of another query against none: CPU time per write
/// (the writer's and whatever the watchers do about it), so a watcher that has nothing to do should cost little.
func benchmarkStoreWatchers() async throws {
  let store = ApolloStore()
  let client = ApolloAsyncChain.ApolloClient(
    networkTransport: ApolloAsyncChain.RequestChainNetworkTransport(
      urlSession: ScriptedServer { _ in .raw(heroBody, headers: ["Content-Type": "application/json"]) },
      interceptorProvider: ApolloAsyncChain.DefaultInterceptorProvider.shared, store: store, endpointURL: endpoint),
    store: store)
  let watched = HeroNameQuery(episode: .init(.JEDI))
  _ = try await client.fetch(query: watched, cachePolicy: .networkOnly)
  func cpuPerWrite(watchers count: Int) async throws -> Double {
    var watchers: [GraphQLQueryWatcher<HeroNameQuery>] = []
    for _ in 0..<count {
      watchers.append(await client.watch(query: watched, cachePolicy: .cacheOnly) { _ in })
    }
    try await Task.sleep(for: .milliseconds(200))  // the watchers' first reads
    let writes = 500
    let start = processCPUSeconds()
    for index in 0..<writes {
      try store.publishRecords(RecordSet(records: [Record(key: "Elsewhere", fields: ["count": .value(.int(index))])]))
    }
    try await Task.sleep(for: .milliseconds(300))  // whatever the writes started
    let perWrite = (processCPUSeconds() - start) / Double(writes) * 1e6
    for watcher in watchers { watcher.cancel() }
    return perWrite
  }
  let none = try await cpuPerWrite(watchers: 0)
  let many = try await cpuPerWrite(watchers: 1_000)
  print("  unrelated write, no 2.x watcher    \(format(none, "µs CPU"))")
  print("  unrelated write, 1,000 watchers    \(format(many, "µs CPU"))   \(String(format: "%.1f", many / none))x")
}

/// Multipart splitting throughput against copying the same bytes.
func benchmarkMultipart() {
  var body = [UInt8]()
  let part = Array("\r\n--graphql\r\nContent-Type: application/json\r\n\r\n{\"payload\":{\"data\":{\"countdown\":12345,\"text\":\"\(String(repeating: "x", count: 400))\"}}}".utf8)
  while body.count < 32 << 20 { body.append(contentsOf: part) }
  body.append(contentsOf: Array("\r\n--graphql--\r\n".utf8))
  let slices = stride(from: 0, to: body.count, by: 16 << 10).map { Data(body[$0..<min($0 + (16 << 10), body.count)]) }
  let megabytes = Double(body.count) / 1e6

  var copied = 0
  let copyStart = ContinuousClock.now
  var sink = Data()
  for slice in slices { sink.append(slice); copied += slice.count }
  let copyTime = (ContinuousClock.now - copyStart).seconds

  func split(_ slices: [Data]) -> (Int, Double) {
    var splitter = MultipartChunkSplitter(boundary: "graphql")
    var chunks = 0
    let start = ContinuousClock.now
    for slice in slices { chunks += splitter.append(slice).count }
    chunks += splitter.finish().count
    return (chunks, (ContinuousClock.now - start).seconds)
  }
  let (chunks, splitTime) = split(slices)
  let (_, quarterTime) = split(Array(slices.prefix(slices.count / 4)))
  print("multipart (\(String(format: "%.1f", megabytes)) MB in 16 KiB slices, \(chunks) parts)")
  print("  copying the bytes (baseline)       \(format(megabytes / copyTime, "MB/s"))")
  print("  MultipartChunkSplitter             \(format(megabytes / splitTime, "MB/s"))   ratio \(String(format: "%.2f", copyTime / splitTime)) of baseline speed")
  print("  linearity: time(32 MB) / time(8 MB) = \(String(format: "%.2f", splitTime / quarterTime)) (4.00 is linear)")
  _ = copied
  _ = sink.count
}

/// JSON parsing throughput against Foundation's JSONSerialization on the same bytes.
func benchmarkJSON() throws {
  var friends: [JSON] = []
  for index in 0..<5_000 {
    friends.append(["__typename": "Human", "id": .string("\(index)"), "name": "Friend \(index) \u{2603}", "height": 1.72, "mass": .int(index), "appearsIn": ["NEWHOPE", "EMPIRE"]])
  }
  let bytes = JSONSerializer.serialize(["data": ["hero": ["friends": .array(friends)]]])
  let megabytes = Double(bytes.count) / 1e6
  let rounds = 20
  let foundation = try measure(iterations: rounds) { _ = try JSONSerialization.jsonObject(with: bytes) }
  let ours = try measure(iterations: rounds) { _ = try JSONParser.parse(bytes) }
  let serialize = measure(iterations: rounds) { _ = JSONSerializer.serialize(try! JSONParser.parse(bytes)) }
  print("json (\(String(format: "%.2f", megabytes)) MB response, \(rounds) rounds)")
  print("  JSONSerialization (baseline)       \(format(megabytes * Double(rounds) / foundation.seconds, "MB/s"))")
  print("  JSONParser                         \(format(megabytes * Double(rounds) / ours.seconds, "MB/s"))   ratio \(String(format: "%.2f", foundation.seconds / ours.seconds))x baseline speed")
  print("  parse + serialize round trip       \(format(megabytes * Double(rounds) / serialize.seconds, "MB/s"))")
}

func measure(iterations: Int, _ body: () throws -> Void) rethrows -> Duration {
  let start = ContinuousClock.now
  for _ in 0..<iterations { try body() }
  return ContinuousClock.now - start
}

/// Resident memory over 100k requests through the chain.
func benchmarkMemory() async throws {
  let (client, _) = makeClient()
  let query = HeroNameQuery(episode: nil)
  for _ in 0..<5_000 { _ = try await client.fetch(query: query, cachePolicy: .networkOnly) }
  let before = residentBytes()
  var samples: [Int] = []
  for round in 1...10 {
    for _ in 0..<10_000 { _ = try await client.fetch(query: query, cachePolicy: .networkOnly) }
    samples.append(residentBytes())
    _ = round
  }
  guard before > 0 else {
    print("memory: resident size is not available on this platform")
    return
  }
  let mib = { (bytes: Int) in String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
  print("memory (100k requests, resident size after each 10k)")
  print("  before: \(mib(before)); after: \(samples.map(mib).joined(separator: ", "))")
  print("  growth over the last 50k requests: \(mib(samples[9] - samples[4]))")
}

let selected = Set(CommandLine.arguments.dropFirst())
func wanted(_ name: String) -> Bool { selected.isEmpty || selected.contains(name) }
#if DEBUG
print("note: a debug build; run with `swift run -c release ApolloBenchmarks` for meaningful figures")
#endif
if wanted("requests") { try await benchmarkRequests() }
if wanted("store") { try benchmarkStore(); try await benchmarkStoreWatchers() }
if wanted("multipart") { benchmarkMultipart() }
if wanted("json") { try benchmarkJSON() }
if wanted("memory") { try await benchmarkMemory() }
if wanted("adapters") { try await benchmarkAdapters() }
if wanted("executor") { try benchmarkExecutor() }
if wanted("chains") { try await benchmarkChains() }
if wanted("concurrent") { try await benchmarkConcurrent() }
if wanted("streaming") { try await benchmarkStreaming() }
if wanted("linearity") { try await benchmarkLinearity() }
// Not part of "all": it checks rules rather than timing, and takes a while. Fails the process on a violation.
if selected.contains("soak"), await benchmarkSoak() > 0 { exit(1) }
