import ApolloCallbackChain
import Foundation
import XCTest

/// Error descriptions are upstream 1.x's, word for word: logs, tests and support tooling match on them.
final class UpstreamErrorTextTests: XCTestCase {
  func test_unparsableBody_isShownAsText_onOneLine_orCountedWhenNotUTF8() {
    let text = Data("<html>oops</html>".utf8)
    let binary = Data([0xff, 0xfe, 0x00])
    let expectedText = "Could not parse data to JSON format. Data received as a String was: <html>oops</html>"
    let expectedBinary = "Could not parse data to JSON format. Data of count 3 also could not be parsed into a String."
    XCTAssertEqual(JSONResponseParsingInterceptor.JSONResponseParsingError.couldNotParseToJSON(data: text).errorDescription, expectedText)
    XCTAssertEqual(JSONResponseParsingInterceptor.JSONResponseParsingError.couldNotParseToJSON(data: binary).errorDescription, expectedBinary)
    XCTAssertEqual(IncrementalJSONResponseParsingInterceptor.ParsingError.couldNotParseToJSON(data: text).errorDescription, expectedText)
    XCTAssertEqual(IncrementalJSONResponseParsingInterceptor.ParsingError.couldNotParseToJSON(data: binary).errorDescription, expectedBinary)
  }

  func test_parsingInterceptorsCalledWithoutAResponse_sayWhichInterceptor() {
    XCTAssertEqual(JSONResponseParsingInterceptor.JSONResponseParsingError.noResponseToParse.errorDescription,
                   "The Codable Parsing Interceptor was called before a response was received to be parsed. Double-check the order of your interceptors.")
    XCTAssertEqual(IncrementalJSONResponseParsingInterceptor.ParsingError.noResponseToParse.errorDescription,
                   "The JSON response parsing interceptor was called before a response was received. Double-check the order of your interceptors.")
  }

  func test_sessionClientErrors_useUpstreamsWords() {
    struct Offline: LocalizedError { var errorDescription: String? { "The Internet connection appears to be offline." } }
    XCTAssertEqual(URLSessionClient.URLSessionClientError.networkError(data: Data(), response: nil, underlying: Offline()).errorDescription,
                   "A network error occurred: The Internet connection appears to be offline.")
    XCTAssertEqual(URLSessionClient.URLSessionClientError.sessionInvalidated.errorDescription,
                   "Attempting to create a new request after the session has been invalidated!")
    XCTAssertEqual(URLSessionClient.URLSessionClientError.missingMultipartBoundary.errorDescription,
                   "A multipart HTTP response was received without specifying a boundary!")
  }
}
