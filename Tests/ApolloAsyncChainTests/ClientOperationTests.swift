import ApolloAsyncChain
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

final class ClientOperationTests: XCTestCase {
  private func slowServer() -> ScriptedServer {
    ScriptedServer { _ in
      var response = ScriptedResponse.json(r2HeroResponse)
      response.headDelay = .seconds(5)
      return response
    }
  }

  private func assertCancellation<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws {
    let task = Task { try await work() }
    try await Task.sleep(nanoseconds: 50_000_000)
    task.cancel()
    let outcome = try await withTimeout(3) { await task.result }
    switch outcome {
    case .success: XCTFail("a cancelled call must not deliver a result")
    case .failure(let error): XCTAssertTrue(error is CancellationError, "got \(error)")
    }
  }

  func test_cancellingBeforeAResult_throwsCancellationError_fromFetch() async throws {
    let harness = Harness(server: slowServer())
    try await assertCancellation { try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly) }
  }

  func test_cancellingBeforeAResult_throwsCancellationError_fromPerform() async throws {
    let harness = Harness(server: slowServer())
    try await assertCancellation { try await harness.client.perform(mutation: CreateReviewMutation(episode: .init(.JEDI), review: .init(stars: 1))) }
  }

  func test_cancellingBeforeAResult_throwsCancellationError_fromUpload() async throws {
    let harness = Harness(server: slowServer())
    try await assertCancellation {
      try await harness.client.upload(operation: SingleUploadMutation(file: "a"), files: [GraphQLFile(fieldName: "file", originalName: "a", data: Data())])
    }
  }

  func test_perform_writesToTheStore_onlyWhenAskedTo() async throws {
    let response: ScriptedResponse = .json(["data": ["createReview": ["stars": 4, "commentary": "good"]]])
    let harness = Harness(responses: [response, response])
    let mutation = CreateReviewMutation(episode: .init(.JEDI), review: .init(stars: 4, commentary: "good"))
    _ = try await harness.client.perform(mutation: mutation, requestConfiguration: .init(writeResultsToCache: false))
    XCTAssertNil(try harness.store.readIfComplete(mutation))
    let result = try await harness.client.perform(mutation: mutation)
    XCTAssertEqual(result.data?.createReview?.stars, 4)
    XCTAssertEqual(try harness.store.readIfComplete(mutation)?.data.createReview?.stars, 4)
  }

  func test_upload_sendsMultipartForm_andReturnsTheResult() async throws {
    let server = ScriptedServer(responses: [.json(["data": ["singleUpload": ["filename": "a.txt", "mimetype": "text/plain", "size": 5, "content": "Alpha"]]])])
    let harness = Harness(server: server)
    let response = try await harness.client.upload(
      operation: SingleUploadMutation(file: "a"), files: [GraphQLFile(fieldName: "file", originalName: "a.txt", mimeType: "text/plain", data: Data("Alpha".utf8))])
    XCTAssertEqual(response.data?.singleUpload.content, "Alpha")
    XCTAssertTrue(server.requests.first?.header("Content-Type")?.hasPrefix("multipart/form-data") == true)
  }

  func test_transportWithoutUploadSupport_throwsNoUploadTransport() async throws {
    final class QueryOnly: NetworkTransport {
      func send<Query: GraphQLQuery>(query: Query, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration) throws
        -> AsyncThrowingStream<GraphQLResponse<Query>, any Error> { AsyncThrowingStream { $0.finish() } }
      func send<Mutation: GraphQLMutation>(mutation: Mutation, requestConfiguration: RequestConfiguration) throws
        -> AsyncThrowingStream<GraphQLResponse<Mutation>, any Error> { AsyncThrowingStream { $0.finish() } }
    }
    let client = ApolloClient(networkTransport: QueryOnly(), store: ApolloStore())
    do {
      _ = try await client.upload(operation: SingleUploadMutation(file: "a"), files: [])
      XCTFail("expected an error")
    } catch {
      XCTAssertEqual(error as? ApolloClient.Error, .noUploadTransport)
    }
    XCTAssertThrowsError(try client.subscribe(subscription: CountdownSubscription(from: 1, intervalMs: nil))) { error in
      XCTAssertEqual(error as? ApolloClient.Error, .noSubscriptionTransport)
    }
  }

  func test_singleValueFetch_returnsTheFirstResult_andCancelsTheRest() async throws {
    let server = ScriptedServer { _ in
      ScriptedResponse.multipart([
        #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}},"hasNext":true}"#,
        #"{"incremental":[{"data":{"name":"never"},"path":["hero"]}],"hasNext":false}"#,
      ], delay: .seconds(5))
    }
    let harness = Harness(server: server)
    let response = try await withTimeout(3) { try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly) }
    XCTAssertEqual(response.data?.hero?.name, "R2-D2")
  }
}

/// Decision (MIGRATION.md 5.2): a multipart body whose first delimiter has no CRLF before it is read, as
/// RFC 2046 allows (the body may open with the dash-boundary). Upstream 2.4 rejects it: an
/// incremental-response error, and nothing cached.
final class MultipartBodyWithoutLeadingCRLFTests: XCTestCase {
  func test_differenceFromUpstream_aBodyOpeningWithTheBoundary_isReadAndCached() async throws {
    let part = #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}},"hasNext":false}"#
    let body = "--graphql\r\ncontent-type: application/json\r\n\r\n\(part)\r\n--graphql--\r\n"
    XCTAssertTrue(body.hasPrefix("--graphql"), "no CRLF before the first delimiter")
    let harness = Harness(responses: [
      .raw(Data(body.utf8), headers: ["Content-Type": "multipart/mixed; boundary=\"graphql\"; deferSpec=20220824"]),
    ])
    let response = try await harness.client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly)
    XCTAssertEqual(response.data?.hero?.name, "R2-D2")
    XCTAssertEqual(try harness.store.readIfComplete(HeroNameQuery(episode: nil))?.data.hero?.name, "R2-D2")
  }
}
