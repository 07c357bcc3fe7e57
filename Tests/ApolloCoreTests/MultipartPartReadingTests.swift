import ApolloCore
import Foundation
import XCTest

/// The two per-generation rule sets for reading one multipart part (see `MultipartPartRulesAcrossGenerationsTests`
/// for the same parts through each generation's parser).
final class MultipartPartReadingTests: XCTestCase {
  private let anyDirective = MultipartPartReading(contentType: .anyDirective, blankPart: .skip)
  private let firstDirective = MultipartPartReading(contentType: .firstDirective, blankPart: .skipOnlyWithHeaders)

  private func part(_ text: String) -> MultipartPart { MultipartPart.parse(Data(text.utf8)) }

  func test_jsonInALaterDirective_isJSONForAnyDirective_andUnsupportedForFirstDirective() {
    let later = part("content-type: text/plain ; application/json\r\n\r\n{\"a\":1}")
    XCTAssertEqual(anyDirective.content(of: later), .object(["a": 1]))
    XCTAssertEqual(firstDirective.content(of: later), .unsupportedContentType("text/plain ; application/json"))
  }

  func test_unsupportedType_isReportedAsTrimmedDirectives_orAsTheHeaderValue() {
    let html = part("content-type: text/html ;charset=utf-8\r\n\r\n{}")
    XCTAssertEqual(anyDirective.unsupportedContentType(of: html), "text/html;charset=utf-8")
    XCTAssertEqual(firstDirective.unsupportedContentType(of: html), "text/html ;charset=utf-8")
  }

  func test_jsonFirstWithParameters_andNoContentType_areJSONForBoth() {
    for rules in [anyDirective, firstDirective] {
      XCTAssertNil(rules.unsupportedContentType(of: part("Content-Type: Application/JSON; charset=utf-8\r\n\r\n{}")))
      XCTAssertNil(rules.unsupportedContentType(of: part("{}")))
    }
  }

  func test_blankPart_skippedByBoth_withHeaders_butUnreadableWithoutHeadersForSkipOnlyWithHeaders() {
    let withHeaders = part("content-type: application/json\r\n\r\n \r\n")
    let headerless = part("  \r\n")
    XCTAssertEqual(anyDirective.content(of: withHeaders), .nothing)
    XCTAssertEqual(firstDirective.content(of: withHeaders), .nothing)
    XCTAssertEqual(anyDirective.content(of: headerless), .nothing)
    XCTAssertEqual(firstDirective.content(of: headerless), .unreadable)
  }

  func test_bodyThatIsNotAnObject_isUnreadable_andObjectThrowsTheCallersError() {
    struct Unreadable: Error {}
    XCTAssertEqual(anyDirective.content(of: part("[1]")), .unreadable)
    XCTAssertThrowsError(try firstDirective.object(of: part("nope"), unsupportedContentType: { _ in Unreadable() },
                                                   unreadable: Unreadable())) { error in
      XCTAssertTrue(error is Unreadable)
    }
  }
}
