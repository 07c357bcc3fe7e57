import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore

/// The 1.x `CacheWriteInterceptor` of an adapted list, at its place after the parser.
///
/// | 1.x | 2.x stage | when it runs |
/// |---|---|---|
/// | `CacheWriteInterceptor` after the parser | this GraphQL post-flight interceptor, at the same position among the adapted ones: the server result's records go to the interceptor's store with 1.x's `publish` (in submission order, tagged with the request's `contextIdentifier`) | once per server result, unless the request ignores the cache completely |
///
/// In 1.x the records were written before any completion heard of the result: `CacheWriteInterceptor` came last
/// and the result went back through the completions after it. So here the write happens as the result passes
/// this position, before it reaches the adapted interceptors' completions (a completion that reads the store finds
/// the result, as in 1.x), and the result goes on without its records, so the 2.x chain does not write it again.
struct CallbackCacheWriteOnAsyncChain: GraphQLInterceptor {
  /// The store the 1.x interceptor writes to.
  let store: ApolloStore

  func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request> {
    let upstream = await next(request)
    guard let send = CallbackSend.current, request.writeResultsToCache else { return upstream }
    let store = self.store
    return await InPlaceStreams.map(upstream) { element in
      guard element.result.source == .server, let records = element.cacheRecords else { return element }
      // As 1.x's interceptor on entry: nothing once cancelled, nor for a policy an interceptor before it set to
      // ignore the cache completely.
      let (policy, identifier) = send.lock.withLock {
        let mirror = send.typedMirror(Request.Operation.self)
        return (mirror?.cachePolicy, mirror?.contextIdentifier)
      }
      if !Task.isCancelled, policy != .fetchIgnoringCacheCompletely {
        if store.hasPendingCallbackTransactions {
          // Behind the callback transactions submitted before it, as 1.x's `publish` queued.
          store.publish(records: records, identifier: identifier)
        } else {
          // After a read-write transaction in progress (an `async` one of a 2.x caller too), so the write cannot land
          // between its read and its write-back, as 1.x's write waited behind its store's barrier. The result goes on
          // once written, as the 2.x chain's own write holds it. A failed write is dropped, as 1.x's `publish`
          // without a completion dropped it.
          _ = try? await store.publishRecordsSuspending(records, identifier: identifier)
        }
      }
      // The records go no further; the dependent keys the first interceptor would have made of them go with it.
      let result = element.result
      let written = V2GraphQLResponse<Request.Operation>(
        data: result.data, extensionsJSON: result.extensionsJSON, errors: result.errors, source: result.source,
        dependentKeySource: result.dependentKeySource ?? DependentKeys(fieldsOf: records))
      return ParsedResult(result: written, cacheRecords: nil)
    } errors: { error in
      throw error
    }
  }
}
