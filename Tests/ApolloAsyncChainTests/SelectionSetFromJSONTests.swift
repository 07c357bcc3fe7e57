import ApolloAsyncChain
import Foundation
import StarWarsAPI
import XCTest

/// 2.x's `RootSelectionSet.init(data:variables:) async` (reference §3.1: network source, data only, absent
/// nullable fields allowed): what apps build test mocks and previews with. A
/// nested object of mixed values is a `JSONObjectValue`, a list of them a `JSONList` (`JSONObject` is not `Hashable`).
final class SelectionSetFromJSONTests: XCTestCase {
  func test_handWrittenJSON_readsAsTheSelectionSet() async throws {
    let data = try await HeroAndFriendsQuery.Data(data: [
      "hero": JSONObjectValue(["__typename": "Droid", "id": "2001", "name": "R2-D2",
                               "friends": JSONList([["__typename": "Human", "id": "1000", "name": "Luke Skywalker"]])]),
    ])
    XCTAssertEqual(data.hero?.name, "R2-D2")
    XCTAssertEqual(data.hero?.friends?.first??.name, "Luke Skywalker")
  }

  func test_anAbsentNullableField_readsAsNil_andAnAbsentNonNullOneThrows() async throws {
    let partial = try await HeroAndFriendsQuery.Data(data: ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]])
    XCTAssertNil(partial.hero?.friends)
    do {
      _ = try await HeroAndFriendsQuery.Data(data: ["hero": ["__typename": "Droid", "id": "2001"]])
      XCTFail("a missing non-null field must throw")
    } catch let error as GraphQLExecutionError {
      XCTAssertEqual(error.pathString, "hero.name")
      XCTAssertEqual(error.underlying as? JSONDecodingError, .missingValue)
    }
  }
}
