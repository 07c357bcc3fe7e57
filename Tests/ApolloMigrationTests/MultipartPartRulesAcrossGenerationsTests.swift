import ApolloAsyncChain
@testable import ApolloCallbackChain  // 1.x's per-part parsers are internal, as upstream's
import ApolloCore
import Foundation
import StarWarsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The checks on one part of a multipart response, where upstream 1.x and 2.x differ and each generation keeps
/// its own (MIGRATION.md, section 4, "Differences below the catalog"). The same part goes through the 1.x
/// subscription parser and the 2.x response parser.
final class MultipartPartRulesAcrossGenerationsTests: XCTestCase {
  private typealias V1Error = ApolloCallbackChain.MultipartResponseSubscriptionParser.ParsingError
  private typealias V2Error = ApolloAsyncChain.MultipartResponseSubscriptionParser.ParsingError

  private func readBy1x(_ part: String) -> Result<Data?, any Error> {
    ApolloCallbackChain.MultipartResponseSubscriptionParser.parse(MultipartPart.parse(Data(part.utf8)))
  }

  private func readBy2x(_ part: String) async throws -> ParsedResult<HeroNameQuery>? {
    let headers = ["Content-Type": "multipart/mixed;boundary=\"graphql\";subscriptionSpec=1.0"]
    let url = URL(string: "http://localhost/graphql")!
    let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: headers)!
    let parser = JSONResponseParser(response: response,
                                    operationVariables: ["episode": GraphQLNullable<GraphQLEnum<Episode>>.none],
                                    includeCacheRecords: false)
    return try await parser.parse(dataChunk: Data(part.utf8), mergingIncrementalItemsInto: nil)
  }

  func test_differs1xFrom2x_jsonNamedInALaterContentTypeDirective_1xReadsThePart_2xRejectsIt() async {
    let part = "content-type: text/plain; application/json\r\n\r\n{\"payload\":{\"data\":{\"hero\":null}}}"

    guard case .success(let forwarded?) = readBy1x(part) else { return XCTFail("1.x should forward the payload") }
    XCTAssertEqual(String(decoding: forwarded, as: UTF8.self), #"{"data":{"hero":null}}"#)

    do {
      _ = try await readBy2x(part)
      XCTFail("2.x should reject a part whose first directive is not JSON")
    } catch {
      XCTAssertEqual(error as? V2Error, .unsupportedContentType(type: "text/plain; application/json"))
    }
  }

  func test_differs1xFrom2x_blankPartWithoutHeaders_1xSkipsIt_2xCannotReadIt() async {
    let part = "  \r\n"

    guard case .success(nil) = readBy1x(part) else { return XCTFail("1.x should skip a blank part") }

    do {
      _ = try await readBy2x(part)
      XCTFail("2.x should not read a blank part without headers")
    } catch {
      XCTAssertEqual(error as? V2Error, .cannotParseChunkData)
    }
  }

  func test_bothGenerations_skipABlankPartThatHasHeaders_andRejectANonJSONType() async throws {
    let blankWithHeaders = "content-type: application/json\r\n\r\n  "
    guard case .success(nil) = readBy1x(blankWithHeaders) else { return XCTFail("1.x should skip it") }
    let read = try await readBy2x(blankWithHeaders)
    XCTAssertNil(read, "2.x should skip it")

    let html = "content-type: text/html\r\n\r\n{}"
    guard case .failure(let error) = readBy1x(html) else { return XCTFail("1.x should reject text/html") }
    XCTAssertEqual(error as? V1Error, .unsupportedContentType(type: "text/html"))
    do {
      _ = try await readBy2x(html)
      XCTFail("2.x should reject text/html")
    } catch {
      XCTAssertEqual(error as? V2Error, .unsupportedContentType(type: "text/html"))
    }
  }
}
