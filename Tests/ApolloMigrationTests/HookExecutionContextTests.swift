import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport
import ApolloMigration
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where old hooks run under each adapter, as their doc comments say: old code that touched UI from a
/// hook, or relied on a queue, breaks when this changes.
final class HookExecutionContextTests: XCTestCase {
  private static let queueKey = DispatchSpecificKey<String>()

  /// The label of the queue the current code runs on, when it is one of the tests' tagged queues.
  private static var currentQueue: String? { DispatchQueue.getSpecific(key: queueKey) }

  private func taggedQueue(_ label: String) -> DispatchQueue {
    let queue = DispatchQueue(label: label)
    queue.setSpecific(key: Self.queueKey, value: label)
    return queue
  }

  // 0.x delegates on the 1.x chain: preflight on the thread that called `send`, the others on the
  // URLSessionClient's callback queue, the completion on the transport's callback queue.
  func test_delegatesOn1x_preflightRunsOnTheSendersQueue_otherHooksOnTheClientsCallbackQueue() throws {
    let clientQueue = taggedQueue("client callbacks")
    let sender = taggedQueue("sender")
    let completionQueue = taggedQueue("completion")
    let seen = Recorder<String>()
    let delegate = QueueRecordingDelegate { hook in seen.append("\(hook)@\(Self.currentQueue ?? "other")") }
    let store = ApolloStore()
    let provider = DelegateTransportCallbackInterceptorProvider(
      delegate: delegate, transport: HTTPNetworkTransport(url: endpoint),
      client: ApolloCallbackChain.URLSessionClientOnStreamingSession(session: ScriptedServer { _ in .json(heroJSON, statusCode: 500) }, callbackQueue: clientQueue),
      store: store)
    // Only the sender queue touches the transport until `wait` returns.
    nonisolated(unsafe) let transport = ApolloCallbackChain.RequestChainNetworkTransport(interceptorProvider: provider, endpointURL: endpoint)
    let done = exactly(1, "completion")
    sender.async {
      _ = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheCompletely, callbackQueue: completionQueue) { _ in
        seen.append("completion@\(Self.currentQueue ?? "other")")
        done.fulfill()
      }
    }
    wait(for: [done], timeout: 5)
    withExtendedLifetime(delegate) {}
    XCTAssertEqual(seen.values, [
      "shouldSend@sender", "willSend@sender", "didCompleteRawTask@client callbacks", "receivedError@client callbacks",
      "completion@completion",
    ])
  }

  // 0.x delegates on the 2.x chain: every hook on the chain's task (the caller's task-locals are seen).
  func test_delegatesOn2x_everyHookRunsOnTheChainsTask() async throws {
    let seen = Recorder<String>()
    let delegate = QueueRecordingDelegate { hook in seen.append("\(hook):\(ChainMarker.value ?? "no task-local")") }
    let transport = ApolloAsyncChain.RequestChainNetworkTransport(
      urlSession: ScriptedServer { _ in .json(heroJSON, statusCode: 500) },
      interceptorProvider: DelegateTransportInterceptorProvider(delegate: delegate, transport: HTTPNetworkTransport(url: endpoint)),
      store: ApolloStore(), endpointURL: endpoint)
    let stream = try ChainMarker.$value.withValue("caller") {
      try transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration())
    }
    _ = await readToEnd(stream)
    withExtendedLifetime(delegate) {}
    XCTAssertEqual(seen.values, ["shouldSend:caller", "willSend:caller", "didCompleteRawTask:caller", "receivedError:caller"])
  }

  // 1.x interceptors on the 2.x chain: on the chain's task, not on a callback queue, at every position.
  func test_callbackInterceptorsOn2x_runOnTheChainsTask_beforeTheFetchAfterItAndAfterParsing() async throws {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let seen = Recorder<String>()
    let client = ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider {
      defaultList(client: client, store: store,
                  beforeFetch: [MarkerInterceptor(position: "before fetch", seen: seen)],
                  afterFetch: [MarkerInterceptor(position: "after fetch", seen: seen)],
                  afterParsing: [MarkerInterceptor(position: "after parsing", seen: seen)])
    }
    let transport = adaptedTransport(server: server, store: store, provider: provider)
    let stream = try ChainMarker.$value.withValue("caller") {
      try transport.send(query: HeroNameQuery(episode: nil), fetchBehavior: .NetworkOnly, requestConfiguration: RequestConfiguration())
    }
    let outcome = await readToEnd(stream)
    XCTAssertNil(outcome.error)
    XCTAssertEqual(seen.values, ["before fetch:caller", "after fetch:caller", "after parsing:caller"])
  }

  // The 0.x facade: as 0.x's `send`, the preflight delegates run on the sender's thread before `send` returns
  // (where the runtime starts the chain's task there: `Task.immediate`); the completion on the callback queue.
  func test_delegateFacade_preflightRunsOnTheSendersThreadBeforeSendReturns_completionOnTheCallbackQueue() {
    // With a retry bound too: its count is no actor, so nothing moves the request off the sender's thread.
    for maxRetries in [nil, 2] as [Int?] {
      let sender = taggedQueue("sender")
      let completionQueue = taggedQueue("completion")
      let seen = Recorder<String>()
      let delegate = QueueRecordingDelegate { hook in seen.append("\(hook)@\(Self.currentQueue ?? "other")") }
      let transport = HTTPNetworkTransportOnAsyncChain(
        url: endpoint, session: ScriptedServer { _ in .json(heroJSON) }, callbackQueue: completionQueue, maxRetries: maxRetries)
      transport.delegate = delegate
      let done = exactly(1, "completion")
      let returned = exactly(1, "send returned")
      sender.async {
        _ = transport.send(operation: HeroNameQuery(episode: nil)) { _ in
          seen.append("completion@\(Self.currentQueue ?? "other")")
          done.fulfill()
        }
        seen.append("send returned")
        returned.fulfill()
      }
      wait(for: [done, returned], timeout: 5)
      withExtendedLifetime(delegate) {}
      let preflight = seen.values.filter { $0.hasPrefix("shouldSend") || $0.hasPrefix("willSend") || $0 == "send returned" }
      if CallingThreadTask.startsOnCallingThread {
        // This session answers without waiting, so the later hooks run before `send` returns too (as 0.x's
        // with its synchronous mock session); only the preflight is promised for every session.
        XCTAssertEqual(preflight, ["shouldSend@sender", "willSend@sender", "send returned"], "maxRetries \(String(describing: maxRetries))")
      } else {
        // An ordinary task: the delegates run on the global executor, in no fixed order with `send`'s return.
        XCTAssertEqual(Set(preflight), ["shouldSend@other", "willSend@other", "send returned"])
      }
      XCTAssertTrue(seen.values.contains("completion@completion"))
    }
  }

  // The 1.x facade: as 1.x's kickoff, the interceptors before the fetch (and 1.x's cache read) run on the sender's
  // thread before `send` returns, whatever the policy (where the runtime starts the task there: `Task.immediate`).
  func test_callbackFacade_interceptorsBeforeTheFetchRunOnTheSendersThread_whateverThePolicy() {
    for policy in [ApolloCallbackChain.CachePolicy.fetchIgnoringCacheData, .returnCacheDataElseFetch] {
      let sender = taggedQueue("sender")
      let seen = Recorder<String>()
      let store = ApolloStore()
      let server = StarWarsScriptedServer.make()
      let marker = QueueMarkerInterceptor { seen.append("before fetch@\(Self.currentQueue ?? "other")") }
      let provider = ClosureProvider {
        defaultList(client: ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks),
                    store: store, beforeFetch: [marker])
      }
      let transport = RequestChainNetworkTransportOnAsyncChain(
        interceptorProvider: provider, endpointURL: endpoint, urlSession: server, store: store)
      let done = exactly(1, "completion")
      let returned = exactly(1, "send returned")
      sender.async {
        _ = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: policy, callbackQueue: callbacks) { _ in done.fulfill() }
        seen.append("send returned")
        returned.fulfill()
      }
      wait(for: [done, returned], timeout: 5)
      if CallingThreadTask.startsOnCallingThread {
        XCTAssertEqual(seen.values, ["before fetch@sender", "send returned"], "\(policy)")
      } else {
        XCTAssertEqual(Set(seen.values), ["before fetch@other", "send returned"], "\(policy)")
      }
    }
  }

  // The 1.x facade: interceptors on the chain's task, completions on the callback queue given to `send`.
  func test_callbackFacade_completionRunsOnTheCallbackQueueGivenToSend() {
    let completionQueue = taggedQueue("completion")
    let store = ApolloStore()
    let server = StarWarsScriptedServer.make()
    let provider = ClosureProvider { defaultList(client: ApolloCallbackChain.URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks), store: store) }
    let transport = RequestChainNetworkTransportOnAsyncChain(
      interceptorProvider: provider, endpointURL: endpoint, urlSession: server, store: store)
    let done = exactly(1, "completion")
    let queueSeen = Recorder<String>()
    _ = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, callbackQueue: completionQueue) { _ in
      queueSeen.append(Self.currentQueue ?? "other")
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    XCTAssertEqual(queueSeen.values, ["completion"])
  }
}

/// A 0.x delegate with all four protocols that reports each call and fails errors.
private final class QueueRecordingDelegate: HTTPNetworkTransportPreflightDelegate, HTTPNetworkTransportTaskCompletedDelegate,
  HTTPNetworkTransportRetryDelegate, HTTPNetworkTransportGraphQLErrorDelegate, @unchecked Sendable
{
  // @unchecked Sendable: `record` is immutable and itself thread-safe (it appends to a Recorder).
  let record: @Sendable (String) -> Void
  init(record: @escaping @Sendable (String) -> Void) { self.record = record }

  func networkTransport(_ networkTransport: HTTPNetworkTransport, shouldSend request: URLRequest) -> Bool {
    record("shouldSend")
    return true
  }

  func networkTransport(_ networkTransport: HTTPNetworkTransport, willSend request: inout URLRequest) {
    record("willSend")
  }

  func networkTransport(_ networkTransport: HTTPNetworkTransport, didCompleteRawTaskForRequest request: URLRequest,
                        withData data: Data?, response: URLResponse?, error: (any Error)?) {
    record("didCompleteRawTask")
  }

  func networkTransport(_ networkTransport: HTTPNetworkTransport, receivedError error: any Error, for request: URLRequest,
                        response: URLResponse?, continueHandler: @escaping (HTTPNetworkTransport.ContinueAction) -> Void) {
    record("receivedError")
    continueHandler(.fail(error))
  }

  func networkTransport(_ networkTransport: HTTPNetworkTransport, receivedGraphQLErrors errors: [GraphQLError],
                        retryHandler: @escaping (Bool) -> Void) {
    record("receivedGraphQLErrors")
    retryHandler(false)
  }
}

/// A 1.x interceptor that records the caller's task-local marker (or its absence) and proceeds.
private struct MarkerInterceptor: ApolloInterceptor {
  let position: String
  let seen: Recorder<String>
  var id: String = UUID().uuidString

  func interceptAsync<Operation: GraphQLOperation>(
    chain: any ApolloCallbackChain.RequestChain, request: ApolloCallbackChain.HTTPRequest<Operation>,
    response: ApolloCallbackChain.HTTPResponse<Operation>?,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    seen.append("\(position):\(ChainMarker.value ?? "no task-local")")
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

/// A 1.x interceptor that calls `record` and proceeds.
private struct QueueMarkerInterceptor: ApolloInterceptor {
  let record: @Sendable () -> Void
  var id: String = UUID().uuidString

  func interceptAsync<Operation: GraphQLOperation>(
    chain: any ApolloCallbackChain.RequestChain, request: ApolloCallbackChain.HTTPRequest<Operation>,
    response: ApolloCallbackChain.HTTPResponse<Operation>?,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    record()
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}
