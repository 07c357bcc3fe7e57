import ApolloLegacyAPIOnCallbackChain
import XCTest

// `ApolloClient.upload` for API.swift operations on the request chain: a multipart form request through the
// provider's interceptors, its response read with 0.x's rules.
final class LegacyRequestChainUploadTests: XCTestCase {
  private let queue = DispatchQueue(label: "LegacyRequestChainUploadTests")

  func test_upload_sendsTheOperationAsMultipartThroughTheChain_andReadsItsResult() throws {
    let server = ScriptedServer(responses: [.json(["data": ["singleUpload": ["filename": "a.txt"]]])])
    let store = ApolloStore()
    let provider = DefaultInterceptorProvider(client: URLSessionClientOnStreamingSession(session: server), store: store)
    let client = ApolloClient(networkTransport: RequestChainNetworkTransport(interceptorProvider: provider,
                                                                             endpointURL: URL(string: "http://legacy.invalid/graphql")!),
                              store: store)
    let done = expectation(description: "uploaded")
    let filename = Mutex<String?>(nil)
    let file = GraphQLFile(fieldName: "file", originalName: "a.txt", mimeType: "text/plain", data: Data("a".utf8))
    client.upload(operation: UploadFileMutation(), files: [file], queue: queue) { result in
      filename.withLock { $0 = try? result.get().data?.singleUpload?.filename }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    XCTAssertEqual(filename.withLock { $0 }, "a.txt")
    let request = try XCTUnwrap(server.requests.first)
    XCTAssertTrue(request.header("Content-Type")?.hasPrefix("multipart/form-data") ?? false)
    let body = String(decoding: request.urlRequest.httpBody ?? Data(), as: UTF8.self)
    XCTAssertTrue(body.contains(#""operationName":"UploadFile""#), body)
  }
}
