import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The app's `URLSession` delegate, asked what its own session asked it: whether to follow a redirect, and how to
// answer an authentication challenge (certificate pinning, client certificates, HTTP authentication). It is called on
// that session's delegate queue (the main queue, say), as the session called it. Without it a `URLSession` handed to
// the 2.x chain would stream through a session of its configuration only, and a pinning delegate would be skipped
// without a word. Without an app session (or once it is gone), the system's default handling applies, as before.

extension StreamingSessionDelegate: URLSessionTaskDelegate {
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    guard let owner = forwardingOwner else { return completionHandler(request) }
    owner.delegateQueue.addOperation {
      guard let taskDelegate = owner.delegate as? any URLSessionTaskDelegate else { return completionHandler(request) }
      #if canImport(FoundationNetworking)
      // swift-corelibs-foundation: requirements with default implementations (follow the redirect).
      taskDelegate.urlSession(owner, task: task, willPerformHTTPRedirection: response, newRequest: request,
                              completionHandler: completionHandler)
      #else
      let asked: Void? = taskDelegate.urlSession?(owner, task: task, willPerformHTTPRedirection: response, newRequest: request,
                                                  completionHandler: completionHandler)
      if asked == nil { completionHandler(request) }
      #endif
    }
  }

  /// The only challenge method this delegate implements, so the system sends it the session-wide challenges too
  /// (server trust, client certificates): they go to the app's session-level method, as its own session sent them,
  /// and the rest (and those, when it has no such method) to its task-level one.
  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
  ) {
    guard let owner = forwardingOwner else { return completionHandler(.performDefaultHandling, nil) }
    owner.delegateQueue.addOperation {
      guard let delegate = owner.delegate else { return completionHandler(.performDefaultHandling, nil) }
      Self.answer(challenge, for: task, of: owner, by: delegate, completionHandler: completionHandler)
    }
  }

  private static func answer(
    _ challenge: URLAuthenticationChallenge, for task: URLSessionTask, of owner: URLSession, by delegate: any URLSessionDelegate,
    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
  ) {
    let method = challenge.protectionSpace.authenticationMethod
    let taskDelegate = delegate as? any URLSessionTaskDelegate
    #if canImport(FoundationNetworking)
    // swift-corelibs-foundation has no server-trust or client-certificate challenges; its protocols' default
    // implementations perform the default handling.
    if [NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate].contains(method) || taskDelegate == nil {
      delegate.urlSession(owner, didReceive: challenge, completionHandler: completionHandler)
    } else {
      taskDelegate?.urlSession(owner, task: task, didReceive: challenge, completionHandler: completionHandler)
    }
    #else
    let sessionWide = [NSURLAuthenticationMethodServerTrust, NSURLAuthenticationMethodClientCertificate,
                       NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate].contains(method)
    if sessionWide, delegate.urlSession?(owner, didReceive: challenge, completionHandler: completionHandler) != nil { return }
    if taskDelegate?.urlSession?(owner, task: task, didReceive: challenge, completionHandler: completionHandler) != nil { return }
    completionHandler(.performDefaultHandling, nil)
    #endif
  }
}
