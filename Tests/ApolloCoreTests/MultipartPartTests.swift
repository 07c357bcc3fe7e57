import Foundation
import XCTest

import ApolloCore

final class MultipartPartTests: XCTestCase {
  private func part(_ text: String) -> MultipartPart {
    MultipartPart.parse(Data(text.utf8))
  }

  func test_multipartPart_splitsHeadersFromBodyAtTheFirstBlankLine() {
    let parsed = part("Content-Type: application/json; charset=utf-8\r\nX-Extra:  yes \r\n\r\n{\"a\":1}")
    XCTAssertEqual(parsed.headers, ["content-type": "application/json; charset=utf-8", "x-extra": "yes"])
    XCTAssertEqual(parsed.body, Data("{\"a\":1}".utf8))
    XCTAssertEqual(parsed.contentType, "application/json; charset=utf-8")
  }

  func test_blankLinesInsideTheBody_areKept() {
    let parsed = part("content-type: text/plain\r\n\r\nline one\r\n\r\nline two\r\n")
    XCTAssertEqual(parsed.body, Data("line one\r\n\r\nline two\r\n".utf8))
  }

  func test_chunkStartingWithCRLF_hasNoHeaders() {
    let parsed = part("\r\n{\"a\":1}\r\n\r\nx")
    XCTAssertEqual(parsed.headers, [:])
    XCTAssertEqual(parsed.body, Data("{\"a\":1}\r\n\r\nx".utf8))
    XCTAssertNil(parsed.contentType)
  }

  func test_chunkWithoutBlankLineStartingWithJSON_isAllBody() {
    for text in ["{\"data\":{}}", "[1]", " {\"a\":1}", "\n{}", "\t[]", "{\"a\":\"b: c\"}\r\n"] {
      let parsed = part(text)
      XCTAssertEqual(parsed.headers, [:], text)
      XCTAssertEqual(parsed.body, Data(text.utf8), text)
    }
  }

  func test_chunkWithoutBlankLineOtherwise_isAllHeaders() {
    let parsed = part("Content-Type: application/json\r\nX-A: 1")
    XCTAssertEqual(parsed.headers, ["content-type": "application/json", "x-a": "1"])
    XCTAssertEqual(parsed.body, Data())
  }

  func test_emptyChunk_isAnEmptyPart() {
    XCTAssertEqual(part(""), MultipartPart(headers: [:], body: Data()))
  }

  func test_emptyBodyAfterHeaders_isAnEmptyBody() {
    let parsed = part("content-type: application/json\r\n\r\n")
    XCTAssertEqual(parsed.contentType, "application/json")
    XCTAssertEqual(parsed.body, Data())
  }

  func test_repeatedHeaders_areJoinedWithComma() {
    XCTAssertEqual(part("Accept: a\r\naccept: b\r\n\r\n").headers, ["accept": "a, b"])
  }

  func test_headerLinesWithoutColonOrName_areIgnored() {
    XCTAssertEqual(part("garbage\r\n: novalue\r\nA:1\r\n\r\nbody").headers, ["a": "1"])
  }

  func test_headerValue_keepsLaterColons() {
    XCTAssertEqual(part("Location: http://x:80/y\r\n\r\n").headers, ["location": "http://x:80/y"])
  }

  func test_multipartPart_parsesDataSlices() {
    let data = Data("xxcontent-type: a\r\n\r\nbodyyy".utf8)
    let parsed = MultipartPart.parse(data[2..<25])
    XCTAssertEqual(parsed.contentType, "a")
    XCTAssertEqual(parsed.body, Data("body".utf8))
  }

  func test_initializer_lowercasesHeaderNames() {
    let made = MultipartPart(headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
    XCTAssertEqual(made.contentType, "application/json")
    XCTAssertEqual(made, part("content-type: application/json\r\n\r\n{}"))
  }

  func test_splitterChunks_parseIntoParts() throws {
    let body = """
      \r\n--graphql\r\ncontent-type: application/json; charset=utf-8\r\n\r\n{"data":{"hero":{"name":"R2-D2"}},"hasNext":true}\
      \r\n--graphql\r\ncontent-type: application/json; charset=utf-8\r\n\r\n{"incremental":[{"data":{"friends":[]},"path":["hero"]}],"hasNext":false}\
      \r\n--graphql--\r\n
      """
    var splitter = MultipartChunkSplitter(boundary: "graphql")
    let parts = (splitter.append(Data(body.utf8)) + splitter.finish()).map(MultipartPart.parse)
    XCTAssertEqual(parts.count, 2)
    XCTAssertEqual(parts.map(\.contentType), ["application/json; charset=utf-8", "application/json; charset=utf-8"])
    XCTAssertEqual(try JSONParser.parseObject(parts[0].body)["hasNext"], true)
    XCTAssertEqual(try JSONParser.parseObject(parts[1].body)["hasNext"], false)
  }

  func test_headerWhitespace_tabsAndSpacesAreTrimmed_otherSpacesAndLoneLineFeedsAreKept() {
    // HTTP's optional whitespace is spaces and tabs; a no-break space is part of the value, and only CRLF
    // ends a header line.
    let parsed = part("\tX-Tab:\t a \t\r\nX-NBSP: \u{00A0}b\u{00A0}\r\nX-LF: c\nd\r\n\r\n{}")
    XCTAssertEqual(parsed.headers["x-tab"], "a")
    XCTAssertEqual(parsed.headers["x-nbsp"], "\u{00A0}b\u{00A0}")
    XCTAssertEqual(parsed.headers["x-lf"], "c\nd")
  }

  func test_invalidUTF8InAHeader_isReplaced_andTheLineStillSplitsAtItsColon() {
    var bytes = Array("X-Bad: a".utf8)
    bytes.append(0xE2)
    bytes.append(contentsOf: Array("\r\nX-Good: ok\r\n\r\n{}".utf8))
    let parsed = MultipartPart.parse(Data(bytes))
    XCTAssertEqual(parsed.headers["x-bad"], "a\u{FFFD}")
    XCTAssertEqual(parsed.headers["x-good"], "ok")
  }

  func test_multipartMixed_isRecognizedCaseInsensitively_inASCII() {
    XCTAssertTrue(MultipartContentType.isMultipartMixed("Multipart/MIXED; boundary=x"))
    XCTAssertTrue(MultipartContentType.isMultipartMixed("text/plain, multipart/mixed"))
    XCTAssertFalse(MultipartContentType.isMultipartMixed("multipart/mixe"))
    XCTAssertFalse(MultipartContentType.isMultipartMixed(nil))
  }

  func test_boundary_ignoresTabsAroundNameAndValue_andKeepsQuotedSemicolons() {
    XCTAssertEqual(MultipartChunkSplitter.boundary(fromContentType: "multipart/mixed;\tBoundary\t=\t\"a;b\"\t"), "a;b")
    XCTAssertNil(MultipartChunkSplitter.boundary(fromContentType: "multipart/mixed; boundary= \t"))
  }
}
