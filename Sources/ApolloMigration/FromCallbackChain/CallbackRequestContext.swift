import ApolloCallbackChain
import ApolloCore
import Foundation

/// Carries a 1.x `RequestContext` (and `contextIdentifier`) to 1.x interceptors running on the 2.x chain.
///
/// 2.x requests have no context. The decision: the context travels in a task-local value bound around
/// the call that starts the 2.x chain; the chain creates its tasks inside that call, so every adapted
/// interceptor sees it as `request.context`. ``RequestChainNetworkTransportOnAsyncChain`` binds it (with
/// the whole 1.x request it built) for every send; 2.x callers bind it with ``withContext(_:contextIdentifier:_:)``
/// around a call that starts a stream, or with its `async` form around `try await client.fetch(…)`.
public enum CallbackRequestContext {
  /// What is bound: a context and identifier, or (from the facade) the 1.x request itself.
  struct Binding: Sendable {
    let context: CallbackConfined<(any RequestContext)?>?
    let contextIdentifier: UUID?
    let request: CallbackConfined<AnyObject>?
  }

  @TaskLocal static var current: Binding?

  /// Runs `body` (typically `transport.send(query:…)`) so that the 1.x interceptors of the chains it
  /// starts see `context` as `request.context` and `contextIdentifier` as `request.contextIdentifier`.
  public static func withContext<Result>(
    _ context: (any RequestContext)?, contextIdentifier: UUID? = nil, _ body: () throws -> Result
  ) rethrows -> Result {
    // The context is handed over once and then only read by 1.x code holding an adapter's lock; a
    // dedicated lock here keeps the box honest for the moment it is stored.
    let binding = Binding(context: CallbackConfined(context, lock: CallbackLock()), contextIdentifier: contextIdentifier,
                          request: nil)
    return try $current.withValue(binding, operation: body)
  }

  /// Awaits `body` (typically `try await client.fetch(query:…)`) so that the 1.x interceptors of the chains it
  /// starts see `context` as `request.context` and `contextIdentifier` as `request.contextIdentifier`.
  @_disfavoredOverload
  public static func withContext<Result>(
    _ context: (any RequestContext)?, contextIdentifier: UUID? = nil, isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
  ) async rethrows -> Result {
    let binding = Binding(context: CallbackConfined(context, lock: CallbackLock()), contextIdentifier: contextIdentifier,
                          request: nil)
    return try await $current.withValue(binding, operation: body, isolation: isolation)
  }
}
