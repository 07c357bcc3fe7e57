import ApolloAsyncChain
import Foundation
import StarWarsAPI
import XCTest

/// `GraphQLResponse.asJSONDictionary()`: the 2.x result in response shape, built by the core's
/// `GraphQLResponseBody.foundationDictionary`.
final class GraphQLResponseTests: XCTestCase {
  private let hero = HeroNameQuery.Data(hero: .init(__typename: "Droid", id: "2001", name: "R2-D2"))
  /// What `hero` holds: the generated initializer also sets the root's `__typename`.
  private let heroJSON: JSON.Object = ["__typename": "Query",
                                       "hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]]
  private let errorJSON: JSON.Object = ["message": "Name unavailable", "path": ["hero", "name"],
                                        "extensions": ["code": "UNAVAILABLE"]]
  private let extensionsJSON: JSON.Object = ["cost": 3, "traced": true, "trace": .null]

  /// `extensions` is upstream's `JSONObject`, its values in `JSONSerialization`'s shapes, so an app reads it with
  /// the casts it uses against Apollo 2.x.
  func test_extensions_readWithTheCastsAppsUse() throws {
    let response = try JSONResponseParser(
      response: HTTPURLResponse(url: testEndpoint, statusCode: 200, httpVersion: nil,
                                headerFields: ["Content-Type": "application/json"])!,
      operationVariables: nil, includeCacheRecords: false
    ).parse(parsedBody: ["data": .object(heroJSON), "extensions": ["cost": 3, "trace": ["id": "t-1", "sampled": true]]],
            as: HeroNameQuery.self)?.result
    let extensions = try XCTUnwrap(response?.extensions)
    XCTAssertEqual(extensions["cost"] as? Int, 3)
    let trace = try XCTUnwrap(extensions["trace"] as? [String: Any])
    XCTAssertEqual(trace["id"] as? String, "t-1")
    XCTAssertEqual(trace["sampled"] as? Bool, true)
  }

  func test_asJSONDictionaryWithDataErrorsAndExtensions_holdsAllThreeInFoundationShape() throws {
    let result = GraphQLResponse<HeroNameQuery>(data: hero, extensions: extensionsJSON,
                                                errors: [GraphQLError(errorJSON)], source: .server, dependentKeys: nil)

    let dictionary = result.asJSONDictionary()

    XCTAssertEqual(Set(dictionary.keys), ["data", "errors", "extensions"])
    XCTAssertTrue(JSONSerialization.isValidJSONObject(dictionary))
    let data = try XCTUnwrap(dictionary["data"] as? [String: Any])
    XCTAssertEqual(JSON(foundationValue: data), .object(heroJSON))
    let errors = try XCTUnwrap(dictionary["errors"] as? [[String: Any]])
    XCTAssertEqual(errors.count, 1)
    XCTAssertEqual(errors.first?["message"] as? String, "Name unavailable")
    XCTAssertEqual(JSON(foundationValue: errors), .array([.object(errorJSON)]))
    let extensions = try XCTUnwrap(dictionary["extensions"] as? [String: Any])
    XCTAssertEqual(extensions["cost"] as? Int, 3)
    XCTAssertEqual(extensions["traced"] as? Bool, true)
    XCTAssertTrue(extensions["trace"] is NSNull)
  }

  func test_asJSONDictionaryWithNilMembers_isEmpty() {
    let result = GraphQLResponse<HeroNameQuery>(data: nil, extensions: nil, errors: nil, source: .server,
                                                dependentKeys: nil)

    XCTAssertTrue(result.asJSONDictionary().isEmpty)
  }

  func test_asJSONDictionaryWithOnlyErrors_leavesOutDataAndExtensions() throws {
    let result = GraphQLResponse<HeroNameQuery>(data: nil, extensions: nil, errors: [GraphQLError(errorJSON)],
                                                source: .server, dependentKeys: nil)

    let dictionary = result.asJSONDictionary()

    XCTAssertEqual(Set(dictionary.keys), ["errors"])
    XCTAssertEqual(JSON(foundationValue: try XCTUnwrap(dictionary["errors"])), .array([.object(errorJSON)]))
  }

  func test_asJSONDictionaryWithOnlyData_leavesOutErrorsAndExtensions() throws {
    let result = GraphQLResponse<HeroNameQuery>(data: hero, extensions: nil, errors: nil, source: .cache,
                                                dependentKeys: nil)

    let dictionary = result.asJSONDictionary()

    XCTAssertEqual(Set(dictionary.keys), ["data"])
    XCTAssertEqual(JSON(foundationValue: try XCTUnwrap(dictionary["data"])), .object(heroJSON))
  }

  func test_asJSONDictionaryWithEmptyErrorsAndExtensions_keepsThemAsEmptyMembers() throws {
    let result = GraphQLResponse<HeroNameQuery>(data: nil, extensions: [:], errors: [], source: .server,
                                                dependentKeys: nil)

    let dictionary = result.asJSONDictionary()

    XCTAssertEqual(Set(dictionary.keys), ["errors", "extensions"])
    XCTAssertEqual((dictionary["errors"] as? [Any])?.count, 0)
    XCTAssertEqual((dictionary["extensions"] as? [String: Any])?.count, 0)
  }
}
