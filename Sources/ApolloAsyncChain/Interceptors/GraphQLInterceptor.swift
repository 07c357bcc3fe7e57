import Foundation

/// The stream of parsed results that travels back through the GraphQL interceptors.
public typealias InterceptorResultStream<Request: GraphQLRequest> = NonCopyableAsyncThrowingStream<ParsedResult<Request.Operation>>

/// An interceptor that sees the ``GraphQLRequest`` before it is sent and the parsed results after.
///
/// Call `next(request)` once, then transform the returned stream with `map` / `mapErrors`. Throw
/// ``RequestChain/Retry`` (before `next`, or inside `map` / `mapErrors`) to start the chain again.
public protocol GraphQLInterceptor: Sendable {
  typealias NextInterceptorFunction<Request: GraphQLRequest> = @Sendable (Request) async -> InterceptorResultStream<Request>

  func intercept<Request: GraphQLRequest>(
    request: Request, next: NextInterceptorFunction<Request>
  ) async throws -> InterceptorResultStream<Request>
}
