import ApolloCallbackChain
import ApolloCore

/// The completion a 1.x interceptor passed on with `proceedAsync`, kept with its operation type.
///
/// A turn's decision is not generic, so it holds this box as an `AnyObject`; the turn, which knows the
/// operation, gets it back with one class cast. Holding the closure as `Any` instead cost a boxed
/// existential and a cast to a function type (with the metadata of its `Result` argument) per result.
final class PassedCompletion<Operation: GraphQLOperation>: @unchecked Sendable {
  // @unchecked Sendable: `body` is a 1.x closure, called only inside the provider's CallbackLock
  // (``call(_:lock:)``), like every other 1.x value the adapter carries.
  private let body: (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void

  init(_ body: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void) {
    self.body = body
  }

  /// Calls the completion with `result`, holding `lock`.
  func call(_ result: Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>, lock: CallbackLock) {
    lock.withLock { body(result) }
  }
}
