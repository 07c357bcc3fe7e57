import Foundation

/// The stream of parsed results that travels back through the GraphQL interceptors.
public typealias InterceptorResultStream<Request: GraphQLRequest> = NonCopyableAsyncThrowingStream<ParsedResult<Request.Operation>>

/// An interceptor that sees the ``GraphQLRequest`` before it is sent and the parsed results after.
///
/// Call `next(request)` once, then transform the returned stream with `map` / `mapErrors`. Throw
/// ``RequestChain/Retry`` (before `next`, or inside `map` / `mapErrors`) to start the chain again.
public protocol GraphQLInterceptor: Sendable {
  /// What an interceptor calls to run the rest of the chain (later interceptors, the HTTP stage, parsing) with the
  /// request it passes; it returns the stream of results coming back.
  typealias NextInterceptorFunction<Request: GraphQLRequest> = @Sendable (Request) async -> InterceptorResultStream<Request>

  /// Runs once per attempt (again after a ``RequestChain/Retry``). Change the request, call `next` with it, and return
  /// its stream, mapped if needed; returning without calling `next` ends the chain with what you return.
  func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request>
}
