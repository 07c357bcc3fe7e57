import ApolloLegacyAPI
import XCTest

/// `singleUpload(file: $file) { filename }`, as 0.33's code generator printed it (trimmed).
private struct UploadData: GraphQLSelectionSet {
  static var selections: [any GraphQLSelection] {
    [GraphQLField("singleUpload", arguments: ["file": GraphQLVariable("file")], type: .nonNull(.object(SingleUpload.selections)))]
  }

  var resultMap: ResultMap
  init(unsafeResultMap: ResultMap) { resultMap = unsafeResultMap }

  var singleUpload: SingleUpload? { (resultMap["singleUpload"] as? ResultMap).map(SingleUpload.init(unsafeResultMap:)) }

  struct SingleUpload: GraphQLSelectionSet {
    static var selections: [any GraphQLSelection] { [GraphQLField("filename", type: .nonNull(.scalar(String.self)))] }
    var resultMap: ResultMap
    init(unsafeResultMap: ResultMap) { resultMap = unsafeResultMap }
    var filename: String? { resultMap["filename"] as? String }
  }
}

private final class UploadFileMutation: GraphQLMutation {
  let operationDefinition: String = "mutation UploadFile($file: Upload!) { singleUpload(file: $file) { filename } }"
  let operationName: String = "UploadFile"
  var variables: GraphQLMap? { ["file": "a.txt"] }
  typealias Data = UploadData
}

// `ApolloClient.upload` for API.swift operations on the 0.x client: a multipart request through HTTPNetworkTransport,
// its response read with 0.x's rules and written to the store.
final class LegacyClientUploadTests: XCTestCase {
  private let queue = DispatchQueue(label: "LegacyClientUploadTests")
  private let file = GraphQLFile(fieldName: "file", originalName: "a.txt", mimeType: "text/plain", data: Data("a".utf8))

  func test_upload_sendsTheOperationAsMultipart_andReadsAndWritesItsResult() throws {
    let server = ScriptedServer(responses: [.json(["data": ["singleUpload": ["filename": "a.txt"]]])])
    let transport = HTTPNetworkTransport(url: URL(string: "http://legacy.invalid/graphql")!,
                                         client: URLSessionClientOnStreamingSession(session: server))
    let client = ApolloClient(networkTransport: transport)
    let done = expectation(description: "uploaded")
    let filename = Mutex<String?>(nil)
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
    let root = try client.store.cache.loadRecords(forKeys: ["MUTATION_ROOT"])["MUTATION_ROOT"]
    XCTAssertEqual(root?.fields["singleUpload(file:a.txt)"], .reference("MUTATION_ROOT.singleUpload(file:a.txt)"))
  }

  func test_upload_onATransportThatCannotUpload_failsWithNoUploadTransport() {
    final class SendOnly: NetworkTransport {
      func send<Operation: ApolloAPI.GraphQLOperation>(
        operation: Operation, completionHandler: @escaping (Result<GraphQLResponse<Operation.Data>, any Error>) -> Void
      ) -> any Cancellable {
        EmptyCancellable()
      }
    }
    let client = ApolloClient(networkTransport: SendOnly())
    let done = expectation(description: "failed")
    let failure = Mutex<(any Error)?>(nil)
    client.upload(operation: UploadFileMutation(), files: [file], queue: queue) { result in
      if case .failure(let error) = result { failure.withLock { $0 = error } }
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    XCTAssertEqual(failure.withLock { $0 } as? ApolloClient.ApolloClientError, .noUploadTransport)
  }
}
