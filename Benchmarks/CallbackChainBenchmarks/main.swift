// Our own work per request through the default 1.x chain, against the in-process scripted server.
//
//   swift run -c release CallbackChainBenchmarks [requests]
//
// Prints the time per request through `ApolloClient.fetch` (default provider, fetchIgnoringCacheData and
// returnCacheDataElseFetch with a cache hit), and — as the baseline to subtract — the time per request of the
// scripted session client alone.
import ApolloCallbackChain
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StarWarsAPI

let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 20_000
let endpoint = URL(string: "http://embedded.invalid/graphql")!
let queue = DispatchQueue(label: "bench.callbacks")

/// Process CPU time (all threads) in µs: wall time on a shared machine mostly measures thread wake-ups.
func cpuMicros() -> Double {
  var usage = rusage()
  #if os(Linux)
  getrusage(RUSAGE_SELF.rawValue, &usage)
  #else
  getrusage(RUSAGE_SELF, &usage)
  #endif
  return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e6 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
}

/// Returns CPU µs per request; prints wall and CPU time per request.
func measure(_ label: String, _ body: (DispatchSemaphore) -> Void) -> Double {
  let semaphore = DispatchSemaphore(value: 0)
  for _ in 0..<200 { body(semaphore); semaphore.wait() }  // warm-up
  let cpuStart = cpuMicros()
  let start = ContinuousClock.now
  for _ in 0..<count {
    body(semaphore)
    semaphore.wait()
  }
  let duration = ContinuousClock.now - start
  let micros = (Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12) / Double(count)
  let cpu = (cpuMicros() - cpuStart) / Double(count)
  print(String(format: "%@: %.1f µs/request wall, %.1f µs/request CPU", label, micros, cpu))
  return cpu
}

let server = StarWarsScriptedServer.make()
let session = URLSessionClientOnStreamingSession(session: server)
var urlRequest = URLRequest(url: endpoint)
urlRequest.httpMethod = "POST"
urlRequest.httpBody = Data(#"{"operationName":"HeroName","variables":{}}"#.utf8)
let baseline = measure("scripted session alone") { done in
  session.sendRequest(urlRequest) { _ in done.signal() }
}

let store = ApolloStore()
let client = ApolloClient(
  networkTransport: RequestChainNetworkTransport(
    interceptorProvider: DefaultInterceptorProvider(client: session, shouldInvalidateClientOnDeinit: false, store: store),
    endpointURL: endpoint),
  store: store)
let network = measure("default 1.x chain, network") { done in
  client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: queue) { _ in done.signal() }
}
let cached = measure("default 1.x chain, cache hit") { done in
  client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .returnCacheDataElseFetch, queue: queue) { _ in done.signal() }
}
print(String(format: "our own work per network request: %.1f µs CPU (chain minus session)", network - baseline))
print(String(format: "cache hit, whole request: %.1f µs CPU", cached))

// Where the time goes.
let completely = measure("default 1.x chain, fetchIgnoringCacheCompletely (no normalization, no write)") { done in
  client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheCompletely, queue: queue) { _ in done.signal() }
}
let transport = RequestChainNetworkTransport(interceptorProvider: DefaultInterceptorProvider(client: session, shouldInvalidateClientOnDeinit: false, store: store), endpointURL: endpoint)
let building = measure("build the request and its URLRequest") { done in
  _ = try? transport.constructRequest(for: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData).toURLRequest()
  done.signal()
}
let headerLookup = measure("Content-Type lookup on HTTPURLResponse") { done in
  let response = HTTPURLResponse(url: endpoint, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"])
  _ = response?.value(forHTTPHeaderField: "Content-Type")
  done.signal()
}
_ = (completely, building, headerLookup)
