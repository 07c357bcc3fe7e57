import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore

/// The 1.x `CacheReadInterceptor` of an adapted list, run at its place in the list.
///
/// | 1.x | 2.x stage | when it runs |
/// |---|---|---|
/// | `CacheReadInterceptor` before `NetworkFetchInterceptor` | this GraphQL pre-flight interceptor, at the same position among the adapted ones: the 1.x interceptor itself reads the store through ``CallbackInterceptorOnAsyncChain`` | once per attempt, for a query whose 2.x `FetchBehavior` reads the cache first (or not at all) |
///
/// In 1.x the cache read answered a hit (`returnValueAsync`) before any interceptor after it ran, and a policy
/// changed after it read nothing more. So here: a hit is returned without calling `next` (the interceptors after
/// it in the 1.x list do not run and their completions see nothing); once it proceeds, the 2.x cache stage reads
/// nothing more (but for a query's cache-and-network, see `networkOnly`), whatever later 1.x interceptors set as
/// `cachePolicy` (they still decide whether the result is written, through `fetchIgnoringCacheCompletely`), and the
/// request's `FetchBehavior` stays as it was. A retry reads again with the 1.x request's policy, as 1.x's
/// next pass did. A 2.x `NetworkFirst` request (no 1.x policy says that) keeps the 2.x cache stage's fallback.
struct CallbackCacheReadOnAsyncChain: GraphQLInterceptor {
  /// The adapted `CacheReadInterceptor`.
  let turn: CallbackInterceptorOnAsyncChain

  func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    guard let send = CallbackSend.current, request.fetchBehavior.cacheRead != .onNetworkFailure else {
      return await next(request)
    }
    // Mutations, subscriptions and the policies that ignore the cache: 1.x's interceptor only proceeded.
    guard Request.Operation.operationType == .query, request.fetchBehavior.cacheRead == .beforeNetworkFetch else {
      return await Self.networkOnly(request, send: send, rereading: false, next: next)
    }
    let rereading = request.fetchBehavior == .CacheAndNetwork
    return try await withoutActuallyEscaping(next) { next in
      try await turn.intercept(request: request, next: { await Self.networkOnly($0, send: send, rereading: rereading, next: next) })
    }
  }

  /// The moment of 1.x's read: from here on the 2.x cache stage reads nothing, except, when `rereading` (a query's
  /// cache-and-network, which 1.x's interceptor has answered), once more so that the chain fetches in a task and
  /// the cached result goes up before the fetch is over. The request keeps its behaviour.
  private static func networkOnly<Request: GraphQLRequest>(
    _ request: Request, send: CallbackSend, rereading: Bool, next: NextInterceptorFunction<Request>
  ) async -> InterceptorResultStream<Request> {
    send.lock.withLock { send.cacheWasRead(rereading: rereading) }
    return await next(request)
  }
}
