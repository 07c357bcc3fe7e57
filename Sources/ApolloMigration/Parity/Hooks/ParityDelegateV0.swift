import ApolloCore
import ApolloDelegateTransport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The scenario hooks written as a 0.x app writes them: one object adopting every
/// `HTTPNetworkTransport` delegate protocol, as the 0.x docs' `Network` class does.
public final class ParityDelegateV0: HTTPNetworkTransportPreflightDelegate, HTTPNetworkTransportTaskCompletedDelegate,
  HTTPNetworkTransportRetryDelegate, HTTPNetworkTransportGraphQLErrorDelegate, Sendable
{
  /// The shared hook state.
  public let state: ParityHookState

  /// Headers added to every request in `willSend`: 0.x transports have no header setting of their own.
  public let additionalHeaders: [String: String]

  /// A 0.x delegate doing what `state.hooks` asks and recording each call in `state`; `additionalHeaders`
  /// are the scenario's transport headers, which 0.x could only add in `willSend`.
  public init(state: ParityHookState, additionalHeaders: [String: String] = [:]) {
    self.state = state
    self.additionalHeaders = additionalHeaders
  }

  public func networkTransport(_ networkTransport: HTTPNetworkTransport, shouldSend request: URLRequest) -> Bool {
    if state.hooks.veto {
      state.record("veto")
      return false
    }
    return true
  }

  public func networkTransport(_ networkTransport: HTTPNetworkTransport, willSend request: inout URLRequest) {
    for (name, value) in additionalHeaders.sorted(by: { $0.key < $1.key }) {
      request.setValue(value, forHTTPHeaderField: name)
    }
    if let authorization = state.authorization {
      request.setValue(authorization, forHTTPHeaderField: "Authorization")
      state.record("token \(Redaction.secret(authorization))")
    }
    if let path = state.hooks.rewritePath, let url = request.url,
       var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
      components.path = path
      request.url = components.url ?? url
      state.record("rewrite \(path)")
    }
  }

  public func networkTransport(_ networkTransport: HTTPNetworkTransport, didCompleteRawTaskForRequest request: URLRequest,
                               withData data: Data?, response: URLResponse?, error: (any Error)?) {
    guard state.hooks.logResponses else { return }
    let status = (response as? HTTPURLResponse)?.statusCode
    state.record("log \(status.map(String.init) ?? "no response") \(data?.count ?? 0) bytes\(error.map { " error \(ParityFailure($0))" } ?? "")")
  }

  public func networkTransport(_ networkTransport: HTTPNetworkTransport, receivedError error: any Error, for request: URLRequest,
                               response: URLResponse?,
                               continueHandler: @escaping @Sendable (HTTPNetworkTransport.ContinueAction) -> Void) {
    if (response as? HTTPURLResponse)?.statusCode == 401, state.refreshTokenAfter401() {
      continueHandler(.retry)
      return
    }
    if state.hooks.retryFailures != nil {
      if state.spendFailureRetry() {
        state.record("retry after \(ParityFailure(error))")
        continueHandler(.retry)
      } else {
        state.record("give up after \(ParityFailure(error))")
        continueHandler(.fail(ParityHookError.retryLimit))
      }
      return
    }
    if state.hooks.recoverFromErrors {
      let failure = ParityFailure(error)
      state.record("recover from \(failure)")
      continueHandler(.fail(ParityHookError.recovered(failure.category)))
      return
    }
    continueHandler(.fail(error))
  }

  public func networkTransport(_ networkTransport: HTTPNetworkTransport, receivedGraphQLErrors errors: [GraphQLError],
                               retryHandler: @escaping @Sendable (Bool) -> Void) {
    guard state.hooks.retriesOnGraphQLErrors > 0 else {
      retryHandler(false)
      return
    }
    retryHandler(state.spendGraphQLErrorRetry(messages: errors.map { $0.message ?? "" }))
  }
}
