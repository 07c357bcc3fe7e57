// The 1.x callback client: a fetch, then `returnCacheDataAndFetch`, whose handler runs twice (cache, then
// server), and a subscription over multipart HTTP.
//
//   swift run CallbackFetchHero                                  # in-process scripted server
//   swift run CallbackFetchHero http://127.0.0.1:4010/graphql    # TestServer
import ApolloCallbackChain
import Foundation
import StarWarsAPI

let environment = ExampleEnvironment.fromCommandLine()
let session: URLSessionClient = environment.isEmbedded
  ? URLSessionClientOnStreamingSession(session: environment.session)
  : URLSessionClient(callbackQueue: nil)  // not `.main`: nothing runs the main run loop in this tool
let store = ApolloStore()
let provider = DefaultInterceptorProvider(client: session, store: store)
let client = ApolloClient(
  networkTransport: RequestChainNetworkTransport(interceptorProvider: provider, endpointURL: environment.endpoint), store: store)
let queue = DispatchQueue(label: "CallbackFetchHero")
print("Endpoint: \(environment.summary)")

/// Counts deliveries and waits for a number of them.
final class Deliveries: @unchecked Sendable {
  // @unchecked Sendable: `lines` is only touched on `queue`, the serial callback queue.
  var lines: [String] = []
  let semaphore = DispatchSemaphore(value: 0)

  func wait(for count: Int) -> Bool {
    for _ in 0..<count where semaphore.wait(timeout: .now() + 15) == .timedOut { return false }
    return true
  }
}

let first = Deliveries()
client.fetch(query: HeroNameQuery(episode: nil), queue: queue) { result in
  first.lines.append((try? "\(result.get().source): \(result.get().data?.hero?.name ?? "-")") ?? "error \(result)")
  first.semaphore.signal()
}
guard first.wait(for: 1) else { print("FAILED: no result"); exit(1) }
print("fetch -> \(first.lines)")

let twice = Deliveries()
client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .returnCacheDataAndFetch, queue: queue) { result in
  twice.lines.append((try? "\(result.get().source)") ?? "error \(result)")
  twice.semaphore.signal()
}
guard twice.wait(for: 2) else { print("FAILED: expected two deliveries, got \(twice.lines)"); exit(1) }
print("returnCacheDataAndFetch -> \(twice.lines)")

let countdown = Deliveries()
let subscription = client.subscribe(subscription: CountdownSubscription(from: 3, intervalMs: 10), queue: queue) { result in
  countdown.lines.append((try? "\(result.get().data?.countdown ?? -1)") ?? "error \(result)")
  countdown.semaphore.signal()
}
guard countdown.wait(for: 4) else { print("FAILED: countdown \(countdown.lines)"); exit(1) }
subscription.cancel()
print("ok: countdown \(countdown.lines.joined(separator: " "))")
