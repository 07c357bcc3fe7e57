import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs one request through the GraphQL interceptors, the cache, the HTTP interceptors, the session and
/// the parser, and starts over when any stage throws ``Retry``.
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
      var attempt = request
      while true {
        do {
          try await chain.run(attempt, into: continuation)
          return
        } catch let retry as Retry {
          attempt = retry.request
        }
      }
    }
  }

  /// One attempt: GraphQL pre-flight, then results written to the cache and emitted.
  private func run(_ request: Request, into continuation: ResultStream.Continuation) async throws {
    let finalRequest = Mutex<Request?>(nil)
    let chain = self
    var next: @Sendable (Request) async -> InterceptorResultStream<Request> = { request in
      finalRequest.withLock { $0 = request }
      return chain.execute(request)
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
    var emitted = false
    for try await element in await next(request).getStream() {
      try Task.checkCancellation()
      // Upstream force-unwraps the request that reached the network; an interceptor that answers without
      // calling `next` crashed it. The request that entered this attempt stands in instead.
      let writeRequest = finalRequest.withLock { $0 } ?? request
      if writeRequest.writeResultsToCache, element.cacheRecords != nil, element.result.source == .server {
        try await interceptors.cache.writeCacheData(to: store, request: writeRequest, response: element)
      }
      continuation.yield(element.result)
      emitted = true
    }
    if !emitted { throw ApolloClient.Error.noResults }
  }

  /// Cache read, network fetch and parse for the request that left the GraphQL interceptors.
  private func execute(_ request: Request) -> InterceptorResultStream<Request> {
    let chain = self
    return InterceptorResultStream<Request>(stream: InterceptorResultStream<Request>.pipe { continuation in
      let behavior = request.fetchBehavior
      var yielded = false
      if behavior.cacheRead == .beforeNetworkFetch {
        do {
          if let cached = try await chain.interceptors.cache.readCacheData(from: chain.store, request: request) {
            continuation.yield(ParsedResult(result: cached, cacheRecords: nil))
            yielded = true
          }
        } catch {
          if behavior.networkFetch == .never { throw error }
        }
      }
      let fetch: Bool
      switch behavior.networkFetch {
      case .always: fetch = true
      case .onCacheMiss: fetch = !yielded
      case .never: fetch = false
      }
      guard fetch else { return }
      do {
        let results = try await chain.fetch(request)
        for try await element in results.getStream() {
          continuation.yield(element)
        }
      } catch {
        guard behavior.cacheRead == .onNetworkFailure else { throw error }
        // NetworkFirst: any failure (a Retry and a cancellation included, as upstream) falls back to the cache.
        if let cached = try await chain.interceptors.cache.readCacheData(from: chain.store, request: request) {
          continuation.yield(ParsedResult(result: cached, cacheRecords: nil))
        }
      }
    })
  }

  /// `toURLRequest`, HTTP interceptors, the session and the parser.
  private func fetch(_ request: Request) async throws -> InterceptorResultStream<Request> {
    let urlRequest = try request.toURLRequest()
    let session = urlSession
    var next: @Sendable (URLRequest) async throws -> HTTPResponse = { urlRequest in
      let (chunks, response) = try await session.chunks(for: urlRequest)
      // Upstream stops the process here; a typed error lets the caller see what the session returned.
      guard let httpResponse = response as? HTTPURLResponse else { throw ApolloURLSessionError.nonHTTPResponse(response) }
      return HTTPResponse(response: httpResponse, chunks: NonCopyableAsyncThrowingStream(stream: pulling(chunks)))
    }
    for interceptor in interceptors.http.reversed() {
      let downstream = next
      next = { urlRequest in try await interceptor.intercept(request: urlRequest, next: downstream) }
    }
    let response = try await next(urlRequest)
    return try await interceptors.parser.parse(
      response: response, for: request, includeCacheRecords: request.writeResultsToCache)
  }
}

/// A stream that pulls from `sequence` as it is read: no task and no buffer in between.
///
/// Upstream copies the chunks through an eager task; reading them in place saves a task per request
/// and, as every stage above still runs eagerly, nothing observable changes.
private func pulling<S: AsyncChunkSequence>(_ sequence: S) -> AsyncThrowingStream<Data, any Error> {
  let iterator = IteratorBox(sequence.makeAsyncIterator())
  return AsyncThrowingStream {
    try Task.checkCancellation()
    return try await iterator.next()
  }
}
