@_spi(ApolloMigration) import ApolloAsyncChain
import ApolloTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StarWarsAPI
import XCTest

final class MaxRetryInterceptorTests: XCTestCase {
  func test_blindRetrierWithMax15_throwsMaxRetriesError_withConfiguredCountAndOperationName() async throws {
    let harness = Harness(responses: [], provider: TestProvider(graphQL: { [MaxRetryInterceptor(maxRetriesAllowed: 15), BlindRetryingInterceptor()] }))
    var iterator = try harness.send(HeroNameQuery(episode: nil)).makeAsyncIterator()
    do {
      _ = try await iterator.next()
      XCTFail("expected MaxRetriesError")
    } catch let error as MaxRetryInterceptor.MaxRetriesError {
      XCTAssertEqual(error.count, 15)
      XCTAssertEqual(error.operationName, HeroNameQuery.operationName)
    }
  }

  func test_twoRetriesUnderAMaxOfThree_doNotTrip_andAnEmptyBodyThenGivesNoResults() async throws {
    let retrier = RetryNTimesInterceptor(times: 2)
    let harness = Harness(
      responses: [.raw(Data(), headers: ["Content-Type": "application/json"])],
      provider: TestProvider(graphQL: { [MaxRetryInterceptor(maxRetriesAllowed: 3), retrier] }))
    let (_, error) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertEqual(error as? ApolloClient.Error, .noResults)
    let hits = await retrier.hitCount
    XCTAssertEqual(hits - 1, 2, "two retries after the first attempt")
  }

  func test_backoffEnabled_twoRetriesThenSuccess_givesExactlyOneResult() async throws {
    let configuration = MaxRetryInterceptor.Configuration(maxRetries: 3, baseDelay: 0.001, enableExponentialBackoff: true, enableJitter: false)
    let harness = Harness(
      responses: [.json(r2HeroResponse)],
      provider: TestProvider(graphQL: { [MaxRetryInterceptor(configuration: configuration), RetryNTimesInterceptor(times: 2)] }))
    let (values, error) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertNil(error)
    XCTAssertEqual(values.count, 1)
  }

  func test_backoffEnabled_maxTwo_blindRetrier_throwsCountTwo_afterThreeAttempts() async throws {
    let configuration = MaxRetryInterceptor.Configuration(maxRetries: 2, baseDelay: 0.001, enableExponentialBackoff: true, enableJitter: true)
    let blind = BlindRetryingInterceptor()
    let harness = Harness(responses: [], provider: TestProvider(graphQL: { [MaxRetryInterceptor(configuration: configuration), blind] }))
    let (_, error) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertEqual((error as? MaxRetryInterceptor.MaxRetriesError)?.count, 2)
    let hits = await blind.hitCount
    XCTAssertEqual(hits, 3)
  }

  func test_firstBackoffWait_isBaseDelayTimesMultiplier_asUpstream() async throws {
    // baseDelay 0.05, multiplier 4: the first retry waits 0.2 s (not 0.05 s).
    let configuration = MaxRetryInterceptor.Configuration(maxRetries: 1, baseDelay: 0.05, multiplier: 4, enableExponentialBackoff: true, enableJitter: false)
    let harness = Harness(responses: [.json(r2HeroResponse)],
                          provider: TestProvider(graphQL: { [MaxRetryInterceptor(configuration: configuration), RetryNTimesInterceptor(times: 1)] }))
    let start = ContinuousClock.now
    let (values, _) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    let elapsed = ContinuousClock.now - start
    XCTAssertEqual(values.count, 1)
    XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(190))
  }

  func test_retriesThrownBeforeMaxRetry_areNotCounted_soDefaultProviderPutsItFirst() async throws {
    let graphQL = DefaultInterceptorProvider.shared.graphQLInterceptors(for: HeroNameQuery(episode: nil))
    XCTAssertTrue(graphQL.first is MaxRetryInterceptor)
    XCTAssertTrue(graphQL.last is AutomaticPersistedQueryInterceptor)
    XCTAssertTrue(DefaultInterceptorProvider.shared.httpInterceptors(for: HeroNameQuery(episode: nil)).first is ResponseCodeInterceptor)
  }
}

final class ResponseCodeInterceptorTests: XCTestCase {
  func test_200WithNonJSONBody_passesTheCheck_andFailsInTheParser() async throws {
    let harness = Harness(responses: [.text("<html>", headers: ["Content-Type": "text/html"])])
    let (_, error) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertEqual(error as? JSONResponseParsingError, .couldNotParseToJSON(data: Data("<html>".utf8)))
  }

  func test_401WithJSONBody_throwsResponseCodeError_withExactChunkAndParsedGraphQLError() async throws {
    let body = Data(#"{"data":{"hero":{"name":"R2"}}}"#.utf8)
    let harness = Harness(responses: [.raw(body, statusCode: 401, headers: ["Content-Type": "application/json"])])
    let (_, error) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    let codeError = try XCTUnwrap(error as? ResponseCodeInterceptor.ResponseCodeError)
    XCTAssertEqual(codeError.response.statusCode, 401)
    XCTAssertEqual(codeError.chunk, body)
    let graphQLError = try XCTUnwrap(codeError.graphQLError)
    XCTAssertEqual(graphQLError.object["data"]?["hero"]?["name"], "R2")
    XCTAssertEqual(graphQLError.description, "GraphQL Error")
    XCTAssertEqual(codeError.errorDescription, "Received a 401 error.")
  }

  func test_401WithNonJSONBody_throwsResponseCodeError_withoutGraphQLError() async throws {
    let harness = Harness(responses: [.text("Unauthorized", statusCode: 401)])
    let (_, error) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    let codeError = try XCTUnwrap(error as? ResponseCodeInterceptor.ResponseCodeError)
    XCTAssertEqual(codeError.response.statusCode, 401)
    XCTAssertNil(codeError.graphQLError)
    XCTAssertEqual(String(decoding: codeError.chunk, as: UTF8.self), "Unauthorized")
  }

  func test_statusRange_2xxChunksPassUnchangedInOrder_300FailsOnItsFirstChunk() async throws {
    func run(status: Int) async throws -> (chunks: [Data], error: (any Error)?) {
      let url = URL(string: "http://example.invalid/graphql")!
      let head = try XCTUnwrap(HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: [:]))
      let response = try await ResponseCodeInterceptor().intercept(request: URLRequest(url: url)) { _ in
        HTTPResponse(response: head, chunks: NonCopyableAsyncThrowingStream(stream: AsyncThrowingStream { continuation in
          for part in ["one", "two", "three"] { continuation.yield(Data(part.utf8)) }
          continuation.finish()
        }))
      }
      var chunks: [Data] = []
      do {
        for try await chunk in response.takeChunks().getStream() { chunks.append(chunk) }
        return (chunks, nil)
      } catch {
        return (chunks, error)
      }
    }
    for status in [200, 204, 299] {
      let (chunks, error) = try await run(status: status)
      XCTAssertEqual(chunks.map { String(decoding: $0, as: UTF8.self) }, ["one", "two", "three"], "status \(status)")
      XCTAssertNil(error, "status \(status)")
    }
    let (chunks, error) = try await run(status: 300)
    XCTAssertEqual(chunks, [])
    let codeError = try XCTUnwrap(error as? ResponseCodeInterceptor.ResponseCodeError)
    XCTAssertEqual(codeError.chunk, Data("one".utf8))
  }

  func test_500WithEmptyBody_isNotDetected_andEndsWithNoResults_upstreamQuirk() async throws {
    let harness = Harness(responses: [.raw(Data(), statusCode: 500)])
    let (values, error) = try await collect(harness.send(HeroNameQuery(episode: nil)))
    XCTAssertTrue(values.isEmpty)
    XCTAssertEqual(error as? ApolloClient.Error, .noResults)
  }
}
