import ApolloAsyncChain
import ApolloCallbackChain
import ApolloDelegateTransport
@testable import ApolloMigration
import XCTest

/// A request the 2.x engine could not build (its body, its GET URL) is reported to 0.x and 1.x code with the error
/// type that generation threw, which is what its `catch` clauses and `switch`es match. The conversions the facades
/// use, checked directly: no input makes Foundation refuse a GET URL here, so no request reaches the facades' catch.
final class RequestBuildingErrorConversionTests: XCTestCase {
  private let cases: [ApolloAsyncChain.GraphQLHTTPRequestError] = [.serializedBodyMessageError, .serializedQueryParamsMessageError]

  func test_theConversionFor1xCode_givesThe1xErrorOfTheSameName() {
    let expected: [ApolloCallbackChain.GraphQLHTTPRequestError] = [.serializedBodyMessageError, .serializedQueryParamsMessageError]
    XCTAssertEqual(cases.map { ResultConversion.v1Error($0) as? ApolloCallbackChain.GraphQLHTTPRequestError }, expected)
  }

  func test_theConversionFor0xCode_givesThe0xErrorOfTheSameName() {
    let expected: [ApolloDelegateTransport.GraphQLHTTPRequestError] = [.serializedBodyMessageError, .serializedQueryParamsMessageError]
    XCTAssertEqual(cases.map(\.inDelegateTransport), expected)
  }
}
