import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 1.x `RequestChainNetworkTransport` call surface on the 2.x engine: a 1.x `ApolloClient` (and
/// every 1.x call site) keeps working while the requests run through the 2.x `RequestChain`.
///
/// | 1.x call | 2.x work | deliveries |
/// |---|---|---|
/// | `send(operation:cachePolicy:contextIdentifier:context:callbackQueue:completionHandler:)` | the 2.x `RequestChain` (run in the send's one task, which starts on the calling thread; see below) with a `JSONRequest`, the 1.x provider adapted by ``CallbackProviderOnAsyncChain`` | once per 2.x result, on `callbackQueue`: twice for a `returnCacheDataAndFetch` hit, once per `@defer` part; errors once |
/// | `upload(operation:files:context:callbackQueue:completionHandler:)` | the 2.x `RequestChain` with an `UploadRequest` | as `send` |
/// | `Cancellable.cancel()` on the result | cancels the 2.x task | none afterwards (silent, as 1.x) |
///
/// `cachePolicy` becomes a `FetchBehavior` through one table (`returnCacheDataElseFetch` → CacheFirst,
/// `fetchIgnoringCacheData` → NetworkOnly, `fetchIgnoringCacheCompletely` → NetworkOnly without cache
/// writes, `returnCacheDataDontFetch` → CacheOnly, `returnCacheDataAndFetch` → CacheAndNetwork); a mutation or a
/// subscription is NetworkOnly whatever its policy, as 1.x's cache read answered queries only. The
/// 1.x request this builds (``constructRequest(for:cachePolicy:contextIdentifier:context:)``, with its
/// `context`) is what the adapted 1.x interceptors see, carried in a task-local value.
///
/// Where the runtime has `Task.immediate` (Swift 6.2 runtimes: Linux, Apple systems from the 26 releases), a
/// send starts its task on the calling thread: the 1.x interceptors before the network fetch run there, and so
/// does 1.x's cache read, before `send` returns, as 1.x's kickoff ran them, so a store change the caller makes next
/// (`clearCache`, a transaction) lands after the read, as in 1.x; with a session that answers without waiting (a
/// test double) so does the rest, up to the completion's hop to `callbackQueue`. Elsewhere the task starts on the
/// global executor, and neither that order nor the order of two sends is kept.
///
/// A subclass of 1.x's `RequestChainNetworkTransport` becomes a subclass of this one: ``constructRequest(for:cachePolicy:contextIdentifier:context:)``
/// is open here too, and the request it returns is the one that is sent (see there).
///
/// The wire request is 1.x's: the same headers (`Content-Type`, `X-APOLLO-OPERATION-NAME`/`-TYPE`/`-ID`,
/// `apollographql-client-name`/`-version`, `Accept`, the transport's `additionalHeaders`), the same
/// sorted-key JSON body, with `extensions.clientLibrary` = `apollo-ios`/1.x version when
/// `sendEnhancedClientAwareness`, and the same GET/POST choice. What differs, exactly:
/// - a GET request's `URLRequest.cachePolicy` comes from the `FetchBehavior`, which differs from 1.x's
///   Darwin-only mapping for `fetchIgnoringCacheCompletely` and `returnCacheDataAndFetch`;
/// - a `returnCacheDataDontFetch` miss fails with a bare `JSONDecodingError.missingValue`, not with
///   the store's `GraphQLExecutionError` at the first missing field;
/// - server results' `dependentKeys` are every field of their records (1.x: the same, computed the same way),
///   but a response without `data` has `nil` rather than an empty set;
/// - a part of a multipart response (a subscription, `@defer`) that cannot be read is delivered as a failure that
///   ends the response, as a 2.x stream ends at its first failure; 1.x went on with the parts after it;
/// - a multipart response that ends with no result (only heartbeats) ends with 2.x's `ApolloClient.Error.noResults`,
///   so the app hears that it ended; 1.x's chain just stopped and delivered nothing
///   (`CallbackMultipartDifferenceTests`).
open class RequestChainNetworkTransportOnAsyncChain: ApolloCallbackChain.NetworkTransport, @unchecked Sendable {
  // @unchecked Sendable: `requestBodyCreator`, `clientName` and `clientVersion` are the only mutable
  // members, as on 1.x's transport; they are read and written inside `settingsLock`.
  private let settingsLock = NSLock()
  /// The adapted 1.x provider every send uses.
  public let interceptorProvider: CallbackProviderOnAsyncChain
  /// The 2.x session requests go through (a `URLSession`, a `ScriptedServer`, …).
  public let urlSession: any ApolloURLSession
  /// The store the 2.x chain reads and writes.
  public let store: ApolloStore
  /// The GraphQL endpoint.
  public let endpointURL: URL
  /// Headers on every request (the `Accept` header overrides one given here, as 1.x).
  public let additionalHeaders: [String: String]
  /// First send queries as a persisted-query hash.
  public let autoPersistQueries: Bool
  /// Send queries as GET.
  public let useGETForQueries: Bool
  /// Send the persisted-query retry as GET.
  public let useGETForPersistedQueryRetry: Bool
  /// Add `extensions.clientLibrary` to bodies.
  public let sendEnhancedClientAwareness: Bool
  private var _requestBodyCreator: any ApolloCallbackChain.RequestBodyCreator
  private var _clientName = RequestChainNetworkTransportOnAsyncChain.defaultClientName
  private var _clientVersion = RequestChainNetworkTransportOnAsyncChain.defaultClientVersion

  /// Builds request bodies (1.x protocol).
  public var requestBodyCreator: any ApolloCallbackChain.RequestBodyCreator {
    get { settingsLock.withLock { _requestBodyCreator } }
    set { settingsLock.withLock { _requestBodyCreator = newValue } }
  }
  /// Sent as `apollographql-client-name`.
  public var clientName: String {
    get { settingsLock.withLock { _clientName } }
    set { settingsLock.withLock { _clientName = newValue } }
  }
  /// Sent as `apollographql-client-version`.
  public var clientVersion: String {
    get { settingsLock.withLock { _clientVersion } }
    set { settingsLock.withLock { _clientVersion = newValue } }
  }

  /// 1.x's initializer (same labels, order and defaults) plus the 2.x pieces.
  /// - Parameters:
  ///   - interceptorProvider: the app's 1.x provider; adapted with ``CallbackProviderOnAsyncChain``.
  ///   - urlSession: the 2.x session (`URLSession`, `ScriptedServer`, …).
  ///   - store: the store the chain reads and writes; give the 1.x `ApolloClient` the same one.
  ///   - interceptorTimeout: how long a 1.x interceptor may go without calling onward.
  public init(interceptorProvider: any ApolloCallbackChain.InterceptorProvider,
              endpointURL: URL,
              additionalHeaders: [String: String] = [:],
              autoPersistQueries: Bool = false,
              requestBodyCreator: any ApolloCallbackChain.RequestBodyCreator = ApolloCallbackChain.ApolloRequestBodyCreator(),
              useGETForQueries: Bool = false,
              useGETForPersistedQueryRetry: Bool = false,
              sendEnhancedClientAwareness: Bool = true,
              urlSession: any ApolloURLSession,
              store: ApolloStore,
              interceptorTimeout: Duration = .seconds(60)) {
    self.interceptorProvider = CallbackProviderOnAsyncChain(interceptorProvider, store: store, interceptorTimeout: interceptorTimeout)
    self.urlSession = urlSession
    self.store = store
    self.endpointURL = endpointURL
    self.additionalHeaders = additionalHeaders
    self.autoPersistQueries = autoPersistQueries
    self._requestBodyCreator = requestBodyCreator
    self.useGETForQueries = useGETForQueries
    self.useGETForPersistedQueryRetry = useGETForPersistedQueryRetry
    self.sendEnhancedClientAwareness = sendEnhancedClientAwareness
  }

  /// The 1.x request for one send, built exactly as 1.x's transport builds it; the adapted interceptors see it.
  ///
  /// Open, as on 1.x's transport: a subclass that overrode 1.x's `constructRequest` keeps its override. What it
  /// returns is the request that is sent: its endpoint, headers, cache policy, context and persisted-query settings,
  /// and, when it is of the app's own type (a `JSONRequest` subclass), its own `toURLRequest()` makes the wire.
  open func constructRequest<Operation: GraphQLOperation>(
    for operation: Operation,
    cachePolicy: ApolloCallbackChain.CachePolicy,
    contextIdentifier: UUID? = nil,
    context: (any ApolloCallbackChain.RequestContext)? = nil
  ) -> ApolloCallbackChain.HTTPRequest<Operation> {
    ApolloCallbackChain.RequestChainNetworkTransport.makeRequest(
      for: operation, cachePolicy: cachePolicy, contextIdentifier: contextIdentifier, context: context,
      endpointURL: endpointURL, clientName: clientName, clientVersion: clientVersion,
      additionalHeaders: additionalHeaders, autoPersistQueries: autoPersistQueries, useGETForQueries: useGETForQueries,
      useGETForPersistedQueryRetry: useGETForPersistedQueryRetry, requestBodyCreator: requestBodyCreator,
      sendEnhancedClientAwareness: sendEnhancedClientAwareness)
  }

  /// Runs `operation` on the 2.x chain and calls `completionHandler` on `callbackQueue` once per result.
  public func send<Operation: GraphQLOperation>(
    operation: Operation,
    cachePolicy: ApolloCallbackChain.CachePolicy = .default,
    contextIdentifier: UUID? = nil,
    context: (any ApolloCallbackChain.RequestContext)? = nil,
    callbackQueue: DispatchQueue = .main,
    completionHandler: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) -> any Cancellable {
    let v1Request = constructRequest(for: operation, cachePolicy: cachePolicy, contextIdentifier: contextIdentifier,
                                     context: context)
    // The request an override of `constructRequest` returned is the one 1.x sent: its endpoint, policy, context and
    // persisted-query settings, not the transport's.
    let json = v1Request as? V1JSONRequest<Operation>
    let persists = json?.autoPersistQueries ?? autoPersistQueries
    let getForRetry = json?.useGETForPersistedQueryRetry ?? useGETForPersistedQueryRetry
    let mapped = CachePolicyMapping.fetchBehavior(for: v1Request.cachePolicy, of: Operation.operationType)
    var request = V2JSONRequest(
      operation: operation, graphQLEndpoint: v1Request.graphQLEndpoint, fetchBehavior: mapped.behavior,
      writeResultsToCache: mapped.writeResultsToCache,
      requestTimeout: (v1Request.context as? any ApolloCallbackChain.RequestContextTimeoutConfigurable)?.requestTimeout,
      apqConfig: AutoPersistedQueryConfiguration(autoPersistQueries: persists, useGETForPersistedQueryRetry: getForRetry),
      // 1.x sends the hash-only first attempt as GET when the retry uses GET.
      useGETForQueries: (json?.useGETForQueries ?? useGETForQueries) || (persists && getForRetry),
      requestBodyCreator: bodyCreator())
    request.additionalHeaders = v1Request.additionalHeaders
    // A 1.x request of the app's own type makes its own wire, as 1.x's network fetch had it do.
    request.urlRequestOverride = { try CallbackRequestWire.urlRequest(for: $0) }
    return run(request, carrying: v1Request, cacheOnly: mapped.behavior == .CacheOnly,
               callbackQueue: callbackQueue, completion: completionHandler)
  }

  private func bodyCreator() -> CallbackBodyCreatorOnAsyncChain {
    CallbackBodyCreatorOnAsyncChain(creator: CallbackConfined(requestBodyCreator, lock: interceptorProvider.lock),
                                    sendEnhancedClientAwareness: sendEnhancedClientAwareness)
  }

  /// Kicks the 2.x chain off with the 1.x request bound for the adapted interceptors, and delivers.
  private func run<Request: GraphQLRequest>(
    _ request: Request, carrying v1Request: ApolloCallbackChain.HTTPRequest<Request.Operation>, cacheOnly: Bool,
    callbackQueue: DispatchQueue,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Request.Operation.Data>, any Error>) -> Void
  ) -> any Cancellable {
    let lock = interceptorProvider.lock
    let binding = CallbackRequestContext.Binding(
      context: nil, contextIdentifier: v1Request.contextIdentifier, request: CallbackConfined(v1Request, lock: lock))
    let chain = V2RequestChain<Request>(
      urlSession: urlSession, interceptors: CallbackWireProvider(adapted: interceptorProvider).interceptors(for: request.operation),
      store: store)
    // The completion is confined to a lock of its own, not the provider's: the app's code runs on the callback
    // queue and must not wait for (or hold up) the adapted interceptors of other sends.
    let delivery = CallbackDelivery(completion: CallbackConfined(completion, lock: CallbackLock()), queue: callbackQueue)
    // The chain runs in the delivery's task (one task per request), with the binding around it so that it
    // reaches every stage; each result is delivered as the chain emits it. The task starts on the calling
    // thread, as 1.x's kickoff ran the interceptors (and its cache read) there.
    delivery.start {
      do {
        try await CallbackRequestContext.$current.withValue(binding) {
          try await chain.runInCurrentTask(request: request) { response in
            delivery.deliver(.success(ResultConversion.v1(response)))
            return true
          }
        }
      } catch is CancellationError {
        // Cancelled through the returned Cancellable: silent, as 1.x.
      } catch V2Client.Error.noResults where cacheOnly {
        delivery.deliver(.failure(JSONDecodingError.missingValue))
      } catch {
        delivery.deliver(.failure(ResultConversion.v1Error(error)))
      }
      delivery.end()
    }
    return delivery
  }
}

extension RequestChainNetworkTransportOnAsyncChain: ApolloCallbackChain.UploadingNetworkTransport {
  /// The 1.x upload request (no `Accept` header, as 1.x); the adapted interceptors see it.
  public func constructUploadRequest<Operation: GraphQLOperation>(
    for operation: Operation,
    with files: [GraphQLFile],
    context: (any ApolloCallbackChain.RequestContext)? = nil,
    manualBoundary: String? = nil
  ) -> ApolloCallbackChain.HTTPRequest<Operation> {
    ApolloCallbackChain.UploadRequest(
      graphQLEndpoint: endpointURL, operation: operation, clientName: clientName, clientVersion: clientVersion,
      additionalHeaders: additionalHeaders, files: files, manualBoundary: manualBoundary, context: context,
      requestBodyCreator: requestBodyCreator, sendEnhancedClientAwareness: sendEnhancedClientAwareness)
  }

  /// Uploads through the 2.x chain; deliveries as ``send(operation:cachePolicy:contextIdentifier:context:callbackQueue:completionHandler:)``.
  public func upload<Operation: GraphQLOperation>(
    operation: Operation,
    files: [GraphQLFile],
    context: (any ApolloCallbackChain.RequestContext)?,
    callbackQueue: DispatchQueue = .main,
    completionHandler: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) -> any Cancellable {
    let v1Request = constructUploadRequest(for: operation, with: files, context: context)
    var request = ApolloAsyncChain.UploadRequest(
      operation: operation, graphQLEndpoint: endpointURL, files: files,
      // 1.x's cache write kept an upload's result unless its policy (`CachePolicy.default`) ignored the cache completely.
      writeResultsToCache: CachePolicyMapping.fetchBehavior(for: v1Request.cachePolicy, of: Operation.operationType).writeResultsToCache,
      requestBodyCreator: bodyCreator())
    // 1.x built an upload's URLRequest as any other, with the context's timeout.
    request.requestTimeout = (context as? any ApolloCallbackChain.RequestContextTimeoutConfigurable)?.requestTimeout
    // The 2.x request sets the multipart Content-Type with its boundary itself.
    request.addHeaders(v1Request.additionalHeaders.filter { $0.key.lowercased() != "content-type" })
    return run(request, carrying: v1Request, cacheOnly: false, callbackQueue: callbackQueue,
               completion: completionHandler)
  }
}

/// Hands one send's results to its 1.x completion on the callback queue, and is the `Cancellable` the
/// send returns: after `cancel()` nothing more is delivered.
///
/// The completion is let go once the chain has ended and its last result has been handed over, or at `cancel()`:
/// an app that keeps the returned `Cancellable` in the object its completion captures (`self.request =
/// client.fetch { self.show($0) }`) holds no cycle after the request, as with 1.x's chain.
private final class CallbackDelivery<Data: RootSelectionSet>: Cancellable, @unchecked Sendable {
  // @unchecked Sendable: `cancelled`, `task`, `completion`, `pending` and `ended` are only touched inside `lock`
  // (an NSLock); the completion is a CallbackConfined read under this send's own CallbackLock, then called by the
  // one queue block that delivers that result.
  private let lock = NSLock()
  private var cancelled = false
  private var task: Task<Void, Never>?
  private typealias Completion = CallbackConfined<(Result<ApolloCallbackChain.GraphQLResult<Data>, any Error>) -> Void>
  private var completion: Completion?
  private let completionLock: CallbackLock
  /// Results handed to the queue and not yet delivered (the queue may be concurrent, so none is let go early).
  private var pending = 0
  /// The chain has ended: nothing more will be handed over.
  private var ended = false
  private let queue: DispatchQueue

  init(completion: CallbackConfined<(Result<ApolloCallbackChain.GraphQLResult<Data>, any Error>) -> Void>,
       queue: DispatchQueue) {
    self.completion = completion
    self.completionLock = completion.lock
    self.queue = queue
  }

  /// Starts `body`'s task on the calling thread until it first waits (``CallingThreadTask``; on the global executor
  /// where the runtime cannot).
  func start(_ body: @escaping @Sendable () async -> Void) {
    let task = CallingThreadTask.start(body)
    lock.withLock { self.task = task }
  }

  func deliver(_ result: Result<ApolloCallbackChain.GraphQLResult<Data>, any Error>) {
    let box = CallbackConfined(result, lock: completionLock)
    lock.withLock { pending += 1 }
    queue.async { [self] in
      if let completion = lock.withLock({ cancelled ? nil : completion }) {
        // Taken out under the send's lock and called outside it, as 1.x called a completion (on the callback
        // queue, holding nothing).
        let (deliver, value) = box.withValue { result in (completion.withValue { $0 }, result) }
        deliver(value)
      }
      let dropped = lock.withLock { () -> Completion? in
        pending -= 1
        return takeIfDone()
      }
      // Let go after unlocking: the completion may hold the last reference to an app object whose `deinit`
      // cancels this very request, which takes the lock again.
      withExtendedLifetime(dropped) {}
    }
  }

  /// The chain has ended; the completion goes once the results already handed over are delivered.
  func end() {
    let dropped = lock.withLock { () -> Completion? in
      ended = true
      return takeIfDone()
    }
    withExtendedLifetime(dropped) {}
  }

  /// The completion, taken out when nothing more will be delivered. Call holding `lock`; let go of the result
  /// after unlocking.
  private func takeIfDone() -> Completion? {
    guard ended && pending == 0 else { return nil }
    defer { completion = nil }
    return completion
  }

  func cancel() {
    let (task, dropped) = lock.withLock { () -> (Task<Void, Never>?, Completion?) in
      cancelled = true
      defer { completion = nil }
      return (self.task, completion)
    }
    withExtendedLifetime(dropped) {}
    task?.cancel()
  }
}
