import ApolloCallbackChain
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every delegate method upstream's `URLSessionClient` declares `open` is here to override, with upstream's
/// default answer: a subclass written against upstream compiles with its `override`s unchanged.
final class URLSessionClientDelegateDefaultsTests: XCTestCase {
  private final class AppClient: URLSessionClient, @unchecked Sendable {
    // @unchecked Sendable: adds only `waiting`, guarded by a Mutex.
    let waiting = Mutex(0)
    override func urlSession(_ session: URLSession, taskIsWaitingForConnectivity task: URLSessionTask) {
      waiting.withLock { $0 += 1 }
    }
    override func urlSession(_ session: URLSession, task: URLSessionTask, willBeginDelayedRequest request: URLRequest,
                             completionHandler: @escaping @Sendable (URLSession.DelayedRequestDisposition, URLRequest?) -> Void) {
      super.urlSession(session, task: task, willBeginDelayedRequest: request, completionHandler: completionHandler)
    }
    override func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didBecome streamTask: URLSessionStreamTask) {}
    override func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didBecome downloadTask: URLSessionDownloadTask) {}
    override func urlSession(_ session: URLSession, task: URLSessionTask, needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void) {
      super.urlSession(session, task: task, needNewBodyStream: completionHandler)
    }
    override func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
                             totalBytesExpectedToSend: Int64) {}
    override func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {}
    override func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                             newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
      super.urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: request, completionHandler: completionHandler)
    }
    override func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                             completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
      super.urlSession(session, didReceive: challenge, completionHandler: completionHandler)
    }
    override func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, willCacheResponse proposedResponse: CachedURLResponse,
                             completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void) {
      super.urlSession(session, dataTask: dataTask, willCacheResponse: proposedResponse, completionHandler: completionHandler)
    }
  }

  func test_overriddenDelegateMethods_areCalled_andTheDefaultsAnswerAsUpstream() throws {
    let client = AppClient(callbackQueue: nil)
    defer { client.invalidate() }
    let session = URLSession(configuration: .ephemeral)
    let url = try XCTUnwrap(URL(string: "http://127.0.0.1:9/graphql"))
    let task = session.dataTask(with: url)
    client.urlSession(session, taskIsWaitingForConnectivity: task)
    XCTAssertEqual(client.waiting.withLock { $0 }, 1)

    let delayed = Mutex<(URLSession.DelayedRequestDisposition, URLRequest?)?>(nil)
    client.urlSession(session, task: task, willBeginDelayedRequest: URLRequest(url: url)) { disposition, request in
      delayed.withLock { $0 = (disposition, request) }
    }
    XCTAssertEqual(delayed.withLock { $0?.0 }, .continueLoading)
    XCTAssertNil(delayed.withLock { $0?.1 })

    let redirected = Mutex<URLRequest?>(nil)
    let redirect = URLRequest(url: try XCTUnwrap(URL(string: "http://127.0.0.1:9/elsewhere")))
    let response = try XCTUnwrap(HTTPURLResponse(url: url, statusCode: 302, httpVersion: nil, headerFields: nil))
    client.urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: redirect) { request in
      redirected.withLock { $0 = request }
    }
    XCTAssertEqual(redirected.withLock { $0 }, redirect, "redirects are followed unchanged")

    let stream = Mutex<Bool?>(nil)
    client.urlSession(session, task: task, needNewBodyStream: { body in stream.withLock { $0 = body == nil } })
    XCTAssertEqual(stream.withLock { $0 }, true, "no body stream")
  }
}
