import Dispatch
import Foundation

/// The result handler of the deprecated callback API.
public typealias GraphQLResultHandler<Operation: GraphQLOperation> =
  @Sendable (Result<GraphQLResponse<Operation>, any Swift.Error>) -> Void

/// The 1.x cache policy, kept for the deprecated callback API.
@available(*, deprecated, message: "Use CachePolicy.Query.SingleResponse, CacheOnly or CacheAndNetwork")
public enum CachePolicy_v1: Sendable, Hashable {
  /// Cache hit answers, a miss goes to the network (``FetchBehavior/CacheFirst``); 1.x's default.
  case returnCacheDataElseFetch
  /// Network only, writing the result to the cache (``FetchBehavior/NetworkOnly``).
  case fetchIgnoringCacheData
  /// Network only, and the result is not written to the cache: in 2.x, ``FetchBehavior/NetworkOnly`` with
  /// ``RequestConfiguration/writeResultsToCache`` off.
  case fetchIgnoringCacheCompletely
  /// Cache only (``FetchBehavior/CacheOnly``); a miss calls the handler with no result.
  case returnCacheDataDontFetch
  /// The cached result, then the server's (``FetchBehavior/CacheAndNetwork``); the handler is called once for each.
  case returnCacheDataAndFetch

  // Upstream's mutable global, kept for source compatibility. Not synchronized: set it once at launch.
  /// The policy a callback call uses when it passes `nil`. A mutable global, as upstream: it is not synchronized,
  /// so set it once at launch, before any fetch.
  nonisolated(unsafe) public static var `default`: CachePolicy_v1 = .returnCacheDataElseFetch

  /// The fetch behaviour and whether results are written to the cache.
  var behavior: (FetchBehavior, writeResultsToCache: Bool) {
    switch self {
    case .returnCacheDataElseFetch: return (.CacheFirst, true)
    case .fetchIgnoringCacheData: return (.NetworkOnly, true)
    case .fetchIgnoringCacheCompletely: return (.NetworkOnly, false)
    case .returnCacheDataDontFetch: return (.CacheOnly, true)
    case .returnCacheDataAndFetch: return (.CacheAndNetwork, true)
    }
  }
}

/// The task behind a deprecated callback call; cancelling it cancels the chain.
final class TaskCancellable: Cancellable {
  private let task: Task<Void, Never>
  init(_ task: Task<Void, Never>) { self.task = task }
  func cancel() { task.cancel() }
}

/// The 1.x-style callback API that Apollo iOS 2.4 keeps, deprecated, on `ApolloClient`, so that code in
/// the middle of a move from 1.x keeps compiling. Each call runs the async API in a task; the handler
/// is called once per result (twice for `.returnCacheDataAndFetch`) and once for an error, always
/// asynchronously on `queue`.
///
/// Unlike upstream, the handler (`resultHandler`, `completion`) has no default: a call must pass one, even
/// if only `nil` or `{ _ in }`. Swift ranks overloads for top-level code (a `main.swift`) as if it were
/// synchronous, so with a default `try await client.fetch(query: q)` there matched this callback form and
/// won over the async one: three warnings, no fetch, and a `Cancellable` where the response was meant.
/// `@available(*, noasync)` would not help: it does not take part in overload resolution, it only turns
/// that silent pick into an error, and it would also reject callback call sites in top-level code and in
/// `Task { }`, which are legitimate mid-migration. Without the default, a call with no handler can only be
/// the async API, and every call with a handler still compiles everywhere (MIGRATION.md §5.2, row 14c).
extension ApolloClient {
  /// Drops every record, then calls `completion` on `callbackQueue`.
  ///
  /// `completion` has no default (upstream's is `nil`), so `try await client.clearCache()` in top-level code
  /// is the async `clearCache()`; see the extension's comment.
  @_disfavoredOverload
  @available(*, deprecated, message: "Use clearCache() async throws")
  public func clearCache(callbackQueue: DispatchQueue = .main,
                         completion: (@Sendable (Result<Void, any Swift.Error>) -> Void)?) {
    Task {
      let result: Result<Void, any Swift.Error>
      do { try await clearCache(); result = .success(()) } catch { result = .failure(error) }
      if let completion { callbackQueue.async { completion(result) } }
    }
  }

  /// Fetches a query with a 1.x cache policy.
  ///
  /// Upstream's shim ignores `context` and drops the client's default timeout; here the default request
  /// configuration's timeout is kept (`context` is still ignored: it has no 2.x meaning). `resultHandler` has
  /// no default, so a call without one is the async `fetch` (see the extension's comment).
  @_disfavoredOverload
  @available(*, deprecated, message: "Use fetch(query:cachePolicy:requestConfiguration:) async")
  @discardableResult
  public func fetch<Query: GraphQLQuery>(
    query: Query, cachePolicy: CachePolicy_v1? = nil, context: (any RequestContext)? = nil, queue: DispatchQueue = .main,
    resultHandler: GraphQLResultHandler<Query>?
  ) -> any Cancellable {
    let (behavior, write) = (cachePolicy ?? CachePolicy_v1.default).behavior
    var configuration = defaultRequestConfiguration
    configuration.writeResultsToCache = write
    let stream = Result { try fetch(query: query, fetchBehavior: behavior, requestConfiguration: configuration) }
    return deliver(stream, on: queue, to: resultHandler)
  }

  /// Performs a mutation.
  ///
  /// Upstream's shim sends the mutation outside the client's task-local context, so without client
  /// awareness; here it is sent like every other call. `resultHandler` has no default, so a call without
  /// one is the async `perform` (see the extension's comment).
  @_disfavoredOverload
  @available(*, deprecated, message: "Use perform(mutation:requestConfiguration:) async")
  @discardableResult
  public func perform<Mutation: GraphQLMutation>(
    mutation: Mutation, publishResultToStore: Bool = true, queue: DispatchQueue = .main,
    resultHandler: GraphQLResultHandler<Mutation>?
  ) -> any Cancellable {
    var configuration = defaultRequestConfiguration
    configuration.writeResultsToCache = publishResultToStore
    let stream = Result {
      try ApolloClient.$clientAwarenessOfCurrentCall.withValue(clientAwarenessMetadata) {
        try networkTransport.send(mutation: mutation, requestConfiguration: configuration)
      }
    }
    return deliver(stream, on: queue, to: resultHandler)
  }

  /// Uploads files with an operation. `resultHandler` has no default, so a call without one is the async
  /// `upload` (see the extension's comment).
  @_disfavoredOverload
  @available(*, deprecated, message: "Use upload(operation:files:requestConfiguration:) async")
  @discardableResult
  public func upload<Operation: GraphQLOperation>(
    operation: Operation, files: [GraphQLFile], queue: DispatchQueue = .main, resultHandler: GraphQLResultHandler<Operation>?
  ) -> any Cancellable {
    let configuration = defaultRequestConfiguration
    let stream = Result {
      guard let transport = networkTransport as? any UploadingNetworkTransport else { throw Error.noUploadTransport }
      return try ApolloClient.$clientAwarenessOfCurrentCall.withValue(clientAwarenessMetadata) {
        try transport.upload(operation: operation, files: files, requestConfiguration: configuration)
      }
    }
    return deliver(stream, on: queue, to: resultHandler)
  }

  /// Subscribes; the handler is called for each value.
  @_disfavoredOverload
  @available(*, deprecated, message: "Use subscribe(subscription:cachePolicy:requestConfiguration:)")
  @discardableResult
  public func subscribe<Subscription: GraphQLSubscription>(
    subscription: Subscription, queue: DispatchQueue = .main, resultHandler: @escaping GraphQLResultHandler<Subscription>
  ) -> any Cancellable {
    let stream = Result { try subscribe(subscription: subscription).stream }
    return deliver(stream, on: queue, to: resultHandler)
  }

  /// Runs `stream` in a task and hands each element, then any error, to `handler` on `queue`.
  /// With no handler a failure is only printed, as upstream.
  private func deliver<Operation: GraphQLOperation>(
    _ stream: Result<AsyncThrowingStream<GraphQLResponse<Operation>, any Swift.Error>, any Swift.Error>,
    on queue: DispatchQueue, to handler: GraphQLResultHandler<Operation>?
  ) -> any Cancellable {
    let report: @Sendable (Result<GraphQLResponse<Operation>, any Swift.Error>) -> Void = { result in
      if let handler {
        queue.async { handler(result) }
      } else if case .failure(let error) = result {
        debugPrint(error)
      }
    }
    return TaskCancellable(Task {
      do {
        for try await response in try stream.get() { report(.success(response)) }
      } catch is CancellationError where Task.isCancelled {
        // Cancelled through the returned Cancellable: nothing more is delivered. A CancellationError that a
        // stage threw on its own (nobody cancelled this call) is an error like any other, as upstream's shim has it.
      } catch {
        report(.failure(error))
      }
    })
  }
}
