// Apollo iOS 0.x code as the docs wrote it, before Swift 6: the `Network` singleton (Network.swift) built
// in the Swift 5 language mode. A target that still holds such code keeps Swift 5 mode while it migrates;
// this package's modules are Swift 6 and serve it all the same. The run is 0.x style too: callbacks, and a
// semaphore to wait for them (no async code anywhere).
//
//   swift run DocsNetworkSingleton                                 # in-process scripted server, no setup
//   swift run DocsNetworkSingleton http://127.0.0.1:4010/graphql   # TestServer (scripts/test-server.sh start)
import ApolloDelegateTransport
import StarWarsAPI

let environment = ExampleEnvironment.fromCommandLine()
// Callbacks on a private queue: a command-line tool does not run the main run loop (0.x defaults to main).
let callbacks = OperationQueue()
callbacks.maxConcurrentOperationCount = 1
Network.shared.endpoint = environment.endpoint
Network.shared.client = environment.isEmbedded
  ? URLSessionClientOnStreamingSession(session: environment.session, callbackQueue: callbacks)
  : URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: callbacks)
Network.shared.token = "docs-token"
print("Endpoint: \(environment.summary)")

let done = DispatchSemaphore(value: 0)
var hero: String?
var header: String?
var failure: Error?
Network.shared.apollo.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: DispatchQueue(label: "results")) { result in
  switch result {
  case .success(let graphQLResult): hero = graphQLResult.data?.hero?.name
  case .failure(let error): failure = error
  }
  done.signal()
}
done.wait()
Network.shared.apollo.fetch(query: RequestHeaderQuery(name: "Authorization"), cachePolicy: .fetchIgnoringCacheData,
                            queue: DispatchQueue(label: "results")) { result in
  switch result {
  case .success(let graphQLResult): header = graphQLResult.data?.requestHeader
  case .failure(let error): failure = error
  }
  done.signal()
}
done.wait()

if let failure = failure {
  print("Failed: \(failure)")
  exit(1)
}
print("Delegate log: \(Network.shared.log.joined(separator: "; "))")
guard hero == "R2-D2", header == "Bearer docs-token", Network.shared.log.filter({ $0.hasPrefix("completed 200") }).count == 2 else {
  print("Failed: hero \(hero ?? "none"), Authorization header at the server \(header ?? "none")")
  exit(1)
}
print("OK: the 0.x docs' Network singleton, in the Swift 5 language mode: hero \(hero ?? ""), token sent by willSend, 2 tasks completed")
