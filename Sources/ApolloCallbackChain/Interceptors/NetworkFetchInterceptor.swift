import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends the request through a ``URLSessionClient`` and proceeds once per client callback (once for a
/// plain response, once per part and once at the end for a multipart one).
#if MigrationDeprecations
@available(*, deprecated, message: "1.x API: use the built-in stages of ApolloAsyncChain.DefaultInterceptorProvider; until then ApolloMigration.CallbackProviderOnAsyncChain maps this interceptor to its 2.x stage")
#endif
public class NetworkFetchInterceptor: ApolloInterceptor, Cancellable, @unchecked Sendable {
  // @unchecked Sendable: `currentTask` is guarded by `taskLock` (a Mutex); `client` is Sendable.
  let client: URLSessionClient
  private let taskLock = Mutex<URLSessionTask?>(nil)
  public var id: String = InterceptorID.next()

  /// Sends through `client`; the provider usually shares one client among all its chains.
  public init(client: URLSessionClient) {
    self.client = client
  }

  public func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain,
    request: HTTPRequest<Operation>,
    response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    let urlRequest: URLRequest
    do {
      urlRequest = try request.toURLRequest()
    } catch {
      chain.handleErrorAsync(error, request: request, response: response, completion: completion)
      return
    }
    let isSubscription = Operation.operationType == .subscription
    let task = client.sendRequest(
      urlRequest, taskDescription: "\(OperationHeaders.typeValue(Operation.operationType)) \(Operation.operationName)"
    ) { [weak self] result in
      // The interceptor is held weakly and the chain strongly, as upstream: no cycle.
      guard let self else { return }
      defer { if !isSubscription { self.taskLock.withLock { $0 = nil } } }
      guard !chain.isCancelled else { return }
      switch result {
      case .failure(let error):
        chain.handleErrorAsync(error, request: request, response: response, completion: completion)
      case .success(let (data, httpResponse)):
        let response = HTTPResponse<Operation>(response: httpResponse, rawData: data, parsedResponse: nil)
        chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
      }
    }
    taskLock.withLock { $0 = task }
  }

  /// Cancels the task itself (not `client.cancel(task:)`, which would forget its callbacks): the client
  /// reports a cancellation error, which the callback drops because the chain is cancelled.
  public func cancel() {
    let task = taskLock.withLock { task -> URLSessionTask? in
      defer { task = nil }
      return task
    }
    if let task { client.cancelOnDelegateQueue(task) }
  }
}
