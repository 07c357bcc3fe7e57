import ApolloAsyncChain
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class UploadRequestTests: XCTestCase {
  private func form<Operation: GraphQLOperation>(_ operation: Operation, _ files: [GraphQLFile]) throws -> String {
    let request = UploadRequest(operation: operation, graphQLEndpoint: testEndpoint, files: files,
                                multipartBoundary: "TEST.BOUNDARY", writeResultsToCache: true)
    return String(decoding: try request.requestMultipartFormData().encode(), as: UTF8.self)
  }

  func test_singleFile_layout_nullsTheVariable_andMapsToField() throws {
    let text = try form(SingleUploadMutation(file: "a"), [GraphQLFile(fieldName: "file", originalName: "a.txt", mimeType: "text/plain", data: Data("Alpha".utf8))])
    let document = SingleUploadMutation.operationDocument.definition!.queryDocument
    XCTAssertEqual(text, """
      --TEST.BOUNDARY\r
      Content-Disposition: form-data; name="operations"\r
      \r
      {"operationName":"SingleUpload","query":"\(document)","variables":{"file":null}}\r
      --TEST.BOUNDARY\r
      Content-Disposition: form-data; name="map"\r
      \r
      {"0":["variables.file"]}\r
      --TEST.BOUNDARY\r
      Content-Disposition: form-data; name="0"; filename="a.txt"\r
      Content-Type: text/plain\r
      \r
      Alpha\r
      --TEST.BOUNDARY--\r

      """)
  }

  func test_multipleFilesOnOneField_mapToIndexedPaths() throws {
    let text = try form(MultipleUploadMutation(files: ["a", "b"]), [
      GraphQLFile(fieldName: "files", originalName: "a.txt", data: Data("A".utf8)),
      GraphQLFile(fieldName: "files", originalName: "b.txt", data: Data("B".utf8)),
    ])
    XCTAssertTrue(text.contains(#""variables":{"files":[null,null]}"#), text)
    XCTAssertTrue(text.contains(#"{"0":["variables.files.0"],"1":["variables.files.1"]}"#), text)
    XCTAssertTrue(text.contains("name=\"1\"; filename=\"b.txt\""), text)
  }

  func test_multipleFields_areMappedInSortedFieldOrder() throws {
    let text = try form(TwoFieldUpload(), [
      GraphQLFile(fieldName: "second", originalName: "2.txt", data: Data("2".utf8)),
      GraphQLFile(fieldName: "first", originalName: "1.txt", data: Data("1".utf8)),
    ])
    XCTAssertTrue(text.contains(#"{"0":["variables.first"],"1":["variables.second"]}"#), text)
  }

  func test_headers_contentTypeCarriesBoundary_andAdditionalHeadersArrive() throws {
    var request = UploadRequest(operation: SingleUploadMutation(file: "a"), graphQLEndpoint: testEndpoint,
                                files: [GraphQLFile(fieldName: "file", originalName: "a", data: Data())], writeResultsToCache: true)
    request.addHeader(name: "Authorization", value: "Bearer t")
    let urlRequest = try request.toURLRequest()
    XCTAssertEqual(urlRequest.value(forHTTPHeaderField: "Authorization"), "Bearer t")
    XCTAssertTrue(urlRequest.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("multipart/form-data; boundary=apollo-ios.boundary.") == true)
    XCTAssertEqual(request.fetchBehavior, .NetworkOnly)
  }

  func test_fileFromDisk_isReadAgainForEveryRequestBuilt() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(ProcessInfo.processInfo.processIdentifier).txt")
    try Data("disk".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let request = UploadRequest(operation: SingleUploadMutation(file: "a"), graphQLEndpoint: testEndpoint,
                                files: [GraphQLFile(fieldName: "file", originalName: "d.txt", fileURL: url)], writeResultsToCache: true)
    let first = try request.toURLRequest().httpBody
    let second = try request.toURLRequest().httpBody
    XCTAssertEqual(first, second)
    XCTAssertTrue(String(decoding: try XCTUnwrap(second), as: UTF8.self).contains("\r\n\r\ndisk\r\n"))
  }

  func test_missingFile_throwsTypedError() {
    let url = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString)")
    let request = UploadRequest(operation: SingleUploadMutation(file: "a"), graphQLEndpoint: testEndpoint,
                                files: [GraphQLFile(fieldName: "file", originalName: "x", fileURL: url)], writeResultsToCache: true)
    XCTAssertThrowsError(try request.toURLRequest()) { error in
      XCTAssertEqual(error as? GraphQLFile.GraphQLFileError, .couldNotReadFile(url))
    }
  }
}

struct TwoFieldUpload: GraphQLMutation {
  static let operationName = "TwoFieldUpload"
  static let operationDocument = OperationDocument(definition: OperationDefinition("mutation TwoFieldUpload($first: Upload!, $second: Upload!) { a }"))
  var __variables: Variables? { ["first": "1", "second": "2"] }
  typealias Data = HeroNameQuery.Data
}
