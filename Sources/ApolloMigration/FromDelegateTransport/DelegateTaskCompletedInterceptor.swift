import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 0.x task-completed delegate as a 1.x interceptor; place it right after `NetworkFetchInterceptor`.
///
/// It calls `didCompleteRawTaskForRequest` with the sent `URLRequest`, the whole body (`Data()` when
/// nothing arrived), the response and `nil`, before any status check or parsing, then proceeds.
/// A transport failure never reaches it (the fetch interceptor reports it as an error):
/// ``DelegateTransportErrorInterceptor`` makes that call. It runs where the 1.x chain calls it: on the
/// `URLSessionClient`'s callback queue.
public struct DelegateTaskCompletedInterceptor: ApolloInterceptor, Sendable {
  let binding: DelegateTransportBinding
  /// Identifies the interceptor in its chain.
  public var id: String = InterceptorID.next()

  /// - Parameters: as ``DelegatePreflightInterceptor/init(delegate:transport:)``.
  public init(delegate: any HTTPNetworkTransportDelegate, transport: HTTPNetworkTransport) {
    self.binding = DelegateTransportBinding(delegate: delegate, transport: transport)
  }

  init(binding: DelegateTransportBinding) {
    self.binding = binding
  }

  /// Reports the raw outcome and proceeds.
  public func interceptAsync<Operation: GraphQLOperation>(
    chain: any ApolloCallbackChain.RequestChain, request: ApolloCallbackChain.HTTPRequest<Operation>,
    response: ApolloCallbackChain.HTTPResponse<Operation>?,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    if response != nil { binding.rawTasks.heard(request.beforePreflight) }
    if let response, let delegate = binding.delegate as? any HTTPNetworkTransportTaskCompletedDelegate,
       let sent = request.sentURLRequest {
      delegate.networkTransport(binding.transport, didCompleteRawTaskForRequest: sent, withData: response.rawData,
                                response: response.httpResponse, error: nil)
    }
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}
