import ApolloCallbackChain
import Foundation
import StarWarsAPI
import XCTest

/// 1.x's `RootSelectionSet.init(data:variables:)` (reference §3.1: network source, data only, absent nullable
/// fields allowed): what apps build test mocks and previews with. A
/// nested object of mixed values is a `JSONObjectValue`, a list of them a `JSONList` (`JSONObject` is not `Hashable`).
final class SelectionSetFromJSONTests: XCTestCase {
  func test_handWrittenJSON_readsAsTheSelectionSet() throws {
    let data = try HeroAndFriendsQuery.Data(data: [
      "hero": JSONObjectValue(["__typename": "Droid", "id": "2001", "name": "R2-D2",
                               "friends": JSONList([["__typename": "Human", "id": "1000", "name": "Luke Skywalker"]])]),
    ])
    XCTAssertEqual(data.hero?.name, "R2-D2")
    XCTAssertEqual(data.hero?.friends?.first??.name, "Luke Skywalker")
  }

  func test_anAbsentNullableField_readsAsNil() throws {
    let data = try HeroAndFriendsQuery.Data(data: ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]])
    XCTAssertEqual(data.hero?.name, "R2-D2")
    XCTAssertNil(data.hero?.friends)
    XCTAssertNil(try MeQuery.Data(data: [:]).me)
  }

  func test_anAbsentNonNullField_throwsNamingIt() {
    XCTAssertThrowsError(try HeroAndFriendsQuery.Data(data: ["hero": ["__typename": "Droid", "id": "2001"]])) { error in
      let error = error as? GraphQLExecutionError
      XCTAssertEqual(error?.pathString, "hero.name")
      XCTAssertEqual(error?.underlying as? JSONDecodingError, .missingValue)
    }
  }
}
