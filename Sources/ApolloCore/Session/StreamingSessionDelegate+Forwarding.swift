import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The app's `URLSession` delegate, asked for what its own session asked it: whether to follow a redirect, and how to
// answer an authentication challenge (certificate pinning, client certificates, HTTP authentication). Without it a
// `URLSession` handed to the 2.x chain would stream through a session of its configuration only, and a pinning delegate
// would be skipped without a word. Without a forwarded delegate, the system's default handling applies, as before.

extension StreamingSessionDelegate: URLSessionTaskDelegate {
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    guard let taskDelegate = forwarded as? any URLSessionTaskDelegate else { return completionHandler(request) }
    #if canImport(FoundationNetworking)
    // swift-corelibs-foundation: requirements with default implementations (follow the redirect).
    taskDelegate.urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: request,
                            completionHandler: completionHandler)
    #else
    let asked: Void? = taskDelegate.urlSession?(session, task: task, willPerformHTTPRedirection: response, newRequest: request,
                                                completionHandler: completionHandler)
    if asked == nil { completionHandler(request) }
    #endif
  }

  /// The only challenge method this delegate implements, so the system sends it the session-wide challenges too
  /// (server trust, client certificates): they go to the app's session-level method, as its own session sent them,
  /// and the rest (and those, when it has no such method) to its task-level one.
  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
  ) {
    guard let forwarded else { return completionHandler(.performDefaultHandling, nil) }
    let method = challenge.protectionSpace.authenticationMethod
    #if canImport(FoundationNetworking)
    // swift-corelibs-foundation has no server-trust or client-certificate challenges.
    let sessionWide = [NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate].contains(method)
    if sessionWide {
      forwarded.urlSession(session, didReceive: challenge, completionHandler: completionHandler)
    } else if let taskDelegate = forwarded as? any URLSessionTaskDelegate {
      taskDelegate.urlSession(session, task: task, didReceive: challenge, completionHandler: completionHandler)
    } else {
      completionHandler(.performDefaultHandling, nil)
    }
    #else
    let sessionWide = [NSURLAuthenticationMethodServerTrust, NSURLAuthenticationMethodClientCertificate,
                       NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate].contains(method)
    if sessionWide, forwarded.urlSession?(session, didReceive: challenge, completionHandler: completionHandler) != nil { return }
    let taskDelegate = forwarded as? any URLSessionTaskDelegate
    if taskDelegate?.urlSession?(session, task: task, didReceive: challenge, completionHandler: completionHandler) != nil { return }
    completionHandler(.performDefaultHandling, nil)
    #endif
  }
}
