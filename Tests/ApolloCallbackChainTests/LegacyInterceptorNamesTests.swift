import ApolloCallbackChain
import StarWarsAPI
import XCTest

/// The 0.34–0.49 names still compile and are the same types as their 0.50+ names.
@available(*, deprecated, message: "uses the deprecated 0.34–0.49 names on purpose")
final class LegacyInterceptorNamesTests: XCTestCase {
  func test_interceptorRFCExample_legacyProviderWithStore_buildsTheDefaultChain() {
    let store = ApolloStore()
    let provider = LegacyInterceptorProvider(store: store)
    let interceptors = provider.interceptors(for: HeroNameQuery(episode: nil))
    XCTAssertTrue(interceptors.contains { $0 is LegacyCacheReadInterceptor })
    XCTAssertTrue(interceptors.contains { $0 is LegacyCacheWriteInterceptor })
    XCTAssertTrue(interceptors.contains { $0 is LegacyParsingInterceptor })
  }
}
