import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloMigration
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

/// Returns an early value at once, then goes onward 100 ms later from another callback (serve what it has, then
/// revalidate once a token arrived).
private final class EarlyValueThenLaterProceed: V1Interceptor, @unchecked Sendable {
  // @unchecked Sendable: `id` is constant.
  let id = "early-value-then-later-proceed"
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?,
    completion: @escaping V1Completion<Operation.Data>
  ) {
    chain.returnValueAsync(for: request, value: V1Result(data: nil, extensions: ["served": "early"], errors: nil,
                                                         source: .cache, dependentKeys: nil), completion: completion)
    let onward = OnwardCall { chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion) }
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { onward.run() }
  }
}

/// An interceptor that returns a value and only later, from another callback, goes onward.
final class ValueThenLaterOnwardTests: XCTestCase {
  private func deliveries(_ engine: String) -> [String] {
    let server = ScriptedServer { _ in .json(heroJSON) }
    let store = ApolloStore()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let provider = ClosureProvider { defaultList(client: client, store: store, beforeFetch: [EarlyValueThenLaterProceed()]) }
    let transport = callbackTransport(engine, provider: provider, server: server, store: store)
    let outcome = Recorder<String>()
    _ = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, contextIdentifier: nil, context: nil,
                       callbackQueue: callbacks) { result in
      switch result {
      case .success(let value): outcome.append(value.data?.hero?.name ?? "early value")
      case .failure(let error): outcome.append("failed: \(type(of: error))")
      }
    }
    Thread.sleep(forTimeInterval: 0.5)
    settle()
    return outcome.values
  }

  /// Difference: 1.x's chain lived on, so the later `proceedAsync` fetched and the completion heard a second time. On
  /// the 2.x engine a turn that delivered a value and returned is over (else a turn that only returns a canned value, a
  /// mock, would hold the request until `interceptorTimeout`), and the later onward call is ignored: go onward from
  /// the callback that delivers the value, or deliver it from the completion passed on.
  func test_differs1xFromFacade_aValueThenALaterOnwardCall_1xDeliversTwice_theFacadeOnlyTheValue() {
    XCTAssertEqual(deliveries("1.x"), ["early value", "R2-D2"])
    XCTAssertEqual(deliveries("facade"), ["early value"])
  }
}
