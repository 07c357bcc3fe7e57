import ApolloDelegateTransport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Apollo iOS 0.33 `AutomaticPersistedQueriesTests`, `GETTransformerTests`, `RequestCreatorTests`,
/// `GraphQLFileTests` and `ErrorGenerationTests` (apollographql/apollo-ios 0.33.0, Tests/ApolloTests/).
final class RequestBuildingTests: XCTestCase {
  private func send<Query: GraphQLOperation>(_ operation: Query, useGETForQueries: Bool = false, apq: Bool = false,
                                            getForRetry: Bool = false) -> URLRequest? {
    let client = ScriptedURLSessionClient(responses: [.json(r2HeroBody)])
    let transport = HTTPNetworkTransport(url: testEndpoint, client: client, useGETForQueries: useGETForQueries,
                                         enableAutoPersistedQueries: apq, useGETForPersistedQueryRetry: getForRetry)
    _ = transport.send(operation: operation) { _ in }
    return client.lastRequest
  }

  private let review = CreateReviewMutation(episode: .init(.JEDI), review: ReviewInput(stars: 5, commentary: "Great"))

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `AutomaticPersistedQueriesTests` (Tests/ApolloTests/AutomaticPersistedQueriesTests.swift).
  func test_defaultConfig_isPOST_queryIsTheDocument_variablesMatch_noExtensions() {
    let request = send(HeroNameQuery(episode: .init(.EMPIRE)))
    let body = jsonBody(request)
    XCTAssertEqual(request?.httpMethod, "POST")
    XCTAssertEqual(body?["query"]?.stringValue, HeroNameQuery(episode: nil).queryDocument)
    XCTAssertEqual(body?["variables"]?["episode"]?.stringValue, "EMPIRE")
    XCTAssertEqual(body?["operationName"]?.stringValue, "HeroName")
    XCTAssertNil(body?["extensions"])
    XCTAssertEqual(request?.value(forHTTPHeaderField: "Content-Type"), "application/json")
    XCTAssertEqual(request?.value(forHTTPHeaderField: "X-APOLLO-OPERATION-NAME"), "HeroName")
    XCTAssertEqual(request?.value(forHTTPHeaderField: "X-APOLLO-OPERATION-ID"), HeroNameQuery(episode: nil).operationIdentifier)
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `AutomaticPersistedQueriesTests` (Tests/ApolloTests/AutomaticPersistedQueriesTests.swift); nil variables are sent as JSON null.
  func test_nilVariables_areSentAsJSONNullInPOST() {
    let body = jsonBody(send(ErrorFieldQuery()))
    XCTAssertEqual(body?["variables"], .null)
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `AutomaticPersistedQueriesTests` (Tests/ApolloTests/AutomaticPersistedQueriesTests.swift).
  func test_apqQuery_firstAttempt_isPOSTWithPersistedQueryExtension_andNoDocument() {
    let body = jsonBody(send(HeroNameQuery(episode: .init(.EMPIRE)), apq: true))
    XCTAssertEqual(body?["variables"]?["episode"]?.stringValue, "EMPIRE")
    XCTAssertEqual(body?["extensions"]?["persistedQuery"]?["version"]?.intValue, 1)
    XCTAssertEqual(body?["extensions"]?["persistedQuery"]?["sha256Hash"]?.stringValue, HeroNameQuery(episode: nil).operationIdentifier)
    XCTAssertNil(body?["query"])
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `AutomaticPersistedQueriesTests` (Tests/ApolloTests/AutomaticPersistedQueriesTests.swift).
  func test_apqMutation_isPOSTWithPersistedQueryExtension() {
    let request = send(review, apq: true)
    XCTAssertEqual(request?.httpMethod, "POST")
    XCTAssertEqual(jsonBody(request)?["extensions"]?["persistedQuery"]?["sha256Hash"]?.stringValue, review.operationIdentifier)
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `AutomaticPersistedQueriesTests` (Tests/ApolloTests/AutomaticPersistedQueriesTests.swift).
  func test_apqWithGETForRetry_firstAttemptIsGETWithoutQuery_withVariablesAndExtensionsJSON() {
    let request = send(HeroNameQuery(episode: .init(.EMPIRE)), apq: true, getForRetry: true)
    let items = queryItems(request)
    XCTAssertEqual(request?.httpMethod, "GET")
    XCTAssertNil(items["query"])
    XCTAssertEqual(items["variables"], #"{"episode":"EMPIRE"}"#)
    XCTAssertEqual(items["extensions"], #"{"persistedQuery":{"sha256Hash":"\#(HeroNameQuery(episode: nil).operationIdentifier ?? "")","version":1}}"#)
    XCTAssertEqual(queryItems(send(HeroNameQuery(episode: .null), apq: true, getForRetry: true))["variables"], #"{"episode":null}"#)
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `AutomaticPersistedQueriesTests` (Tests/ApolloTests/AutomaticPersistedQueriesTests.swift).
  func test_useGETForQueries_isGETWithQueryAndVariables_andNoExtensions() {
    let request = send(HeroNameQuery(episode: .init(.EMPIRE)), useGETForQueries: true)
    let items = queryItems(request)
    XCTAssertEqual(request?.httpMethod, "GET")
    XCTAssertEqual(items["query"], HeroNameQuery(episode: nil).queryDocument)
    XCTAssertEqual(items["variables"], #"{"episode":"EMPIRE"}"#)
    XCTAssertNil(items["extensions"])
    XCTAssertNil(request?.httpBody)
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `AutomaticPersistedQueriesTests` (Tests/ApolloTests/AutomaticPersistedQueriesTests.swift).
  func test_useGETForQueriesWithAPQ_isGETWithoutQuery_withExtensions() {
    let items = queryItems(send(HeroNameQuery(episode: nil), useGETForQueries: true, apq: true))
    XCTAssertNil(items["query"])
    XCTAssertNotNil(items["extensions"])
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `AutomaticPersistedQueriesTests` (Tests/ApolloTests/AutomaticPersistedQueriesTests.swift).
  func test_requestHost_isAlwaysTheConfiguredHost() {
    XCTAssertEqual(send(HeroNameQuery(episode: nil))?.url?.host, "localhost")
    XCTAssertEqual(send(HeroNameQuery(episode: nil), useGETForQueries: true)?.url?.host, "localhost")
    XCTAssertEqual(send(review, apq: true, getForRetry: true)?.url?.host, "localhost")
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `GETTransformerTests` (Tests/ApolloTests/GETTransformerTests.swift).
  func test_getURL_exactString_sortedKeys_compactJSON_foundationPercentEncoding() {
    let creator = ApolloRequestCreator()
    let body = creator.requestBody(for: MultilineHeroNameQuery(episode: .init(.EMPIRE)), sendOperationIdentifiers: false,
                                   sendQueryDocument: true, autoPersistQuery: false)
    let url = GraphQLGETTransformer(body: body, url: testEndpoint).createGetURL()
    XCTAssertEqual(url?.absoluteString, "http://localhost:8080/graphql?operationName=HeroName&query=query%20HeroName($episode:%20Episode)%20%7B%0A%20%20hero(episode:%20$episode)%20%7B%0A%20%20%20%20__typename%0A%20%20%20%20name%0A%20%20%7D%0A%7D&variables=%7B%22episode%22:%22EMPIRE%22%7D")

    let nullBody = creator.requestBody(for: MultilineHeroNameQuery(episode: .null), sendOperationIdentifiers: false,
                                       sendQueryDocument: false, autoPersistQuery: true)
    let nullURL = GraphQLGETTransformer(body: nullBody, url: testEndpoint).createGetURL()?.absoluteString ?? ""
    XCTAssertTrue(nullURL.contains("variables=%7B%22episode%22:null%7D"), nullURL)
    XCTAssertTrue(nullURL.hasPrefix("http://localhost:8080/graphql?extensions=%7B%22persistedQuery%22:%7B%22sha256Hash%22:%22"), nullURL)
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `GETTransformerTests` (Tests/ApolloTests/GETTransformerTests.swift); MIGRATION.md §5.5, 0.x quirk Q23.
  func test_bodyWithoutQuery_givesURLWithoutQueryParam_andNilVariablesLeaveTheParamOut() {
    let url = GraphQLGETTransformer(body: ["operationName": "X", "variables": .null], url: testEndpoint).createGetURL()
    XCTAssertEqual(url?.absoluteString, "http://localhost:8080/graphql?operationName=X")
  }

  // MIGRATION.md §5.5, 0.x quirk Q23, fixed.
  func test_differsFrom0x_getURL_percentEncodesPlus_andKeepsQueryItemsOfTheEndpoint() {
    let base = URL(string: "http://localhost:8080/graphql?apiKey=k")!
    let url = GraphQLGETTransformer(body: ["operationName": "X", "variables": ["text": "a+b"]], url: base).createGetURL()
    let text = url?.absoluteString ?? ""
    XCTAssertTrue(text.contains("apiKey=k"), "0.x replaced the endpoint's query items: \(text)")
    XCTAssertTrue(text.contains("a%2Bb"), "0.x left + literal, which servers read as a space: \(text)")
  }

  // MIGRATION.md §5.5, 0.x quirk Q1, fixed.
  func test_differsFrom0x_getRequestKeepsClientAwarenessHeaders_andHasNoContentType() {
    let request = send(HeroNameQuery(episode: nil), useGETForQueries: true)
    XCTAssertNotNil(request?.value(forHTTPHeaderField: "apollographql-client-name"), "0.x dropped it on GET")
    XCTAssertNotNil(request?.value(forHTTPHeaderField: "apollographql-client-version"), "0.x dropped it on GET")
    XCTAssertNil(request?.value(forHTTPHeaderField: "Content-Type"), "a GET has no body")
    XCTAssertEqual(request?.value(forHTTPHeaderField: "X-APOLLO-OPERATION-NAME"), "HeroName")
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `RequestCreatorTests` (Tests/ApolloTests/RequestCreatorTests.swift); MIGRATION.md §5.5, 0.x quirk Q4 (kept): identifiers do not suppress the document.
  func test_requestBody_queryIsTheDocument_andSendOperationIdentifiersStillSendsQuery() {
    let creator = ApolloRequestCreator()
    XCTAssertEqual(creator.requestBody(for: HeroNameQuery(episode: nil), sendOperationIdentifiers: false)["query"]?.stringValue,
                   HeroNameQuery(episode: nil).queryDocument)
    let client = ScriptedURLSessionClient(responses: [.json(r2HeroBody)])
    let transport = HTTPNetworkTransport(url: testEndpoint, client: client, sendOperationIdentifiers: true)
    _ = transport.send(operation: HeroNameQuery(episode: nil)) { _ in }
    let body = jsonBody(client.lastRequest)
    XCTAssertEqual(body?["id"]?.stringValue, HeroNameQuery(episode: nil).operationIdentifier)
    XCTAssertEqual(body?["query"]?.stringValue, HeroNameQuery(episode: nil).queryDocument)
  }

  // MIGRATION.md §5.5, 0.x quirk Q4, fixed: 0.x crashed with preconditionFailure when generated code had no identifier.
  func test_differsFrom0x_missingOperationIdentifier_isTheDocumentsSHA256_notACrash() throws {
    let client = ScriptedURLSessionClient(responses: [.json(r2HeroBody)])
    let transport = HTTPNetworkTransport(url: testEndpoint, client: client, sendOperationIdentifiers: true)
    XCTAssertNil(NoIdentifierQuery.operationDocument.operationIdentifier)
    _ = transport.send(operation: NoIdentifierQuery()) { _ in }
    let body = try XCTUnwrap(jsonBody(client.lastRequest))
    XCTAssertEqual(body["id"]?.stringValue, SHA256.hexDigest("query NoIdentifier { hero { __typename id name } }"))
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `RequestCreatorTests` (Tests/ApolloTests/RequestCreatorTests.swift).
  func test_multipartLayout_singleFile_severalFilesOnOneField_severalFields() throws {
    let creator = ApolloRequestCreator()
    let a = GraphQLFile(fieldName: "file", originalName: "a.txt", mimeType: "text/plain", data: Data("alpha".utf8))
    let single = try creator.requestMultipartFormData(for: SingleUploadMutation(file: "a"), files: [a], sendOperationIdentifiers: false,
                                                      serializationFormat: JSONSerializationFormat.self, manualBoundary: "TEST.BOUNDARY")
    let text = String(decoding: single.encode(), as: UTF8.self)
    let operations = #"{"operationName":"SingleUpload","query":"\#(SingleUploadMutation(file: "a").queryDocument)","variables":{"file":null}}"#
    XCTAssertEqual(text, "--TEST.BOUNDARY\r\nContent-Disposition: form-data; name=\"operations\"\r\n\r\n\(operations)\r\n"
      + "--TEST.BOUNDARY\r\nContent-Disposition: form-data; name=\"map\"\r\n\r\n{\"0\":[\"variables.file\"]}\r\n"
      + "--TEST.BOUNDARY\r\nContent-Disposition: form-data; name=\"0\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\nalpha\r\n"
      + "--TEST.BOUNDARY--\r\n")

    let b = GraphQLFile(fieldName: "files", originalName: "b.txt", mimeType: "text/plain", data: Data("b".utf8))
    let c = GraphQLFile(fieldName: "files", originalName: "c.txt", mimeType: "text/plain", data: Data("c".utf8))
    let several = String(decoding: try creator.requestMultipartFormData(
      for: MultipleUploadMutation(files: ["a", "b"]), files: [b, c], sendOperationIdentifiers: false,
      serializationFormat: JSONSerializationFormat.self, manualBoundary: "B").encode(), as: UTF8.self)
    XCTAssertTrue(several.contains(#""variables":{"files":[null,null]}"#), several)
    XCTAssertTrue(several.contains(#"{"0":["variables.files.0"],"1":["variables.files.1"]}"#), several)

    // Several fields: sorted by field, files reordered to match, a missing variable added as null.
    let z = GraphQLFile(fieldName: "zeta", originalName: "z.txt", data: Data("z".utf8))
    let fields = String(decoding: try creator.requestMultipartFormData(
      for: SingleUploadMutation(file: "a"), files: [z, a], sendOperationIdentifiers: false,
      serializationFormat: JSONSerializationFormat.self, manualBoundary: "B").encode(), as: UTF8.self)
    XCTAssertTrue(fields.contains(#"{"0":["variables.file"],"1":["variables.zeta"]}"#), fields)
    XCTAssertTrue(fields.contains(#""variables":{"file":null,"zeta":null}"#), fields)
    let aIndex = try XCTUnwrap(fields.range(of: "filename=\"a.txt\"")).lowerBound
    let zIndex = try XCTUnwrap(fields.range(of: "filename=\"z.txt\"")).lowerBound
    XCTAssertLessThan(aIndex, zIndex)
  }

  // Decided, as on 1.x and 2.x (MIGRATION 5.2 #12): 0.33 mapped a list variable's single file to
  // `variables.<field>` (the server then replaces the whole list with the file) and left an absent variable
  // `null` when several files map into it (`variables.<field>.0` then points into `null`). Both follow the
  // multipart spec here: a list variable maps each file to its index, and its `null`s are one per file.
  func test_differsFrom0x_listVariables_mapEachFileToItsIndex_overOneNullPerFile() throws {
    let creator = ApolloRequestCreator()
    let b = GraphQLFile(fieldName: "files", originalName: "b.txt", mimeType: "text/plain", data: Data("b".utf8))
    let oneOfAList = String(decoding: try creator.requestMultipartFormData(
      for: MultipleUploadMutation(files: ["b"]), files: [b], sendOperationIdentifiers: false,
      serializationFormat: JSONSerializationFormat.self, manualBoundary: "B").encode(), as: UTF8.self)
    XCTAssertTrue(oneOfAList.contains(#""variables":{"files":[null]}"#), oneOfAList)
    XCTAssertTrue(oneOfAList.contains(#"{"0":["variables.files.0"]}"#), oneOfAList)

    let c = GraphQLFile(fieldName: "files", originalName: "c.txt", mimeType: "text/plain", data: Data("c".utf8))
    let absent = String(decoding: try creator.requestMultipartFormData(
      for: SingleUploadMutation(file: "a"), files: [b, c], sendOperationIdentifiers: false,
      serializationFormat: JSONSerializationFormat.self, manualBoundary: "B").encode(), as: UTF8.self)
    XCTAssertTrue(absent.contains(#""files":[null,null]"#), absent)
    XCTAssertTrue(absent.contains(#"{"0":["variables.files.0"],"1":["variables.files.1"]}"#), absent)
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `RequestCreatorTests` (Tests/ApolloTests/RequestCreatorTests.swift), decided: the core's encoder ends the body with CRLF after the closing delimiter.
  func test_differsFrom0x_multipartClosingDelimiter_isFollowedByCRLF() throws {
    var form = MultipartFormData(boundary: "X")
    form.append(name: "a", data: Data("1".utf8))
    XCTAssertTrue(String(decoding: form.encode(), as: UTF8.self).hasSuffix("--X--\r\n"))
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `GraphQLFileTests` (Tests/ApolloTests/GraphQLFileTests.swift), decided: the core file reads its contents when the request is built.
  func test_differsFrom0x_fileURLWithABadPath_failsWhenTheUploadIsBuilt_withSerializedBodyMessageError() {
    let missing = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).txt")
    let file = GraphQLFile(fieldName: "file", originalName: "x.txt", fileURL: missing)
    XCTAssertThrowsError(try file.contents()) { error in
      XCTAssertEqual(error as? GraphQLFile.GraphQLFileError, .couldNotReadFile(missing))
    }
    let client = ScriptedURLSessionClient(responses: [.json(r2HeroBody)])
    let transport = HTTPNetworkTransport(url: testEndpoint, client: client)
    let completion = CompletionRecorder<GraphQLResponse<SingleUploadMutation.Data>>()
    let cancellable = transport.upload(operation: SingleUploadMutation(file: "a"), files: [file]) { completion($0) }
    XCTAssertTrue(cancellable is EmptyCancellable)
    XCTAssertEqual(completion.count, 1)
    XCTAssertEqual(completion.error as? GraphQLHTTPRequestError, .serializedBodyMessageError)
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `GraphQLFileTests` (Tests/ApolloTests/GraphQLFileTests.swift).
  func test_generateInputStream_canBeCalledRepeatedly_andEmptyDataGivesAnEmptyStream() throws {
    func read(_ stream: InputStream) -> Data {
      stream.open()
      defer { stream.close() }
      var data = Data()
      var buffer = [UInt8](repeating: 0, count: 16)
      while true {
        let count = stream.read(&buffer, maxLength: buffer.count)
        if count <= 0 { break }
        data.append(buffer, count: count)
      }
      return data
    }
    let file = GraphQLFile(fieldName: "f", originalName: "f", data: Data("hello".utf8))
    XCTAssertEqual(read(try file.generateInputStream()), Data("hello".utf8))
    XCTAssertEqual(read(try file.generateInputStream()), Data("hello".utf8))
    XCTAssertEqual(read(try GraphQLFile(fieldName: "f", originalName: "f", data: Data()).generateInputStream()), Data())
  }

  // MIGRATION.md §5.5, 0.x quirk Q22, fixed.
  func test_differsFrom0x_queryUploadOnAGETTransport_isAMultipartPOST() {
    let client = ScriptedURLSessionClient(responses: [.json(r2HeroBody)])
    let transport = HTTPNetworkTransport(url: testEndpoint, client: client, useGETForQueries: true)
    let file = GraphQLFile(fieldName: "file", originalName: "a.txt", data: Data("a".utf8))
    _ = transport.upload(operation: QueryUpload(), files: [file]) { _ in }
    XCTAssertEqual(client.lastRequest?.httpMethod, "POST", "0.x sent a GET without the files")
    XCTAssertTrue(client.lastRequest?.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("multipart/form-data; boundary=") ?? false)
  }

  // As 0.33's upload path: uploads send the full document and no APQ extension, whatever the transport's APQ setting.
  func test_uploadOperations_carryTheFullDocument_andNoAPQExtension() {
    let client = ScriptedURLSessionClient(responses: [.json(r2HeroBody)])
    let transport = HTTPNetworkTransport(url: testEndpoint, client: client, enableAutoPersistedQueries: true)
    let file = GraphQLFile(fieldName: "file", originalName: "a.txt", data: Data("a".utf8))
    _ = transport.upload(operation: SingleUploadMutation(file: "a"), files: [file]) { _ in }
    let text = String(decoding: client.lastRequest?.httpBody ?? Data(), as: UTF8.self)
    XCTAssertTrue(text.contains("\"query\":"), text)
    XCTAssertFalse(text.contains("persistedQuery"), text)
    _ = transport.upload(operation: SingleUploadMutation(file: "a"), files: []) { _ in }
    XCTAssertEqual(client.lastRequest?.value(forHTTPHeaderField: "Content-Type"), "application/json", "no files: a JSON request")
  }

  // Mirrors upstream apollographql/apollo-ios 0.33.0 `ErrorGenerationTests` (Tests/ApolloTests/ErrorGenerationTests.swift).
  func test_responseErrorDescriptions_followTheExactFormats() throws {
    let response = try XCTUnwrap(HTTPURLResponse(url: testEndpoint, statusCode: 500, httpVersion: nil, headerFields: nil))
    let one = GraphQLHTTPResponseError(body: Data(#"{"errors":[{"message":"Boom"}]}"#.utf8), response: response, kind: .errorResponse)
    XCTAssertEqual(one.errorDescription, "Received error response: Boom")
    XCTAssertEqual(one.graphQLErrors?.count, 1)
    let two = GraphQLHTTPResponseError(body: Data(#"{"errors":[{"message":"A"},{"message":"B"}]}"#.utf8), response: response, kind: .errorResponse)
    XCTAssertEqual(two.errorDescription, "Received error response: A\nB")
    XCTAssertEqual(two.graphQLErrors?.count, 2)
    let text = GraphQLHTTPResponseError(body: Data("The server is having a sad.".utf8), response: response, kind: .errorResponse)
    XCTAssertEqual(text.errorDescription, "Received error response (500 \(HTTPURLResponse.localizedString(forStatusCode: 500))): The server is having a sad.")
    XCTAssertNil(text.graphQLErrors)
    let empty = GraphQLHTTPResponseError(body: nil, response: response, kind: .invalidResponse)
    XCTAssertEqual(empty.bodyDescription, "[Empty response body]")
    XCTAssertTrue(empty.errorDescription?.hasPrefix("Received invalid response (500 ") ?? false)
    XCTAssertEqual(GraphQLHTTPResponseError(body: Data(#"{"errors":[]}"#.utf8), response: response, kind: .errorResponse).errorDescription,
                   "Received error response: ")
    XCTAssertEqual(GraphQLHTTPResponseError.ErrorKind.persistedQueryNotFound.description, "Persisted query not found")
    XCTAssertEqual(GraphQLHTTPResponseError.ErrorKind.persistedQueryNotSupported.description, "Persisted query not supported")
    let network = URLSessionClient.URLSessionClientError.networkError(data: Data(), response: nil, underlying: URLError(.timedOut))
    XCTAssertTrue(network.errorDescription?.hasPrefix("A network error occurred: ") ?? false)
    XCTAssertNotNil(GraphQLHTTPRequestError.cancelledByDelegate.errorDescription)
  }
}
