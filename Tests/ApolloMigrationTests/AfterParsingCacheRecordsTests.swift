import ApolloAsyncChain
import ApolloCallbackChain
import ApolloCore
import ApolloMigration
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

/// A 1.x interceptor after the parser decides what `CacheWriteInterceptor` writes through the response it goes on
/// with: the records it leaves there, or none. The same on 1.x's own chain and on the 2.x engine through the facade.
final class AfterParsingCacheRecordsTests: XCTestCase {
  /// Sends HeroName through `transport` with `hook` after the parser, then says whether the store has the hero.
  private func storeHasTheHero(
    after hook: any V1Interceptor,
    on makeTransport: (any ApolloCallbackChain.InterceptorProvider, ScriptedServer, ApolloStore) -> any ApolloCallbackChain.NetworkTransport
  ) -> Bool {
    let server = StarWarsScriptedServer.make()
    let store = ApolloStore()
    let client = URLSessionClientOnStreamingSession(session: server, callbackQueue: callbacks)
    let transport = makeTransport(ClosureProvider { defaultList(client: client, store: store, afterParsing: [hook]) }, server, store)
    let done = expectation(description: "answered")
    _ = transport.send(operation: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, contextIdentifier: nil,
                       context: nil, callbackQueue: callbacks) { result in
      XCTAssertEqual(try? result.get().data?.hero?.name, "R2-D2")
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    settle()
    return (try? store.readIfComplete(HeroNameQuery(episode: nil))) != nil
  }

  private let engines: [(String, (any ApolloCallbackChain.InterceptorProvider, ScriptedServer, ApolloStore) -> any ApolloCallbackChain.NetworkTransport)] = [
    ("1.x", { provider, _, _ in ApolloCallbackChain.RequestChainNetworkTransport(interceptorProvider: provider, endpointURL: endpoint) }),
    ("facade", { provider, server, store in
      RequestChainNetworkTransportOnAsyncChain(interceptorProvider: provider, endpointURL: endpoint, urlSession: server, store: store)
    }),
  ]

  func test_aHookThatDropsTheRecords_keepsTheResultOutOfTheStore() {
    for (name, engine) in engines {
      XCTAssertFalse(storeHasTheHero(after: RecordsDroppingInterceptor(), on: engine), name)
    }
  }

  func test_aHookThatGoesOnWithANewResponse_keepsTheResultOutOfTheStore() {
    for (name, engine) in engines {
      XCTAssertFalse(storeHasTheHero(after: ResponseRemakingInterceptor(), on: engine), name)
    }
  }

  func test_aHookThatGoesOnWithTheResponseItGot_letsTheResultBeWritten() {
    for (name, engine) in engines {
      XCTAssertTrue(storeHasTheHero(after: PassingInterceptor(), on: engine), name)
    }
  }
}

/// Clears the parser's records, then goes on with the same response.
private final class RecordsDroppingInterceptor: V1Interceptor {
  let id = "records-dropping"
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?, completion: @escaping V1Completion<Operation.Data>
  ) {
    response?.cacheRecords = nil
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}

/// Goes on with a new response carrying the same parsed result (and so no records).
private final class ResponseRemakingInterceptor: V1Interceptor {
  let id = "response-remaking"
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?, completion: @escaping V1Completion<Operation.Data>
  ) {
    let remade = response.map { V1Response<Operation>(response: $0.httpResponse, rawData: $0.rawData, parsedResponse: $0.parsedResponse) }
    chain.proceedAsync(request: request, response: remade, interceptor: self, completion: completion)
  }
}

/// Goes on with the response it got.
private final class PassingInterceptor: V1Interceptor {
  let id = "passing"
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any V1Chain, request: V1Request<Operation>, response: V1Response<Operation>?, completion: @escaping V1Completion<Operation.Data>
  ) {
    chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
  }
}
