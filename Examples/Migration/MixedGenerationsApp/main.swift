// Two generations in one app, as an incremental migration has them: a screen still on 0.x
// (LegacyHeroFeed.swift imports only ApolloDelegateTransport), a screen already on 2.x
// (ModernHeroProfile.swift imports only ApolloAsyncChain), and one file that builds both clients on one
// ApolloStore with module-qualified names (AppNetwork.swift). What one generation writes to the store, the
// other reads from it: the 2.x screen reads from the cache what the 0.x screen fetched, and back.
//
//   swift run MixedGenerationsApp                                 # in-process scripted server, no setup
//   swift run MixedGenerationsApp http://127.0.0.1:4010/graphql   # TestServer (scripts/test-server.sh start)
import Foundation
import StarWarsAPI

let environment = ExampleEnvironment.fromCommandLine()
// 0.x callbacks on a private queue: a command-line tool does not run the main run loop (0.x defaults to main).
let callbacks = OperationQueue()
callbacks.maxConcurrentOperationCount = 1
let network = AppNetwork(environment: environment, callbacks: callbacks)
let legacy = LegacyHeroFeed(client: network.legacyClient, queue: DispatchQueue(label: "legacy results"))
let modern = ModernHeroProfile(client: network.modernClient)
print("Endpoint: \(environment.summary)")

func fail(_ message: String) -> Never {
  print("Failed: \(message)")
  exit(1)
}

do {
  // 1. The 0.x screen fetches R2-D2 (JEDI) from the server; the 2.x screen then finds it in the cache.
  let fetched = try await legacy.load(episode: .JEDI, policy: AppNetwork.legacyNetworkFirst).get()
  let seenBy2x = try await modern.cachedName(episode: .JEDI)
  print("1. 0.x fetched \(fetched.name ?? "nothing") from the server; 2.x read \(seenBy2x ?? "a miss") from the cache")
  guard fetched.name != nil, !fetched.fromCache, seenBy2x == fetched.name else { fail("the 2.x client did not see the 0.x write") }

  // 2. The 2.x screen fetches Luke (EMPIRE) from the server; the 0.x screen then finds him in the cache.
  let luke = try await modern.fetchName(episode: .EMPIRE)
  let seenBy0x = try await legacy.load(episode: .EMPIRE, policy: AppNetwork.legacyCacheOnly).get()
  print("2. 2.x fetched \(luke ?? "nothing") from the server; 0.x read \(seenBy0x.name ?? "a miss") from the cache")
  guard luke != nil, seenBy0x.fromCache, seenBy0x.name == luke else { fail("the 0.x client did not see the 2.x write") }

  print("OK: one ApolloStore, two generations: each client read from the cache what the other had fetched "
    + "(\(fetched.name ?? ""), \(luke ?? ""))")
} catch {
  fail("\(error)")
}
