import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloMigration
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

/// Where a multipart subscription through the 1.x facade differs from 1.x's own transport, on purpose: a 2.x stream
/// ends at its first failure and never ends silently.
final class CallbackMultipartDifferenceTests: XCTestCase {
  /// What the completion gets for one subscription to `response`: "countdown N" per result, "failed: <error type>" per
  /// failure, in order, once nothing more arrives.
  private func deliveries(of response: ScriptedResponse, on engine: String) -> [String] {
    let server = ScriptedServer { _ in response }
    let store = ApolloStore()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider { defaultList(client: client, store: store) }
    let transport = callbackTransport(engine, provider: provider, server: server, store: store)
    let seen = Recorder<String>()
    _ = transport.send(operation: CountdownSubscription(from: 3, intervalMs: nil), cachePolicy: .fetchIgnoringCacheData,
                       contextIdentifier: nil, context: nil, callbackQueue: callbacks) { result in
      switch result {
      case .success(let value): seen.append("countdown \(value.data.map { String($0.countdown) } ?? "nil")")
      case .failure(let error): seen.append("failed: \(type(of: error))")
      }
    }
    Thread.sleep(forTimeInterval: 0.5)
    callbacks.sync {}
    return seen.values
  }

  /// Difference: a part that fails to read (here data of the wrong type) is one failure on 1.x, which goes on with the
  /// parts after it; on the 2.x engine the failure ends the subscription.
  func test_differs1xFromFacade_aBadPartInASubscription_1xGoesOn_theFacadeEndsThere() {
    let response = ScriptedResponse.multipart([
      #"{"payload":{"data":{"countdown":3}}}"#,
      #"{"payload":{"data":{"countdown":"three"}}}"#,
      #"{"payload":{"data":{"countdown":1}}}"#,
    ], spec: "subscriptionSpec=1.0")
    let native = deliveries(of: response, on: "1.x")
    let adapted = deliveries(of: response, on: "facade")
    XCTAssertEqual(native.count, 3, "\(native)")
    XCTAssertEqual(native.first, "countdown 3")
    XCTAssertEqual(native.last, "countdown 1")
    XCTAssertEqual(adapted.count, 2, "\(adapted)")
    XCTAssertEqual(adapted.first, "countdown 3")
    XCTAssertTrue(adapted.last?.hasPrefix("failed: ") ?? false, "\(adapted)")
  }

  /// Difference: a subscription that ends with no result (only heartbeats) delivers nothing on 1.x, whose chain just
  /// stopped; the facade ends it with 2.x's `noResults`, so the app hears that it ended.
  func test_differs1xFromFacade_aSubscriptionWithNoResult_1xDeliversNothing_theFacadeEndsWithNoResults() {
    let response = ScriptedResponse.multipart(["{}", "{}"], spec: "subscriptionSpec=1.0")
    XCTAssertEqual(deliveries(of: response, on: "1.x"), [])
    XCTAssertEqual(deliveries(of: response, on: "facade"), ["failed: Error"])
  }
}
