@testable import ApolloLegacyAPI
@testable import ApolloLegacyRuntime
import XCTest

// 0.33's executor, normalizer and cache-key rules through 0.x-shaped selection sets (upstream 0.33.0's
// ParseQueryResponseTests, NormalizeQueryResults and CacheKeyForFieldTests in Tests/ApolloTests).

final class LegacyExecutorTests: XCTestCase {
  private let r2d2: JSONObject = [
    "hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2", "friends": [
      ["__typename": "Human", "id": "1000", "name": "Luke Skywalker"],
      ["__typename": "Human", "id": "1002", "name": "Han Solo"],
    ]],
  ]

  private func assertResultError(_ body: @autoclosure () throws -> some Any, path: [String], _ matches: (any Error) -> Bool,
                                 file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertThrowsError(try body(), file: file, line: line) { error in
      guard let error = error as? GraphQLResultError else { return XCTFail("expected GraphQLResultError, got \(error)", file: file, line: line) }
      XCTAssertEqual(error.pathString, path.joined(separator: "."), file: file, line: line)
      XCTAssertTrue(matches(error.underlying), "\(error.underlying)", file: file, line: line)
    }
  }

  func test_jsonObject_readsNestedListsOfObjects() throws {
    let data = try HeroAndFriendsNamesData(jsonObject: r2d2, variables: ["episode": Episode.jedi])
    XCTAssertEqual(data.hero?.name, "R2-D2")
    XCTAssertEqual(data.hero?.friends?.compactMap { $0?.name }, ["Luke Skywalker", "Han Solo"])
  }

  /// What a 2.x `load` of an `API.swift` operation answers `nil` for: only a missing record or field; data of the
  /// wrong shape is thrown, as for generated selection sets.
  func test_onlyAMissingValue_isACacheMiss_notANullOrAWrongValue() {
    XCTAssertTrue(GraphQLExecutor.isCacheMiss(ApolloLegacyRuntime.JSONDecodingError.missingValue))
    XCTAssertFalse(GraphQLExecutor.isCacheMiss(ApolloLegacyRuntime.JSONDecodingError.nullValue))
    XCTAssertFalse(GraphQLExecutor.isCacheMiss(ApolloLegacyRuntime.JSONDecodingError.wrongType))
  }

  func test_missingField_failsWithMissingValueAtItsPath() {
    let missingName: JSONObject = ["hero": ["__typename": "Droid"]]
    assertResultError(try HeroAndFriendsNamesData(jsonObject: missingName, variables: ["episode": nil]), path: ["hero", "name"]) {
      if case JSONDecodingError.missingValue = $0 { return true } else { return false }
    }
  }

  func test_aMissingNullableField_isAnErrorToo_unlike1x() {
    // `friends` is nullable, but 0.x requires every selected key to be present.
    let noFriends: JSONObject = ["hero": ["__typename": "Droid", "name": "R2-D2"]]
    assertResultError(try HeroAndFriendsNamesData(jsonObject: noFriends, variables: ["episode": nil]), path: ["hero", "friends"]) {
      JSONDecodingError.missingValue ~= $0
    }
  }

  func test_stringField_readsAnInteger_butNotADouble() throws {
    let integer = try HeroAndFriendsNamesData(jsonObject: ["hero": ["__typename": "Droid", "name": 10, "friends": NSNull()]],
                                              variables: ["episode": nil])
    XCTAssertEqual(integer.hero?.name, "10")
    assertResultError(try HeroAndFriendsNamesData(jsonObject: ["hero": ["__typename": "Droid", "name": 10.5, "friends": NSNull()]],
                                                  variables: ["episode": nil]), path: ["hero", "name"]) {
      if case JSONDecodingError.couldNotConvert(_, let type) = $0 { return type == String.self } else { return false }
    }
  }

  func test_nullInANullableObjectField_readsAsNil_andInANonNullField_failsWithNullValue() throws {
    let data = try HeroAndFriendsNamesData(jsonObject: ["hero": NSNull()], variables: ["episode": nil])
    XCTAssertNil(data.hero)
    assertResultError(try HeroAndFriendsNamesData(jsonObject: ["hero": ["__typename": "Droid", "name": NSNull(), "friends": NSNull()]],
                                                  variables: ["episode": nil]), path: ["hero", "name"]) {
      JSONDecodingError.nullValue ~= $0
    }
  }

  /// 0.x wrapped an error with the path of the field it escaped from: an element that is not an object fails
  /// at its list field, a field inside an element at the element's index.
  func test_listElementOfTheWrongType_failsAtItsListField_andAFieldInsideAnElementAtItsIndex() {
    let data: JSONObject = ["hero": ["__typename": "Droid", "name": "R2-D2", "friends": ["Luke"]]]
    assertResultError(try HeroAndFriendsNamesData(jsonObject: data, variables: ["episode": nil]), path: ["hero", "friends"]) {
      JSONDecodingError.wrongType ~= $0
    }
    let nameless: JSONObject = ["hero": ["__typename": "Droid", "name": "R2-D2", "friends": [["__typename": "Human"]]]]
    assertResultError(try HeroAndFriendsNamesData(jsonObject: nameless, variables: ["episode": nil]),
                      path: ["hero", "friends", "0", "name"]) {
      JSONDecodingError.missingValue ~= $0
    }
  }

  func test_typeCase_choosesTheVariantOfTheTypename_andTheDefaultForAnUnknownOne() throws {
    let droid = try HeroDetailsConditionalData(
      jsonObject: ["hero": ["__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"]], variables: ["includeDetails": true])
    XCTAssertEqual(droid.hero?.primaryFunction, "Astromech")
    // An unknown typename takes the default selections: `primaryFunction` is not read, and its absence is fine.
    let alien = try HeroDetailsConditionalData(
      jsonObject: ["hero": ["__typename": "Wookiee", "name": "Chewbacca"]], variables: ["includeDetails": true])
    XCTAssertEqual(alien.hero?.name, "Chewbacca")
    XCTAssertNil(alien.hero?.primaryFunction)
  }

  func test_typeCase_withoutATypename_failsWithMissingValueAtTypename() {
    assertResultError(try HeroDetailsConditionalData(jsonObject: ["hero": ["name": "R2-D2"]], variables: ["includeDetails": true]),
                      path: ["hero", "__typename"]) { JSONDecodingError.missingValue ~= $0 }
  }

  func test_booleanCondition_readsItsSelectionsOnlyWhenTheVariableMatches() throws {
    let skipped = try HeroDetailsConditionalData(jsonObject: ["hero": ["__typename": "Human"]], variables: ["includeDetails": false])
    XCTAssertNil(skipped.hero?.name)
    let included = try HeroDetailsConditionalData(jsonObject: ["hero": ["__typename": "Human", "name": "Luke"]],
                                                  variables: ["includeDetails": true])
    XCTAssertEqual(included.hero?.name, "Luke")
  }

  func test_jsonObject_withoutAnArgumentsVariable_reads_asNoCacheKeyIsWorkedOut() throws {
    // 0.x's plain JSON reading computed no cache path, so `hero(episode: $episode)` reads without `episode`.
    let data = try HeroAndFriendsNamesData(jsonObject: r2d2, variables: [:])
    XCTAssertEqual(data.hero?.name, "R2-D2")
    // Normalizing needs the field's key, and so the variable.
    var executor = LegacyExecutor(variables: [:], normalizing: true)
    XCTAssertThrowsError(try executor.execute(HeroAndFriendsNamesData.selections, on: r2d2)) { error in
      // A root field's key: thrown bare, as 0.x's executor did (no field's error wrapping is around it).
      XCTAssertEqual((error as? GraphQLError)?.message, "Variable episode was not provided.", "\(error)")
    }
  }

  func test_booleanCondition_withoutItsVariable_failsWithGraphQLError_atTheFieldWhoseSelectionsHoldIt() {
    XCTAssertThrowsError(try HeroDetailsConditionalData(jsonObject: ["hero": ["__typename": "Human"]], variables: [:])) { error in
      let wrapped = error as? GraphQLResultError
      XCTAssertEqual((wrapped?.underlying as? GraphQLError)?.message, "Variable includeDetails was not provided.")
      XCTAssertEqual(wrapped?.pathString, "hero")
    }
  }

  func test_enumList_readsAsTheGeneratedEnum_andJSONObjectWritesItsRawValues() throws {
    let json: JSONObject = ["hero": ["appearsIn": ["NEWHOPE", "JEDI", "HOLIDAY_SPECIAL"]], "reviews": [["stars": 5]]]
    let data = try ArgumentsData(jsonObject: json, variables: ["review": ReviewInput(stars: 5)])
    let hero = try XCTUnwrap((data.resultMap["hero"] as? ResultMap).map(ArgumentsData.Hero.init(unsafeResultMap:)))
    XCTAssertEqual(hero.appearsIn, [.newhope, .jedi, .__unknown("HOLIDAY_SPECIAL")])
    XCTAssertEqual(LegacyJSONConversion.json(data.jsonObject), LegacyJSONConversion.json(json))
  }

  // MARK: Normalization (NormalizeQueryResults)

  private func normalize(_ data: JSONObject, variables: GraphQLMap?, cacheKeyForObject: CacheKeyForObject? = nil) throws -> RecordSet {
    var executor = LegacyExecutor(variables: variables, normalizing: true, cacheKeyForObject: cacheKeyForObject)
    _ = try executor.execute(HeroAndFriendsNamesData.selections, on: data)
    return executor.records
  }

  func test_normalize_withoutKeys_storesObjectsUnderTheirPath_withTheFieldsArguments() throws {
    let records = try normalize(r2d2, variables: ["episode": Episode.jedi])
    XCTAssertEqual(records["QUERY_ROOT"]?.fields["hero(episode:JEDI)"], .reference("QUERY_ROOT.hero(episode:JEDI)"))
    XCTAssertEqual(records["QUERY_ROOT.hero(episode:JEDI)"]?.fields["friends"],
                   .list([.reference("QUERY_ROOT.hero(episode:JEDI).friends.0"), .reference("QUERY_ROOT.hero(episode:JEDI).friends.1")]))
    XCTAssertEqual(records["QUERY_ROOT.hero(episode:JEDI).friends.1"]?.fields["name"], .value(.string("Han Solo")))
  }

  func test_normalize_withCacheKeyForObject_usesTheKeyAsIs_withNoTypenamePrefix() throws {
    // As 0.x apps wrote it: `client.cacheKeyForObject = { $0["id"] }`.
    let records = try normalize(r2d2, variables: ["episode": nil]) { $0["id"]?.stringValue }
    XCTAssertEqual(records["QUERY_ROOT"]?.fields["hero"], .reference("2001"))
    XCTAssertEqual(records["2001"]?.fields["friends"], .list([.reference("1000"), .reference("1002")]))
    XCTAssertEqual(records["1000"]?.fields["name"], .value(.string("Luke Skywalker")))
  }

  func test_normalize_keysAnUnkeyedChildByItsKeyedParentsPath() throws {
    let friendsWithoutIDs: JSONObject = ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2", "friends": [
      ["__typename": "Human", "name": "Luke Skywalker"],
    ]]]
    let records = try normalize(friendsWithoutIDs, variables: ["episode": nil]) { $0["id"]?.stringValue }
    XCTAssertEqual(records["2001"]?.fields["friends"], .list([.reference("2001.friends.0")]))
  }

  // MARK: Field cache keys (CacheKeyForFieldTests)

  func test_fieldCacheKey_ofAnUnsetOptionalVariable_isTheBareName() throws {
    let field = GraphQLField("hero", arguments: ["episode": GraphQLVariable("episode")], type: .scalar(String.self))
    XCTAssertEqual(try LegacyFieldCacheKey.key(for: field, variables: ["episode": ExplicitNull()]), "hero")
  }

  func test_fieldCacheKey_ofLiteralListAndInputObjectArguments_sortsAndNestsThem() throws {
    let field = GraphQLField("reviews", arguments: ["input": GraphQLVariable("review"), "ids": ["a", "b"]], type: .scalar(String.self))
    let review = ReviewInput(stars: 5, commentary: "Great")
    XCTAssertEqual(try LegacyFieldCacheKey.key(for: field, variables: ["review": review]),
                   #"reviews(ids:["a", "b"],[input:commentary:Great,stars:5])"#)
  }

  func test_fieldCacheKey_keepsAnExplicitNullInsideAnInputObjectVariable_as0xPrintedIt() throws {
    // Only the top level of the arguments drops nulls; an input object given as a variable keeps its explicit
    // `null`, which 0.33 printed as `<null>` (1.x/2.x write `commentary:null`: MIGRATION 5.3).
    let field = GraphQLField("reviews", arguments: ["input": GraphQLVariable("review")], type: .scalar(String.self))
    let review = ReviewInput(stars: 4, commentary: .some(nil))
    XCTAssertEqual(try LegacyFieldCacheKey.key(for: field, variables: ["review": review]), "reviews([input:commentary:<null>,stars:4])")
    // A literal input object drops it at every level.
    let literal = GraphQLField("reviews", arguments: ["input": ["stars": 4, "commentary": Optional<String>.none]], type: .scalar(String.self))
    XCTAssertEqual(try LegacyFieldCacheKey.key(for: literal, variables: [:]), "reviews([input:stars:4])")
  }

  // MARK: Reading records back

  func test_read_fromTheRecordsANormalizedResponseWrote_givesTheSameData() throws {
    let cache = InMemoryNormalizedCache(records: try normalize(r2d2, variables: ["episode": Episode.jedi]))
    var reader = LegacyExecutor(variables: ["episode": Episode.jedi], cache: cache)
    let resultMap = try reader.read(HeroAndFriendsNamesData.selections, fromRecord: "QUERY_ROOT")
    let data = HeroAndFriendsNamesData(unsafeResultMap: resultMap)
    XCTAssertEqual(data.hero?.friends?.compactMap { $0?.name }, ["Luke Skywalker", "Han Solo"])
    XCTAssertTrue(reader.dependentKeys.contains("QUERY_ROOT.hero(episode:JEDI).friends.1.name"))
  }

  func test_read_withAnotherVariableValue_isAMissAtTheField() throws {
    let cache = InMemoryNormalizedCache(records: try normalize(r2d2, variables: ["episode": Episode.jedi]))
    var reader = LegacyExecutor(variables: ["episode": Episode.empire], cache: cache)
    assertResultError(try reader.read(HeroAndFriendsNamesData.selections, fromRecord: "QUERY_ROOT"), path: ["hero"]) {
      JSONDecodingError.missingValue ~= $0
    }
  }

  func test_inputObject_jsonValue_leavesOutUnsetFields_andKeepsExplicitNulls() {
    let unset = ReviewInput(stars: 3).jsonValue as? JSONObject
    XCTAssertEqual(unset?.keys.sorted(), ["stars"])
    let explicitNull = ReviewInput(stars: 3, commentary: .some(nil)).jsonValue as? JSONObject
    XCTAssertTrue(explicitNull?["commentary"] is NSNull)
  }
}
