import ApolloAsyncChain
import ApolloCallbackChain
import ApolloDelegateTransport
@testable import ApolloMigration
import XCTest

/// A request the 2.x engine could not build (its body, its GET URL) is reported to 0.x and 1.x code with the error
/// type that generation threw, which is what its `catch` clauses and `switch`es match.
final class RequestBuildingErrorConversionTests: XCTestCase {
  private let cases: [ApolloAsyncChain.GraphQLHTTPRequestError] = [.serializedBodyMessageError, .serializedQueryParamsMessageError]

  func test_the1xCallSurface_getsThe1xErrorOfTheSameName() {
    let expected: [ApolloCallbackChain.GraphQLHTTPRequestError] = [.serializedBodyMessageError, .serializedQueryParamsMessageError]
    XCTAssertEqual(cases.map { ResultConversion.v1Error($0) as? ApolloCallbackChain.GraphQLHTTPRequestError }, expected)
  }

  func test_the0xCallSurface_getsThe0xErrorOfTheSameName() {
    let expected: [ApolloDelegateTransport.GraphQLHTTPRequestError] = [.serializedBodyMessageError, .serializedQueryParamsMessageError]
    XCTAssertEqual(cases.map(\.inDelegateTransport), expected)
  }
}
