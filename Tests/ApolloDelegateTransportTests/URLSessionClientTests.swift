import ApolloDelegateTransport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 0.x `URLSessionClient` without a network: its defaults and its life cycle.
final class URLSessionClientTests: XCTestCase {
  // MIGRATION.md §5.5, 0.x quirk Q12, kept: the default callback queue is main, for source compatibility.
  func test_quirkQ12Kept_defaultCallbackQueue_isMain() {
    let client = URLSessionClient()
    XCTAssertTrue(client.session.delegateQueue === OperationQueue.main)
    client.invalidate()
  }

  func test_explicitSerialCallbackQueue_isTheSessionsDelegateQueue() {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    let client = URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: queue)
    XCTAssertTrue(client.session.delegateQueue === queue)
    client.invalidate()
  }

  // A concurrent delegate queue ran one task's body callbacks side by side and lost bytes (see the
  // integration tests): such a queue only runs the completions, behind a serial delegate queue.
  func test_differsFrom0x_concurrentCallbackQueue_getsASerialDelegateQueueInFront() {
    let queue = OperationQueue()
    let client = URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: queue)
    XCTAssertFalse(client.session.delegateQueue === queue)
    XCTAssertEqual(client.session.delegateQueue.maxConcurrentOperationCount, 1)
    client.invalidate()
  }

  // MIGRATION.md §5.5, 0.x quirk Q13, fixed: 0.x crashed on the nil session.
  func test_differsFrom0x_sendAfterInvalidate_completesWithSessionInvalidError_insteadOfCrashing() {
    let queue = OperationQueue()
    let client = URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: queue)
    client.invalidate()
    XCTAssertNil(client.session)
    let done = expectation(description: "completion")
    done.assertForOverFulfill = true
    let task = client.sendRequest(URLRequest(url: testEndpoint)) { result in
      guard case .failure(let error) = result,
            case .sessionBecameInvalidWithoutUnderlyingError? = error as? URLSessionClient.URLSessionClientError
      else { return XCTFail("expected sessionBecameInvalidWithoutUnderlyingError, got \(result)") }
      done.fulfill()
    }
    XCTAssertEqual(task.state, .suspended, "the returned task is never started")
    wait(for: [done], timeout: 5)
  }

  /// The task a send after `invalidate()` returns belongs to no session: once the app lets go of it, it is gone with its
  /// request. A never-resumed task of a session stayed registered with that session for good, one per such send.
  func test_theTaskASendAfterInvalidateReturns_isNotKeptOnceTheAppLetsGo() {
    let queue = OperationQueue()
    let client = URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: queue)
    client.invalidate()
    let done = expectation(description: "completion")
    weak var released: URLSessionTask?
    do {
      let task = client.sendRequest(URLRequest(url: testEndpoint)) { _ in done.fulfill() }
      released = task
    }
    wait(for: [done], timeout: 5)
    queue.waitUntilAllOperationsAreFinished()
    Thread.sleep(forTimeInterval: 0.1)  // a session registers its tasks asynchronously
    XCTAssertNil(released)
  }

  // MIGRATION.md §5.5, 0.x quirk Q13: a transport invalidates its client when it goes away; a shared client then fails cleanly.
  func test_differsFrom0x_clientSharedWithADeallocatedTransport_failsWithAnError_insteadOfCrashing() {
    let queue = OperationQueue()
    let client = URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: queue)
    let survivor = HTTPNetworkTransport(url: testEndpoint, client: client)
    do { _ = HTTPNetworkTransport(url: testEndpoint, client: client) }
    let done = expectation(description: "completion")
    done.assertForOverFulfill = true
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>(done)
    _ = survivor.send(operation: HeroNameQuery(episode: nil)) { completion($0) }
    wait(for: [done], timeout: 5)
    guard case .sessionBecameInvalidWithoutUnderlyingError? = completion.error as? URLSessionClient.URLSessionClientError else {
      return XCTFail("expected sessionBecameInvalidWithoutUnderlyingError, got \(String(describing: completion.error))")
    }
  }

  func test_networkErrorDescription_hasTheVerbatimPrefix() {
    let error = URLSessionClient.URLSessionClientError.networkError(data: Data(), response: nil, underlying: URLError(.cancelled))
    XCTAssertTrue(error.localizedDescription.hasPrefix("A network error occurred: "), error.localizedDescription)
  }
}

/// ``URLSessionClientOnStreamingSession``: the 0.x client contract over the core's ``ScriptedServer``.
final class StreamingSessionClientTests: XCTestCase {
  func test_sendsThroughTheScriptedServer_andCallsRawThenCompletionOnce_onTheCallbackQueue() {
    let server = ScriptedServer { _ in .json(r2HeroBody) }
    let queue = OperationQueue()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: queue)
    let transport = HTTPNetworkTransport(url: testEndpoint, client: client)
    let delegate = RecordingDelegate()
    transport.delegate = delegate
    let done = expectation(description: "completion")
    done.assertForOverFulfill = true
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>(done)
    let task = transport.send(operation: HeroNameQuery(episode: nil)) { result in
      XCTAssertTrue(OperationQueue.current === queue)
      completion(result)
    }
    wait(for: [done], timeout: 5)
    XCTAssertEqual((task as? URLSessionTask)?.currentRequest?.url, testEndpoint)
    XCTAssertEqual(try completion.value?.parseResultFast().data?.hero?.name, "R2-D2")
    XCTAssertEqual(delegate.events, ["shouldSend", "willSend", "taskCompleted"])
    XCTAssertEqual(server.requests.count, 1)
  }

  /// The task's cancel action held the client and the body read so far in one closure; the client's release shows
  /// the closure is gone.
  func test_aTaskKeptAfterItsRequestEnded_doesNotKeepTheClientAlive() throws {
    let server = ScriptedServer { _ in .json(r2HeroBody) }
    var client: URLSessionClientOnStreamingSession? = URLSessionClientOnStreamingSession(session: server)
    weak var released = client
    let done = expectation(description: "completion")
    let kept = try XCTUnwrap(client).sendRequest(URLRequest(url: testEndpoint)) { _ in done.fulfill() }
    wait(for: [done], timeout: 5)
    client = nil
    // The client's delivery queue may still be finishing the completion's operation.
    let deadline = Date().addingTimeInterval(2)
    while released != nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    XCTAssertNil(released, "the task's cancel action no longer holds the client (and the body it read)")
    kept.cancel()  // after the end: nothing to stop
  }

  func test_transportFailure_isANetworkError() {
    let server = ScriptedServer { _ in .failure(URLError(.cannotConnectToHost)) }
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: nil)
    let done = expectation(description: "completion")
    done.assertForOverFulfill = true
    client.sendRequest(URLRequest(url: testEndpoint)) { result in
      guard case .failure(let error) = result, case .networkError(_, _, let underlying)? = error as? URLSessionClient.URLSessionClientError else {
        return XCTFail("expected networkError, got \(result)")
      }
      XCTAssertEqual((underlying as? URLError)?.code, .cannotConnectToHost)
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
  }

  func test_sendAfterInvalidate_failsAsTheBaseClientDoes() {
    let server = ScriptedServer { _ in .json(r2HeroBody) }
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: nil)
    client.invalidate()
    let done = expectation(description: "completion")
    client.sendRequest(URLRequest(url: testEndpoint)) { result in
      guard case .failure(let error) = result,
            case .sessionBecameInvalidWithoutUnderlyingError? = error as? URLSessionClient.URLSessionClientError else {
        return XCTFail("expected sessionBecameInvalidWithoutUnderlyingError, got \(result)")
      }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    XCTAssertTrue(server.requests.isEmpty)
  }

  func test_cancelTask_silencesTheRequest() throws {
    let server = ScriptedServer { _ in
      try await Task.sleep(nanoseconds: 300_000_000)
      return .json(r2HeroBody)
    }
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: nil)
    let called = Mutex(0)
    let task = client.sendRequest(URLRequest(url: testEndpoint)) { _ in called.withLock { $0 += 1 } }
    client.cancel(task: task)
    Thread.sleep(forTimeInterval: 0.6)
    XCTAssertEqual(called.withLock { $0 }, 0)
  }

  func test_cancellingTheReturnedTask_completesWithTheBytesSoFarAndURLErrorCancelled_rawCompletionFirst() throws {
    // Answers one byte at once, then holds the rest for far longer than the test waits.
    let response = ScriptedResponse(statusCode: 200, headers: ["Content-Type": "application/json"],
                                    body: [.data(Data("{".utf8)), .delay(.seconds(30)), .data(Data("}".utf8))])
    let server = ScriptedServer(responses: [response])
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: nil)
    let events = Mutex<[String]>([])
    let done = expectation(description: "completed")
    let task = client.sendRequest(
      URLRequest(url: testEndpoint),
      rawTaskCompletionHandler: { data, response, error in
        events.withLock { $0.append("raw \(data?.count ?? -1) \(response?.statusCode ?? 0) \((error as? URLError)?.code.rawValue ?? 0)") }
      },
      completion: { result in
        guard case .failure(let error) = result,
              case .networkError(let data, let response, let underlying)? = error as? URLSessionClient.URLSessionClientError else {
          return XCTFail("expected networkError, got \(result)")
        }
        events.withLock { $0.append("completion \(data.count) \(response?.statusCode ?? 0) \((underlying as? URLError)?.code.rawValue ?? 0)") }
        done.fulfill()
      })
    XCTAssertEqual(task.currentRequest?.url, testEndpoint)
    // Wait until the first byte is in, then cancel as a 0.x caller would: on the task itself.
    let deadline = Date().addingTimeInterval(5)
    while server.requests.isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    Thread.sleep(forTimeInterval: 0.1)
    task.cancel()
    task.cancel()
    wait(for: [done], timeout: 5)
    let cancelled = URLError.Code.cancelled.rawValue
    XCTAssertEqual(events.withLock { $0 }, ["raw 1 200 \(cancelled)", "completion 1 200 \(cancelled)"])
  }

  func test_eachReturnedTask_hasItsOwnIdentifier() {
    let client = URLSessionClientOnStreamingSession(session: ScriptedServer(responses: [.json(r2HeroBody), .json(r2HeroBody)]), callbackQueue: nil)
    let first = client.sendRequest(URLRequest(url: testEndpoint)) { _ in }
    let second = client.sendRequest(URLRequest(url: testEndpoint)) { _ in }
    XCTAssertNotEqual(first.taskIdentifier, second.taskIdentifier)
  }
}
