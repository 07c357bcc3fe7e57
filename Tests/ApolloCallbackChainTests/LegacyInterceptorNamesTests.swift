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

  func test_storeCacheKeyForObject_0_34Spelling_keysWhatTheParserWrites() throws {
    let store = ApolloStore()
    store.cacheKeyForObject = { $0["id"] }
    let body: JSON.Object = ["data": ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]]]
    // What the default provider hands its JSONResponseParsingInterceptor for each request.
    let (_, records) = try store.normalizer.execute(HeroNameQuery(episode: nil), data: XCTUnwrap(body["data"]?.objectValue),
                                                    normalizing: true)
    XCTAssertEqual(records?["QUERY_ROOT"]?.fields["hero"], .reference("2001"), "the rule's key, asked before the schema's Droid:2001")
    XCTAssertEqual(store.cacheKeyForObject?(["id": 7]) as? Int, 7, "the closure the app set")
  }
}
