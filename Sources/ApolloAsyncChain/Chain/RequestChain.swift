import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs one request through the GraphQL interceptors, the cache, the HTTP interceptors, the session and
/// the parser, and starts over when any stage throws ``Retry``.
///
/// The flow of one ``kickoff(request:)``; the private methods below follow it in this order, each step marked
/// `// Step N:` where it happens:
///
/// 1. **Kickoff** (`kickoff`): a task starts inside the call (so the caller's task-locals reach every stage) and
///    runs attempts until one ends without ``Retry``. Ending the returned stream cancels that task. A caller that
///    wants only the first result (`ApolloClient.fetch`, `perform`) runs the attempts in its own task instead
///    (`firstResult`).
/// 2. **GraphQL interceptors** (`run`): the request passes through the provider's GraphQL interceptors in order;
///    each gets the request and a `next` closure, and may change the request, answer without calling `next`,
///    or transform the results `next` returns. A thrown error becomes the stream's error.
/// 3. **Cache read** (`execute`): when the request's ``FetchBehavior`` reads the cache before the network
///    (`cacheRead == .beforeNetworkFetch`), the cache interceptor's cached result is emitted first. A read that
///    throws ends the attempt only when the network will not be asked. The read happens inside `next`, and a
///    request the cache answers alone starts no task for steps 4-7.
/// 4. **Network or not** (`execute`): `networkFetch` decides — always, only when step 3 found nothing, or never.
/// 5. **HTTP** (`send`): the request becomes a `URLRequest` (`toURLRequest()`), passes through the HTTP
///    interceptors in order, and the session sends it; a response that is not HTTP fails with
///    ``ApolloURLSessionError/nonHTTPResponse(_:)``. With nothing emitted in step 3, this happens inside `next`;
///    after a cached result (CacheAndNetwork) it happens in a task started inside `next`.
/// 6. **Parse** (`parse`): the response parser turns the body's chunks into results (one, or one per part of a
///    multipart response), with cache records when the request writes to the cache. A response that is not
///    `multipart/mixed`, read by a parser whose results end with the body, is parsed to its end inside `next` too;
///    otherwise the results are read in a task started inside `next`, as they arrive.
/// 7. **Cache fallback** (`fallback`): when the fetch fails and the behavior reads the cache on network failure
///    (`cacheRead == .onNetworkFailure`, NetworkFirst), the cached result is emitted instead of the error.
/// 8. **Cache write and emit** (`run`): each result, after the GraphQL interceptors have seen it on its way back,
///    is written to the store (when it came from the server, has records and the request that reached the
///    network writes results), then yielded to the caller. An attempt that yields nothing fails with
///    ``ApolloClient/Error/noResults``.
/// 9. **Retry** (`kickoff`): a ``Retry`` thrown by any stage above starts again at step 2 with its request.
///
/// Differences from upstream 2.x, each explained where it happens: an interceptor that answers without calling
/// `next` does not crash the cache write (step 8), a non-HTTP response is an error rather than a stop (step 5),
/// the body's chunks are read in place rather than copied through a task (step 5), the cache is read before
/// `next` returns, with no task when it answers alone (step 3), and a single response is fetched and parsed
/// before `next` returns, with no task (steps 5 and 6).
public struct RequestChain<Request: GraphQLRequest>: Sendable {
  /// Thrown by any stage to start the chain again with `request`.
  ///
  /// Only `RequestChain<Request>.Retry` of the chain's own request type is caught; any other is an
  /// ordinary error.
  public struct Retry: Swift.Error {
    /// The request the next attempt runs.
    public let request: Request
    /// Starts over with `request`.
    public init(request: Request) {
      self.request = request
    }
  }

  /// The results of one kickoff.
  public typealias ResultStream = AsyncThrowingStream<GraphQLResponse<Request.Operation>, any Error>

  private let urlSession: any ApolloURLSession
  private let interceptors: Interceptors
  private let store: ApolloStore

  /// A chain over `urlSession` with one send's interceptors.
  public init(urlSession: any ApolloURLSession, interceptors: Interceptors, store: ApolloStore) {
    self.urlSession = urlSession
    self.interceptors = interceptors
    self.store = store
  }

  /// Starts the chain now; results arrive on the returned stream. Ending the stream cancels the work.
  ///
  /// The work runs in a task created inside this call, so task-local values bound by the caller are
  /// visible to every stage.
  public func kickoff(request: Request) -> ResultStream {
    let chain = self
    return NonCopyableAsyncThrowingStream<GraphQLResponse<Request.Operation>>.pipe { continuation in
      // Step 1: one task for every attempt of this kickoff.
      try await chain.attempts(from: request) { result in
        continuation.yield(result)
        return true
      }
    }
  }

  /// The first result of a ``kickoff(request:)`` whose reader takes one result and then lets the stream go,
  /// worked out in the calling task: what `ApolloClient` does for a single-response fetch, without the task
  /// and the two thread hand-offs between it and the caller. The caller's task-local values reach every stage
  /// as they reach the kickoff's task; the work after the first result is not done, as a dropped stream
  /// cancels it. A cancelled caller gets `CancellationError`, as it does from a dropped stream.
  package func firstResult(request: Request) async throws -> GraphQLResponse<Request.Operation> {
    var first: GraphQLResponse<Request.Operation>?
    do {
      try await runInCurrentTask(request: request) { result in
        first = result
        return false
      }
    } catch {
      if Task.isCancelled { throw CancellationError() }
      throw error
    }
    // `run` throws `noResults` for an attempt that delivers nothing, so a normal return delivered one.
    guard let first else { throw ApolloClient.Error.noResults }
    return first
  }

  /// What ``kickoff(request:)`` does in its task, done in the calling task by a caller that has a task of
  /// its own for the request already (the facades' callback sends): each result goes to `deliver`, which
  /// says whether to go on. Task-local values are the calling task's.
  package func runInCurrentTask(
    request: Request, deliver: (GraphQLResponse<Request.Operation>) -> Bool
  ) async throws {
    try await attempts(from: request, deliver: deliver)
  }

  /// Steps 1 and 9: attempts until one ends without ``Retry``; `deliver` gets each result and says whether
  /// to go on.
  private func attempts(
    from request: Request, deliver: (GraphQLResponse<Request.Operation>) -> Bool
  ) async throws {
    var attempt = request
    while true {
      do {
        try await run(attempt, deliver: deliver)
        return
      } catch let retry as Retry {
        // Step 9: a Retry from any stage starts the next attempt at step 2.
        attempt = retry.request
      }
    }
  }

  /// Steps 2 and 8 of one attempt: GraphQL interceptors on the way out, then results written to the cache and
  /// emitted on the way back.
  private func run(_ request: Request, deliver: (GraphQLResponse<Request.Operation>) -> Bool) async throws {
    // Step 2: the GraphQL interceptors wrap one another, the last one handing the request to steps 3-7.
    let finalRequest = Mutex<Request?>(nil)
    let chain = self
    var next: @Sendable (Request) async -> InterceptorResultStream<Request> = { request in
      finalRequest.withLock { $0 = request }
      return await chain.execute(request)
    }
    for interceptor in interceptors.graphQL.reversed() {
      let downstream = next
      next = { request in
        do {
          return try await interceptor.intercept(request: request, next: downstream)
        } catch {
          return .failing(error)
        }
      }
    }
    // Step 8: results come back through the interceptors; each is written to the cache, then emitted.
    // A settled stream (a single response, handed on settled by every stage above) is read without making
    // it: the same elements and end. Written out rather than through `forEachElement`, whose closure cost
    // this path 2 more generic-type lookups per request (uprobe counts).
    let results = await next(request)
    var emitted = false
    if let settled = results.settled {
      for element in settled.elements {
        emitted = true
        guard try await writeAndDeliver(element, request: finalRequest.withLock { $0 } ?? request, deliver: deliver) else { return }
      }
      if let failure = settled.failure { throw failure }
    } else {
      for try await element in results.getStream() {
        emitted = true
        // Leaving the loop lets the stream go, which cancels what is still running behind it.
        guard try await writeAndDeliver(element, request: finalRequest.withLock { $0 } ?? request, deliver: deliver) else { return }
      }
    }
    if !emitted {
      // A cancelled task reads an unfolding stream as ended, with no error: an attempt cancelled while `next`
      // awaited the network reads every stage's stream that way, and that is a cancellation, not "no results".
      try Task.checkCancellation()
      throw ApolloClient.Error.noResults
    }
  }

  /// Step 8 for one result: written to the cache (server results, when `request` writes them), then handed to
  /// `deliver`, whose answer (go on or not) is returned. `request` is the one that reached `execute`: upstream
  /// force-unwraps it, and an interceptor that answered without calling `next` crashed it; the request that
  /// entered the attempt stands in instead.
  private func writeAndDeliver(
    _ element: ParsedResult<Request.Operation>, request: Request, deliver: (GraphQLResponse<Request.Operation>) -> Bool
  ) async throws -> Bool {
    try Task.checkCancellation()
    if request.writeResultsToCache, element.cacheRecords != nil, element.result.source == .server {
      try await interceptors.cache.writeCacheData(to: store, request: request, response: element)
    }
    return deliver(element.result)
  }

  /// Steps 3-7: cache read, network fetch and parse (or cache fallback) for the request that left the GraphQL
  /// interceptors.
  ///
  /// The cache is read here, inside `next`, where the task-local values the interceptors bound around `next`
  /// are in effect, as they are in the task that fetches. A request the cache answers alone (a hit that needs
  /// no network, or `cacheOnly`) is answered without that task: upstream starts it for every request.
  private func execute(_ request: Request) async -> InterceptorResultStream<Request> {
    let behavior = request.fetchBehavior
    // Step 3: the cache before the network.
    let cached: ParsedResult<Request.Operation>?
    do {
      cached = behavior.cacheRead == .beforeNetworkFetch ? try await readCache(for: request) : nil
    } catch {
      guard behavior.networkFetch != .never else { return .failing(error) }
      cached = nil
    }
    // Step 4: whether to ask the network.
    let fetch: Bool
    switch behavior.networkFetch {
    case .always: fetch = true
    case .onCacheMiss: fetch = cached == nil
    case .never: fetch = false
    }
    guard fetch else {
      // Answered by the cache alone: settled, like a single response.
      return InterceptorResultStream<Request>(settled: SettledElements(elements: cached.map { [$0] } ?? [], failure: nil))
    }
    if let cached {
      // CacheAndNetwork with a hit: the cached result goes out now and the network's later, from a task.
      let chain = self
      return relayInTask(request, after: cached) { try await chain.parse(chain.send(request), for: request) }
    }
    return await fetchInNext(request)
  }

  /// Steps 5-7 in a task started here (so it inherits the task-local values in effect inside `next`): `first`
  /// when given, then the results `fetch` gives as they arrive; a failure on the way goes to step 7.
  private func relayInTask(
    _ request: Request, after first: ParsedResult<Request.Operation>? = nil,
    _ fetch: @escaping @Sendable () async throws -> InterceptorResultStream<Request>
  ) -> InterceptorResultStream<Request> {
    let chain = self
    return InterceptorResultStream<Request>(stream: InterceptorResultStream<Request>.pipe { continuation in
      if let first { continuation.yield(first) }
      do {
        // Read through `forEachElement`: a parser's pulled results (each multipart part) come straight from
        // its closure, with no stream of their own before this task's.
        try await fetch().forEachElement { element in
          continuation.yield(element)
          return true
        }
      } catch {
        if let fallback = try await chain.fallback(for: request, after: error) { continuation.yield(fallback) }
      }
    })
  }

  /// Steps 5-7 inside `next`, for a request with nothing to emit before the network: the HTTP stage runs here,
  /// and a response whose results end with its body (not `multipart/mixed`, read by a
  /// ``ResponseParserEndingWithBody``) is parsed here too. Upstream starts a task for every fetch; this one
  /// starts one only for a response whose parts arrive over time (`@defer`, subscriptions over HTTP) or a
  /// parser of the app's own, and then from inside `next`, as upstream, so the same task-local values reach
  /// every stage either way (MIGRATION 5.2).
  private func fetchInNext(_ request: Request) async -> InterceptorResultStream<Request> {
    var results: [ParsedResult<Request.Operation>] = []
    let end: (any Error)?
    do {
      let response = try await send(request)
      guard interceptors.parser is any ResponseParserEndingWithBody,
            !MultipartContentType.isMultipartMixed(response.response) else {
        let parts = try await parse(response, for: request).puller()
        return relayInTask(request) { InterceptorResultStream<Request>(pulling: parts) }
      }
      // Written out like step 8's loop in `run`, rather than through `forEachElement`.
      let parsed = try await parse(response, for: request)
      if let settled = parsed.settled {
        // The stock parser parsed the body already: its results are taken without reading a stream.
        for element in settled.elements {
          try Task.checkCancellation()
          results.append(element)
        }
        if let failure = settled.failure { throw failure }
      } else {
        for try await element in parsed.getStream() {
          try Task.checkCancellation()
          results.append(element)
        }
      }
      end = nil
    } catch {
      end = error
    }
    // Step 7 after a failed fetch: what was parsed before the failure, then NetworkFirst's cached result or the error.
    var failure: (any Error)?
    if let end {
      do {
        if let fallback = try await fallback(for: request, after: end) { results.append(fallback) }
      } catch {
        failure = error
      }
    }
    // Settled: every result and the end are known now, so stages above may read them without a layer.
    return InterceptorResultStream<Request>(settled: SettledElements(elements: results, failure: failure))
  }

  /// Step 7: what a failed fetch leads to. NetworkFirst reads the cache after any failure (a Retry and a
  /// cancellation included, as upstream), and emits what it finds; every other behavior rethrows `error`.
  private func fallback(for request: Request, after error: any Error) async throws -> ParsedResult<Request.Operation>? {
    guard request.fetchBehavior.cacheRead == .onNetworkFailure else { throw error }
    return try await readCache(for: request)
  }

  /// The cache interceptor's result for `request`, as a result of the chain.
  private func readCache(for request: Request) async throws -> ParsedResult<Request.Operation>? {
    try await interceptors.cache.readCacheData(from: store, request: request).map { ParsedResult(result: $0, cacheRecords: nil) }
  }

  /// Step 5: `toURLRequest`, the HTTP interceptors and the session.
  private func send(_ request: Request) async throws -> HTTPResponse {
    let urlRequest = try request.toURLRequest()
    let session = urlSession
    var next: @Sendable (URLRequest) async throws -> HTTPResponse = { urlRequest in
      let (chunks, response) = try await session.chunks(for: urlRequest)
      // Upstream stops the process here; a typed error lets the caller see what the session returned.
      guard let httpResponse = response as? HTTPURLResponse else { throw ApolloURLSessionError.nonHTTPResponse(response) }
      return HTTPResponse(response: httpResponse, chunks: pulling(chunks))
    }
    for interceptor in interceptors.http.reversed() {
      let downstream = next
      next = { urlRequest in try await interceptor.intercept(request: urlRequest, next: downstream) }
    }
    let response = try await next(urlRequest)
    guard let observer = HTTPResponseObserver.current else { return response }
    return observer.observing(response)
  }

  /// Step 6: the parser's results for `response`.
  private func parse(
    _ response: consuming HTTPResponse, for request: Request
  ) async throws -> InterceptorResultStream<Request> {
    try await interceptors.parser.parse(
      response: response, for: request, includeCacheRecords: request.writeResultsToCache)
  }
}

/// A stream that pulls from `sequence` as it is read: no task and no buffer in between, and no stream at
/// all unless a stage asks for one (the stock parser reads the chunks through `forEachElement`).
///
/// Upstream copies the chunks through an eager task; reading them in place saves a task per request
/// and, as every stage above still runs eagerly, nothing observable changes.
private func pulling<S: AsyncChunkSequence>(_ sequence: S) -> NonCopyableAsyncThrowingStream<Data> {
  let iterator = IteratorBox(sequence.makeAsyncIterator())
  return NonCopyableAsyncThrowingStream(pulling: {
    try Task.checkCancellation()
    return try await iterator.next()
  })
}
