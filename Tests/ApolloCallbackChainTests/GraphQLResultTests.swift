import ApolloCallbackChain
import Foundation
import StarWarsAPI
import XCTest

/// `GraphQLResult.asJSONDictionary()`: the 1.x result in response shape, built by the core's
/// `GraphQLResponseBody.foundationDictionary`.
final class GraphQLResultTests: XCTestCase {
  private let hero = HeroNameQuery.Data(hero: .init(__typename: "Droid", id: "2001", name: "R2-D2"))
  /// What `hero` holds: the generated initializer also sets the root's `__typename`.
  private let heroJSON: JSON.Object = ["__typename": "Query",
                                       "hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]]
  private let errorJSON: JSON.Object = ["message": "Name unavailable", "path": ["hero", "name"],
                                        "extensions": ["code": "UNAVAILABLE"]]
  private let extensionsJSON: JSON.Object = ["cost": 3, "traced": true, "trace": .null]

  func test_asJSONDictionaryWithDataErrorsAndExtensions_holdsAllThreeInFoundationShape() throws {
    let result = GraphQLResult(data: hero, extensionsJSON: extensionsJSON, errors: [GraphQLError(errorJSON)],
                               source: .server, dependentKeys: nil)

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
    let result = GraphQLResult<HeroNameQuery.Data>(data: nil, extensionsJSON: nil, errors: nil, source: .server,
                                                   dependentKeys: nil)

    XCTAssertTrue(result.asJSONDictionary().isEmpty)
  }

  func test_asJSONDictionaryWithOnlyErrors_leavesOutDataAndExtensions() throws {
    let result = GraphQLResult<HeroNameQuery.Data>(data: nil, extensionsJSON: nil, errors: [GraphQLError(errorJSON)],
                                                   source: .server, dependentKeys: nil)

    let dictionary = result.asJSONDictionary()

    XCTAssertEqual(Set(dictionary.keys), ["errors"])
    XCTAssertEqual(JSON(foundationValue: try XCTUnwrap(dictionary["errors"])), .array([.object(errorJSON)]))
  }

  func test_asJSONDictionaryWithOnlyData_leavesOutErrorsAndExtensions() throws {
    let result = GraphQLResult(data: hero, extensionsJSON: nil, errors: nil, source: .cache, dependentKeys: nil)

    let dictionary = result.asJSONDictionary()

    XCTAssertEqual(Set(dictionary.keys), ["data"])
    XCTAssertEqual(JSON(foundationValue: try XCTUnwrap(dictionary["data"])), .object(heroJSON))
  }

  func test_asJSONDictionaryWithEmptyErrorsAndExtensions_keepsThemAsEmptyMembers() throws {
    let result = GraphQLResult<HeroNameQuery.Data>(data: nil, extensionsJSON: [:], errors: [], source: .server,
                                                   dependentKeys: nil)

    let dictionary = result.asJSONDictionary()

    XCTAssertEqual(Set(dictionary.keys), ["errors", "extensions"])
    XCTAssertEqual((dictionary["errors"] as? [Any])?.count, 0)
    XCTAssertEqual((dictionary["extensions"] as? [String: Any])?.count, 0)
  }
}
