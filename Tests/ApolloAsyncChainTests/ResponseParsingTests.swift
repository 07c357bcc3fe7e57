@_spi(ApolloMigration) import ApolloAsyncChain  // a response made from chunks, as a session gives it
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The parser, driven directly with chunks.
final class ResponseParsingTests: XCTestCase {
  /// The variables of every operation these tests parse for (`HeroName`, `HeroDeferred`, `Countdown`), all
  /// unset: the executor needs each argument's variable to key the fields it normalizes.
  private static let variables: GraphQLOperation.Variables = [
    "episode": GraphQLNullable<GraphQLEnum<Episode>>.none, "from": Int32(1), "intervalMs": GraphQLNullable<Int32>.none,
  ]

  private func parser(contentType: String?) -> JSONResponseParser {
    let headers = contentType.map { ["Content-Type": $0] } ?? [:]
    let response = HTTPURLResponse(url: testEndpoint, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: headers)!
    return JSONResponseParser(response: response, operationVariables: Self.variables, includeCacheRecords: true)
  }

  private func parse<Operation: GraphQLOperation>(
    _ chunks: [String], contentType: String?, as _: Operation.Type = HeroNameQuery.self
  ) async throws -> [ParsedResult<Operation>] {
    let parser = parser(contentType: contentType)
    var results: [ParsedResult<Operation>] = []
    for chunk in chunks {
      if let result: ParsedResult<Operation> = try await parser.parse(dataChunk: Data(chunk.utf8), mergingIncrementalItemsInto: results.last) {
        results.append(result)
      }
    }
    return results
  }

  private func assertThrows<E: Error & Equatable>(_ expected: E, _ chunks: [String], contentType: String?,
                                                 file: StaticString = #filePath, line: UInt = #line) async {
    do {
      _ = try await parse(chunks, contentType: contentType)
      XCTFail("expected \(expected)", file: file, line: line)
    } catch {
      XCTAssertEqual(error as? E, expected, "got \(error)", file: file, line: line)
    }
  }

  // MARK: Single responses

  func test_emptyChunk_throwsCouldNotParseToJSON_withEmptyData() async {
    await assertThrows(JSONResponseParsingError.couldNotParseToJSON(data: Data()), [""], contentType: "application/json")
  }

  func test_nonUTF8Data_throwsCouldNotParseToJSON_withTheSameBytes() async throws {
    let bytes = Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D])
    do {
      _ = try await parser(contentType: "application/json").parse(dataChunk: bytes, mergingIncrementalItemsInto: ParsedResult<HeroNameQuery>?.none)
      XCTFail("expected an error")
    } catch {
      XCTAssertEqual(error as? JSONResponseParsingError, .couldNotParseToJSON(data: bytes))
    }
  }

  func test_nonMultipartResponses_parseWhateverTheContentType() async throws {
    let body = JSONSerializer.string(.object(r2HeroResponse))
    for contentType in ["unknown/type", "application/json", "application/graphql-response+json", nil] {
      let results = try await parse([body], contentType: contentType)
      XCTAssertEqual(results.first?.result.data?.hero?.name, "R2-D2", "content type \(contentType ?? "none")")
    }
  }

  func test_dataNotMatchingTheSelection_throwsDecodingErrorNamingThePath() async {
    do {
      _ = try await parse([#"{"data":{"hero":{"__typename":"Droid","id":"1"}}}"#], contentType: "application/json")
      XCTFail("expected an error")
    } catch {
      let executionError = error as? GraphQLExecutionError
      XCTAssertEqual(executionError?.pathString, "hero.name")
      XCTAssertEqual(executionError?.underlying as? JSONDecodingError, .missingValue, "\(error)")
    }
  }

  /// Upstream 2.x casts each member (`responseBody["errors"] as? [JSONObject]`): a member of the wrong type
  /// reads as absent and the data is kept, as in 0.x and 1.x.
  func test_membersOfTheWrongType_readAsAbsent_andTheDataIsKept() async throws {
    let results = try await parse(
      [#"{"data":{"hero":{"__typename":"Droid","id":"1","name":"R2-D2"}},"errors":"boom","extensions":[1]}"#],
      contentType: "application/json")
    let result = try XCTUnwrap(results.first?.result)
    XCTAssertEqual(result.data?.hero?.name, "R2-D2")
    XCTAssertNil(result.errors)
    XCTAssertNil(result.extensions)
  }

  func test_errorsWithOneEntryThatIsNotAnObject_readAsNoErrors() async throws {
    let results = try await parse([#"{"data":{"hero":null},"errors":[{"message":"m"},"boom"]}"#],
                                  contentType: "application/json")
    let result = try XCTUnwrap(results.first?.result)
    XCTAssertNotNil(result.data)
    XCTAssertNil(result.errors)
  }

  func test_dataOfTheWrongType_readsAsNoData_andTheErrorsAreKept() async throws {
    let results = try await parse([#"{"data":"x","errors":[{"message":"m"}]}"#], contentType: "application/json")
    let result = try XCTUnwrap(results.first?.result)
    XCTAssertNil(result.data)
    XCTAssertEqual(result.errors?.map(\.message), ["m"])
  }

  func test_graphQLErrorsWithPartialData_areAResultCarryingBoth() async throws {
    let results = try await parse([#"{"data":{"hero":null},"errors":[{"message":"m","path":["hero"],"locations":[{"line":1,"column":2}],"extensions":{"code":"X"}}]}"#],
                                  contentType: "application/json")
    let result = try XCTUnwrap(results.first?.result)
    XCTAssertNotNil(result.data)
    XCTAssertNil(result.data?.hero)
    let error = try XCTUnwrap(result.errors?.first)
    XCTAssertEqual(error.message, "m")
    XCTAssertEqual(error.path, [.field("hero")])
    XCTAssertEqual(error.locations, [GraphQLError.Location(line: 1, column: 2)])
    XCTAssertEqual(error.extensions?["code"] as? String, "X", "Foundation-shaped extensions keep `as?` casts working")
  }

  // MARK: Multipart protocol

  func test_multipartWithoutBoundary_throwsMissingMultipartBoundary() async {
    await assertThrows(JSONResponseParsingError.missingMultipartBoundary, ["{}"], contentType: "multipart/mixed;deferSpec=20220824")
  }

  func test_multipartWithoutSpec_throwsInvalidMultipartProtocol() async {
    await assertThrows(JSONResponseParsingError.invalidMultipartProtocol, ["{}"], contentType: "multipart/mixed;boundary=\"-\"")
  }

  func test_multipartWithUnknownSpec_throwsInvalidMultipartProtocol() async {
    await assertThrows(JSONResponseParsingError.invalidMultipartProtocol, ["{}"], contentType: "multipart/mixed;boundary=\"-\";unknownSpec=0")
  }

  // MARK: @defer parts

  private let deferType = "multipart/mixed;boundary=\"-\";deferSpec=20220824"

  func test_deferPart_withNonJSONContentType_throwsUnsupportedContentType() async {
    await assertThrows(MultipartResponseDeferParser.ParsingError.unsupportedContentType(type: "text/html"),
                       ["Content-Type: text/html\r\n\r\n{}"], contentType: deferType)
  }

  func test_deferPart_thatIsNotJSON_throwsCannotParseChunkData() async {
    await assertThrows(MultipartResponseDeferParser.ParsingError.cannotParseChunkData,
                       ["Content-Type: application/json\r\n\r\nnot json"], contentType: deferType)
  }

  func test_deferPart_withoutDataOrIncrementalAndHasNext_throwsCannotParsePayloadData() async {
    await assertThrows(MultipartResponseDeferParser.ParsingError.cannotParsePayloadData,
                       ["Content-Type: application/json\r\n\r\n{\"key\":\"value\"}"], contentType: deferType)
  }

  /// 2.x tries `deferSpec` before `subscriptionSpec`, whatever their order in the header; 1.x tries them the
  /// other way round (MIGRATION.md, section 4). The defer parser rejects a part with neither `data` nor
  /// `incremental`; the subscription parser would skip it.
  func test_differs2xFrom1x_contentTypeDeclaringBothSpecs_isReadAsDefer() async {
    for contentType in ["multipart/mixed;boundary=\"-\";deferSpec=20220824;subscriptionSpec=1.0",
                        "multipart/mixed;boundary=\"-\";subscriptionSpec=1.0;deferSpec=20220824"] {
      await assertThrows(MultipartResponseDeferParser.ParsingError.cannotParsePayloadData,
                         ["Content-Type: application/json\r\n\r\n{\"key\":\"value\"}"], contentType: contentType)
    }
  }

  func test_deferPart_singleValidChunk_givesOneResult_withDirectivesOrGraphQLResponseType() async throws {
    for header in ["application/json", "application/json; charset=utf-8; foo=bar", "application/graphql-response+json"] {
      let results = try await parse(["Content-Type: \(header)\r\n\r\n{\"data\":\(JSONSerializer.string(.object(r2HeroData))),\"hasNext\":true}"],
                                    contentType: deferType)
      XCTAssertEqual(results.count, 1, header)
    }
  }

  func test_defer_incrementalItem_mergesIntoTheInitialResult() async throws {
    let results = try await parse([
      #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}},"hasNext":true}"#,
      #"{"incremental":[{"data":{"friends":[{"__typename":"Human","id":"1000","name":"Luke Skywalker"}]},"path":["hero"],"label":"friends"}],"hasNext":false}"#,
    ], contentType: deferType, as: HeroDeferredQuery.self)
    XCTAssertEqual(results.count, 2)
    XCTAssertNil(results[0].result.data?.hero?.fragments.friends?.friends)
    XCTAssertEqual(results[1].result.data?.hero?.fragments.friends?.friends?.first??.name, "Luke Skywalker")
    XCTAssertEqual(results[1].result.data?.hero?.name, "R2-D2", "each result is the cumulative response")
  }

  func test_defer_severalItemsInOnePayload_mergeInOrder_andCacheRecordsAccumulate() async throws {
    // The second item's path exists only once the first item has merged.
    let results = try await parse([
      #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}},"hasNext":true}"#,
      #"{"incremental":[{"data":{"friends":[{"__typename":"Human","id":"1000","name":"Luke"}]},"path":["hero"],"label":"friends"},{"data":{"name":"Luke Skywalker"},"path":["hero","friends",0]}],"hasNext":false}"#,
    ], contentType: deferType, as: HeroDeferredQuery.self)
    XCTAssertEqual(results.count, 2)
    XCTAssertEqual(results[1].result.data?.hero?.fragments.friends?.friends?.first??.name, "Luke Skywalker")
    XCTAssertEqual(results[1].cacheRecords?["Human:1000"]?.fields["name"], .value("Luke Skywalker"))
    XCTAssertEqual(results[1].cacheRecords?["Droid:2001"]?.fields["name"], .value("R2-D2"))
  }

  func test_defer_newerPendingCompletedFormat_mergesByID() async throws {
    let results = try await parse([
      #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}},"pending":[{"id":"0","path":["hero"],"label":"friends"}],"hasNext":true}"#,
      #"{"incremental":[{"id":"0","data":{"friends":[{"__typename":"Human","id":"1000","name":"Luke Skywalker"}]}}],"completed":[{"id":"0"}],"hasNext":false}"#,
    ], contentType: deferType, as: HeroDeferredQuery.self)
    XCTAssertEqual(results.count, 2)
    XCTAssertEqual(results[1].result.data?.hero?.fragments.friends?.friends?.first??.name, "Luke Skywalker")
  }

  func test_defer_newerFormat_subPathIsAppendedToThePendingPath() async throws {
    let results = try await parse([
      #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}},"pending":[{"id":"a","path":[]}],"hasNext":true}"#,
      #"{"incremental":[{"id":"a","subPath":["hero"],"data":{"friends":[{"__typename":"Human","id":"1000","name":"Luke"}]}}],"completed":[{"id":"a"}],"hasNext":false}"#,
    ], contentType: deferType, as: HeroDeferredQuery.self)
    XCTAssertEqual(results.last?.result.data?.hero?.fragments.friends?.friends?.first??.name, "Luke")
  }

  func test_defer_completedWithErrors_addsThemToTheResult() async throws {
    let results = try await parse([
      #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}},"pending":[{"id":"0","path":["hero"]}],"hasNext":true}"#,
      #"{"completed":[{"id":"0","errors":[{"message":"deferred failed"}]}],"hasNext":false}"#,
    ], contentType: deferType, as: HeroDeferredQuery.self)
    XCTAssertEqual(results.count, 2)
    XCTAssertEqual(results[1].result.errors?.map(\.message), ["deferred failed"])
  }

  func test_defer_incrementalBeforeInitial_throwsMissingExistingData() async {
    await assertThrows(IncrementalResponseError.missingExistingData,
                       [#"{"incremental":[{"data":{"a":1},"path":["hero"]}],"hasNext":false}"#], contentType: deferType)
  }

  func test_defer_pathThatDoesNotResolve_throwsUnresolvablePath() async {
    await assertThrows(IncrementalResponseError.unresolvablePath("villain"), [
      #"{"data":{"hero":null},"hasNext":true}"#,
      #"{"incremental":[{"data":{"a":1},"path":["villain"]}],"hasNext":false}"#,
    ], contentType: deferType)
  }

  func test_defer_unknownPendingID_throws() async {
    await assertThrows(IncrementalResponseError.unknownPendingID("9"), [
      #"{"data":{"hero":null},"hasNext":true}"#,
      #"{"incremental":[{"id":"9","data":{"a":1}}],"hasNext":false}"#,
    ], contentType: deferType)
  }

  func test_defer_bareFinalHasNextPayload_isAcceptedWithoutAResult_fixedFromUpstream() async throws {
    let results = try await parse([
      #"{"data":{"hero":null},"hasNext":true}"#,
      #"{"hasNext":false}"#,
    ], contentType: deferType)
    XCTAssertEqual(results.count, 1)
  }

  // MARK: Subscription parts

  private let subscriptionType = "multipart/mixed;boundary=\"graphql\";subscriptionSpec=1.0"

  private func countdownChunk(_ value: Int) -> String {
    "Content-Type: application/json\r\n\r\n{\"payload\":{\"data\":{\"countdown\":\(value)}}}"
  }

  func test_subscriptionPart_withWrongContentType_throwsUnsupportedContentType() async {
    await assertThrows(MultipartResponseSubscriptionParser.ParsingError.unsupportedContentType(type: "text/plain"),
                       ["Content-Type: text/plain\r\n\r\n{}"], contentType: subscriptionType)
  }

  func test_subscriptionTopLevelErrors_throwIrrecoverableErrors_keepingOnlyMessages_evenWithAPayload() async {
    let expected = MultipartResponseSubscriptionParser.ParsingError.irrecoverableErrors([GraphQLError(message: "fatal")])
    await assertThrows(expected, [#"{"payload":null,"errors":[{"message":"fatal","extensions":{"code":"X"}}]}"#], contentType: subscriptionType)
    await assertThrows(expected, [#"{"payload":{"data":{"countdown":1}},"errors":[{"message":"fatal"}]}"#], contentType: subscriptionType)
    await assertThrows(expected, [#"{"errors":[{"message":"fatal","unknown":1}],"other":2}"#], contentType: subscriptionType)
  }

  func test_subscriptionMalformedJSON_throws() async {
    await assertThrows(MultipartResponseSubscriptionParser.ParsingError.cannotParseChunkData,
                       ["Content-Type: application/json\r\n\r\n{\"payload\":"], contentType: subscriptionType)
  }

  func test_subscriptionHeartbeat_isIgnored_withOrWithoutHeaders() async throws {
    let results = try await parse(
      [countdownChunk(2), "Content-Type: application/json\r\n\r\n{}", "{}", countdownChunk(1)], contentType: subscriptionType,
      as: CountdownSubscription.self)
    XCTAssertEqual(results.map(\.result.data?.countdown), [2, 1])
  }

  func test_subscriptionCapitalizedOrLowercaseContentTypeLine_isAccepted() async throws {
    let results = try await parse(
      ["content-type: application/json\r\n\r\n{\"payload\":{\"data\":{\"countdown\":5}}}", countdownChunk(4)],
      contentType: subscriptionType, as: CountdownSubscription.self)
    XCTAssertEqual(results.count, 2)
  }

  func test_subscriptionNullPayloadAndNullErrors_areIgnored() async throws {
    let results = try await parse(
      [#"{"payload":null}"#, #"{"payload":{"data":{"countdown":3}},"errors":null}"#, #"{"payload":{"data":{"countdown":2}},"unknown":true}"#],
      contentType: subscriptionType, as: CountdownSubscription.self)
    XCTAssertEqual(results.map(\.result.data?.countdown), [3, 2])
  }

  func test_subscriptionPayloadWithErrors_isASuccessCarryingThem() async throws {
    let results = try await parse(
      [#"{"payload":{"data":{"countdown":1},"errors":[{"message":"partial"}]}}"#, #"{"payload":{"data":null,"errors":[{"message":"only"}]}}"#],
      contentType: subscriptionType, as: CountdownSubscription.self)
    XCTAssertEqual(results.count, 2)
    XCTAssertEqual(results[0].result.data?.countdown, 1)
    XCTAssertEqual(results[0].result.errors?.first?.message, "partial")
    XCTAssertNil(results[1].result.data)
    XCTAssertEqual(results[1].result.errors?.first?.message, "only")
  }

  // MARK: A body an HTTP stage already parsed

  private func parseThroughTheInterceptor(_ response: consuming HTTPResponse) async throws -> [ParsedResult<HeroNameQuery>] {
    let request = JSONRequest(operation: HeroNameQuery(episode: nil), graphQLEndpoint: testEndpoint, fetchBehavior: .NetworkOnly,
                              writeResultsToCache: true, requestTimeout: nil)
    var results: [ParsedResult<HeroNameQuery>] = []
    let stream = try await JSONResponseParsingInterceptor().parse(response: response, for: request, includeCacheRecords: true)
    for try await result in stream.getStream() { results.append(result) }
    return results
  }

  /// A body that is not multipart is parsed by the time `parse` returns and handed on settled (the chain
  /// then takes the results without reading a stream); what a reader of the stream sees is the same, a
  /// parse error included. A multipart body is parsed part by part as it is read.
  func test_aSingleBody_isParsedWhenParseReturns_andHandedOnSettled_aMultipartOneIsNot() async throws {
    let request = JSONRequest(operation: HeroNameQuery(episode: nil), graphQLEndpoint: testEndpoint, fetchBehavior: .NetworkOnly,
                              writeResultsToCache: true, requestTimeout: nil)
    func head(_ contentType: String) throws -> HTTPURLResponse {
      try XCTUnwrap(HTTPURLResponse(url: testEndpoint, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": contentType]))
    }
    func response(_ head: HTTPURLResponse, _ body: Data) -> HTTPResponse {
      HTTPResponse(response: head, chunks: NonCopyableAsyncThrowingStream(stream: AsyncThrowingStream { continuation in
        if !body.isEmpty { continuation.yield(body) }
        continuation.finish()
      }))
    }
    let body = Data(JSONSerializer.string(.object(r2HeroResponse)).utf8)
    let single = try await JSONResponseParsingInterceptor().parse(
      response: response(try head("application/json"), body), for: request, includeCacheRecords: true)
    let settled = try XCTUnwrap(single.settled)
    XCTAssertEqual(settled.elements.map { $0.result.data?.hero?.name }, ["R2-D2"])
    XCTAssertNil(settled.failure)
    XCTAssertNotNil(settled.elements.first?.cacheRecords)

    let broken = try await JSONResponseParsingInterceptor().parse(
      response: response(try head("application/json"), Data("not json".utf8)), for: request,
      includeCacheRecords: true)
    XCTAssertEqual(broken.settled?.elements.count, 0)
    guard case .couldNotParseToJSON? = broken.settled?.failure as? JSONResponseParsingError else {
      return XCTFail("expected couldNotParseToJSON, got \(String(describing: broken.settled?.failure))")
    }
    var thrown: (any Error)?
    do { for try await _ in broken.getStream() {} } catch { thrown = error }
    guard case .couldNotParseToJSON? = thrown as? JSONResponseParsingError else {
      return XCTFail("a reader of the stream sees the same error, got \(String(describing: thrown))")
    }

    let multipart = try await JSONResponseParsingInterceptor().parse(
      response: response(try head("multipart/mixed;boundary=\"-\";deferSpec=20220824"), Data()),
      for: request, includeCacheRecords: true)
    XCTAssertNil(multipart.settled)
  }

  func test_aBodyTheHTTPStageParsed_isReadFromItsObject_notParsedAgain() async throws {
    // The bytes are not JSON: only the handed-over object can give this result.
    let head = try XCTUnwrap(HTTPURLResponse(url: testEndpoint, statusCode: 200, httpVersion: "HTTP/1.1",
                                             headerFields: ["Content-Type": "application/json"]))
    let object = try JSONParser.parseObject(Data(#"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}}"#.utf8))
    let results = try await parseThroughTheInterceptor(HTTPResponse(response: head, body: Data("not json".utf8), parsed: object))
    XCTAssertEqual(results.count, 1)
    XCTAssertEqual(results.first?.result.data?.hero?.name, "R2-D2")
    XCTAssertNotNil(results.first?.cacheRecords)
  }

  func test_aParsedBodyOfAMultipartResponse_isIgnored_andThePartsAreRead() async throws {
    let head = try XCTUnwrap(HTTPURLResponse(
      url: testEndpoint, statusCode: 200, httpVersion: "HTTP/1.1",
      headerFields: ["Content-Type": #"multipart/mixed; boundary="graphql"; deferSpec=20220824"#]))
    let stale = try JSONParser.parseObject(Data(#"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"stale"}}}"#.utf8))
    let part = "content-type: application/json\r\n\r\n" + #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}},"hasNext":false}"#
    let results = try await parseThroughTheInterceptor(HTTPResponse(response: head, body: Data(part.utf8), parsed: stale))
    XCTAssertEqual(results.map { $0.result.data?.hero?.name }, ["R2-D2"])
  }

  func test_aResponseMadeByMapChunks_dropsTheParsedBody_soChangedBytesAreParsed() async throws {
    let head = try XCTUnwrap(HTTPURLResponse(url: testEndpoint, statusCode: 200, httpVersion: "HTTP/1.1",
                                             headerFields: ["Content-Type": "application/json"]))
    let stale = try JSONParser.parseObject(Data(#"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"stale"}}}"#.utf8))
    let original = HTTPResponse(response: head, body: Data(), parsed: stale)
    let rewritten = await original.mapChunks { _, _ in Data(#"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"rewritten"}}}"#.utf8) }
    let results = try await parseThroughTheInterceptor(rewritten)
    XCTAssertEqual(results.map { $0.result.data?.hero?.name }, ["rewritten"])
  }
}
