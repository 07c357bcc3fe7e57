import ApolloLegacyAPIOnCallbackChain
import ApolloTestSupport
import XCTest

// `ApolloClient.subscribe` for API.swift subscriptions on the request chain: a multipart HTTP subscription through
// the provider's interceptors, each payload read with 0.x's rules.
final class LegacyRequestChainSubscribeTests: XCTestCase {
  private let queue = DispatchQueue(label: "LegacyRequestChainSubscribeTests")

  private func part(_ name: String) -> String {
    #"{"payload":{"data":{"hero":{"__typename":"Droid","name":"\#(name)","friends":[]}}}}"#
  }

  func test_subscribe_deliversEveryPayloadReadWith0xRules_andSendsTheSubscriptionsDocument() throws {
    let server = ScriptedServer(responses: [.multipart([part("R2-D2"), part("Artoo")], boundary: "graphql", spec: "subscriptionSpec=1.0")])
    let store = ApolloStore()
    let provider = DefaultInterceptorProvider(client: URLSessionClientOnStreamingSession(session: server), store: store)
    let client = ApolloClient(networkTransport: RequestChainNetworkTransport(interceptorProvider: provider,
                                                                             endpointURL: URL(string: "http://legacy.invalid/graphql")!),
                              store: store)
    let names = Recorder<String?>()
    let both = expectation(description: "two payloads")
    both.expectedFulfillmentCount = 2
    let subscription = client.subscribe(subscription: HeroChangedSubscription(), queue: queue) { result in
      names.append(try? result.get().data?.hero?.name)
      both.fulfill()
    }
    wait(for: [both], timeout: 5)
    XCTAssertEqual(names.values, ["R2-D2", "Artoo"])
    let request = try XCTUnwrap(server.requests.first)
    XCTAssertEqual(request.operationName, "HeroChanged")
    XCTAssertEqual(request.query, HeroChangedSubscription().operationDefinition)
    XCTAssertTrue(request.header("Accept")?.contains("subscriptionSpec") ?? false, "sent as a subscription")
    subscription.cancel()
  }
}
