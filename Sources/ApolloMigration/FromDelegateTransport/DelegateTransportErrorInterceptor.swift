import ApolloCallbackChain
import ApolloCore
import ApolloDelegateTransport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 0.x task-completed and retry delegates for transport failures, as a 1.x error interceptor (the
/// provider's `additionalErrorInterceptor`): the 1.x fetch interceptor reports those as errors, never
/// proceeding.
///
/// For a 1.x `URLSessionClient.URLSessionClientError.networkError(data:response:underlying:)` it calls
/// `didCompleteRawTaskForRequest` (the received data, `nil` response, the underlying error), then the
/// retry delegate with 0.x's `networkError` value and `response: nil`, as 0.x; `.retry` → `chain.retry`
/// from before the preflight, `.fail(error)` → the completion. `noHTTPResponse` goes to the retry
/// delegate likewise. Every other error (preflight refusal, a delegate's `.fail`, parse errors) reaches
/// the completion unchanged. It runs synchronously on the thread that raised the error.
public struct DelegateTransportErrorInterceptor: ApolloErrorInterceptor {
  let binding: DelegateTransportBinding

  /// - Parameters: as ``DelegatePreflightInterceptor/init(delegate:transport:)``.
  public init(delegate: any HTTPNetworkTransportDelegate, transport: HTTPNetworkTransport) {
    self.binding = DelegateTransportBinding(delegate: delegate, transport: transport)
  }

  init(binding: DelegateTransportBinding) {
    self.binding = binding
  }

  /// Routes transport failures to the 0.x delegates; passes everything else on.
  public func handleErrorAsync<Operation: GraphQLOperation>(
    error: any Error, chain: any ApolloCallbackChain.RequestChain, request: ApolloCallbackChain.HTTPRequest<Operation>,
    response: ApolloCallbackChain.HTTPResponse<Operation>?,
    completion: @escaping (Result<ApolloCallbackChain.GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    // The attempt's task is over (or never went out): a cancel from now on has nothing to tell the delegate.
    binding.rawTasks.heard(request.beforePreflight)
    let legacyError: any Error
    switch error as? ApolloCallbackChain.URLSessionClient.URLSessionClientError {
    case .networkError(let data, let httpResponse, let underlying)?:
      if let delegate = binding.delegate as? any HTTPNetworkTransportTaskCompletedDelegate, let sent = request.sentURLRequest {
        // The head that had arrived, as 0.x's client recorded it; the retry delegate below gets none.
        delegate.networkTransport(binding.transport, didCompleteRawTaskForRequest: sent, withData: data,
                                  response: httpResponse, error: underlying)
      }
      legacyError = ApolloDelegateTransport.URLSessionClient.URLSessionClientError.networkError(
        data: data, response: httpResponse, underlying: underlying)
    case .noHTTPResponse(let sentRequest)?:
      legacyError = ApolloDelegateTransport.URLSessionClient.URLSessionClientError.noHTTPResponse(request: sentRequest)
    // The client's own failures that 0.x's client had too: 0.x sent them down the retry path like any other.
    case .sessionBecameInvalidWithoutUnderlyingError?:
      legacyError = ApolloDelegateTransport.URLSessionClient.URLSessionClientError.sessionBecameInvalidWithoutUnderlyingError
    case .dataForRequestNotFound(let sentRequest)?:
      legacyError = ApolloDelegateTransport.URLSessionClient.URLSessionClientError.dataForRequestNotFound(request: sentRequest)
    default:
      completion(.failure(error))
      return
    }
    guard let delegate = binding.delegate as? any HTTPNetworkTransportRetryDelegate else {
      completion(.failure(legacyError))
      return
    }
    let sent = request.sentURLRequest ?? URLRequest(url: request.graphQLEndpoint)
    let once = CallbackOnce(chain: chain, request: request, original: request.beforePreflight, response: response,
                            completion: completion)
    let deliver = FailureDelivery(completion)
    delegate.networkTransport(binding.transport, receivedError: legacyError, for: sent, response: nil) { action in
      switch action {
      case .retry: once.retry()
      case .fail(let failure): if once.claim() { deliver.run(failure) }
      }
    }
  }
}

/// Carries the error interceptor's completion into the delegate's `@Sendable` continue handler.
private struct FailureDelivery<Value>: @unchecked Sendable {
  // @unchecked Sendable: called at most once, after `CallbackOnce.claim()` (under its NSLock) succeeded.
  let completion: (Result<Value, any Error>) -> Void
  init(_ completion: @escaping (Result<Value, any Error>) -> Void) { self.completion = completion }
  func run(_ error: any Error) { completion(.failure(error)) }
}
