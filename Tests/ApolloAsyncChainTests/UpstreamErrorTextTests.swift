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
}
