import Foundation

/// How a 1.x interceptor broke the `RequestChain` contract while running inside the 2.x chain.
///
/// In 1.x such an interceptor hung the request forever or delivered twice. Adapted, the request ends with
/// one of these errors instead, delivered once.
public enum CallbackInterceptorError: Error, LocalizedError, Hashable {
  /// The interceptor (or error interceptor) neither called its chain nor its completion within the
  /// adapter's timeout (``CallbackProviderOnAsyncChain/interceptorTimeout``).
  case neverCalledOnward(interceptor: String, timeout: Duration)
  /// The interceptor called a second onward verb (`proceedAsync`, `retry`, `handleErrorAsync`) in one turn.
  case calledOnwardTwice(interceptor: String, firstVerb: String, secondVerb: String)
  /// The interceptor cancelled its chain and then kept using it.
  case chainUsedAfterCancel(interceptor: String, verb: String)
  /// The interceptor passed on a request or response for a different operation type than the one running.
  case operationTypeMismatch(interceptor: String, expected: String)

  public var errorDescription: String? {
    switch self {
    case .neverCalledOnward(let interceptor, let timeout):
      return "The 1.x interceptor \(interceptor) did not call proceedAsync, returnValueAsync, handleErrorAsync, retry or its completion within \(timeout); the request was ended instead of hanging."
    case .calledOnwardTwice(let interceptor, let first, let second):
      return "The 1.x interceptor \(interceptor) called \(second) after it had already called \(first); a 1.x interceptor must go onward exactly once per call."
    case .chainUsedAfterCancel(let interceptor, let verb):
      return "The 1.x interceptor \(interceptor) called \(verb) on a chain it had cancelled."
    case .operationTypeMismatch(let interceptor, let expected):
      return "The 1.x interceptor \(interceptor) passed on a request or response that is not for \(expected)."
    }
  }
}
