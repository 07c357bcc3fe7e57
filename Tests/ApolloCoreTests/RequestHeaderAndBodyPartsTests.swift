import Foundation
import XCTest

import ApolloCore

/// The pieces every generation builds a request from: header fields gathered before they go on the
/// `URLRequest`, and the `extensions.clientLibrary` body member.
final class RequestHeaderAndBodyPartsTests: XCTestCase {
  // MARK: HTTPHeaderFields

  func test_headerFields_appendSameNameInAnotherCase_joinsWithCommaUnderTheFirstSpelling() {
    var headers = HTTPHeaderFields()
    headers.append("a", for: "X-Trace")
    headers.append("b", for: "x-trace")
    headers.append("1", for: "Authorization")
    XCTAssertEqual(headers.dictionary, ["X-Trace": "a,b", "Authorization": "1"])
    XCTAssertEqual(headers["X-TRACE"], "a,b")
  }

  func test_headerFields_set_replacesAnyCaseTakingTheNewSpelling_andNilRemoves() {
    var headers = HTTPHeaderFields()
    headers.append("old", for: "Content-Type")
    headers.append("keep", for: "Accept")
    headers.set("application/json", for: "content-type")
    XCTAssertEqual(headers.dictionary, ["content-type": "application/json", "Accept": "keep"])
    headers.set(nil, for: "ACCEPT")
    headers.set(nil, for: "Absent")
    XCTAssertEqual(headers.dictionary, ["content-type": "application/json"])
    XCTAssertNil(headers["accept"])
  }

  func test_headerFields_namesDifferingBeyondASCIICase_stayApart() {
    var headers = HTTPHeaderFields()
    headers.append("1", for: "X-A")
    headers.append("2", for: "X-AB")
    headers.append("3", for: "X_A")
    XCTAssertEqual(headers.dictionary, ["X-A": "1", "X-AB": "2", "X_A": "3"])
  }

  func test_headerFields_equality_ignoresTheOrderFieldsWereAddedIn() {
    var first = HTTPHeaderFields()
    first.append("1", for: "A")
    first.append("2", for: "B")
    var second = HTTPHeaderFields()
    second.append("2", for: "B")
    second.append("1", for: "A")
    XCTAssertEqual(first, second)
    XCTAssertEqual(Set([first, second]).count, 1)
    second.append("3", for: "b")
    XCTAssertNotEqual(first, second)
  }

  // MARK: ClientLibraryExtension

  func test_clientLibrary_addTo_keepsOtherExtensions_andReplacesAnEarlierClientLibrary() {
    let library = ClientLibraryExtension(name: "apollo-ios", version: "2.4.0")
    var body: JSON.Object = [
      "operationName": "Hero",
      "extensions": ["persistedQuery": ["version": 1], "clientLibrary": ["name": "old"]],
    ]
    library.add(to: &body)
    XCTAssertEqual(body, [
      "operationName": "Hero",
      "extensions": ["persistedQuery": ["version": 1], "clientLibrary": ["name": "apollo-ios", "version": "2.4.0"]],
    ])
    var bare: JSON.Object = [:]
    library.add(to: &bare)
    XCTAssertEqual(bare, ["extensions": ["clientLibrary": library.json]])
    XCTAssertEqual(library.json, ["name": "apollo-ios", "version": "2.4.0"])
  }

  // MARK: Content-Type checks

  func test_isMultipartMixed_findsTheMediaTypeInAnyASCIICaseAnywhere_andNothingElse() {
    XCTAssertTrue(MultipartContentType.isMultipartMixed(#"multipart/mixed; boundary="graphql"; deferSpec=20220824"#))
    XCTAssertTrue(MultipartContentType.isMultipartMixed("Multipart/MIXED;boundary=-"))
    XCTAssertTrue(MultipartContentType.isMultipartMixed("  multipart/mixed"))
    XCTAssertFalse(MultipartContentType.isMultipartMixed("application/json"))
    XCTAssertFalse(MultipartContentType.isMultipartMixed("multipart/mixe"))
    XCTAssertFalse(MultipartContentType.isMultipartMixed("multipart/form-data; boundary=x"))
    XCTAssertFalse(MultipartContentType.isMultipartMixed(""))
    XCTAssertFalse(MultipartContentType.isMultipartMixed(nil))
  }

  func test_containsASCII_caseSensitivityIsAskedFor_andNonASCIITextIsComparedByteForByte() {
    XCTAssertTrue("abcABC".containsASCII("cab", caseInsensitive: true))
    XCTAssertFalse("abcABC".containsASCII("cab"))
    XCTAssertTrue("abcABC".containsASCII("cAB"))
    XCTAssertTrue("é multipart".containsASCII("MULTIPART", caseInsensitive: true))
    XCTAssertFalse("ÉA".containsASCII("éa", caseInsensitive: true))
    XCTAssertTrue("anything".containsASCII(""))
    XCTAssertTrue("".containsASCII(""))
    XCTAssertFalse("ab".containsASCII("abc"))
    XCTAssertTrue("aab".containsASCII("ab"))
  }
}
