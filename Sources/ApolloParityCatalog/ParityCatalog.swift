import ApolloCore
import ApolloMigration
import Foundation
import StarWarsAPI

/// The built-in parity catalog: each scenario once, as data, over the Star Wars operations; every
/// stack runs every one. `apollo-parity` runs it; `Tests/ParityTests` holds every stack to it.
public enum ParityCatalog {
  static let r2: JSON.Object = ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]]
  static let luke: JSON.Object = ["hero": ["__typename": "Human", "id": "1000", "name": "Luke Skywalker"]]
  static let heroReply = ParityReply.json(["data": .object(r2)])
  static let lukeReply = ParityReply.json(["data": .object(luke)])
  static let hero = ParityOperation.query(HeroNameQuery(episode: nil))
  static let empireHero = ParityOperation.query(HeroNameQuery(episode: .init(.EMPIRE)))
  static let review = ParityOperation.mutation(CreateReviewMutation(
    episode: .init(.JEDI), review: ReviewInput(stars: 5, commentary: "Great")))
  static let reviewReply = ParityReply.json(["data": ["createReview": ["stars": 5, "commentary": "Great"]]])
  static let unauthorized = ParityReply.json(["errors": [["message": "Unauthorized"]]], status: 401)
  static let graphQLErrorReply = ParityReply.json(["data": .object(r2), "errors": [["message": "partial failure"]]])
  static let errorsOnlyReply = ParityReply.json(["errors": [["message": "hero is unavailable"]]])
  static let notFound = ParityReply.json(["errors": [["message": "PersistedQueryNotFound"]]])
  static let upload = ParityOperation.upload(
    SingleUploadMutation(file: "a"), files: [GraphQLFile(fieldName: "file", originalName: "a.txt", mimeType: "text/plain", data: Data("hello".utf8))])
  static let uploadReply = ParityReply.json(["data": ["singleUpload": [
    "filename": "a.txt", "mimetype": "text/plain", "size": 5, "content": "hello"]]])

  /// Every scenario, in a fixed order, with the differences between native generations it declares.
  public static let all: [ParityScenario] = (basics + errors + hooks + transportOptions + cachePolicies + streaming).map { scenario in
    var declared = scenario
    declared.differences = declaredDifferences[scenario.name] ?? []
    return declared
  }

  static let basics: [ParityScenario] = [
    ParityScenario(name: "success", summary: "A query answered with data.", steps: [ParityStep(hero)], replies: [heroReply]),
    ParityScenario(name: "variables", summary: "A query with a variable.", steps: [ParityStep(empireHero)], replies: [lukeReply]),
    ParityScenario(name: "data-with-errors", summary: "Data and GraphQL errors together are one successful result.",
                   steps: [ParityStep(hero)], replies: [graphQLErrorReply]),
    ParityScenario(name: "errors-only", summary: "Only GraphQL errors: a result without data.",
                   steps: [ParityStep(hero)], replies: [errorsOnlyReply]),
    ParityScenario(name: "mutation", summary: "A mutation with an input object.", steps: [ParityStep(review)], replies: [reviewReply]),
    ParityScenario(name: "upload", summary: "A file upload as a GraphQL multipart request.",
                   steps: [ParityStep(upload)], replies: [uploadReply]),
    ParityScenario(name: "members-of-the-wrong-type",
                   summary: "A non-compliant gateway's `errors` object and `extensions` string next to valid data: read as absent.",
                   steps: [ParityStep(hero)],
                   replies: [.json(["data": .object(r2), "errors": ["message": "not a list"], "extensions": "not an object"])]),
    ParityScenario(name: "data-shape-mismatch", summary: "Data that does not match the selection set.",
                   steps: [ParityStep(hero)], replies: [.json(["data": ["hero": ["__typename": "Droid", "id": "2001"]]])]),
  ]

  static let errors: [ParityScenario] = [
    ParityScenario(name: "500-json", summary: "A 500 with a JSON error body.", steps: [ParityStep(hero)],
                   replies: [.json(["errors": [["message": "Internal"]]], status: 500)]),
    ParityScenario(name: "500-empty", summary: "A 500 with an empty body.", steps: [ParityStep(hero)],
                   replies: [.text("", status: 500)]),
    ParityScenario(name: "malformed-json", summary: "A 200 whose body is not JSON.", steps: [ParityStep(hero)],
                   replies: [.text("{\"data\": ")]),
    ParityScenario(name: "not-an-object", summary: "A 200 whose body is a JSON array.", steps: [ParityStep(hero)],
                   replies: [.text("[1, 2]")]),
    ParityScenario(name: "connection-refused", summary: "The server cannot be reached.", steps: [ParityStep(hero)],
                   replies: [.transportFailure(.cannotConnectToHost)]),
    ParityScenario(name: "timeout", summary: "The request times out.", steps: [ParityStep(hero)],
                   replies: [.transportFailure(.timedOut)]),
    ParityScenario(name: "truncated-body", summary: "The connection drops in the middle of the body.",
                   steps: [ParityStep(hero)], replies: [.truncated("{\"data\": {\"hero\"")]),
    ParityScenario(name: "404", summary: "A 404 with a JSON body.", steps: [ParityStep(hero)],
                   replies: [.json(["errors": [["message": "Not found"]]], status: 404)]),
  ]

  static let hooks: [ParityScenario] = [
    ParityScenario(name: "token-header", summary: "A hook adds the Authorization header.", steps: [ParityStep(hero)],
                   hooks: ParityHooks(token: "t1"), replies: [heroReply]),
    ParityScenario(name: "logging", summary: "A hook logs each response's status and size.", steps: [ParityStep(hero)],
                   hooks: ParityHooks(logResponses: true), replies: [heroReply]),
    ParityScenario(name: "logging-500", summary: "The logging hook on a failed response.", steps: [ParityStep(hero)],
                   hooks: ParityHooks(logResponses: true), replies: [.json(["errors": [["message": "Internal"]]], status: 500)]),
    ParityScenario(name: "401-refresh-retry", summary: "A 401 refreshes the token and the request is sent again.",
                   steps: [ParityStep(hero)], hooks: ParityHooks(token: "old", refreshedTokenOn401: "new"),
                   replies: [unauthorized, heroReply]),
    ParityScenario(name: "401-twice", summary: "The refreshed token is refused too: the second 401 is delivered.",
                   steps: [ParityStep(hero)], hooks: ParityHooks(token: "old", refreshedTokenOn401: "new"),
                   replies: [unauthorized, unauthorized]),
    ParityScenario(name: "401-empty-body-refresh-retry",
                   summary: "A 401 without a body refreshes the token too: the hook after the fetch sees every response.",
                   steps: [ParityStep(hero)], hooks: ParityHooks(token: "old", refreshedTokenOn401: "new"),
                   replies: [.text("", status: 401), heroReply]),
    ParityScenario(name: "veto", summary: "A hook refuses to send the request.", steps: [ParityStep(hero)],
                   hooks: ParityHooks(veto: true), replies: []),
    ParityScenario(name: "url-rewrite", summary: "A hook sends the request to another path.", steps: [ParityStep(hero)],
                   hooks: ParityHooks(rewritePath: "/v2/graphql"), replies: [heroReply]),
    ParityScenario(name: "graphql-error-retry", summary: "GraphQL errors make a hook send again; the retry succeeds.",
                   steps: [ParityStep(hero)], hooks: ParityHooks(retriesOnGraphQLErrors: 1),
                   replies: [graphQLErrorReply, heroReply]),
    ParityScenario(name: "graphql-error-retry-exhausted", summary: "GraphQL errors persist after the hook's retry.",
                   steps: [ParityStep(hero)], hooks: ParityHooks(retriesOnGraphQLErrors: 1),
                   replies: [graphQLErrorReply, graphQLErrorReply]),
    ParityScenario(name: "retry-then-success", summary: "A failure is retried and the retry succeeds.",
                   steps: [ParityStep(hero)], hooks: ParityHooks(retryFailures: 2),
                   replies: [.transportFailure(.networkConnectionLost), heroReply]),
    ParityScenario(name: "retry-limit", summary: "Every attempt fails until the retry limit is reached.",
                   steps: [ParityStep(hero)], hooks: ParityHooks(retryFailures: 2),
                   replies: [.json(["errors": [["message": "busy"]]], status: 503), .json(["errors": [["message": "busy"]]], status: 503),
                             .json(["errors": [["message": "busy"]]], status: 503)]),
    ParityScenario(name: "recover-from-error", summary: "An error hook replaces a failure with its own error.",
                   steps: [ParityStep(hero)], hooks: ParityHooks(recoverFromErrors: true),
                   replies: [.json(["errors": [["message": "Internal"]]], status: 500)]),
    ParityScenario(name: "recover-from-transport-error", summary: "An error hook replaces a transport failure.",
                   steps: [ParityStep(hero)], hooks: ParityHooks(recoverFromErrors: true),
                   replies: [.transportFailure(.cannotConnectToHost)]),
    ParityScenario(name: "token-on-mutation", summary: "The token hook on a mutation.", steps: [ParityStep(review)],
                   hooks: ParityHooks(token: "t1"), replies: [reviewReply]),
    ParityScenario(name: "token-and-logging", summary: "Two hooks together.", steps: [ParityStep(hero)],
                   hooks: ParityHooks(token: "t1", logResponses: true), replies: [heroReply]),
  ]

  static let transportOptions: [ParityScenario] = [
    ParityScenario(name: "additional-headers", summary: "Headers configured for every request.", steps: [ParityStep(hero)],
                   transport: ParityTransportOptions(additionalHeaders: ["X-App-Build": "42"]), replies: [heroReply]),
    ParityScenario(name: "get-for-queries", summary: "Queries go out as GET.", steps: [ParityStep(empireHero)],
                   transport: ParityTransportOptions(useGETForQueries: true), replies: [lukeReply]),
    ParityScenario(name: "apq-hit", summary: "A persisted query the server knows: the hash alone.", steps: [ParityStep(hero)],
                   transport: ParityTransportOptions(autoPersistQueries: true), replies: [heroReply]),
    ParityScenario(name: "apq-not-found", summary: "Hash only → PersistedQueryNotFound → resend with the document.",
                   steps: [ParityStep(hero)], transport: ParityTransportOptions(autoPersistQueries: true),
                   replies: [notFound, heroReply]),
    ParityScenario(name: "apq-mutation", summary: "A persisted mutation.", steps: [ParityStep(review)],
                   transport: ParityTransportOptions(autoPersistQueries: true), replies: [reviewReply]),
  ]

  static let cachePolicies: [ParityScenario] = [
    ParityScenario(name: "cache-first-miss-then-hit", summary: "Cache-first twice: the network once, then the cache.",
                   steps: [ParityStep(hero, cachePolicy: .cacheFirst), ParityStep(hero, cachePolicy: .cacheFirst)],
                   replies: [heroReply]),
    ParityScenario(name: "cache-first-hit-with-token",
                   summary: "A cache-first hit with the token hook: does the hook run for an answer from the cache?",
                   steps: [ParityStep(hero, cachePolicy: .networkOnly), ParityStep(hero, cachePolicy: .cacheFirst)],
                   hooks: ParityHooks(token: "t"), replies: [heroReply]),
    ParityScenario(name: "network-only-writes", summary: "Network-only writes the store; cache-only then reads it.",
                   steps: [ParityStep(hero, cachePolicy: .networkOnly), ParityStep(hero, cachePolicy: .cacheOnly)],
                   replies: [heroReply]),
    ParityScenario(name: "no-store", summary: "Fetch ignoring the cache completely: nothing is written.",
                   steps: [ParityStep(hero, cachePolicy: .networkOnlyWithoutStore)], replies: [heroReply]),
    ParityScenario(name: "cache-only-miss", summary: "Cache-only on an empty store.",
                   steps: [ParityStep(hero, cachePolicy: .cacheOnly)], replies: []),
    ParityScenario(name: "cache-and-network-hit", summary: "Cache and network on a hit: two deliveries.",
                   steps: [ParityStep(hero, cachePolicy: .networkOnly), ParityStep(hero, cachePolicy: .cacheAndNetwork)],
                   replies: [heroReply, heroReply]),
    ParityScenario(name: "cache-and-network-401-refresh-retry",
                   summary: "Cache and network on a hit, the network answers 401: the token is refreshed and the request sent again.",
                   steps: [ParityStep(hero, cachePolicy: .networkOnly), ParityStep(hero, cachePolicy: .cacheAndNetwork)],
                   hooks: ParityHooks(token: "old", refreshedTokenOn401: "new"),
                   replies: [heroReply, unauthorized, heroReply]),
    ParityScenario(name: "cache-and-network-miss", summary: "Cache and network on a miss.",
                   steps: [ParityStep(hero, cachePolicy: .cacheAndNetwork)], replies: [heroReply]),
    ParityScenario(name: "mutation-then-cache", summary: "A mutation's result is written, then a query reads the cache.",
                   steps: [ParityStep(review), ParityStep(hero, cachePolicy: .cacheFirst)], replies: [reviewReply, heroReply]),
    ParityScenario(name: "error-not-cached", summary: "A failed fetch writes nothing; the next cache-first fetch goes out.",
                   steps: [ParityStep(hero, cachePolicy: .cacheFirst), ParityStep(hero, cachePolicy: .cacheFirst)],
                   replies: [.json(["errors": [["message": "Internal"]]], status: 500), heroReply]),
  ]

  static let streaming: [ParityScenario] = [
    ParityScenario(name: "defer-20220824", summary: "@defer in the deferSpec=20220824 format.",
                   steps: [ParityStep(.query(HeroDeferredQuery()))],
                   replies: [.multipart([
                     #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}},"hasNext":true}"#,
                     #"{"incremental":[{"data":{"friends":[{"__typename":"Human","id":"1000","name":"Luke Skywalker"}]},"path":["hero"],"label":"friends"}],"hasNext":false}"#,
                   ])]),
    ParityScenario(name: "defer-pending-completed", summary: "@defer in the newer pending/completed format.",
                   steps: [ParityStep(.query(HeroDeferredQuery()))],
                   replies: [.multipart([
                     #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}},"pending":[{"id":"0","path":["hero"],"label":"friends"}],"hasNext":true}"#,
                     #"{"incremental":[{"id":"0","data":{"friends":[{"__typename":"Human","id":"1000","name":"Luke Skywalker"}]}}],"completed":[{"id":"0"}],"hasNext":false}"#,
                   ])]),
    ParityScenario(name: "multipart-subscription", summary: "A subscription over multipart HTTP with three payloads.",
                   steps: [ParityStep(.subscription(CountdownSubscription(from: 2, intervalMs: nil)))],
                   replies: [.multipart((0...2).reversed().map { #"{"payload":{"data":{"countdown":\#($0)}}}"# },
                                        spec: "subscriptionSpec=1.0")]),
    ParityScenario(name: "cancel-before-response", summary: "The caller cancels while the server has not answered.",
                   steps: [ParityStep(hero, cancelAfter: .milliseconds(50))],
                   replies: [.delayed(.milliseconds(400), ["data": .object(r2)])]),
    ParityScenario(name: "cancel-mid-body", summary: "The caller cancels between two @defer parts.",
                   steps: [ParityStep(.query(HeroDeferredQuery()), cancelAfter: .milliseconds(150))],
                   replies: [.multipart([
                     #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}},"hasNext":true}"#,
                     #"{"incremental":[{"data":{"friends":[]},"path":["hero"],"label":"friends"}],"hasNext":false}"#,
                   ], delay: .milliseconds(600))]),
  ]
}
