// An Apollo iOS 0.34–0.53 app's code, unchanged but for the package manifest: it imports `Apollo` and runs the
// unchanged `API.swift` beside it through the request chain of that time.
import Apollo
import Foundation

func fail(_ message: String) -> Never {
  print("ReadLegacyAPIOnRequestChain: \(message)")
  exit(1)
}

func hero(_ name: String) -> ScriptedResponse {
  .json(["data": ["hero": ["__typename": "Droid", "id": "2001", "name": .string(name),
                           "friends": [["__typename": "Human", "name": "Luke Skywalker"]]]]])
}

// A scripted server stands in for the network; an app gives the provider its own URLSessionClient or none.
let server = ScriptedServer(responses: [
  hero("R2-D2"),
  .json(["data": ["createReview": ["__typename": "Review", "stars": 5, "commentary": "Great"]]]),
  hero("Artoo-Detoo"),
])
let store = ApolloStore()
// 0.34–0.53's key rule, on the store (deprecated here: 1.x keys objects through the schema configuration).
store.cacheKeyForObject = { $0["id"] }
let provider = AppInterceptorProvider(client: URLSessionClientOnStreamingSession(session: server), store: store)
let transport = RequestChainNetworkTransport(interceptorProvider: provider,
                                             endpointURL: URL(string: "http://example.invalid/graphql")!)
let apollo = ApolloClient(networkTransport: transport, store: store)
let queue = DispatchQueue(label: "ReadLegacyAPIOnRequestChain")

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
guard server.requests.first?.header("User-Agent") == "RequestChainApp/1.0" else { fail("the app's interceptor did not run") }

// The watcher answers from the records the fetch wrote (keyed `2001` by the rule), then follows the store.
let updates = DispatchSemaphore(value: 0)
var watchedNames: [String?] = []
let watcher = apollo.watch(query: HeroAndFriendsNamesQuery(episode: .jedi), cachePolicy: .returnCacheDataDontFetch,
                           callbackQueue: queue) { result in
  watchedNames.append(try? result.get().data?.hero?.name)
  updates.signal()
}
updates.wait()

let review = wait {
  apollo.perform(mutation: CreateReviewForEpisodeMutation(episode: .jedi, review: ReviewInput(stars: 5, commentary: "Great")),
                 queue: queue, resultHandler: $0)
}
guard review.data?.createReview?.stars == 5 else { fail("unexpected mutation result") }

// Another fetch renames the hero in record `2001`: the watcher reloads it from the store.
_ = wait { apollo.fetch(query: HeroAndFriendsNamesQuery(episode: .jedi), cachePolicy: .fetchIgnoringCacheData, queue: queue, resultHandler: $0) }
guard updates.wait(timeout: .now() + 5) == .success else { fail("the watcher saw no change") }
watcher.cancel()
guard queue.sync(execute: { watchedNames }) == ["R2-D2", "Artoo-Detoo"] else { fail("watcher delivered \(watchedNames)") }
guard server.requests.count == 3, server.requests[1].variables?["review"] == ["stars": 5, "commentary": "Great"] else {
  fail("unexpected requests \(server.requests.map(\.graphQLBody))")
}
print("ReadLegacyAPIOnRequestChain: API.swift (0.x shape) compiled unchanged against `Apollo` (ApolloLegacyAPIOnCallbackChain); a query fetched through the app's interceptor provider, watched from the cache and updated, and a mutation sent, through the request chain")
