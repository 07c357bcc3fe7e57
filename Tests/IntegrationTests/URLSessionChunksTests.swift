import ApolloAsyncChain
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `URLSession` as an `ApolloURLSession` (reference: Network/ApolloURLSessionTests), against TestServer.
final class URLSessionChunksTests: IntegrationTestCase {
  private func post(_ path: String = "/graphql") -> URLRequest {
    var request = URLRequest(url: TestServer.url(path))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(#"{"query":"{ hero { name } }"}"#.utf8)
    return request
  }

  private func chunks(_ session: URLSession, _ request: URLRequest) async throws -> ([Data], HTTPURLResponse?) {
    try await withTimeout(10) {
      let (sequence, response) = try await session.chunks(for: request)
      return (try await collectChunks(sequence), response as? HTTPURLResponse)
    }
  }

  func test_jsonPost_producesASingleChunkWithTheWholeBody() async throws {
    let (chunks, response) = try await chunks(URLSession.shared, post())
    XCTAssertEqual(response?.statusCode, 200)
    XCTAssertEqual(chunks.count, 1)
    XCTAssertEqual(try JSONParser.parse(XCTUnwrap(chunks.first))["data"]?["hero"]?["name"], "R2-D2")
  }

  func test_basicGET_producesASingleChunk() async throws {
    let (chunks, response) = try await chunks(URLSession.shared, URLRequest(url: TestServer.url("/health")))
    XCTAssertEqual(response?.statusCode, 200)
    XCTAssertEqual(chunks.map { String(decoding: $0, as: UTF8.self) }, ["ok"])
  }

  func test_taskCancelledBeforeChunks_throwsCancellationError() async throws {
    let request = post()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await URLSession.shared.chunks(for: request)
    }
    do {
      _ = try await task.value
      XCTFail("expected CancellationError")
    } catch {
      XCTAssertTrue(error is CancellationError, "got \(error)")
    }
  }

  func test_twentySimultaneousRequests_allResolve() async throws {
    let session = URLSession(configuration: .ephemeral)
    let request = post()
    let names = try await withTimeout(20) {
      try await withThrowingTaskGroup(of: JSON?.self) { group in
        for _ in 0..<20 {
          group.addTask {
            let (sequence, _) = try await session.chunks(for: request)
            let body = try await collectChunks(sequence).reduce(Data(), +)
            return try JSONParser.parse(body)["data"]?["hero"]?["name"]
          }
        }
        var names: [JSON?] = []
        for try await name in group { names.append(name) }
        return names
      }
    }
    XCTAssertEqual(names, Array(repeating: "R2-D2", count: 20))
  }

  func test_multipartSubscriptionIsCutIntoOneChunkPerPart_asTheyArrive() async throws {
    var request = post()
    request.setValue("multipart/mixed;subscriptionSpec=1.0,application/json", forHTTPHeaderField: "Accept")
    request.httpBody = Data(#"{"query":"subscription { countdown(from: 2, intervalMs: 50) }"}"#.utf8)
    let (chunks, _) = try await chunks(URLSession.shared, request)
    let payloads = chunks.compactMap { chunk -> JSON? in
      let part = MultipartPart.parse(chunk)
      return try? JSONParser.parse(part.body)
    }
    XCTAssertEqual(payloads.compactMap { $0["payload"]?["data"]?["countdown"] }, [2, 1, 0])
  }

  func test_clientOverPlainURLSession_fetchesThroughTheChain() async throws {
    let store = ApolloStore()
    let transport = RequestChainNetworkTransport(urlSession: URLSession.shared, interceptorProvider: DefaultInterceptorProvider.shared,
                                                 store: store, endpointURL: TestServer.url("/graphql"))
    let client = ApolloClient(networkTransport: transport, store: store)
    let response = try await withTimeout(10) { try await client.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .networkOnly) }
    XCTAssertEqual(response.data?.hero?.name, "R2-D2")
  }
}

/// Reads every chunk; generic so that the existential's `Data` element type is known.
private func collectChunks<Sequence: AsyncChunkSequence>(_ sequence: Sequence) async throws -> [Data] {
  var chunks: [Data] = []
  for try await chunk in sequence { chunks.append(chunk) }
  return chunks
}
