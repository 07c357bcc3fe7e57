import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The marker protocol of every `HTTPNetworkTransport` delegate.
///
/// The transport holds one delegate, weakly, and checks it with `as?` against each sub-protocol at
/// each hook, so one object may adopt any subset of them.
#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: adopt GraphQLInterceptor/HTTPInterceptor in ApolloAsyncChain; until then run this delegate on the 2.x chain with ApolloMigration.DelegateTransportInterceptorProvider")
#endif
public protocol HTTPNetworkTransportDelegate: AnyObject {}

/// Sees each request before it is sent: may refuse it, and may change it.
///
/// Both methods run on the thread that called `send` for a first attempt, and on the callback queue
/// (or wherever a continuation was called) for a retry. Both run again on every retry.
#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: adopt GraphQLInterceptor/HTTPInterceptor in ApolloAsyncChain; until then run this delegate on the 2.x chain with ApolloMigration.DelegateTransportInterceptorProvider")
#endif
public protocol HTTPNetworkTransportPreflightDelegate: HTTPNetworkTransportDelegate {
  /// Called with the fully built request (URL, method, body, headers). `false` ends the request with
  /// ``GraphQLHTTPRequestError/cancelledByDelegate`` before `send` returns, without touching the network.
  func networkTransport(_ networkTransport: HTTPNetworkTransport, shouldSend request: URLRequest) -> Bool

  /// Called after `shouldSend` answered `true`. The request as changed here is what is sent, and what
  /// later delegates receive.
  func networkTransport(_ networkTransport: HTTPNetworkTransport, willSend request: inout URLRequest)
}

/// Sees the raw outcome of every attempt: data (empty, not `nil`, when nothing arrived), response and
/// error, before any status check or parsing.
#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: adopt GraphQLInterceptor/HTTPInterceptor in ApolloAsyncChain; until then run this delegate on the 2.x chain with ApolloMigration.DelegateTransportInterceptorProvider")
#endif
public protocol HTTPNetworkTransportTaskCompletedDelegate: HTTPNetworkTransportDelegate {
  /// Called once per attempt (retries included) on the session's delegate queue, on success and on network error,
  /// before any status check. Not called when the session is invalidated.
  func networkTransport(_ networkTransport: HTTPNetworkTransport,
                        didCompleteRawTaskForRequest request: URLRequest,
                        withData data: Data?,
                        response: URLResponse?,
                        error: (any Error)?)
}

/// Decides what happens after an error: a network failure, a status outside 200–299, or a 2xx body
/// that cannot be parsed. Not consulted for request-building errors or for GraphQL errors in a 2xx body.
///
/// Implement the `continueHandler` method. The `retryHandler` spelling of 0.25 and earlier still
/// works: a delegate that implements only it is called through it (`true` retries, `false` fails with
/// the original error).
#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: adopt GraphQLInterceptor/HTTPInterceptor in ApolloAsyncChain; until then run this delegate on the 2.x chain with ApolloMigration.DelegateTransportInterceptorProvider")
#endif
public protocol HTTPNetworkTransportRetryDelegate: HTTPNetworkTransportDelegate {
  /// - Parameters:
  ///   - error: what went wrong.
  ///   - request: the request of the attempt, as changed by `willSend`.
  ///   - response: the HTTP response for status and parse failures, `nil` for transport failures.
  ///   - continueHandler: call once, from any thread, possibly later (for example after refreshing a
  ///     token): `.retry` sends again from scratch (`shouldSend`/`willSend` run again), `.fail(error)`
  ///     completes the request with that error. It is `@Sendable` so that it can be called from a
  ///     `Task`; an implementation declared with the 0.x non-`@Sendable` type still conforms.
  func networkTransport(_ networkTransport: HTTPNetworkTransport,
                        receivedError error: any Error,
                        for request: URLRequest,
                        response: URLResponse?,
                        continueHandler: @escaping @Sendable (_ action: HTTPNetworkTransport.ContinueAction) -> Void)

  /// The 0.25-and-earlier spelling: `true` retries, `false` fails with the original error.
  @available(*, deprecated, message: "Implement networkTransport(_:receivedError:for:response:continueHandler:) (Apollo iOS 0.26)")
  func networkTransport(_ networkTransport: HTTPNetworkTransport,
                        receivedError error: any Error,
                        for request: URLRequest,
                        response: URLResponse?,
                        retryHandler: @escaping @Sendable (_ shouldRetry: Bool) -> Void)
}

#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: adopt GraphQLInterceptor/HTTPInterceptor in ApolloAsyncChain; until then run this delegate on the 2.x chain with ApolloMigration.DelegateTransportInterceptorProvider")
#endif
extension HTTPNetworkTransportRetryDelegate {
  /// Forwards to the 0.25-and-earlier `retryHandler` spelling, for delegates written against it.
  public func networkTransport(_ networkTransport: HTTPNetworkTransport,
                               receivedError error: any Error,
                               for request: URLRequest,
                               response: URLResponse?,
                               continueHandler: @escaping @Sendable (_ action: HTTPNetworkTransport.ContinueAction) -> Void) {
    legacyRetry(networkTransport, receivedError: error, for: request, response: response) { shouldRetry in
      continueHandler(shouldRetry ? .retry : .fail(error))
    }
  }

  /// Used only when a delegate implements neither spelling: it does not retry.
  @available(*, deprecated, message: "Implement networkTransport(_:receivedError:for:response:continueHandler:) (Apollo iOS 0.26)")
  public func networkTransport(_ networkTransport: HTTPNetworkTransport,
                               receivedError error: any Error,
                               for request: URLRequest,
                               response: URLResponse?,
                               retryHandler: @escaping @Sendable (_ shouldRetry: Bool) -> Void) {
    retryHandler(false)
  }

  // Calls the deprecated requirement without a deprecation warning inside this module.
  private func legacyRetry(_ networkTransport: HTTPNetworkTransport, receivedError error: any Error, for request: URLRequest,
                           response: URLResponse?, retryHandler: @escaping @Sendable (Bool) -> Void) {
    let legacy: any LegacyRetryDelegate = LegacyRetryCall(delegate: self)
    legacy.call(networkTransport, error, request, response, retryHandler)
  }
}

/// Lets the default implementation call the deprecated `retryHandler` requirement without warnings. (Under
/// the MigrationDeprecations trait these helpers are deprecated too, so naming the 0.x types stays silent.)
#if MigrationDeprecations
@available(*, deprecated, message: "internal: names the deprecated 0.x types")
#endif
private protocol LegacyRetryDelegate {
  func call(_ transport: HTTPNetworkTransport, _ error: any Error, _ request: URLRequest, _ response: URLResponse?,
            _ retryHandler: @escaping @Sendable (Bool) -> Void)
}

#if MigrationDeprecations
@available(*, deprecated, message: "internal: names the deprecated 0.x types")
#endif
private struct LegacyRetryCall<Delegate: HTTPNetworkTransportRetryDelegate>: LegacyRetryDelegate {
  let delegate: Delegate
  @available(*, deprecated)
  func call(_ transport: HTTPNetworkTransport, _ error: any Error, _ request: URLRequest, _ response: URLResponse?,
            _ retryHandler: @escaping @Sendable (Bool) -> Void) {
    delegate.networkTransport(transport, receivedError: error, for: request, response: response, retryHandler: retryHandler)
  }
}

/// Sees the GraphQL errors of a 2xx response (a non-empty `errors` array) and may ask for a retry.
#if MigrationDeprecations
@available(*, deprecated, message: "0.x API: adopt GraphQLInterceptor/HTTPInterceptor in ApolloAsyncChain; until then run this delegate on the 2.x chain with ApolloMigration.DelegateTransportInterceptorProvider")
#endif
public protocol HTTPNetworkTransportGraphQLErrorDelegate: HTTPNetworkTransportDelegate {
  /// - Parameter retryHandler: call once: `true` sends the request again (with the same files),
  ///   `false` completes with the response, errors included. `@Sendable` for the same reason as
  ///   the retry delegate's `continueHandler`.
  func networkTransport(_ networkTransport: HTTPNetworkTransport,
                        receivedGraphQLErrors errors: [GraphQLError],
                        retryHandler: @escaping @Sendable (_ shouldRetry: Bool) -> Void)
}
