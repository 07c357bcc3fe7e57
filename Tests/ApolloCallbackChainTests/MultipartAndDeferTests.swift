@testable import ApolloCallbackChain
import ApolloTestSupport
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private func multipartBody(_ parts: [String], boundary: String = "graphql", close: Bool = true) -> String {
  parts.map { "--\(boundary)\r\nContent-Type: application/json\r\n\r\n\($0)\r\n" }.joined() + (close ? "--\(boundary)--\r\n" : "")
}

private func runChain<Operation: GraphQLOperation>(
  _ operation: Operation, interceptors: [any ApolloInterceptor], expected: Int
) -> [Result<GraphQLResult<Operation.Data>, any Error>] {
  let results = Recorder<Result<GraphQLResult<Operation.Data>, any Error>>()
  let done = exactly(expected)
  let chain = InterceptorRequestChain(interceptors: interceptors, callbackQueue: callbackQueue)
  chain.kickoff(request: jsonRequest(operation)) { result in
    results.append(result)
    done.fulfill()
  }
  XCTWaiter().wait(for: [done], timeout: 2)
  settle()
  XCTAssertEqual(results.count, expected, "completion count")
  return results.values
}

/// Mirrors upstream 1.x `MultipartResponseParsingInterceptorTests` (apollographql/apollo-ios-dev 1.25.7, Tests/ApolloTests/Interceptors/MultipartResponseParsingInterceptorTests.swift).
final class MultipartResponseParsingInterceptorTests: XCTestCase {
  private func error(headers: [String: String], body: Data = Data("--graphql--".utf8)) -> (any Error)? {
    struct Canned: ApolloInterceptor {
      var id = InterceptorID.next()
      let headers: [String: String]
      let body: Data
      func interceptAsync<Operation: GraphQLOperation>(
        chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
        completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
      ) {
        let response = HTTPResponse<Operation>(response: httpResponse(headers: headers), rawData: body, parsedResponse: nil)
        chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
      }
    }
    let results = runChain(CountdownSubscription(from: 1, intervalMs: nil), interceptors: [Canned(headers: headers, body: body),
                                                                           MultipartResponseParsingInterceptor()], expected: 1)
    guard case .failure(let error)? = results.first else { return nil }
    return error
  }

  func test_nilResponse_noResponseToParse() {
    let results = runChain(CountdownSubscription(from: 1, intervalMs: nil), interceptors: [MultipartResponseParsingInterceptor()], expected: 1)
    guard case .failure(let error)? = results.first else { return XCTFail() }
    XCTAssertEqual(error as? MultipartResponseParsingInterceptor.ParsingError, .noResponseToParse)
  }

  func test_multipartWithoutBoundary_missingMultipartBoundary() {
    XCTAssertEqual(error(headers: ["Content-Type": "multipart/mixed"]) as? MultipartResponseParsingInterceptor.ParsingError,
                   .missingMultipartBoundary)
  }

  func test_boundaryWithoutSpecOrUnknownSpec_invalidMultipartProtocol() {
    XCTAssertEqual(error(headers: ["Content-Type": "multipart/mixed;boundary=graphql"]) as? MultipartResponseParsingInterceptor.ParsingError,
                   .invalidMultipartProtocol)
    XCTAssertEqual(error(headers: ["Content-Type": "multipart/mixed;boundary=graphql;unknownSpec=0"])
      as? MultipartResponseParsingInterceptor.ParsingError, .invalidMultipartProtocol)
  }

  /// The interceptor reads a response's `Content-Type` once for all its parts; an instance that serves a
  /// second response (a provider may hand out one instance) reads that response's own header.
  func test_oneInstanceForTwoResponses_readsEachResponsesContentType() {
    let shared = MultipartResponseParsingInterceptor()
    let analysis = MultipartResponseAnalysis()
    let subscription = httpResponse(headers: ["Content-Type": "multipart/mixed;boundary=graphql;subscriptionSpec=1.0"])
    let withoutBoundary = httpResponse(headers: ["Content-Type": "multipart/mixed"])
    guard case .parts("graphql", .subscription) = analysis.outcome(for: subscription) else { return XCTFail("subscription") }
    guard case .failure(.missingMultipartBoundary) = analysis.outcome(for: withoutBoundary) else { return XCTFail("no boundary") }
    guard case .parts("graphql", .subscription) = analysis.outcome(for: subscription) else { return XCTFail("again") }
    guard case .notMultipart = analysis.outcome(for: httpResponse(headers: ["Content-Type": "application/json"])) else {
      return XCTFail("json")
    }

    struct Canned: ApolloInterceptor {
      var id = InterceptorID.next()
      let headers: [String: String]
      func interceptAsync<Operation: GraphQLOperation>(
        chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
        completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
      ) {
        let response = HTTPResponse<Operation>(response: httpResponse(headers: headers), rawData: Data("--graphql--".utf8),
                                               parsedResponse: nil)
        chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
      }
    }
    for (headers, expected) in [(["Content-Type": "multipart/mixed"], MultipartResponseParsingInterceptor.ParsingError.missingMultipartBoundary),
                                (["Content-Type": "multipart/mixed;boundary=graphql"], .invalidMultipartProtocol)] {
      let results = runChain(CountdownSubscription(from: 1, intervalMs: nil), interceptors: [Canned(headers: headers), shared], expected: 1)
      guard case .failure(let error)? = results.first else { return XCTFail("\(headers)") }
      XCTAssertEqual(error as? MultipartResponseParsingInterceptor.ParsingError, expected)
    }
  }

  func test_utf16Body_cannotParseResponseData() {
    let body = "--graphql\r\n{}\r\n--graphql--".data(using: .utf16)!
    XCTAssertEqual(error(headers: ["Content-Type": "multipart/mixed;boundary=graphql;subscriptionSpec=1.0"], body: body)
      as? MultipartResponseParsingInterceptor.ParsingError, .cannotParseResponseData)
  }

  /// 1.x tries `subscriptionSpec` before `deferSpec`, whatever their order in the header; 2.x tries them the
  /// other way round (MIGRATION.md, section 4). A part with top-level `errors` tells the parsers apart: the
  /// subscription parser fails with `irrecoverableError`, the defer parser with `cannotParsePayloadData`.
  func test_differs1xFrom2x_contentTypeDeclaringBothSpecs_isReadAsASubscription() {
    let body = Data("--graphql\r\nContent-Type: application/json\r\n\r\n{\"errors\":[{\"message\":\"boom\"}]}\r\n--graphql--\r\n".utf8)
    for contentType in ["multipart/mixed;boundary=graphql;deferSpec=20220824;subscriptionSpec=1.0",
                        "multipart/mixed;boundary=graphql;subscriptionSpec=1.0;deferSpec=20220824"] {
      let failure = error(headers: ["Content-Type": contentType], body: body)
      XCTAssertEqual(failure as? MultipartResponseSubscriptionParser.ParsingError, .irrecoverableError(message: "boom"),
                     "\(contentType): got \(String(describing: failure))")
    }
  }
}

/// Mirrors upstream 1.x `MultipartResponseSubscriptionParserTests` (apollographql/apollo-ios-dev 1.25.7, Tests/ApolloTests/Interceptors/MultipartResponseSubscriptionParserTests.swift).
final class MultipartResponseSubscriptionParserTests: XCTestCase {
  typealias ParsingError = MultipartResponseSubscriptionParser.ParsingError

  private func parse(_ text: String) -> Result<Data?, any Error> {
    MultipartResponseSubscriptionParser.parse(MultipartPart.parse(Data(text.utf8)))
  }

  private func failure(_ text: String) -> ParsingError? {
    guard case .failure(let error) = parse(text) else { return nil }
    return error as? ParsingError
  }

  func test_unsupportedPartContentType_isAParsingError() {
    XCTAssertEqual(failure("content-type: test/custom\r\n\r\n{}"), .unsupportedContentType(type: "test/custom"))
  }

  func test_errorsPresent_irrecoverableErrorWithFirstMessage_evenWithPayload() {
    let expected = ParsingError.irrecoverableError(message: "forbidden")
    XCTAssertEqual(failure(#"content-type: application/json\#r\#n\#r\#n{"payload":null,"errors":[{"message":"forbidden"}]}"#), expected)
    XCTAssertEqual(failure(#"content-type: application/json\#r\#n\#r\#n{"payload":{"data":{"countdown":1}},"errors":[{"message":"forbidden","locations":[]}]}"#), expected)
  }

  func test_nonJSONLine_cannotParseChunkData() {
    XCTAssertEqual(failure("content-type: application/json\r\n\r\nnot json"), .cannotParseChunkData)
  }

  func test_heartbeatAndNullPayloadAndNullErrors_areSkipped() throws {
    XCTAssertNil(try parse("content-type: application/json\r\n\r\n{}").get())
    XCTAssertNil(try parse(#"content-type: application/json\#r\#n\#r\#n{"payload":null}"#).get())
    XCTAssertNil(try parse(#"content-type: application/json\#r\#n\#r\#n{"errors":null}"#).get())
  }

  func test_endToEnd_heartbeatSkipped_threePartsGiveTwoResults_contentTypeVariants() {
    let parts = [#"{"payload":{"data":{"countdown":2}}}"#, "{}", #"{"payload":{"data":{"countdown":1}},"unknown":true}"#]
    for contentType in ["application/json", "application/json; charset=utf-8", "application/graphql-response+json"] {
      let body = parts.map { "--graphql\r\nCONTENT-TYPE: \(contentType)\r\n\r\n\($0)\r\n" }.joined() + "--graphql--\r\n"
      let server = ScriptedServer(responses: [.text(body, headers: ["Content-Type": "multipart/mixed;boundary=graphql;subscriptionSpec=1.0"])])
      let client = URLSessionClientOnStreamingSession(session: server)
      let results = runChain(CountdownSubscription(from: 2, intervalMs: nil), interceptors: [
        NetworkFetchInterceptor(client: client), MultipartResponseParsingInterceptor(), JSONResponseParsingInterceptor(),
      ], expected: 2)
      XCTAssertEqual(results.compactMap { try? $0.get().data?.countdown }, [2, 1], contentType)
    }
  }

  func test_endToEnd_dashBoundaryWithDashLadenBody_andPayloadWithDataAndErrors() {
    let body = multipartBody([#"{"payload":{"data":{"countdown":3},"errors":[{"message":"-- careful --"}]}}"#,
                              #"{"payload":{"data":null,"errors":[{"message":"only errors"}]}}"#], boundary: "-")
    let server = ScriptedServer(responses: [.text(body, headers: ["Content-Type": "multipart/mixed;boundary=\"-\";subscriptionSpec=1.0"])])
    let results = runChain(CountdownSubscription(from: 3, intervalMs: nil), interceptors: [
      NetworkFetchInterceptor(client: URLSessionClientOnStreamingSession(session: server)), MultipartResponseParsingInterceptor(),
      JSONResponseParsingInterceptor(),
    ], expected: 2)
    let values = results.compactMap { try? $0.get() }
    XCTAssertEqual(values.first?.data?.countdown, 3)
    XCTAssertEqual(values.first?.errors?.first?.message, "-- careful --")
    XCTAssertNil(values.last?.data)
    XCTAssertEqual(values.last?.errors?.first?.message, "only errors")
  }

  /// The JSON parser takes the payload object the multipart interceptor already had instead of parsing the
  /// bytes it wrote again; what it reads stays what those bytes parse to: an integral double is written as
  /// an integer, so it arrives as one, as when the bytes were parsed.
  func test_payloadObjectHandedOn_readsAsItsWrittenBytesWould() throws {
    let body = multipartBody([#"{"payload":{"data":{"countdown":2},"extensions":{"whole":3.0,"half":0.5,"list":[1.0]}}}"#])
    let server = ScriptedServer(responses: [.text(body, headers: ["Content-Type": "multipart/mixed;boundary=graphql;subscriptionSpec=1.0"])])
    let results = runChain(CountdownSubscription(from: 2, intervalMs: nil), interceptors: [
      NetworkFetchInterceptor(client: URLSessionClientOnStreamingSession(session: server)), MultipartResponseParsingInterceptor(),
      JSONResponseParsingInterceptor(),
    ], expected: 1)
    let value = try XCTUnwrap(results.first).get()
    XCTAssertEqual(value.data?.countdown, 2)
    XCTAssertEqual(value.extensionsJSON?["whole"], .int(3))
    XCTAssertEqual(value.extensionsJSON?["half"], .double(0.5))
    XCTAssertEqual(value.extensionsJSON?["list"], .array([.int(1)]))
  }

  /// An interceptor between the multipart interceptor and the parser that rewrites `rawData` is read as
  /// written: the payload object the multipart interceptor handed on goes with the bytes it replaced.
  func test_rawDataRewrittenBeforeTheParser_isWhatIsParsed() throws {
    struct Rewriting: ApolloInterceptor {
      var id = InterceptorID.next()
      func interceptAsync<Operation: GraphQLOperation>(
        chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
        completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
      ) {
        response?.rawData = Data(#"{"data":{"countdown":7}}"#.utf8)
        chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
      }
    }
    let body = multipartBody([#"{"payload":{"data":{"countdown":1}}}"#])
    let server = ScriptedServer(responses: [.text(body, headers: ["Content-Type": "multipart/mixed;boundary=graphql;subscriptionSpec=1.0"])])
    let results = runChain(CountdownSubscription(from: 1, intervalMs: nil), interceptors: [
      NetworkFetchInterceptor(client: URLSessionClientOnStreamingSession(session: server)), MultipartResponseParsingInterceptor(),
      Rewriting(), JSONResponseParsingInterceptor(),
    ], expected: 1)
    XCTAssertEqual(try XCTUnwrap(results.first).get().data?.countdown, 7)
  }

  func test_failingPart_doesNotStopLaterParts() {
    let body = multipartBody(["garbage", #"{"payload":{"data":{"countdown":1}}}"#])
    let server = ScriptedServer(responses: [.text(body, headers: ["Content-Type": "multipart/mixed;boundary=graphql;subscriptionSpec=1.0"])])
    let results = runChain(CountdownSubscription(from: 1, intervalMs: nil), interceptors: [
      NetworkFetchInterceptor(client: URLSessionClientOnStreamingSession(session: server)), MultipartResponseParsingInterceptor(),
      JSONResponseParsingInterceptor(),
    ], expected: 2)
    XCTAssertEqual(results.filter { if case .failure = $0 { return true } else { return false } }.count, 1)
    XCTAssertEqual(results.compactMap { try? $0.get().data?.countdown }, [1])
  }
}

/// Mirrors upstream 1.x `MultipartResponseDeferParserTests` (apollographql/apollo-ios-dev 1.25.7, Tests/ApolloTests/Interceptors/MultipartResponseDeferParserTests.swift).
final class MultipartResponseDeferParserTests: XCTestCase {
  typealias ParsingError = MultipartResponseDeferParser.ParsingError

  private func parse(_ text: String) -> Result<Data?, any Error> {
    MultipartResponseDeferParser.parse(MultipartPart.parse(Data(text.utf8)))
  }

  func test_wrongContentTypeGarbageAndMissingMembers_areEachATypedParsingError() {
    guard case .failure(let a) = parse("content-type: text/html\r\n\r\n{}"),
      case .failure(let b) = parse("content-type: application/json\r\n\r\nnope"),
      case .failure(let c) = parse(#"content-type: application/json\#r\#n\#r\#n{"data":{}}"#)
    else { return XCTFail() }
    XCTAssertEqual(a as? ParsingError, .unsupportedContentType(type: "text/html"))
    XCTAssertEqual(b as? ParsingError, .cannotParseChunkData)
    XCTAssertEqual(c as? ParsingError, .cannotParsePayloadData)
  }

  func test_validPart_isForwarded() throws {
    let forwarded = try parse(#"content-type: application/json; charset=utf-8\#r\#n\#r\#n{"data":{"a":1},"hasNext":true}"#).get()
    XCTAssertEqual(try forwarded.map { try JSONParser.parseObject($0) }, ["data": ["a": 1], "hasNext": true])
  }
}

/// Mirrors upstream 1.x `IncrementalJSONResponseParsingInterceptorTests` and `DeferTests` (apollographql/apollo-ios-dev
/// 1.25.7, Tests/ApolloTests/Interceptors/IncrementalJSONResponseParsingInterceptorTests.swift, DeferTests.swift).
final class DeferTests: XCTestCase {
  private let deferHeaders = ["Content-Type": "multipart/mixed;boundary=\"-\";deferSpec=20220824"]
  private let initial = #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}},"hasNext":true}"#
  private let increment = #"{"incremental":[{"data":{"friends":[{"__typename":"Human","id":"1000","name":"Luke Skywalker"}]},"path":["hero"],"label":"friends"}],"hasNext":false}"#

  func test_nilResponseAndEmptyData_failWithNoResponseToParseAndCouldNotParseToJSON() {
    let nilResults = runChain(HeroDeferredQuery(), interceptors: [IncrementalJSONResponseParsingInterceptor()], expected: 1)
    guard case .failure(let a)? = nilResults.first, case .noResponseToParse? = a as? IncrementalJSONResponseParsingInterceptor.ParsingError
    else { return XCTFail() }
    let empty = runChain(HeroDeferredQuery(), interceptors: [CannedResponseInterceptor(body: ""), IncrementalJSONResponseParsingInterceptor()],
                         expected: 1)
    guard case .failure(let b)? = empty.first,
      case .couldNotParseToJSON(let data)? = b as? IncrementalJSONResponseParsingInterceptor.ParsingError
    else { return XCTFail() }
    XCTAssertEqual(data, Data())
  }

  func test_partialOnly_oneSuccessWithDeferredFragmentPending() {
    let server = ScriptedServer(responses: [.multipart([initial], spec: "deferSpec=20220824", close: false)])
    let results = runChain(HeroDeferredQuery(), interceptors: [
      NetworkFetchInterceptor(client: URLSessionClientOnStreamingSession(session: server)), MultipartResponseParsingInterceptor(),
      IncrementalJSONResponseParsingInterceptor(),
    ], expected: 1)
    let value = try? results.first?.get()
    XCTAssertEqual(value?.data?.hero?.name, "R2-D2")
    XCTAssertNil(value?.data?.hero?.fragments.friends?.friends)
  }

  func test_partialThenIncremental_twoSuccesses_secondFulfilsTheFragment_recordsMerged() {
    final class RecordCapture: ApolloInterceptor, @unchecked Sendable {
      var id = InterceptorID.next()
      let records = Recorder<RecordSet?>()
      func interceptAsync<Operation: GraphQLOperation>(
        chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
        completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
      ) {
        records.append(response?.cacheRecords)
        chain.proceedAsync(request: request, response: response, interceptor: self, completion: completion)
      }
    }
    let capture = RecordCapture()
    let server = ScriptedServer(responses: [.multipart([initial, increment], spec: "deferSpec=20220824")])
    let results = runChain(HeroDeferredQuery(), interceptors: [
      NetworkFetchInterceptor(client: URLSessionClientOnStreamingSession(session: server)), MultipartResponseParsingInterceptor(),
      IncrementalJSONResponseParsingInterceptor(), capture,
    ], expected: 2)
    let values = results.compactMap { try? $0.get() }
    XCTAssertNil(values.first?.data?.hero?.fragments.friends?.friends)
    XCTAssertEqual(values.last?.data?.hero?.fragments.friends?.friends?.first??.name, "Luke Skywalker")
    XCTAssertNotNil(capture.records.values.last??["Human:1000"])
    XCTAssertNotNil(capture.records.values.last??["Droid:2001"])
  }

  func test_secondResponseWithoutIncremental_couldNotParseIncrementalJSON() {
    let response = httpResponse(headers: deferHeaders)
    let interceptor = IncrementalJSONResponseParsingInterceptor()
    final class Feed: ApolloInterceptor, @unchecked Sendable {
      var id = InterceptorID.next()
      let bodies: [String]
      let response: HTTPURLResponse
      init(_ bodies: [String], _ response: HTTPURLResponse) { self.bodies = bodies; self.response = response }
      func interceptAsync<Operation: GraphQLOperation>(
        chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
        completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
      ) {
        for body in bodies {
          chain.proceedAsync(request: request, response: HTTPResponse(response: self.response, rawData: Data(body.utf8), parsedResponse: nil),
                             interceptor: self, completion: completion)
        }
      }
    }
    let results = runChain(HeroDeferredQuery(), interceptors: [Feed([initial, initial], response), interceptor], expected: 2)
    guard case .failure(let error)? = results.last,
      case .couldNotParseIncrementalJSON? = error as? IncrementalJSONResponseParsingInterceptor.ParsingError
    else { return XCTFail("\(results)") }
  }

  /// An interceptor before the parser that gives each part a rebuilt `HTTPURLResponse` (to fix a gateway's headers,
  /// say): the increment still adds to the first payload, as upstream's state did. Only another response's first
  /// payload starts over.
  func test_partsEachWithARebuiltHTTPResponse_areStillMergedIntoOneResult() {
    final class RebuiltResponses: ApolloInterceptor, @unchecked Sendable {
      // @unchecked Sendable: `bodies` and `headers` are immutable.
      var id = InterceptorID.next()
      let bodies: [String]
      let headers: [String: String]
      init(_ bodies: [String], headers: [String: String]) { self.bodies = bodies; self.headers = headers }
      func interceptAsync<Operation: GraphQLOperation>(
        chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
        completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
      ) {
        for body in bodies {
          let rebuilt = HTTPURLResponse(url: request.graphQLEndpoint, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: headers)
          guard let rebuilt else { return XCTFail("no response") }
          chain.proceedAsync(request: request, response: HTTPResponse(response: rebuilt, rawData: Data(body.utf8), parsedResponse: nil),
                             interceptor: self, completion: completion)
        }
      }
    }
    let results = runChain(HeroDeferredQuery(), interceptors: [
      RebuiltResponses([initial, increment], headers: deferHeaders), IncrementalJSONResponseParsingInterceptor(),
    ], expected: 2)
    let values = results.compactMap { try? $0.get() }
    XCTAssertEqual(values.count, 2, "\(results)")
    XCTAssertEqual(values.last?.data?.hero?.fragments.friends?.friends?.first??.name, "Luke Skywalker")
  }

  /// A first response that is only `{"hasNext": false}` has no result and nothing can follow it: it fails the
  /// request instead of leaving the completion uncalled.
  func test_aFirstResponseOfOnlyHasNext_failsWithCouldNotParseIncrementalJSON() {
    let response = httpResponse(headers: ["Content-Type": "application/json"])
    let results = runChain(HeroDeferredQuery(), interceptors: [
      CannedResponseInterceptorWithResponse(response: response, body: #"{"hasNext":false}"#), IncrementalJSONResponseParsingInterceptor(),
    ], expected: 1)
    guard case .failure(let error)? = results.first,
      case .couldNotParseIncrementalJSON? = error as? IncrementalJSONResponseParsingInterceptor.ParsingError
    else { return XCTFail("\(results)") }
  }

  func test_secondResponseForAnotherDataType_mismatchedCurrentResultType() {
    let response = httpResponse(headers: deferHeaders)
    let interceptor = IncrementalJSONResponseParsingInterceptor()
    let first = runChain(HeroDeferredQuery(), interceptors: [
      CannedResponseInterceptorWithResponse(response: response, body: initial), interceptor,
    ], expected: 1)
    XCTAssertNotNil(try? first.first?.get())
    let second = runChain(HeroNameQuery(episode: nil), interceptors: [
      CannedResponseInterceptorWithResponse(response: response, body: increment), interceptor,
    ], expected: 1)
    guard case .failure(let error)? = second.first,
      case .mismatchedCurrentResultType? = error as? IncrementalJSONResponseParsingInterceptor.ParsingError
    else { return XCTFail("\(second)") }
  }

  /// MIGRATION.md §5.6, 1.x decision 5, fixed: a retried `@defer` operation parses its new initial response instead of failing
  /// with `couldNotParseIncrementalJSON` (state starts over with each new HTTP response).
  func test_quirk_retriedDeferredOperationParsesItsNewInitialResponse() {
    let interceptor = IncrementalJSONResponseParsingInterceptor()
    let first = runChain(HeroDeferredQuery(), interceptors: [
      CannedResponseInterceptorWithResponse(response: httpResponse(headers: deferHeaders), body: initial), interceptor,
    ], expected: 1)
    XCTAssertNotNil(try? first.first?.get())
    let again = runChain(HeroDeferredQuery(), interceptors: [
      CannedResponseInterceptorWithResponse(response: httpResponse(headers: deferHeaders), body: initial), interceptor,
    ], expected: 1)
    XCTAssertEqual(try? again.first?.get().data?.hero?.name, "R2-D2")
  }

  func test_defaultStackDeferredQuery_twoDeliveries() {
    let stack = ScriptedStack()
    let done = exactly(2)
    let names = Recorder<Int>()
    stack.apollo.fetch(query: HeroDeferredQuery(), cachePolicy: .fetchIgnoringCacheData, queue: callbackQueue) { result in
      names.append((try? result.get().data?.hero?.fragments.friends?.friends?.count) ?? -1)
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    settle()
    XCTAssertEqual(names.count, 2)
    XCTAssertEqual(names.values.first, -1)
    XCTAssertGreaterThan(names.values.last ?? 0, 0)
  }
}

/// A canned response with a given `HTTPURLResponse` (parts of one response share it).
struct CannedResponseInterceptorWithResponse: ApolloInterceptor {
  var id = InterceptorID.next()
  let response: HTTPURLResponse
  let body: String
  func interceptAsync<Operation: GraphQLOperation>(
    chain: any RequestChain, request: HTTPRequest<Operation>, response: HTTPResponse<Operation>?,
    completion: @escaping (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
  ) {
    chain.proceedAsync(request: request, response: HTTPResponse(response: self.response, rawData: Data(body.utf8), parsedResponse: nil),
                       interceptor: self, completion: completion)
  }
}

/// Decision (MIGRATION.md 5.6): a multipart body whose first delimiter has no CRLF before it is read, as
/// RFC 2046 allows (the body may open with the dash-boundary). Upstream 1.25 rejects it: a parsing error,
/// then an empty success.
final class MultipartBodyWithoutLeadingCRLFTests: XCTestCase {
  func test_differenceFromUpstream_aBodyOpeningWithTheBoundary_isReadOnceAndCached() throws {
    let part = #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}},"hasNext":false}"#
    let body = "--graphql\r\ncontent-type: application/json\r\n\r\n\(part)\r\n--graphql--\r\n"
    XCTAssertTrue(body.hasPrefix("--graphql"), "no CRLF before the first delimiter")
    let server = ScriptedServer { _ in
      .raw(Data(body.utf8), headers: ["Content-Type": "multipart/mixed; boundary=\"graphql\"; deferSpec=20220824"])
    }
    let stack = ScriptedStack(server: server)
    let results = Recorder<Result<GraphQLResult<HeroNameQuery.Data>, any Error>>()
    let done = exactly(1)
    stack.apollo.fetch(query: HeroNameQuery(episode: nil), cachePolicy: .fetchIgnoringCacheData, queue: callbackQueue) { result in
      results.append(result)
      done.fulfill()
    }
    wait(for: [done], timeout: 2)
    settle()
    XCTAssertEqual(results.count, 1)
    XCTAssertEqual(try results.values.first?.get().data?.hero?.name, "R2-D2")
    XCTAssertEqual(try stack.store.readIfComplete(HeroNameQuery(episode: nil))?.data.hero?.name, "R2-D2")
  }
}
