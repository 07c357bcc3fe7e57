import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 0.x preflight delegate as a 1.x interceptor; place it right before `NetworkFetchInterceptor`.
///
/// It builds the request's `URLRequest`, asks `shouldSend` (`false` → `chain.handleErrorAsync` with 0.x's
/// `GraphQLHTTPRequestError.cancelledByDelegate`; nothing is sent), lets `willSend` change it, and
/// proceeds with a request whose `toURLRequest()` returns exactly the changed `URLRequest`. It runs on
/// the thread the 1.x chain calls it on: the thread that called `send` for a first attempt, the thread
/// that answered the retry delegate for a retry. Without a preflight delegate it only proceeds.
public struct DelegatePreflightInterceptor: ApolloInterceptor, Sendable {
  let binding: DelegateTransportBinding
  /// Identifies the interceptor in its chain.
  public var id: String = InterceptorID.next()

  /// - Parameters:
  ///   - delegate: the app's 0.x delegate object, held weakly: keep it alive.
  ///   - transport: the first argument of the delegate methods (the app's transport or a stand-in).
  public init(delegate: any HTTPNetworkTransportDelegate, transport: HTTPNetworkTransport) {
    self.binding = DelegateTransportBinding(delegate: delegate, transport: transport)
  }

  init(binding: DelegateTransportBinding) {
    self.binding = binding
  }

  /// Runs `shouldSend` / `willSend` and proceeds with the changed request.
  public func interceptAsync<Operation: GraphQLOperation>(
    chain: any ApolloCallbackChain.RequestChain, request: ApolloCallbackChain.HTTPRequest<Operation>,
    response: ApolloCallbackChain.HTTPResponse<Operation>?,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    guard let preflight = binding.delegate as? any HTTPNetworkTransportPreflightDelegate else {
      chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
      return
    }
    let original = request.beforePreflight
    var urlRequest: URLRequest
    do {
      urlRequest = try original.toURLRequest()
    } catch {
      chain.handleErrorAsync(error, request: request, response: response, completion: completion)
      return
    }
    guard preflight.networkTransport(binding.transport, shouldSend: urlRequest) else {
      chain.handleErrorAsync(ApolloDelegateTransport.GraphQLHTTPRequestError.cancelledByDelegate, request: request,
                             response: response, completion: completion)
      return
    }
    preflight.networkTransport(binding.transport, willSend: &urlRequest)
    chain.proceedAsync(request: PreflightedHTTPRequest(original: original, urlRequest: urlRequest), response: response,
                       interceptor: self, completion: completion)
  }
}
