// check: language-modes 6 5
// check: run ^top-level await: fetch R2-D2 from the server, perform 5 stars, upload 4 stars, clearCache, then a cache miss$
//
// A `main.swift` that awaits the 2.x client at top level, with no type annotations (issue 14, item 2). Swift
// ranks overloads in top-level code as if it were synchronous, so with a defaulted handler each line here
// would bind to the deprecated callback form: a deprecation warning (this check fails on any warning), no
// request, and a `Cancellable` whose `.data` would not compile. Built in both language modes and run.
import ApolloAsyncChain
import StarWarsAPI

// The Star Wars scripted server; a multipart upload body has no JSON operation name, so it gets the review.
let server = ScriptedServer { request in
  request.operationName == nil
    ? .json(["data": ["createReview": ["stars": 4, "commentary": .null]]])
    : StarWarsScriptedServer.response(to: request)
}
let store = ApolloStore()
let transport = RequestChainNetworkTransport(
  urlSession: ApolloURLSessionOnStreamingSession(server), interceptorProvider: DefaultInterceptorProvider.shared, store: store,
  endpointURL: URL(string: "http://embedded.invalid/graphql")!)
let client = ApolloClient(networkTransport: transport, store: store)

let hero = try await client.fetch(query: HeroNameQuery(episode: nil))
let review = try await client.perform(mutation: CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 5)))
let uploaded = try await client.upload(
  operation: CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 4)),
  files: [GraphQLFile(fieldName: "file", originalName: "review.txt", data: Data("four stars".utf8))])
try await client.clearCache()
let afterClear = try await client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .cacheOnly)

let requests = server.requests.count
guard hero.data?.hero?.name == "R2-D2", hero.source == .server, review.data?.createReview?.stars == 5,
      uploaded.data?.createReview?.stars == 4, afterClear == nil, requests == 3 else {
  print("unexpected: hero \(String(describing: hero.data?.hero?.name)), review \(String(describing: review.data)), "
    + "upload \(String(describing: uploaded.data)), after clearCache \(String(describing: afterClear)), \(requests) requests")
  exit(1)
}
print("top-level await: fetch R2-D2 from the server, perform 5 stars, upload 4 stars, clearCache, then a cache miss")
