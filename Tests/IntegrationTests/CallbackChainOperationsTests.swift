import ApolloCallbackChain
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The foundation integration list through the 1.x `RequestChainNetworkTransport`, with callbacks.
final class CallbackChainOperationsTests: IntegrationTestCase {
  func test_query_returnsR2D2WithoutEpisodeAndLukeForEmpireFromServer() async throws {
    let live = CallbackLive()
    let r2 = await callbackResults(expected: 1) {
      live.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackChainQueue, resultHandler: $0)
    }
    let luke = await callbackResults(expected: 1) {
      live.client.fetch(query: HeroNameQuery(episode: .init(.EMPIRE)), cachePolicy: .fetchIgnoringCacheData,
                        queue: callbackChainQueue, resultHandler: $0)
    }
    XCTAssertEqual(try r2.first?.get().data?.hero?.name, "R2-D2")
    XCTAssertEqual(try r2.first?.get().source, .server)
    XCTAssertEqual(try luke.first?.get().data?.hero?.id, "1000")
    let logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.map(\.method), ["POST", "POST"])
    XCTAssertEqual(logged.last?.variables?["episode"], "EMPIRE")
    XCTAssertEqual(logged.first?.extensions?["clientLibrary"]?["version"], "1.25.7")
  }

  func test_mutationWithVariables_echoesCreatedReview() async throws {
    let live = CallbackLive()
    let results = await callbackResults(expected: 1) {
      live.client.perform(mutation: CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 4, commentary: "Ewoks")),
                          queue: callbackChainQueue, resultHandler: $0)
    }
    XCTAssertEqual(try results.first?.get().data?.createReview?.stars, 4)
    XCTAssertEqual(try results.first?.get().data?.createReview?.commentary, "Ewoks")
  }

  func test_graphQLError_comesWithPartialData() async throws {
    // Keep the client: the default provider invalidates its session when it goes away (upstream behaviour).
    let live = CallbackLive()
    let results = await callbackResults(expected: 1) {
      live.client.fetch(query: ErrorFieldQuery(), cachePolicy: .fetchIgnoringCacheData, queue: callbackChainQueue, resultHandler: $0)
    }
    let value = try XCTUnwrap(try results.first?.get())
    XCTAssertEqual(value.data?.hero?.name, "R2-D2")
    XCTAssertEqual(value.errors?.map(\.message), ["errorField failed"])
  }

  func test_getForQueries_sendsQueryItemsAndMutationStillPOSTs() async throws {
    let live = CallbackLive(useGETForQueries: true)
    _ = await callbackResults(expected: 1) {
      live.client.fetch(query: HeroNameQuery(episode: .init(.EMPIRE)), cachePolicy: .fetchIgnoringCacheData,
                        queue: callbackChainQueue, resultHandler: $0)
    }
    _ = await callbackResults(expected: 1) {
      live.client.perform(mutation: CreateReviewMutation(episode: .init(.EMPIRE), review: ReviewInput(stars: 5)), queue: callbackChainQueue,
                          resultHandler: $0)
    }
    let logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.map(\.method), ["GET", "POST"])
    XCTAssertEqual(logged.first?.queryItems["operationName"], "HeroName")
    XCTAssertNil(logged.first?.header("Content-Type"))
  }

  func test_singleAndMultipleFileUploads_reachTheServer() async throws {
    let live = CallbackLive()
    let single = await callbackResults(expected: 1) {
      live.client.upload(operation: SingleUploadMutation(file: "a"),
                         files: [GraphQLFile(fieldName: "file", originalName: "hello.txt", mimeType: "text/plain", data: Data("hi".utf8))],
                         queue: callbackChainQueue, resultHandler: $0)
    }
    XCTAssertEqual(try single.first?.get().data?.singleUpload.content, "hi")
    let files = [GraphQLFile(fieldName: "files", originalName: "a.txt", mimeType: "text/plain", data: Data("alpha".utf8)),
                 GraphQLFile(fieldName: "files", originalName: "b.txt", mimeType: "text/plain", data: Data("beta".utf8))]
    let multiple = await callbackResults(expected: 1) {
      live.client.upload(operation: MultipleUploadMutation(files: ["a", "b"]), files: files, queue: callbackChainQueue, resultHandler: $0)
    }
    XCTAssertEqual(try multiple.first?.get().data?.multipleUpload.map(\.filename), ["a.txt", "b.txt"])
  }

  func test_persistedQueryOverPOST_missesThenSendsDocumentThenHitsWithHashOnly() async throws {
    let first = CallbackLive(autoPersistQueries: true)
    let results = await callbackResults(expected: 1) {
      first.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackChainQueue, resultHandler: $0)
    }
    XCTAssertEqual(try results.first?.get().data?.hero?.name, "R2-D2")
    // A fresh client (empty store) on the same server: the hash is known now.
    let second = CallbackLive(autoPersistQueries: true)
    _ = await callbackResults(expected: 1) {
      second.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackChainQueue, resultHandler: $0)
    }
    let logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.map(\.method), ["POST", "POST", "POST"])
    XCTAssertEqual(logged.map { $0.query == nil }, [true, false, true])
    XCTAssertEqual(logged.first?.persistedQueryHash, HeroNameQuery.operationDocument.operationIdentifier)
  }

  func test_persistedQueryOverGET_missesThenSendsDocumentThenHitsWithHashOnly() async throws {
    for _ in 0..<2 {
      let live = CallbackLive(autoPersistQueries: true, useGETForQueries: true, useGETForPersistedQueryRetry: true)
      _ = await callbackResults(expected: 1) {
        live.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackChainQueue, resultHandler: $0)
      }
    }
    let logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.map(\.method), ["GET", "GET", "GET"])
    XCTAssertEqual(logged.map { $0.queryItems["query"] == nil }, [true, false, true])
  }

  func test_returnCacheDataAndFetch_deliversCacheThenNetwork() async throws {
    let live = CallbackLive()
    _ = await callbackResults(expected: 1) {
      live.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackChainQueue, resultHandler: $0)
    }
    let results = await callbackResults(expected: 2) {
      live.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .returnCacheDataAndFetch, queue: callbackChainQueue, resultHandler: $0)
    }
    XCTAssertEqual(results.compactMap { try? $0.get().source }, [.cache, .server])
    XCTAssertEqual(results.compactMap { try? $0.get().data?.hero?.name }, ["R2-D2", "R2-D2"])
    let logged = try await TestServer.requests(path: "/graphql")
    XCTAssertEqual(logged.count, 2)
  }

  func test_interceptorThatReturnsAValueAndThenProceeds_deliversTwice() async throws {
    final class EarlyAnswer: ApolloInterceptor, @unchecked Sendable {
      var id = InterceptorID.next()
      func interceptAsync<Operation: GraphQLOperation>(
        chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
        completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
      ) {
        chain.returnValueAsync(for: request, value: GraphQLResult(data: nil, extensions: ["early": true], errors: nil, source: .cache,
                                                                  dependentKeys: nil), completion: completion)
        chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
      }
    }
    var live: CallbackLive!
    live = CallbackLive(provider: { session, store in
      ProviderClosure { operation in
        [EarlyAnswer()] + DefaultInterceptorProvider(client: session, shouldInvalidateClientOnDeinit: false, store: store)
          .interceptors(for: operation)
      }
    })
    let results = await callbackResults(expected: 2) {
      live.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackChainQueue, resultHandler: $0)
    }
    XCTAssertEqual(try results.first?.get().extensions?["early"], AnyHashable(true))
    XCTAssertEqual(try results.last?.get().data?.hero?.name, "R2-D2")
  }
}

/// A provider from a closure over any operation.
struct ProviderClosure: InterceptorProvider {
  let make: (any GraphQLOperation) -> [any ApolloInterceptor]
  var errorInterceptor: (any ApolloErrorInterceptor)?

  init(errorInterceptor: (any ApolloErrorInterceptor)? = nil, _ make: @escaping (any GraphQLOperation) -> [any ApolloInterceptor]) {
    self.make = make
    self.errorInterceptor = errorInterceptor
  }

  func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any ApolloInterceptor] { make(operation) }
  func additionalErrorInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> (any ApolloErrorInterceptor)? {
    errorInterceptor
  }
}
