// A 0.33 app's code, unchanged but for the package manifest: it imports `Apollo` (ApolloLegacyAPI under
// SwiftPM's module alias) and runs the unchanged `API.swift` beside it through the 0.x client and transport.
import Apollo
import Foundation

func fail(_ message: String) -> Never {
  print("ReadLegacyAPI: \(message)")
  exit(1)
}

// A scripted server stands in for the network; an app passes its own URLSessionClient or none.
let server = ScriptedServer(responses: [
  .json(["data": ["hero": ["__typename": "Droid", "name": "R2-D2", "friends": [["__typename": "Human", "name": "Luke Skywalker"]]]]]),
  .json(["data": ["createReview": ["__typename": "Review", "stars": 5, "commentary": "Great"]]]),
])
let transport = HTTPNetworkTransport(url: URL(string: "http://example.invalid/graphql")!,
                                     client: URLSessionClientOnStreamingSession(session: server))
let apollo = ApolloClient(networkTransport: transport)
// The 0.x docs' key rule, as apps wrote it (these responses carry no id, so their objects keep path keys).
apollo.cacheKeyForObject = { $0["id"] }
let queue = DispatchQueue(label: "ReadLegacyAPI")

func wait<Data>(_ start: (@escaping GraphQLResultHandler<Data>) -> Void) -> GraphQLResult<Data> {
  let done = DispatchSemaphore(value: 0)
  var outcome: Result<GraphQLResult<Data>, Error>?
  start { result in
    outcome = result
    done.signal()
  }
  done.wait()
  switch outcome {
  case .success(let result)?: return result
  case .failure(let error)?: fail("\(error)")
  case nil: fail("no result")
  }
}

let fetched = wait { apollo.fetch(query: HeroAndFriendsNamesQuery(episode: .jedi), cachePolicy: .fetchIgnoringCacheData, queue: queue, resultHandler: $0) }
guard fetched.data?.hero?.name == "R2-D2", fetched.data?.hero?.friends?.first??.name == "Luke Skywalker" else {
  fail("unexpected data \(String(describing: fetched.data?.hero))")
}
let cached = wait { apollo.fetch(query: HeroAndFriendsNamesQuery(episode: .jedi), cachePolicy: .returnCacheDataDontFetch, queue: queue, resultHandler: $0) }
guard cached.source == .cache, cached.data?.hero?.name == "R2-D2" else { fail("the cache did not answer") }
// A watcher answers from the cache, then follows a store transaction that renames the hero through the generated
// setters, as 0.x apps updated their cache.
let updates = DispatchSemaphore(value: 0)
var watchedNames: [String?] = []
let watcher = apollo.watch(query: HeroAndFriendsNamesQuery(episode: .jedi), cachePolicy: .returnCacheDataDontFetch, queue: queue) { result in
  watchedNames.append(try? result.get().data?.hero?.name)
  updates.signal()
}
updates.wait()
let renamed = DispatchSemaphore(value: 0)
apollo.store.withinReadWriteTransaction({ transaction in
  try transaction.update(query: HeroAndFriendsNamesQuery(episode: .jedi)) { data in data.hero?.name = "Artoo-Detoo" }
}, completion: { result in
  if case .failure(let error) = result { fail("the transaction failed: \(error)") }
  renamed.signal()
})
renamed.wait()
guard updates.wait(timeout: .now() + 5) == .success else { fail("the watcher saw no change") }
watcher.cancel()
guard queue.sync(execute: { watchedNames }) == ["R2-D2", "Artoo-Detoo"] else { fail("the watcher delivered \(watchedNames)") }

let review = wait {
  apollo.perform(mutation: CreateReviewForEpisodeMutation(episode: .jedi, review: ReviewInput(stars: 5, commentary: "Great")),
                 queue: queue, resultHandler: $0)
}
guard review.data?.createReview?.stars == 5 else { fail("unexpected mutation result") }
guard server.requests.count == 2, server.requests.last?.variables?["review"] == ["stars": 5, "commentary": "Great"] else {
  fail("unexpected requests \(server.requests.map(\.graphQLBody))")
}
// The 0.x docs' subscription setup ("Subscriptions and authorization tokens"), with `import Apollo` alone: the socket
// comes with it, and the payload built from a variable is 0.x's `GraphQLMap`. Compiled, not run (nothing listens).
func makeSplitTransport(magicToken: String) -> SplitNetworkTransport {
  let request = URLRequest(url: URL(string: "ws://localhost:8080/websocket")!)
  let authPayload = ["authToken": magicToken]
  let webSocketTransport = WebSocketTransport(request: request, connectingPayload: authPayload)
  webSocketTransport.updateConnectingPayload(["authToken": magicToken])
  return SplitNetworkTransport(httpNetworkTransport: transport, webSocketNetworkTransport: webSocketTransport)
}

print("ReadLegacyAPI: API.swift (0.x shape) compiled unchanged against `Apollo` (ApolloLegacyAPI); a query fetched, cached and read back, watched through a store transaction, and a mutation sent, through the 0.x client")
