// Fetches the hero through the 2.x request chain and prints it.
//
//   swift run FetchHero                                  # in-process scripted server, no setup
//   swift run FetchHero http://127.0.0.1:4010/graphql    # TestServer (scripts/test-server.sh start)
import ApolloAsyncChain
import Foundation
import StarWarsAPI

let environment = ExampleEnvironment.fromCommandLine()
let store = ApolloStore()
let transport = RequestChainNetworkTransport(
  urlSession: ApolloURLSessionOnStreamingSession(environment.session), interceptorProvider: DefaultInterceptorProvider.shared,
  store: store, endpointURL: environment.endpoint)
let client = ApolloClient(networkTransport: transport, store: store)

do {
  let response = try await client.fetch(query: HeroAndFriendsQuery(episode: .init(.EMPIRE)), cachePolicy: .networkOnly)
  guard let hero = response.data?.hero else {
    print("No hero in the response; errors: \(response.errors ?? [])")
    exit(1)
  }
  let friends = (hero.friends ?? []).compactMap { $0?.name }
  print("Hero (\(environment.summary)): \(hero.name), friends: \(friends.joined(separator: ", "))")
  let cached = try await client.fetch(query: HeroAndFriendsQuery(episode: .init(.EMPIRE)), cachePolicy: .cacheFirst)
  print("Second fetch came from the \(cached.source == .cache ? "cache" : "server")")
} catch {
  print("Fetch failed: \(error)")
  exit(1)
}
