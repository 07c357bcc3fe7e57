// check: language-modes 6 5
// check: allow-warning is deprecated
// check: run ^top-level callbacks: fetch R2-D2, perform 5 stars \(in a Task\), clearCache success, fire-and-forget sent$
//
// The other half of issue 14, item 2: the deprecated callback forms of the 2.x client still compile and
// deliver when called from top-level code and from a `Task`, both asynchronous contexts (which
// `@available(*, noasync)` would have rejected). Their deprecation warnings are the only ones allowed.
import ApolloAsyncChain
import StarWarsAPI

let server = StarWarsScriptedServer.make()
let store = ApolloStore()
let transport = RequestChainNetworkTransport(
  urlSession: ApolloURLSessionOnStreamingSession(server), interceptorProvider: DefaultInterceptorProvider.shared, store: store,
  endpointURL: URL(string: "http://embedded.invalid/graphql")!)
let client = ApolloClient(networkTransport: transport, store: store)
// Linux runs nothing on the main queue unless the main run loop runs: callbacks go to a queue of their own.
let queue = DispatchQueue(label: "callbacks")
let delivered = Mutex<[String]>([])

client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: queue) { result in
  delivered.withLock { $0.append("fetch " + ((try? result.get().data?.hero?.name) ?? "failed")) }
}
Task {
  _ = client.perform(mutation: CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 5)), queue: queue) { result in
    delivered.withLock { $0.append("perform \((try? result.get().data?.createReview?.stars) ?? 0)") }
  }
}
client.clearCache(callbackQueue: queue) { result in
  delivered.withLock { $0.append((try? result.get()) != nil ? "clearCache success" : "clearCache failed") }
}
// Fire-and-forget: with no handler to pass, `nil` says so.
client.fetch(query: HeroAndFriendsQuery(episode: .init(.JEDI)), resultHandler: nil)

let deadline = Date().addingTimeInterval(10)
while delivered.withLock({ $0.count }) < 3 || server.requests.count < 3, Date() < deadline {
  try await Task.sleep(nanoseconds: 10_000_000)
}
let results = Set(delivered.withLock { $0 })
guard results == ["fetch R2-D2", "perform 5", "clearCache success"], server.requests.count == 3 else {
  print("unexpected: \(results.sorted()), \(server.requests.count) requests")
  exit(1)
}
print("top-level callbacks: fetch R2-D2, perform 5 stars (in a Task), clearCache success, fire-and-forget sent")
