import ApolloDelegateTransport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 0.x `URLSessionClient` without a network: its defaults and its life cycle.
final class URLSessionClientTests: XCTestCase {
  // Quirk Q12, kept: the default callback queue is main, for source compatibility.
  func test_quirkQ12Kept_defaultCallbackQueue_isMain() {
    let client = URLSessionClient()
    XCTAssertTrue(client.session.delegateQueue === OperationQueue.main)
    client.invalidate()
  }

  func test_explicitCallbackQueue_isTheSessionsDelegateQueue() {
    let queue = OperationQueue()
    let client = URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: queue)
    XCTAssertTrue(client.session.delegateQueue === queue)
    client.invalidate()
  }

  // Quirk Q13, fixed: 0.x crashed on the nil session.
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

  // Quirk Q13: a transport invalidates its client when it goes away; a shared client then fails cleanly.
  func test_differsFrom0x_clientSharedWithADeallocatedTransport_failsWithAnError_insteadOfCrashing() {
    let queue = OperationQueue()
    let client = URLSessionClient(sessionConfiguration: .ephemeral, callbackQueue: queue)
    let survivor = HTTPNetworkTransport(url: testEndpoint, client: client)
    do { _ = HTTPNetworkTransport(url: testEndpoint, client: client) }
    let done = expectation(description: "completion")
    done.assertForOverFulfill = true
    let completion = CompletionRecorder<GraphQLResponse<HeroNameQuery.Data>>(done)
    _ = survivor.send(operation: HeroNameQuery()) { completion($0) }
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
