import ApolloAsyncChain
import ApolloCore
import Foundation
import XCTest

/// Error descriptions are upstream 2.x's, word for word: logs, tests and support tooling match on them.
final class UpstreamErrorTextTests: XCTestCase {
  func test_clientErrors_useUpstreamsWords() {
    XCTAssertEqual(ApolloClient.Error.noResults.errorDescription, """
      The operation completed without returning any results. This can occur if the network returns a success response with no body content.
      If using a `RequestChainNetworkTransport`, this can also occur if an interceptor fails to pass on the emitted results.
      """)
    XCTAssertEqual(ApolloClient.Error.noUploadTransport.errorDescription,
                   "Attempting to upload using a transport which does not support uploads. This is a developer error.")
    XCTAssertEqual(ApolloClient.Error.noSubscriptionTransport.errorDescription,
                   "Attempting to begin a subscription using a transport which does not support subscriptions. This is a developer error.")
  }

  func test_parsingErrors_useUpstreamsWords() {
    XCTAssertEqual(JSONResponseParsingError.couldNotParseToJSON(data: Data("oops".utf8)).errorDescription,
                   "Could not parse data to JSON format. Data received as a String was: oops")
    XCTAssertEqual(JSONResponseParsingError.couldNotParseToJSON(data: Data([0xff, 0xfe])).errorDescription,
                   "Could not parse data to JSON format. Data of count 2 also could not be parsed into a String.")
    XCTAssertEqual(JSONResponseParsingError.missingMultipartBoundary.errorDescription,
                   "Missing multipart boundary in the response 'content-type' header.")
    XCTAssertEqual(JSONResponseParsingError.invalidMultipartProtocol.errorDescription,
                   "Missing, or unknown, multipart specification protocol in the response 'content-type' header.")
    XCTAssertEqual(MultipartResponseDeferParser.ParsingError.unsupportedContentType(type: "text/plain").errorDescription,
                   "Unsupported content type: application/json is required but got text/plain.")
    XCTAssertEqual(MultipartResponseDeferParser.ParsingError.cannotParseChunkData.errorDescription, "The chunk data could not be parsed.")
    XCTAssertEqual(MultipartResponseDeferParser.ParsingError.cannotParsePayloadData.errorDescription, "The payload data could not be parsed.")
    XCTAssertEqual(MultipartResponseSubscriptionParser.ParsingError.irrecoverableErrors([]).errorDescription, "An irrecoverable error occured.")
    XCTAssertEqual(MultipartResponseSubscriptionParser.ParsingError.cannotParsePayloadData.errorDescription,
                   "The payload data could not be parsed.")
  }
}
