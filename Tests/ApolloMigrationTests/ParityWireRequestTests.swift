import ApolloCore
@testable import ApolloMigration  // ParityWireRequest's init from a received request is the runner's own
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a request's trace keeps: nothing a hook controls may be dropped on the way into the trace.
final class ParityWireRequestTests: XCTestCase {
  private func wire(_ url: String, method: String = "POST", body: Data?) throws -> ParityWireRequest {
    var request = URLRequest(url: try XCTUnwrap(URL(string: url)))
    request.httpMethod = method
    request.httpBody = body
    return ParityWireRequest(ScriptedRequest(recorded: request, sequenceNumber: 1))
  }

  private let json = Data(#"{"operationName":"HeroName","query":"q","variables":{}}"#.utf8)

  func test_aQueryItemOnAPOST_staysInTheURL() throws {
    XCTAssertEqual(try wire("http://h/graphql?tenant=x", body: json).url, "http://h/graphql?tenant=x")
    XCTAssertEqual(try wire("http://h/graphql", body: json).url, "http://h/graphql")
  }

  func test_aGETsGraphQLItems_areTheBody_andItsOtherItemsStayInTheURL() throws {
    let request = try wire("http://h/graphql?operationName=HeroName&query=q&variables=%7B%7D&tenant=x", method: "GET", body: nil)
    XCTAssertEqual(request.url, "http://h/graphql?tenant=x")
    XCTAssertTrue(request.body.contains(#""operationName":"HeroName""#), request.body)
    XCTAssertFalse(request.body.contains("tenant"), "recorded once, in the URL: \(request.body)")
  }

  func test_bodiesThatAreNotJSON_compareByTheirBytes() throws {
    let gzip = try wire("http://h/graphql", body: Data([0x1f, 0x8b, 0x08, 0x00]))
    let other = try wire("http://h/graphql", body: Data([0x1f, 0x8b, 0x08, 0x01]))
    XCTAssertTrue(gzip.body.hasPrefix("<4 bytes, not JSON, sha256 "), gzip.body)
    XCTAssertNotEqual(gzip.body, other.body)
    XCTAssertEqual(gzip.body, try wire("http://h/graphql", body: Data([0x1f, 0x8b, 0x08, 0x00])).body)
  }
}
