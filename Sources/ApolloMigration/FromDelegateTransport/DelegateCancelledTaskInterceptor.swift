import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Tells the 0.x task-completed delegate of a request cancelled on the 1.x chain, as 0.33's cancelled task did.
///
/// | 0.x | on the 1.x chain | when |
/// |---|---|---|
/// | `didCompleteRawTaskForRequest` with `NSURLErrorCancelled` (no data, no response) when the task is cancelled | this interceptor, just before `NetworkFetchInterceptor`: it is `Cancellable`, so 1.x's `chain.cancel()` reaches it | once, when the send's request was on the wire and the delegate had not heard of its end |
///
/// Built by ``DelegateTransportCallbackInterceptorProvider`` for each send, with the provider's other interceptors:
/// they tell it (through the provider's ledger) when the delegate heard of the task's end, so a cancel after that
/// (an app cancelling in `deinit`) tells it nothing more.
final class DelegateCancelledTaskInterceptor: ApolloInterceptor, ApolloCore.Cancellable, @unchecked Sendable {
  // @unchecked Sendable: `sending` is only read and written inside its Mutex; `binding` is Sendable.
  private let binding: DelegateTransportBinding
  let id = InterceptorID.next()
  private let sending = Mutex<WeakRequest?>(nil)

  init(binding: DelegateTransportBinding) {
    self.binding = binding
  }

  func interceptAsync<Operation: GraphQLOperation>(
    chain: any ApolloCallbackChain.RequestChain, request: ApolloCallbackChain.HTTPRequest<Operation>,
    response: ApolloCallbackChain.HTTPResponse<Operation>?,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    let original = request.beforePreflight
    sending.withLock { $0 = WeakRequest(request: original) }
    binding.rawTasks.sent({ request.sentURLRequest }, for: original)
    // A cancel that came before the request was noted found nothing to tell (the chain marks itself cancelled before
    // it cancels its interceptors): the request does not go out, and its entry goes.
    guard !chain.isCancelled else {
      binding.rawTasks.heard(original)
      return
    }
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }

  func cancel() {
    guard let request = sending.withLock({ $0?.request }), let sent = binding.rawTasks.takeUnheard(request),
          let delegate = binding.delegate as? any HTTPNetworkTransportTaskCompletedDelegate else { return }
    delegate.networkTransport(binding.transport, didCompleteRawTaskForRequest: sent, withData: Data(), response: nil,
                              error: URLError(.cancelled))
  }
}

/// The send's 1.x request, held weakly: the interceptor must not keep it alive.
private struct WeakRequest: @unchecked Sendable {
  // @unchecked Sendable: read under the interceptor's Mutex and only handed to the ledger, which compares identity.
  weak var request: AnyObject?
}
