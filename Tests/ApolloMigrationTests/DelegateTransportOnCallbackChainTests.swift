import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport
import ApolloMigration
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

/// 0.x delegates on the 1.x chain (`DelegateTransportCallbackInterceptorProvider`).
final class DelegateTransportOnCallbackChainTests: XCTestCase {
  /// 0.x quirk Q5, as on 0.x and on the 2.x adapter: a delegate-driven retry with persisted queries on sends the
  /// full document beside the hash.
  func test_delegateRetryWithAPQ_sendsTheFullDocumentAndTheHash_asQuirkQ5() {
    let server = ScriptedServer(responses: [.text("down", statusCode: 503), .json(r2Body)])
    let delegate = RecordingDelegate()
    delegate.onError = { _, _, answer in answer(.retry) }
    let provider = DelegateTransportCallbackInterceptorProvider(
      delegate: delegate, transport: HTTPNetworkTransport(url: migrationEndpoint),
      client: ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server), store: ApolloStore())
    let transport = ApolloCallbackChain.RequestChainNetworkTransport(
      interceptorProvider: provider, endpointURL: migrationEndpoint, autoPersistQueries: true)
    let done = expectation(description: "completion")
    _ = transport.send(operation: HeroNameQuery(episode: nil), callbackQueue: DispatchQueue(label: "completion")) { result in
      if case .failure(let error) = result { XCTFail("\(error)") }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    withExtendedLifetime(delegate) {}
    let bodies = server.requests.map(\.graphQLBody)
    XCTAssertEqual(bodies.count, 2)
    XCTAssertNil(bodies.first??["query"], "the first attempt sends the hash alone")
    XCTAssertNotNil(bodies.last??["query"], "the retry sends the document")
    XCTAssertNotNil(bodies.last??["extensions"]?.objectValue?["persistedQuery"], "and the hash")
  }

  /// Cancelling a request that is on the wire tells the task-completed delegate, with `NSURLErrorCancelled`, as 0.33's
  /// cancelled task did (an app's count of requests in flight stays balanced); a cancel after the delegate heard of
  /// the end tells it nothing more. The same on 0.33's own transport and on the 1.x chain.
  func test_cancellingARequestOnTheWire_tellsTheTaskCompletedDelegateOnce_asOn0x() {
    for engine in ["0.x", "on 1.x"] {
      let server = ScriptedServer { _ in
        ScriptedResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: [.data(JSONSerializer.serialize(r2Body))],
                         headDelay: .milliseconds(500))
      }
      let delegate = RecordingDelegate()
      let send = { (completion: @escaping () -> Void) -> any Cancellable in
        if engine == "0.x" {
          let transport = HTTPNetworkTransport(url: migrationEndpoint, client: ApolloDelegateTransport.URLSessionClientOnStreamingSession(session: server))
          transport.delegate = delegate
          return transport.send(operation: HeroNameQuery(episode: nil)) { _ in completion() }
        }
        let provider = DelegateTransportCallbackInterceptorProvider(
          delegate: delegate, transport: HTTPNetworkTransport(url: migrationEndpoint),
          client: ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server), store: ApolloStore())
        let transport = ApolloCallbackChain.RequestChainNetworkTransport(interceptorProvider: provider, endpointURL: migrationEndpoint)
        return transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData,
                              callbackQueue: DispatchQueue(label: "completion")) { _ in completion() }
      }
      let cancellable = send {}
      let deadline = Date().addingTimeInterval(5)
      while server.requests.isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
      cancellable.cancel()
      Thread.sleep(forTimeInterval: 0.8)
      let raw = delegate.rawTasks
      XCTAssertEqual(raw.count, 1, "\(engine): \(raw)")
      XCTAssertEqual((raw.first?.error as? URLError)?.code, .cancelled, engine)
      XCTAssertNil(raw.first?.response, engine)

      let finished = expectation(description: "\(engine) answered")
      let completed = send { finished.fulfill() }
      wait(for: [finished], timeout: 5)
      completed.cancel()
      Thread.sleep(forTimeInterval: 0.2)
      XCTAssertEqual(delegate.rawTasks.count, 2, "\(engine): the answered request's own, and nothing for the late cancel")
      XCTAssertNil(delegate.rawTasks.last?.error, engine)
      withExtendedLifetime(delegate) {}
    }
  }

  /// A persisted-query retry after a cache-and-network hit delivers the cached result once, as 0.33, whose client read
  /// the cache once and whose transport re-sent on its own: cache, then server (1.x's own chain read it again).
  func test_thePersistedQueryRetry_deliversTheCachedResultOnce_asOn0x() {
    let answer: @Sendable (ScriptedRequest) -> ScriptedResponse = { request in
      request.query == nil ? .json(["errors": [["message": "PersistedQueryNotFound"]]]) : .json(r2Body)
    }
    let queue = DispatchQueue(label: "completion")
    func sources(_ fetch: (@escaping (String) -> Void) -> Void, expecting count: Int) -> [String] {
      let seen = Recorder<String>()
      let done = expectation(description: "deliveries")
      done.expectedFulfillmentCount = count
      fetch { seen.append($0); done.fulfill() }
      wait(for: [done], timeout: 5)
      Thread.sleep(forTimeInterval: 0.3)
      queue.sync {}
      return seen.values
    }
    // 0.33's own transport and client.
    let nativeServer = ScriptedServer(handler: answer)
    let nativeTransport = HTTPNetworkTransport(url: migrationEndpoint, client: ApolloDelegateTransport.URLSessionClientOnStreamingSession(session: nativeServer),
                                               enableAutoPersistedQueries: true)
    let native = ApolloDelegateTransport.ApolloClient(networkTransport: nativeTransport, store: ApolloStore())
    let nativeFetch = { (policy: ApolloDelegateTransport.CachePolicy, seen: @escaping (String) -> Void) in
      _ = native.fetch(query: HeroNameQuery(episode: nil), cachePolicy: policy, queue: queue) { result in
        seen((try? result.get().source == ApolloDelegateTransport.GraphQLResult<HeroNameQuery.Data>.Source.cache) == true ? "cache" : "server")
      }
    }
    _ = sources({ nativeFetch(.fetchIgnoringCacheData, $0) }, expecting: 1)
    XCTAssertEqual(sources({ nativeFetch(.returnCacheDataAndFetch, $0) }, expecting: 2), ["cache", "server"])

    // The same delegate (none here) on the 1.x chain, under the 1.x client.
    let server = ScriptedServer(handler: answer)
    let store = ApolloStore()
    let provider = DelegateTransportCallbackInterceptorProvider(
      delegate: RecordingDelegate(), transport: HTTPNetworkTransport(url: migrationEndpoint),
      client: ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server), store: store)
    let adapted = ApolloCallbackChain.ApolloClient(
      networkTransport: ApolloCallbackChain.RequestChainNetworkTransport(interceptorProvider: provider, endpointURL: migrationEndpoint,
                                                                         autoPersistQueries: true),
      store: store)
    let adaptedFetch = { (policy: ApolloCallbackChain.CachePolicy, seen: @escaping (String) -> Void) in
      _ = adapted.fetch(query: HeroNameQuery(episode: nil), cachePolicy: policy, queue: queue) { result in
        seen((try? result.get().source == ApolloCallbackChain.GraphQLResult<HeroNameQuery.Data>.Source.cache) == true ? "cache" : "server")
      }
    }
    _ = sources({ adaptedFetch(.fetchIgnoringCacheData, $0) }, expecting: 1)
    XCTAssertEqual(sources({ adaptedFetch(.returnCacheDataAndFetch, $0) }, expecting: 2), ["cache", "server"])
  }

  /// A connection lost mid-body: the raw task sees the response head that had arrived (before, `nil`), as 0.x's.
  func test_aFailureMidBody_givesRawTaskTheResponseHead() {
    let server = ScriptedServer { _ in
      ScriptedResponse(statusCode: 200, headers: ["Content-Type": "application/json"],
                       body: [.data(Data(#"{"data":{"hero""#.utf8)), .fail(URLError(.networkConnectionLost))])
    }
    let delegate = RecordingDelegate()
    let provider = DelegateTransportCallbackInterceptorProvider(
      delegate: delegate, transport: HTTPNetworkTransport(url: migrationEndpoint),
      client: ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server), store: ApolloStore())
    let transport = ApolloCallbackChain.RequestChainNetworkTransport(interceptorProvider: provider, endpointURL: migrationEndpoint)
    let done = expectation(description: "completion")
    _ = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheCompletely,
                       callbackQueue: DispatchQueue(label: "completion")) { _ in done.fulfill() }
    wait(for: [done], timeout: 5)
    withExtendedLifetime(delegate) {}
    let raw = delegate.rawTasks.first
    XCTAssertEqual((raw?.response as? HTTPURLResponse)?.statusCode, 200)
    XCTAssertEqual((raw?.error as? URLError)?.code, .networkConnectionLost)
  }

  /// The client's own failures that 0.x's client had too (an invalidated session) go down the retry path, as in
  /// 0.x; before, they skipped the retry delegate.
  func test_anInvalidatedSession_reachesTheRetryDelegate() {
    struct Failing: ApolloCallbackChain.ApolloInterceptor {
      let id = "failing"
      func interceptAsync<Operation: GraphQLOperation>(
        chain: any ApolloCallbackChain.RequestChain, request: ApolloCallbackChain.HTTPRequest<Operation>,
        response: ApolloCallbackChain.HTTPResponse<Operation>?,
        completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
      ) {
        chain.handleErrorAsync(ApolloCallbackChain.URLSessionClient.URLSessionClientError.sessionBecameInvalidWithoutUnderlyingError,
                               request: request, response: response, completion: completion)
      }
    }
    let delegate = RecordingDelegate()
    let chain = ApolloCallbackChain.InterceptorRequestChain(interceptors: [Failing()], callbackQueue: DispatchQueue(label: "completion"))
    chain.additionalErrorHandler = DelegateTransportErrorInterceptor(delegate: delegate, transport: HTTPNetworkTransport(url: migrationEndpoint))
    let done = expectation(description: "completion")
    chain.kickoff(request: ApolloCallbackChain.JSONRequest(operation: HeroNameQuery(episode: nil), graphQLEndpoint: migrationEndpoint,
                                                           clientName: "c", clientVersion: "1")) { _ in done.fulfill() }
    wait(for: [done], timeout: 5)
    withExtendedLifetime(delegate) {}
    guard case .sessionBecameInvalidWithoutUnderlyingError? = delegate.retries.first?.error as? ApolloDelegateTransport.URLSessionClient.URLSessionClientError else {
      return XCTFail("the retry delegate was not asked: \(delegate.retries)")
    }
  }
}
