@_spi(Execution) @_spi(Unsafe) @_spi(Internal) import ApolloAPI
@testable import ApolloCore
import XCTest

// A `@defer` fragment on every item of a list, selecting an object: some items' fragments have arrived (or are
// cached), one has not. Each reader keeps a fragment's records and dependent keys aside while it tries the fragment,
// and drops only those when the fragment is still pending; what was read before it stays (`DeferredFriendsQuery`).

final class DeferredListItemTests: XCTestCase {
  private func friend(_ id: String, best: String, since: String?) -> JSON {
    var object: JSON.Object = ["__typename": "Human", "id": .string(id), "best": ["__typename": "Human", "name": .string(best)]]
    if let since { object["since"] = .string(since) }
    return .object(object)
  }

  /// Items 0 and 2 carry their fragment's fields; item 1's fragment has only begun to arrive (`best`, not `since`),
  /// so reading it makes `best`'s record before it finds `since` missing.
  private var mixed: JSON.Object {
    ["hero": .object(["__typename": "Droid", "friends": .array([
      friend("a", best: "Luke", since: "1977"), friend("b", best: "Leia", since: nil), friend("c", best: "Han", since: "1980"),
    ])])]
  }

  private func execute(_ data: JSON.Object) throws -> (hero: DeferredFriendsQuery.Data.Hero, records: RecordSet) {
    var executor = NetworkResponseExecutor(variables: nil, normalizing: true, readsArrivedDeferredFragments: true)
    let dataDict = try executor.execute(rootType: DeferredFriendsQuery.Data.self, object: data, rootKey: "QUERY_ROOT")
    return (DeferredFriendsQuery.Data(_dataDict: dataDict).hero, executor.records)
  }

  func test_networkRead_keepsTheRecordsOfArrivedFragments_andOfEverythingReadBefore_dropsOnlyThePendingOnes() throws {
    let (hero, records) = try execute(mixed)
    XCTAssertEqual(hero.friends.map { $0?.id }, ["a", "b", "c"])
    XCTAssertEqual(hero.friends.map { $0?.details?.best.name }, ["Luke", nil, "Han"])
    XCTAssertEqual(Set(records.keys), [
      "QUERY_ROOT", "QUERY_ROOT.hero",
      "QUERY_ROOT.hero.friends.0", "QUERY_ROOT.hero.friends.1", "QUERY_ROOT.hero.friends.2",
      "QUERY_ROOT.hero.friends.0.best", "QUERY_ROOT.hero.friends.2.best",
    ])
    XCTAssertEqual(records["QUERY_ROOT.hero.friends.0"]?.fields["best"], .reference("QUERY_ROOT.hero.friends.0.best"))
    XCTAssertNil(records["QUERY_ROOT.hero.friends.1"]?.fields["best"])
    XCTAssertEqual(records["QUERY_ROOT.hero.friends.1"]?.fields["id"], .value("b"))
    XCTAssertEqual(records["QUERY_ROOT.hero.friends.2.best"]?.fields["name"], .value("Han"))
  }

  func test_cacheRead_fulfilsTheCachedFragments_andDependsOnlyOnTheFieldsOfThose() throws {
    let cache = InMemoryNormalizedCache()
    _ = try cache.merge(records: execute(mixed).records)
    let read = try GraphQLExecutor.read(DeferredFriendsQuery.Data.self, withKey: "QUERY_ROOT", variables: nil, from: cache)
    XCTAssertEqual(read.data.hero.friends.map { $0?.id }, ["a", "b", "c"])
    XCTAssertEqual(read.data.hero.friends.map { $0?.details?.best.name }, ["Luke", nil, "Han"])
    XCTAssertTrue(read.dependentKeys.isSuperset(of: [
      "QUERY_ROOT.hero.friends.0.best", "QUERY_ROOT.hero.friends.0.best.name",
      "QUERY_ROOT.hero.friends.1.id", "QUERY_ROOT.hero.friends.2.id", "QUERY_ROOT.hero.friends.2.best.name",
    ]), "\(read.dependentKeys.sorted())")
    XCTAssertFalse(read.dependentKeys.contains("QUERY_ROOT.hero.friends.1.best"), "the pending fragment's field is not kept")
  }
}
