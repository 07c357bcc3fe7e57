import ApolloAsyncChain
import ApolloCore
import ApolloTestSupport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `URLSession` handed to the 2.x chain keeps its delegate: the session the chain streams through asks it what its
/// own session asked it (here whether to follow a redirect; certificate pinning goes the same way), on the session's
/// own delegate queue, instead of skipping it without a word.
final class URLSessionDelegateForwardingTests: IntegrationTestCase {
  /// Plays a redirect to a JSON answer on TestServer's `/scripted` route.
  private func scriptARedirect() async throws {
    let answer = Data(#"{"data":{"hero":{"name":"R2-D2"}}}"#.utf8).base64EncodedString()
    let script = #"[{"status":302,"headers":{"Location":"\#(TestServer.url("/scripted").absoluteString)"}},"#
      + #"{"status":200,"headers":{"Content-Type":"application/json"},"body":[{"data":"\#(answer)"}]}]"#
    var request = URLRequest(url: TestServer.url("/_test/script"))
    request.httpMethod = "POST"
    request.httpBody = Data(script.utf8)
    let (_, response) = try await URLSession.shared.data(for: request)
    XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200, "TestServer took the script")
  }

  private func status(through session: URLSession) async throws -> Int? {
    let (chunks, response) = try await session.chunks(for: URLRequest(url: TestServer.url("/scripted")))
    for try await _ in chunks {}
    return (response as? HTTPURLResponse)?.statusCode
  }

  func test_theSessionsDelegate_decidesRedirects() async throws {
    try await scriptARedirect()
    let refusing = RedirectRefusingDelegate()
    let queue = OperationQueue()
    queue.name = "app.session.delegate"
    let session = URLSession(configuration: .ephemeral, delegate: refusing, delegateQueue: queue)
    defer { session.invalidateAndCancel() }
    let statusCode = try await status(through: session)
    XCTAssertEqual(statusCode, 302, "the delegate refused the redirect")
    XCTAssertEqual(refusing.asked.values, [TestServer.url("/scripted").absoluteString])
    XCTAssertEqual(refusing.queues.values, ["app.session.delegate"], "asked on the session's own delegate queue")
  }

  func test_withoutADelegate_theRedirectIsFollowed() async throws {
    try await scriptARedirect()
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    let statusCode = try await status(through: session)
    XCTAssertEqual(statusCode, 200)
  }
}

/// Refuses every redirect and records where each would have gone.
private final class RedirectRefusingDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
  // @unchecked Sendable: `asked` and `queues` are Recorders (thread-safe).
  let asked = Recorder<String>()
  let queues = Recorder<String>()

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    asked.append(request.url?.absoluteString ?? "")
    queues.append(OperationQueue.current?.name ?? "none")
    completionHandler(nil)
  }
}
